/**
 * Checks of a job's input before it is queued (and again before it runs, since a file may have
 * gone in between): the clip exists and is a regular, non-empty file with an extension
 * `/process` accepts, sport / swing type / hand are values API.md names, height is within
 * main/contract/player-height.ts (the same bounds the app's IPC contract uses).
 */
import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { HANDS, SPORTS, SWING_TYPES } from '../contract/technique.js';
import { contentTypeFor, extensionOf, PROCESS_EXTENSIONS } from '../contract/upload-rules.js';
import { isPlayerHeightMm, MAX_PLAYER_HEIGHT_MM, MIN_PLAYER_HEIGHT_MM } from '../contract/player-height.js';
import type { AnalysisJobInput, TennisJobInput } from './types.js';
import { MAX_CAPTURE_FPS } from '../contract/technique.js';

/** The input of a job is invalid; the message says which field and why. */
export class JobInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobInputError';
  }
}


/**
 * Validates a clip path for `/process` (API.md endpoint 5: .mp4, .avi, .mov, .mkv).
 * @returns the absolute path and its content type (upload-rules' VIDEO_TYPES).
 * @throws JobInputError when missing, not a file, empty or of an unsupported extension.
 */
export function checkClipFile(path: string): { path: string; contentType: string; size: number } {
  const abs = resolve(path);
  let size: number;
  try {
    const st = statSync(abs);
    if (!st.isFile()) throw new JobInputError(`${abs} is not a file`);
    size = st.size;
  } catch (err) {
    if (err instanceof JobInputError) throw err;
    throw new JobInputError(`video file not found: ${abs}`);
  }
  const ext = extensionOf(basename(abs));
  if (!(PROCESS_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new JobInputError(
      `unsupported video extension ${JSON.stringify(ext || '(none)')} of ${basename(abs)}; supported: ${PROCESS_EXTENSIONS.join(', ')}`,
    );
  }
  if (size === 0) throw new JobInputError(`video file is empty: ${abs}`);
  const contentType = contentTypeFor(basename(abs));
  if (!contentType) throw new JobInputError(`no content type for ${basename(abs)}`);
  return { path: abs, contentType, size };
}

/**
 * Validates an analysis input.
 * @returns a copy with the clip path made absolute and the player name trimmed.
 * @throws JobInputError naming the first bad field.
 */
export function checkAnalysisInput(input: AnalysisJobInput): AnalysisJobInput {
  const clip = checkClipFile(input.videoPath);
  oneOf('sport', input.sport, SPORTS);
  oneOf('swing type', input.swingType, SWING_TYPES);
  oneOf('backend', input.backend, ['local', 'remote']);
  const p = input.player;
  if (!p || typeof p.name !== 'string' || p.name.trim() === '') throw new JobInputError('player name must not be empty');
  oneOf('dominant hand', p.dominantHand, HANDS);
  if (!isPlayerHeightMm(p.heightMm)) {
    throw new JobInputError(`player height must be between ${MIN_PLAYER_HEIGHT_MM} and ${MAX_PLAYER_HEIGHT_MM} mm (got ${String(p.heightMm)})`);
  }
  if (input.captureFps !== undefined && (!Number.isFinite(input.captureFps) || input.captureFps <= 0 || input.captureFps > MAX_CAPTURE_FPS)) {
    throw new JobInputError(`capture frame rate must be a number of frames per second > 0 (got ${String(input.captureFps)})`);
  }
  if (input.ballTimestampS !== undefined && (!Number.isFinite(input.ballTimestampS) || input.ballTimestampS < 0)) {
    throw new JobInputError(`ball time must be a number of seconds ≥ 0 (got ${String(input.ballTimestampS)})`);
  }
  if (input.recordedAt !== undefined && Number.isNaN(Date.parse(input.recordedAt))) {
    throw new JobInputError(`recorded-at date is not an ISO 8601 date: ${JSON.stringify(input.recordedAt)}`);
  }
  return { ...input, videoPath: clip.path, player: { ...p, name: p.name.trim() } };
}

/**
 * Validates a tennis task input: exactly one of videoPath (checked like a clip) or an
 * http(s) videoUrl.
 * @throws JobInputError.
 */
export function checkTennisInput(input: TennisJobInput): TennisJobInput {
  oneOf('backend', input.backend, ['local', 'remote']);
  if ((input.videoPath === undefined) === (input.videoUrl === undefined)) {
    throw new JobInputError('a tennis task needs exactly one of a video file or a video URL');
  }
  if (input.videoPath !== undefined) return { ...input, videoPath: checkClipFile(input.videoPath).path };
  if (!/^https?:\/\//i.test(input.videoUrl ?? '')) throw new JobInputError('video URL must be http(s)');
  return input;
}

function oneOf(field: string, value: unknown, allowed: readonly string[]): void {
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw new JobInputError(`unknown ${field} ${JSON.stringify(value)}; expected one of ${allowed.join(', ')}`);
  }
}
