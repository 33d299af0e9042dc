/**
 * Arm and hand features: hand speed, elbow angle and contact point at ball contact, the height
 * of the follow-through and, for two-handed backhands, how close the hands stay together.
 */
import { J } from '../../pose/h36m.js';
import type { FeatureDef, Measurement, SwingContext } from './feature-types.js';
import { contactOf, followThroughCut, measureAt, peakOf } from './measure.js';
import { angleAt, joint3, mid, norm, sub, type Vec3 } from '../core/index.js';

function arm(c: SwingContext) {
  return c.hand === 'right'
    ? { shoulder: J.rightShoulder, elbow: J.rightElbow, wrist: J.rightWrist }
    : { shoulder: J.leftShoulder, elbow: J.leftElbow, wrist: J.leftWrist };
}

/** Joints that make up "the hand" of this swing. */
function handJoints(c: SwingContext): number[] {
  return c.twoHanded ? [J.leftWrist, J.rightWrist] : [arm(c).wrist];
}

function handPos(c: SwingContext, g: (j: number) => Vec3): Vec3 {
  return c.twoHanded ? mid(g(J.leftWrist), g(J.rightWrist)) : g(arm(c).wrist);
}

const handWord = (c: SwingContext) => (c.twoHanded ? 'hands' : 'hitting wrist');

/**
 * Peak hand speed in the forward swing, m/s (dominant wrist; midpoint of both wrists for
 * two-handed strokes), relative to the pelvis; the speed at contact is secondary.
 */
export const wristSpeed: FeatureDef = {
  name: 'wrist_speed',
  human: 'Hand speed (peak)',
  unit: 'm/s',
  categories: ['power', 'contact'],
  joints: (c) => handJoints(c),
  limbs: (c) => (c.twoHanded ? ['left_forearm', 'right_forearm'] : [`${c.hand}_forearm`]),
  measure: (c) => peakOf(c, 'wrist', handJoints(c), 'hand'),
  says: (v, _raw, c) => `Your ${handWord(c)} reached ${v} (relative to the hips) in the forward swing`,
  improve: (t) =>
    `Accelerate through the ball, not before it: keep the arm relaxed in the backswing and let the body rotation whip the hand to about ${t} at contact.`,
  overshoot: (t) => `Keep your hand speed near ${t}.`,
  keep: (t) => `Your hand speed (${t}) is at a professional level; keep the relaxed, full acceleration.`,
};

/** Elbow angle at contact: angle(shoulder, elbow, wrist) of the dominant arm, deg (180 = straight). */
export const elbowAngle: FeatureDef = {
  name: 'elbow_angle_at_contact',
  human: 'Elbow angle at contact',
  unit: 'deg',
  categories: ['contact'],
  joints: (c) => Object.values(arm(c)),
  limbs: (c) => [`${c.hand}_upper_arm`, `${c.hand}_forearm`],
  measure(c) {
    const { frame, event } = contactOf(c);
    const a = arm(c);
    return measureAt(c, frame, event, [a.shoulder, a.elbow, a.wrist], (g) => angleAt(g(a.shoulder), g(a.elbow), g(a.wrist)));
  },
  says: (v) => `Your hitting elbow was at ${v} at ball contact (180° is a straight arm)`,
  improve: (t) =>
    `Give yourself room: meet the ball further from the body so the hitting arm is extended to about ${t} at contact instead of cramped.`,
  overshoot: (t) => `Keep the elbow angle near ${t}.`,
  keep: (t) => `Your arm extension at contact (${t}) is at a professional level.`,
};

/**
 * Contact point in front: (hand − pelvis) · ŝ at contact, metres, where ŝ is the horizontal unit
 * direction of the hand's travel at contact (from the smoothed hand positions one frame either
 * side). Positive = the ball is met ahead of the body along the swing.
 */
