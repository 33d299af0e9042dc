/**
 * How long a tennis statistics task's analysis may run (issue 29 item 5): a budget that follows
 * the video's probed length, between a floor and the ceiling the clip-length cap gives, and the
 * one-line failure text when the analysis still runs over. The download before it keeps its own
 * deadline (task-worker.ts COPY_TIMEOUT_MS); waiting for the engine slot does not count.
 */
import { lengthWords, MAX_DECODE_S } from '../contract/clip-limits.js';

/**
 * Floor of the analysis budget, ms: 15 min (the whole task's deadline before issue 29). Covers
 * clips up to a minute at {@link TASK_ANALYSIS_S_PER_VIDEO_S}, and short clips on a machine slowed
 * by other work.
 */
export const TASK_DEADLINE_MS = 15 * 60_000;

/**
 * Wall seconds of analysis allowed per second of video: 15.
 * Decided: 1.5 × the slowest wall rate measured. Source: test/bench/session.ts, 2026-11-27 (a 62 s
 * 1080p30 clip joined from the shared tennis clips, the CLI's job, this 2-core machine under load
 * 4 → 11): 6.22 CPU-s and 9.88 wall-s per video-s; issue 29 measured 8.1 CPU-s and 7 wall-s per
 * video-s (10 s 1080p60 pickleball clip, quiet machine). A slower laptop or a busier machine gets
 * the 1.5× margin; a hung analysis is still stopped, at 15× the video's length. When the engine
 * gets faster (issue 29 item 2) this only leaves more margin.
 */
export const TASK_ANALYSIS_S_PER_VIDEO_S = 15;

/** Ceiling of the analysis budget at a given rate, ms: the longest clip the engine decodes (MAX_DECODE_S, 3 h) at that rate (45 h at the default). */
export function analysisBudgetCeilingMs(sPerVideoS: number = TASK_ANALYSIS_S_PER_VIDEO_S): number {
  return MAX_DECODE_S * sPerVideoS * 1000;
}

/**
 * The analysis budget of a task, ms: `durationS × sPerVideoS`, at least `floorMs`, at most
 * {@link analysisBudgetCeilingMs}. A duration the probe does not give (NaN, ≤ 0, infinite) gets
 * the ceiling: the decode cap (main/contract/clip-limits.ts) bounds that clip's work instead.
 * @param durationS the probe's duration, s (VideoInfo.durationS).
 * @param o.floorMs default {@link TASK_DEADLINE_MS}; o.sPerVideoS default {@link TASK_ANALYSIS_S_PER_VIDEO_S} (tests shorten both).
 */
export function analysisBudgetMs(durationS: number, o: { floorMs?: number | undefined; sPerVideoS?: number | undefined } = {}): number {
  const rate = o.sPerVideoS ?? TASK_ANALYSIS_S_PER_VIDEO_S;
  const floor = o.floorMs ?? TASK_DEADLINE_MS;
  const ceiling = Math.max(floor, analysisBudgetCeilingMs(rate));
  if (!Number.isFinite(durationS) || durationS <= 0) return ceiling;
  return Math.min(ceiling, Math.max(floor, Math.ceil(durationS * rate * 1000)));
}

/** A budget in whole minutes for the coach, rounded up (a budget under a minute, tests only, reads "1 min"). */
export function budgetMinutes(budgetMs: number): number {
  return Math.max(1, Math.ceil(budgetMs / 60_000));
}

/**
 * The task's failure text when its analysis ran past its budget: one coach-readable line naming
 * the limit in minutes and the clip's length, e.g. "The analysis took longer than its limit of
 * 113 min for this 7 min 30 s video: try again when the computer is less busy, or split the video".
 * @param durationS the probe's duration, s (NaN when unknown: the length is left out).
 */
export function overrunMessage(budgetMs: number, durationS: number): string {
  const clip = Number.isFinite(durationS) && durationS > 0 ? `this ${lengthWords(durationS)} video` : 'this video';
  return `The analysis took longer than its limit of ${budgetMinutes(budgetMs)} min for ${clip}: try again when the computer is less busy, or split the video`;
}
