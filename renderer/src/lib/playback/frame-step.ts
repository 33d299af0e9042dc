/**
 * Pure helpers of the playback controls: frame stepping by the pose frame timestamps,
 * playback rates (0.1–2×) and the A/B loop.
 */
import { frameAtTime } from '../../../../main/pose/frame-time.js';

/** Slowest and fastest playback rate offered (Chromium plays 0.0625–16×; coaches need 0.1–2×). */
export const RATE_MIN = 0.1;
export const RATE_MAX = 2;
/** The rate ladder of `[` / `]` and J / L. */
export const RATES = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2] as const;

/**
 * Seconds past a frame's timestamp at which to seek to show it: far enough that float noise
 * between pose timestamps and the container's pts never lands on the previous frame, far less
 * than a frame (8.3 ms at 120 fps).
 */
export const SEEK_INTO_FRAME_S = 0.001;

/**
 * Time to seek to for a step of `delta` frames from media time `t`, using the pose frame
 * timestamps (ascending, seconds). Clamps at the first and last frame. Returns null when there
 * are no timestamps.
 */
export function stepTarget(timestamps: ArrayLike<number>, t: number, delta: number): number | null {
  if (timestamps.length === 0) return null;
  const i = frameAtTime(timestamps, t);
  const j = Math.min(timestamps.length - 1, Math.max(0, i + delta));
  return (timestamps[j] ?? 0) + SEEK_INTO_FRAME_S;
}

/** Clamps a rate to [RATE_MIN, RATE_MAX]; NaN becomes 1. */
export function clampRate(rate: number): number {
  if (!Number.isFinite(rate)) return 1;
  return Math.min(RATE_MAX, Math.max(RATE_MIN, rate));
}

/** The next rate on the ladder above (`dir` = 1) or below (`dir` = -1) `rate`. */
export function nextRate(rate: number, dir: 1 | -1): number {
  if (dir > 0) return RATES.find((r) => r > rate + 1e-9) ?? RATE_MAX;
  return [...RATES].reverse().find((r) => r < rate - 1e-9) ?? RATE_MIN;
}

/** An A/B loop range, seconds. */
export interface LoopRange {
  a: number;
  b: number;
}

/**
 * Where playback must jump for the loop: `a` when `t` has reached `b` (or is before `a`),
 * otherwise null. Ranges shorter than 1 ms are ignored.
 */
export function loopJump(loop: LoopRange | null, t: number): number | null {
  if (!loop || loop.b - loop.a < 0.001) return null;
  return t >= loop.b || t < loop.a - 0.05 ? loop.a : null;
}

/** Formats seconds as m:ss.mmm. */
export function formatTime(t: number): string {
  if (!Number.isFinite(t) || t < 0) return '0:00.000';
  const m = Math.floor(t / 60);
  const s = t - m * 60;
  return `${m}:${s.toFixed(3).padStart(6, '0')}`;
}
