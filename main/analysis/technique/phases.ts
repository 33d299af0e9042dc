/**
 * Swing phases of one stroke: ball contact, end of the backswing (unit turn) and end of the
 * follow-through, as frame indices into the pose tracks.
 *
 * Rules (documented in README.md):
 * - Ball contact: the frame nearest `ball_timestamp` when given; otherwise the best of
 *   {@link contactCandidates} (contact-candidates.ts: swing windows from the picture-plane chord
 *   speed, contact between the hand's speed peak and its deceleration). When the hitting hand is
 *   not measured at contact the event says so (`handMeasured`, a warning naming the frames).
 * - End of backswing: walking back from contact (at most {@link BACKSWING_WINDOW_S}), the frame
 *   where the shoulder line is turned furthest from its heading at contact before that turn
 *   reverses by {@link BACKSWING_REVERSAL_DEG} (the completed unit turn);
 *   when the shoulder line is not measured, the frame where the hand is furthest from its
 *   contact position. When the turn has not reversed and that frame lies within half a smoothing
 *   window (kinematics.ts) of the clip's start, the clip may begin inside the backswing: the
 *   event's basis says `clip_start` and the features measured there are left out.
 * - End of follow-through: the first frame after contact whose hand speed drops to
 *   {@link FOLLOW_THROUGH_SPEED_SHARE} of the contact speed (the highest within ±0.1 s) and stays
 *   there for {@link FOLLOW_THROUGH_HOLD_S}, within {@link FOLLOW_THROUGH_WINDOW_S}; otherwise the
 *   last frame of that window.
 */
import { median, smoothingWindow } from '../core/index.js';
import { mapClock, nearestFrame } from '../../pose/frame-time.js';
import type { Kinematics } from '../core/index.js';
import { angleDiffDeg, norm, sub } from '../core/index.js';
import { contactCandidates, handMeasuredMask, unmeasuredAt, type ContactEvidence } from './contact-candidates.js';
import { warning, type Warning } from '../../contract/warning.js';
import { contactWarning, phaseEvent, type EventBasis, type PhaseEvent } from './events-confidence.js';

export const BACKSWING_WINDOW_S = 1.5;
export const FOLLOW_THROUGH_WINDOW_S = 1.2;
export const FOLLOW_THROUGH_SPEED_SHARE = 0.2;
/**
 * How long the hand must stay at or below {@link FOLLOW_THROUGH_SPEED_SHARE} of its contact speed
 * for the follow-through to have ended, real seconds. Ours: a lull shorter than this is part of the
 * follow-through. Measured with `npm run eval` (frames looked at): on tennis_forehand_2.mp4 the arm
 * reaches toward the camera after contact, motion the monocular 3D barely sees, so the hand's
 * speed dips to 0.5–1.2 m/s (contact ≈ 6) for a few hundredths of a second at a time from 0.13 s
 * after contact, then rises to 4–6 m/s as the hand wraps up over the left shoulder. Without a hold
 * the follow-through ended at the first dip with the hand below the shoulder (−0.04 m), and so did
 * tennis_forehand_1's first forehand (0.04 m; his hand is above the shoulder from 0.2 s after
 * contact, 0.35 m on his other forehand); a hold of 0.05 s still ended tennis_forehand_2 at a dip;
 * 0.08, 0.1 and 0.15 s give the same values on every labelled stroke (0.09 and 0.26 m).
 */
export const FOLLOW_THROUGH_HOLD_S = 0.1;
/** Turn-away differences below this count as a plateau when searching the backswing end, deg (smoothed lift noise). Ours. */
export const BACKSWING_PLATEAU_DEG = 0.5;
/**
 * Reversal of the shoulder turn that ends the backswing search, deg: larger than the lift's
 * frame-to-frame heading noise after smoothing (≈ 1–3° on the shared clips, measured 2026-11-23),
 * smaller than a real preparation turn. Ours.
 */
export const BACKSWING_REVERSAL_DEG = 3;

/** A swing moment: index into the tracks and its time in seconds. */
export interface PhaseFrame {
  index: number;
  t: number;
}

/**
 * Phases of a stroke, each with its confidence and whether the hitting hand is measured there
 * (events-confidence.ts). `contactDetected` is false when `ball_timestamp` set the contact.
 */
export interface SwingPhases {
  contact: PhaseEvent;
  contactDetected: boolean;
  backswingEnd: PhaseEvent;
  followThroughEnd: PhaseEvent;
}

/** Typical frame period of a series of timestamps, seconds (median of the steps). */
export function framePeriod(times: ArrayLike<number>): number {
  const steps: number[] = [];
  for (let i = 1; i < times.length; i++) steps.push(times[i]! - times[i - 1]!);
  return median(steps);
}

/**
 * Finds the swing phases.
 * @param ballTimestamp seconds on the video timeline, or undefined to detect contact.
 * @param warnings receives a message when `ballTimestamp` lies outside the clip (detection is used
 *   then) and when the hitting hand is not measured at contact.
 * @param ev the pose pair, hitting hand and sample rate the contact detector reads (contact-candidates.ts).
 * @returns null when no swing window has the hand measured (no contact can be found).
 */
