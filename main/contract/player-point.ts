/**
 * The analysed person, named by a point (our extension of the technique request metadata,
 * `player_point`; not in API.md, ignored by other services): the engine analyses the person
 * whose box contains, or is nearest to, the point at its time, and follows that person
 * (main/engine/README.md "Player choice"). Also the CLI's `--player-at X,Y[@SECONDS]` and the
 * job input's `playerPoint`.
 */
import { z } from 'zod';
import { shownValue } from './fields.js';

/** Largest pixel coordinate accepted, px (a 16K frame is 15,360 wide). */
export const MAX_POINT_PX = 100_000;

const coordinate = (axis: 'x' | 'y') =>
  z
    .number({ error: (i) => `player_point.${axis} must be a number of pixels (got ${shownValue(i.input)})` })
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= MAX_POINT_PX, { error: (i) => `player_point.${axis} must be between 0 and ${MAX_POINT_PX} px (got ${shownValue(i.input)})` });

/**
 * `{x, y, t?}`: x, y pixels of the source frame as displayed (rotation tag applied; origin top
 * left, y down), t seconds on the video's timeline (default: the first frame), 0..36,000.
 */
export const PlayerPoint = z.strictObject({
  x: coordinate('x'),
  y: coordinate('y'),
  t: z
    .number({ error: (i) => `player_point.t must be a number of seconds (got ${shownValue(i.input)})` })
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= 36_000, { error: (i) => `player_point.t must be between 0 and 36000 s (got ${shownValue(i.input)})` })
    .optional(),
});
/** One {@link PlayerPoint}. */
export type PlayerPoint = z.infer<typeof PlayerPoint>;

/**
 * A point outside a probed clip: x ≥ width or y ≥ height (pixels of the displayed frame), or t
 * past the end of the video (start + duration, s; an unknown duration passes).
 * @returns the refusal in one sentence, or undefined when the point lies inside.
 */
export function playerPointOutsideClip(p: PlayerPoint, clip: { width: number; height: number; startTimeS: number; durationS: number }): string | undefined {
  if (p.x >= clip.width || p.y >= clip.height) return `the point must lie inside the ${clip.width}×${clip.height} px picture (got ${p.x},${p.y})`;
  const end = clip.startTimeS + clip.durationS;
  if (p.t !== undefined && Number.isFinite(end) && p.t > end) return `the time must lie inside the clip, 0 to ${Math.floor(end * 1000) / 1000} s (got ${p.t})`;
  return undefined;
}

/** Text form of the CLI's `--player-at`: `X,Y` or `X,Y@SECONDS` (pixels; seconds on the video's timeline). */
const POINT_TEXT = /^\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*(?:@\s*(\d+(?:\.\d+)?)\s*)?$/;

/**
 * Parses `X,Y[@SECONDS]` (e.g. `612,388@2.4`).
 * @throws Error with one line naming the expected form when the text does not match or a value is out of range.
 */
export function parsePlayerPoint(text: string): PlayerPoint {
  const m = POINT_TEXT.exec(text);
  if (!m) throw new Error(`expected X,Y or X,Y@SECONDS in pixels of the video frame, e.g. 612,388@2.4 (got ${shownValue(text)})`);
  const parsed = PlayerPoint.safeParse({ x: Number(m[1]), y: Number(m[2]), ...(m[3] !== undefined ? { t: Number(m[3]) } : {}) });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'bad point');
  return parsed.data;
}