export const contactInFront: FeatureDef = {
  name: 'contact_point_in_front',
  human: 'Contact point in front of the body',
  unit: 'm',
  categories: ['contact'],
  joints: (c) => [J.pelvis, ...handJoints(c)],
  limbs: (c) => (c.twoHanded ? ['left_forearm', 'right_forearm'] : [`${c.hand}_forearm`]),
  measure(c) {
    const { frame, event } = contactOf(c);
    const h = c.k.hand;
    const before = h[Math.max(0, frame - 1)]!;
    const after = h[Math.min(h.length - 1, frame + 1)]!;
    const dx = after[0] - before[0];
    const dz = after[2] - before[2];
    const len = Math.hypot(dx, dz);
    // The swing direction needs the hand on both sides of contact (NaN rows where unmeasured).
    if (!Number.isFinite(len)) return { ok: false, missing: [`${c.hand} hand path around contact`], frame, event };
    return measureAt(c, frame, event, [J.pelvis, ...handJoints(c)], (g) => {
      if (!(len > 1e-4)) return NaN;
      const rel = sub(handPos(c, g), g(J.pelvis));
      return (rel[0] * dx + rel[2] * dz) / len;
    });
  },
  says: (v, raw) =>
    raw >= 0
      ? `You met the ball ${v} in front of your hips along the swing direction`
      : `You met the ball ${v.replace('-', '')} behind your hips along the swing direction`,
  improve: (t) =>
    `Take the ball earlier: step in and make contact about ${t} in front of your hips, with the racket face still ahead of the hand.`,
  overshoot: (t) =>
    `You are reaching for the ball; let it come to about ${t} in front of the hips so the body, not a stretched arm, supplies the power.`,
  keep: (t) => `Your contact point (${t} in front) is where professionals hit; keep meeting the ball early.`,
};

/**
 * Follow-through height: highest (hand y − dominant shoulder y) between contact and the end of
 * the follow-through, metres (positive = hand above the shoulder). Event: the frame of that high point.
 */
export const followThroughHeight: FeatureDef = {
  name: 'follow_through_height',
  human: 'Follow-through height',
  unit: 'm',
  categories: ['follow_through'],
  joints: (c) => [arm(c).shoulder, ...handJoints(c)],
  limbs: (c) => [`${c.hand}_upper_arm`, `${c.hand}_forearm`],
  measure(c): Measurement {
    const a = arm(c);
    const from = c.phases.contact.index + 1;
    const to = c.phases.followThroughEnd.index;
    let best = -1;
    let bestVal = -Infinity;
    for (let f = from; f <= to; f++) {
      const s = joint3(c.p, f, a.shoulder);
      const hs = handJoints(c).map((j) => joint3(c.p, f, j));
      if (!s || hs.some((x) => !x)) continue;
      const hy = hs.reduce((acc, x) => acc + x![1], 0) / hs.length;
      if (hy - s[1] > bestVal) [best, bestVal] = [f, hy - s[1]];
    }
    if (best < 0) return { ok: false, missing: [`${handWord(c)} and shoulder after contact`], frame: Math.min(from, to), event: 'follow_through' };
    return followThroughCut(c, best) ?? { ok: true, value: bestVal, frame: best, event: 'follow_through' };
  },
  says: (v, raw, c) =>
    raw >= 0 ? `Your ${handWord(c)} finished ${v} above your shoulder` : `Your ${handWord(c)} finished ${v.replace('-', '')} below your shoulder`,
  improve: (t) =>
    `Finish the swing up and across: let the hand travel on until it is about ${t} relative to the shoulder instead of stopping after contact.`,
  overshoot: (t) => `Keep the finish near ${t} relative to the shoulder.`,
  keep: (t) => `Your finish height (${t} relative to the shoulder) shows a complete follow-through.`,
};

/** Hands together at contact (two-handed strokes only): distance between the wrists, metres. */
export const handsTogether: FeatureDef = {
  name: 'hands_together_at_contact',
  human: 'Hands together at contact (two-handed)',
  unit: 'm',
  categories: ['contact'],
  applies: (c) => c.twoHanded,
  joints: () => [J.leftWrist, J.rightWrist, J.leftElbow, J.rightElbow],
  limbs: () => ['left_forearm', 'right_forearm'],
  measure(c) {
    const { frame, event } = contactOf(c);
    return measureAt(c, frame, event, [J.leftWrist, J.rightWrist], (g) => norm(sub(g(J.leftWrist), g(J.rightWrist))));
  },
  says: (v) => `Your wrists were ${v} apart at ball contact`,
  improve: (t) =>
    `Keep both hands on the grip through contact (wrists about ${t} apart) and let the non-dominant hand push the stroke.`,
  overshoot: (t) => `Keep the wrists about ${t} apart.`,
  keep: (t) => `Both hands stay together on the grip (${t}), as in a solid two-handed backhand.`,
};