export function findPhases(k: Kinematics, ballTimestamp: number | undefined, warnings: Warning[], ev: ContactEvidence): SwingPhases | null {
  const n = k.t.length;
  const period = framePeriod(k.t) || 0;
  const measured = handMeasuredMask(k, ev);
  let contact: PhaseEvent | null = null;
  if (ballTimestamp !== undefined) {
    // ball_timestamp is on the video timeline (videoT), like the result's timestamps.
    if (ballTimestamp < k.videoT[0]! - period / 2 || ballTimestamp > k.videoT[n - 1]! + period / 2) {
      warnings.push(
        warning('ball-timestamp-outside', 'warning', "The ball contact time given is outside the video, so contact was found from the hand's speed.", {
          detail: `ball_timestamp ${ballTimestamp.toFixed(3)} s is outside the pose frames (${k.videoT[0]!.toFixed(3)}–${k.videoT[n - 1]!.toFixed(3)} s); ball contact was detected from the wrist speed instead`,
        }),
      );
    } else {
      const i = nearestFrame(k.videoT, ballTimestamp);
      contact = { index: i, t: k.t[i]!, tExact: mapClock(k.videoT, k.t, ballTimestamp), confidence: 1, handMeasured: unmeasuredAt(measured, i) === null };
    }
  }
  const detected = contact === null;
  if (!contact) {
    const [best, second] = contactCandidates(k, ev);
    if (!best) return null;
    // The chosen swing could be another one: confidence falls as the runner-up's score nears the best.
    const distinct = 0.5 + 0.5 * (1 - (second ? second.score / best.score : 0));
    contact = { index: best.index, t: best.t, tExact: best.tExact, confidence: best.confidence * distinct, handMeasured: best.handMeasured };
    if (best.unmeasured) warnings.push(contactWarning(best, ev.pair.pose3d.frameNr, contact.confidence));
  }
  const c = contact.index;
  const back = findBackswingEnd(k, c);
  const follow = findFollowThroughEnd(k, c);
  return {
    contact,
    contactDetected: detected,
    backswingEnd: phaseEvent(k, measured, back.index, contact.confidence, back.basis),
    followThroughEnd: phaseEvent(k, measured, follow.index, contact.confidence, follow.basis),
  };
}

/** End of the backswing and what found it (module doc). */
function findBackswingEnd(k: Kinematics, contact: number): { index: number; basis: EventBasis } {
  const t0 = k.t[contact]! - BACKSWING_WINDOW_S;
  let from = contact;
  while (from > 0 && k.t[from - 1]! >= t0) from--;
  const ref = k.trunkYaw[contact]!;
  let best = -1;
  let bestVal = -Infinity;
  let reversed = false;
  // Walk back from contact while the shoulders are turned further away from their contact
  // heading (a plateau within BACKSWING_PLATEAU_DEG keeps the latest frame); the backswing ends
  // where that turn reverses by BACKSWING_REVERSAL_DEG (earlier frames belong to the preparation
  // or the previous stroke).
  for (let i = contact - 1; i >= from && !reversed; i--) {
    const v = Number.isFinite(ref) ? Math.abs(angleDiffDeg(k.trunkYaw[i]!, ref)) : NaN;
    if (!Number.isFinite(v)) continue;
    if (best < 0 || v > bestVal + BACKSWING_PLATEAU_DEG) [best, bestVal] = [i, v];
    else reversed = v < bestVal - BACKSWING_REVERSAL_DEG;
  }
  // Not reversed and found where the smoothing window is cut by the clip's start: the clip may
  // start inside the backswing, and the edge of the smoothed heading cannot tell.
  const firstMeasured = Array.from({ length: contact - from }, (_, j) => from + j).find((i) => Number.isFinite(k.trunkYaw[i]!));
  const edge = (smoothingWindow(1 / (framePeriod(k.t) || 1 / 30)) - 1) / 2;
  const atClipStart = !reversed && from === 0 && firstMeasured !== undefined && best - firstMeasured <= edge;
  if (best >= 0) return { index: best, basis: atClipStart ? 'clip_start' : 'rule' };
  const hc = k.hand[contact]!;
  for (let i = from; i < contact; i++) {
    const v = norm(sub(k.hand[i]!, hc));
    if (Number.isFinite(v) && v > bestVal) [best, bestVal] = [i, v];
  }
  return best >= 0 ? { index: best, basis: 'fallback' } : { index: from, basis: 'window_edge' };
}

/** End of the follow-through and what found it (module doc). */
function findFollowThroughEnd(k: Kinematics, contact: number): { index: number; basis: EventBasis } {
  const n = k.t.length;
  const tEnd = k.t[contact]! + FOLLOW_THROUGH_WINDOW_S;
  // Reference speed: the highest hand speed within ±0.1 s of contact (a given ball_timestamp may
  // sit a frame or two off the peak).
  let vc = NaN;
  for (let i = 0; i < n; i++) if (Math.abs(k.t[i]! - k.t[contact]!) <= 0.1 && !(k.handSpeed[i]! <= vc)) vc = k.handSpeed[i]!;
  let last = contact;
  const low = (i: number) => !(k.handSpeed[i]! > FOLLOW_THROUGH_SPEED_SHARE * vc); // NaN (unmeasured) does not end the hold
  for (let i = contact + 1; i < n && k.t[i]! <= tEnd; i++) {
    last = i;
    if (!Number.isFinite(vc) || !(k.handSpeed[i]! <= FOLLOW_THROUGH_SPEED_SHARE * vc)) continue;
    let held = true;
    for (let j = i + 1; j < n && k.t[j]! <= k.t[i]! + FOLLOW_THROUGH_HOLD_S && held; j++) held = low(j);
    if (held) return { index: i, basis: 'rule' };
  }
  return { index: last, basis: 'window_edge' };
}
