/**
 * Shared measuring helper for feature definitions: reads the needed joints at one frame and
 * either computes the value or reports which joints were missing (never a made-up number).
 */
import { jointsConfidence, missingJoints, joint3, type Vec3 } from '../core/index.js';
import type { EventName, Measurement, SwingContext } from './feature-types.js';
import { computeChain, type Chain, type ChainSegment } from './chain.js';
import { clipEdgeSamples } from '../core/index.js';
import { rotationBeyondBodyReason } from './rotation-ceiling.js';

/**
 * Measures `fn` on the 3D joints `joints` at frame `frame`.
 * `fn` receives a getter (valid for the listed joints only) and returns the value, or NaN when
 * the geometry is degenerate (reported as missing "geometry").
 *
 * At ball contact (`event` 'ball_contact' at the contact sample) with a sub-sample contact time
 * (PhaseEvent.tExact), the value is interpolated linearly between the contact sample and its
 * neighbour on the side of that time, when the neighbour has the joints too: a hand moving at
 * 8 m/s covers 7 cm between two samples of a 107 fps capture, so a value taken at the nearest
 * sample jumped with the rounding of contact (two copies of the same stroke one sample apart:
 * contact_point_in_front −0.07 and +0.07 m, test/analysis/strokes-clips.test.ts).
 */
export function measureAt(
  c: SwingContext,
  frame: number,
  event: EventName,
  joints: readonly number[],
  fn: (get: (j: number) => Vec3) => number,
): Measurement {
  const missing = missingJoints(c.p, frame, joints);
  if (missing.length > 0) return { ok: false, missing, frame, event };
  const at = (f: number) =>
    fn((j) => {
      const v = joint3(c.p, f, j);
      if (!v) throw new Error(`joint ${j} was not requested by the feature`);
      return v;
    });
  let value = at(frame);
  const near = event === 'ball_contact' ? contactNeighbour(c, frame) : null;
  if (near && Number.isFinite(value) && missingJoints(c.p, near.frame, joints).length === 0) {
    const other = at(near.frame);
    if (Number.isFinite(other)) value += near.weight * (other - value);
  }
  if (!Number.isFinite(value)) return { ok: false, missing: ['geometry (degenerate segment)'], frame, event };
  return { ok: true, value, frame, event, confidence: jointsConfidence(c.p, frame, joints) };
}

/**
 * The sample on the other side of the sub-sample contact time from the contact sample `frame`,
 * and its interpolation weight (0–0.5: `frame` is the nearest sample), or null when `frame` is
 * not the contact sample or contact has no sub-sample time.
 */
function contactNeighbour(c: SwingContext, frame: number): { frame: number; weight: number } | null {
  const { index, tExact } = c.phases.contact;
  if (frame !== index || tExact === undefined || !Number.isFinite(tExact)) return null;
  const t = c.k.t;
  const other = tExact >= t[index]! ? index + 1 : index - 1;
  if (other < 0 || other >= t.length) return null;
  const span = t[other]! - t[index]!;
  return span !== 0 ? { frame: other, weight: Math.min(1, Math.max(0, (tExact - t[index]!) / span)) } : null;
}

/** Frame index and event of ball contact. */
export function contactOf(c: SwingContext): { frame: number; event: EventName } {
  return { frame: c.phases.contact.index, event: 'ball_contact' };
}

/**
 * The left-out measurement of a feature taken at the end of the backswing when the clip starts
 * before the backswing ends (phases.ts basis `clip_start`), else null: the value at the clip's
 * first frame would change with where the clip was cut.
 */
export function backswingCut(c: SwingContext): Measurement | null {
  const e = c.phases.backswingEnd;
  if (e.basis !== 'clip_start') return null;
  const first = c.p.pose3d.frameNr[e.index] ?? e.index;
  return {
    ok: false,
    missing: [],
    reason: `the clip starts before the end of the backswing (the shoulders still turn back at its first frames, frame ${first}); include the whole backswing to measure it`,
    frame: e.index,
    event: 'backswing_end',
  };
}

/**
 * The left-out measurement of a feature taken at the high point of the follow-through when the
 * clip ends before the follow-through does, else null: the high point `best` (sample index) lies
 * within {@link clipEdgeSamples} of the clip's last frame, so the hand was still rising where the
 * clip ends (or the follow-through's end was read off the edge estimates of the hand speed there)
 * and the value would change with where the clip was cut (tennis_forehand_1's 75 % cut: 0.25 m
 * at its second-to-last frame, 0.33–0.35 m in the other cuts and the whole clip; `npm run eval`,
 * cut consistency). A follow-through that ended before the clip's last frames is unaffected.
 */
export function followThroughCut(c: SwingContext, best: number): Measurement | null {
  const last = c.k.t.length - 1;
  if (best < last - clipEdgeSamples(c.k)) return null;
  const frame = c.p.pose3d.frameNr[last] ?? last;
  return {
    ok: false,
    missing: [],
    reason: `the clip ends before the follow-through does (the hand is still rising at its last frames, frame ${frame}); include the whole follow-through to measure it`,
    frame: best,
    event: 'follow_through',
  };
}

/** Frame index and event of the end of the backswing. */
export function backswingOf(c: SwingContext): { frame: number; event: EventName } {
  return { frame: c.phases.backswingEnd.index, event: 'backswing_end' };
}

/**
 * The peak of a kinetic-chain speed in the forward swing (chain.ts: end of backswing to just
 * after contact), measured at the peak frame (`forward_swing` event) with the speed at contact as
 * the secondary value. Left out when the speed has no finite value in the window.
 */
export function peakOf(c: SwingContext, segment: keyof Omit<Chain, 'window'>, joints: readonly number[], label: string): Measurement {
  const s = computeChain(c.k, c.phases)[segment];
  const contact = c.phases.contact.index;
  if (s.peakIndex < 0) return { ok: false, missing: [], reason: peakMissingReason(s, label), frame: contact, event: 'ball_contact' };
  const beyond = segment === 'wrist' ? null : rotationBeyondBodyReason(segment, s.peakValue);
  if (beyond) return { ok: false, missing: [], reason: beyond, frame: s.peakIndex, event: 'forward_swing' };
  const m = measureAt(c, s.peakIndex, 'forward_swing', joints, () => s.peakValue);
  const atContact = s.values[contact];
  return m.ok && atContact !== undefined && Number.isFinite(atContact) ? { ...m, atContact } : m;
}

/**
 * Why a chain segment has no peak (ChainSegment.peakIndex −1): the clip cut it off, or the
 * speed was never measured in the forward swing.
 */
export function peakMissingReason(s: ChainSegment, label: string): string {
  if (s.cutByClip === 'start') return `the clip starts too close to ball contact: the ${label} speed is still highest where the clip begins, so its peak may lie before the clip`;
  if (s.cutByClip === 'end') return `the clip ends too soon after ball contact: the ${label} speed is still rising where the clip ends`;
  return `no ${label} speed measured in the forward swing`;
}
