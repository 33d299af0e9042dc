/**
 * Zod schemas of the input fields the app's entry points share: the IPC contract
 * (preload/contract.ts), the job input (main/contract/job-input.ts) and the CLI's option parsers
 * (main/cli/options.ts `optionFrom`). Each has one message that names the rule and the value
 * received, so the app, the bridge, the CLI and the job queue refuse a bad value with the same
 * words (a field's path is added in front by {@link zodIssueText}).
 */
import { z } from 'zod';
import { isCaptureFps, MAX_CAPTURE_FPS } from './capture-rate.js';
import { displayText } from './display-names.js';
import { MAX_PLAYER_HEIGHT_MM, MIN_PLAYER_HEIGHT_MM, isPlayerHeightMm } from './player-height.js';
import { HANDS, SPORTS, SWING_TYPES } from './technique-names.js';
import { zodIssueText } from './zod-issues.js';

export { zodIssueText };

/** Longest clip time accepted for a ball contact, seconds (10 h: longer than any match recording). */
export const MAX_BALL_TIMESTAMP_S = 36_000;

/** A received value as shown in a message: numbers plain (`NaN`), others as JSON, at most 60 characters. */
export function shownValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  const text = typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? typeof v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A zod `error` callback: `<rule> (got <value>)`. */
function got(rule: string): (issue: { input?: unknown }) => string {
  return (issue) => `${rule} (got ${shownValue(issue.input)})`;
}

/** One of `allowed`, refused as `unknown <what> "x"; expected one of a, b`. */
export function oneOfInput<const T extends readonly [string, ...string[]]>(what: string, allowed: T) {
  return z.enum(allowed, { error: (issue) => `unknown ${what} ${shownValue(issue.input)}; expected one of ${allowed.join(', ')}` });
}

/** A library row id (SQLite INTEGER PRIMARY KEY): positive integer. */
export const RowIdInput = z.int({ error: got('an id must be a positive integer') }).positive({ error: got('an id must be a positive integer') });

/**
 * Player name: 1..200 characters after trimming, bidirectional control characters removed
 * (display-names.ts `displayText`: an override would show "evil" as "live" in lists and reports).
 */
export const PlayerName = z
  .string({ error: got('player name must be text') })
  .overwrite(displayText)
  .trim()
  .min(1, 'player name must not be empty')
  .max(200, 'player name is at most 200 characters');

/** Standing height, millimetres, within the one rule of main/contract/player-height.ts. */
export const HeightMm = z
  .number({ error: got(`player height must be between ${MIN_PLAYER_HEIGHT_MM} and ${MAX_PLAYER_HEIGHT_MM} mm`) })
  .refine(isPlayerHeightMm, { error: got(`player height must be between ${MIN_PLAYER_HEIGHT_MM} and ${MAX_PLAYER_HEIGHT_MM} mm`) });

/** Frame rate the camera recorded at, frames/s (slow motion): 0 < x ≤ MAX_CAPTURE_FPS (capture-rate.ts). */
export const CaptureFps = z
  .number({ error: got(`capture frame rate must be > 0 and at most ${MAX_CAPTURE_FPS} frames/s`) })
  .refine(isCaptureFps, { error: got(`capture frame rate must be > 0 and at most ${MAX_CAPTURE_FPS} frames/s`) });

/** Ball contact time on the clip's timeline, seconds (API.md `ball_timestamp`): 0..MAX_BALL_TIMESTAMP_S. */
export const BallTimestampS = z
  .number({ error: got(`ball contact time must be between 0 and ${MAX_BALL_TIMESTAMP_S} s`) })
  .refine((n) => n >= 0 && n <= MAX_BALL_TIMESTAMP_S, { error: got(`ball contact time must be between 0 and ${MAX_BALL_TIMESTAMP_S} s`) });

/**
 * A ball contact time outside a probed clip: past the end of its video stream (start time +
 * duration, s: the timeline of the pose frames' timestamps and of `ball_timestamp`). Unknown
 * durations (NaN) pass. @returns the refusal in the words of {@link BallTimestampS}, or undefined.
 */
export function ballTimeOutsideClip(ballS: number, clip: { startTimeS: number; durationS: number }): string | undefined {
  const end = clip.startTimeS + clip.durationS;
  if (!Number.isFinite(end) || ballS <= end) return undefined;
  return `ball contact time must lie inside the clip, 0 to ${Math.floor(end * 1000) / 1000} s (got ${shownValue(ballS)})`;
}

/** Sport named by API.md. */
export const SportInput = oneOfInput('sport', SPORTS);
/** Swing type: API.md's two drives or our extension serve, dink (technique-names.ts). */
export const SwingTypeInput = oneOfInput('swing type', SWING_TYPES);
/** Dominant hand. */
export const HandInput = oneOfInput('dominant hand', HANDS);
/** Which engine runs an analysis: the in-process local service or the vendor's servers. */
export const BackendInput = oneOfInput('backend', ['local', 'remote'] as const);

/**
 * An absolute local file path (POSIX `/…` or Windows `C:\…`), no NUL byte, at most 4096
 * characters. Whether main may READ it is decided by main's path policy (files picked in the
 * dialog this session, or uploaded through the bridge), never by the renderer.
 */
export const LocalPathInput = z
  .string({ error: got('a path must be text') })
  .max(4096, 'path is at most 4096 characters')
  .refine((p) => !p.includes('\0'), 'path must not contain NUL')
  .refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p), { error: got('path must be absolute') });

/** ISO 8601 date (`2026-11-20`) or date-time with zone (`2026-11-20T10:00:00Z`). */
export const IsoDateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: got('expected an ISO 8601 date (2026-11-20) or date-time with zone (2026-11-20T10:00:00Z)'),
});

/** An http(s) URL. */
export const HttpUrlInput = z.url({ protocol: /^https?$/, error: got('expected an http(s) URL') });

/** Free text (player and session notes): at most 20,000 characters. */
export const NotesText = z.string().max(20_000, 'notes are at most 20000 characters');

/** Session title: at most 200 characters after trimming (empty = none). */
export const SessionTitle = z.string().trim().max(200, 'title is at most 200 characters');

/** A tag: 1..50 characters, no commas (tags are shown comma separated). */
export const Tag = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .refine((t) => !t.includes(','), 'tags must not contain commas');

/** A session's tags: at most 50 {@link Tag}s. */
export const SessionTags = z.array(Tag).max(50, 'at most 50 tags');
