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
