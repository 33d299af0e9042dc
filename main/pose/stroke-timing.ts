/**
 * Two strokes on one clock, aligned at ball contact (Compare screen, comparison exports).
 *
 * Each stroke is a clip's pose frame timestamps (seconds on the clip's timeline), the index of
 * its contact frame in them, and how many video seconds one real second lasts (`videoPerReal`:
 * capture frame rate / clip frame rate, 8 for a 240 fps capture played at 30 fps; 1 when the
 * capture rate is unknown, i.e. real time). The shared position is the time from contact in
 * REAL seconds (negative before contact), so a slow-motion clip and a real-time clip line up.
 * Positions map to frames with `frameAtTime` of the pose timestamps.
 */
import { frameAtTime } from './frame-time.js';

/** One side of a comparison. */
export interface CompareStroke {
  /** Pose frame timestamps, seconds, ascending. */
  timestamps: ArrayLike<number>;
  /** Index of the ball-contact frame in `timestamps`. */
  contactIndex: number;
  /** Video seconds per real second (capture fps / clip fps; 1 = real time). */
  videoPerReal: number;
}

/**
 * The stroke of a session: contact index from the stored contact frame number (its position
 * in the pose's `frameNr`, else the frame at the contact time).
 * @returns null when the session has no 2D pose or no ball contact.
 */
export function strokeOf(d: {
  pose2d: { timestamps: ArrayLike<number>; frameNr: ArrayLike<number> } | null;
  contact: { frameNr: number; timestamp: number } | null;
  session: { fps: number; captureFps?: number | null };
}): CompareStroke | null {
  const p = d.pose2d;
  if (!p || p.timestamps.length === 0 || !d.contact) return null;
  let contactIndex = -1;
  for (let i = 0; i < p.frameNr.length && contactIndex < 0; i++) if (p.frameNr[i] === d.contact.frameNr) contactIndex = i;
  if (contactIndex < 0) contactIndex = frameAtTime(p.timestamps, d.contact.timestamp);
  const capture = d.session.captureFps;
  const videoPerReal = capture && capture > 0 && d.session.fps > 0 ? capture / d.session.fps : 1;
  return { timestamps: p.timestamps, contactIndex, videoPerReal };
}

function ts(s: CompareStroke, i: number): number {
  return s.timestamps[Math.min(s.timestamps.length - 1, Math.max(0, i))] ?? 0;
}

/** Real seconds from contact of frame `i` of a stroke. */
export function realFromContact(s: CompareStroke, i: number): number {
  return (ts(s, i) - ts(s, s.contactIndex)) / s.videoPerReal;
}

/** A quarter of the stroke's mean frame interval, video seconds (0 for one frame). */
function quarterFrame(s: CompareStroke): number {
  const n = s.timestamps.length;
  return n > 1 ? (ts(s, n - 1) - ts(s, 0)) / (n - 1) / 4 : 0;
}

/**
 * The frame of a stroke shown at `rel` real seconds from contact (clamped to the clip): the last
 * frame whose timestamp is at most a quarter frame past that time. The quarter frame absorbs the
 * rounding of stored timestamps (the pose keeps milliseconds: at 30 fps, frames 133 + 5 of one
 * stroke and 473 + 5 of another are 1 ms off the exact 5 frames, measured on tennis_forehand_1).
 */
export function frameAt(s: CompareStroke, rel: number): number {
  return frameAtTime(s.timestamps, ts(s, s.contactIndex) + rel * s.videoPerReal + quarterFrame(s));
}

/**
 * The frame of stroke `b` shown with frame `fa` of stroke `a` (the frame at the same time from
 * contact), or −1 when that time lies outside `b`'s clip by half a frame of it or more.
 */
export function pairedFrame(a: CompareStroke, b: CompareStroke, fa: number): number {
  const rel = realFromContact(a, fa);
  const n = b.timestamps.length;
  if (n === 0) return -1;
  const halfFrame = n > 1 ? (ts(b, n - 1) - ts(b, 0)) / (n - 1) / b.videoPerReal / 2 : 0;
  if (rel <= realFromContact(b, 0) - halfFrame || rel >= realFromContact(b, n - 1) + halfFrame) return -1;
  return frameAt(b, rel);
}

/**
 * The positions both strokes have frames for, real seconds from contact: the overlap of their
 * clips around contact ([max of starts, min of ends]).
 */
export function sharedRange(a: CompareStroke, b: CompareStroke): { from: number; to: number } {
  const last = (s: CompareStroke) => realFromContact(s, s.timestamps.length - 1);
  return { from: Math.max(realFromContact(a, 0), realFromContact(b, 0)), to: Math.min(last(a), last(b)) };
}
