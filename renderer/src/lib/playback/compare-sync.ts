/**
 * Two strokes on one clock, aligned at ball contact: the Compare screen's seeks and frame steps
 * over the shared timing of main/pose/stroke-timing.ts (re-exported here). Seeks go
 * SEEK_INTO_FRAME_S past the frame's timestamp, as the session page's frame steps do.
 */
import { frameAt, realFromContact, type CompareStroke } from '../../../../main/pose/stroke-timing.js';
import { SEEK_INTO_FRAME_S } from './frame-step.js';

export { frameAt, pairedFrame, realFromContact, sharedRange, strokeOf, type CompareStroke } from '../../../../main/pose/stroke-timing.js';

/** The clip time to seek to for showing the frame at `rel` (the frame's timestamp + SEEK_INTO_FRAME_S). */
export function seekTime(s: CompareStroke, rel: number): number {
  return (s.timestamps[frameAt(s, rel)] ?? 0) + SEEK_INTO_FRAME_S;
}

/**
 * The position `delta` frames of stroke `a` (the leading stroke) away from `rel`, clamped to
 * `range`: a frame step moves the leading stroke exactly `delta` frames, and the other to its
 * frame at the same time from contact.
 */
export function stepFrom(a: CompareStroke, rel: number, delta: number, range: { from: number; to: number }): number {
  const next = realFromContact(a, frameAt(a, rel) + delta);
  return Math.min(range.to, Math.max(range.from, next));
}

/** Largest relative change of the following video's rate while closing a gap (±25 %). */
export const MAX_NUDGE = 0.25;
/** A gap between the two videos above this many seconds of the following video is closed by a seek, not by the rate. */
export const RESEEK_S = 0.15;
/**
 * Wall-clock seconds over which the rate correction closes a gap (proportional control: the
 * following video's rate is changed by gap ÷ (rate × CATCH_UP_S), within ±{@link MAX_NUDGE}).
 * The earlier fixed gain (1 % per 10 ms of gap, ±10 %) closed a gap at 0.5× with a time constant
 * of 2 s of playing: seen in the Compare e2e test on a loaded machine, where the second video came
 * back from a stall 2 frames late and stayed so for the rest of the samples (1 … 5 1 2 3 2 2 2 2).
 */
export const CATCH_UP_S = 0.5;

/** What the following video does next: seek to the target, or play at `rate`. */
export interface FollowStep {
  seek: boolean;
  rate: number;
}

/**
 * The following video's next step while the leading one plays. `gapS` = its current time minus
 * its target time (seconds of its own clip; > 0 = ahead), `baseRate` = its rate for equal real
 * time (> 0). A gap over {@link RESEEK_S} either way (or a paused follower) → seek at the base
 * rate; else the base rate nudged against the gap (see {@link CATCH_UP_S}). While the follower
 * seeks, the caller holds the leading video (rate 0) until the seek lands: a seek takes wall-clock
 * time that no lead can predict on a loaded machine (seen in the Compare e2e test in CI: re-seeks
 * taking longer than the leading video needs to move RESEEK_S on, so every landing started the
 * next seek and the second video never drew a frame again, 38 frames behind at the end).
 */
export function followStep(gapS: number, baseRate: number, paused = false): FollowStep {
  if (paused || !(Math.abs(gapS) <= RESEEK_S)) return { seek: true, rate: baseRate };
  const nudge = Math.max(-MAX_NUDGE, Math.min(MAX_NUDGE, -gapS / (baseRate * CATCH_UP_S)));
  return { seek: false, rate: baseRate * (1 + nudge) };
}
