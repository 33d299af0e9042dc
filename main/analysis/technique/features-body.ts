/**
 * Lower-body and posture features: knee flexion, trunk tilt and stance width at ball contact.
 * Formulas are in README.md; reference bands in references.ts.
 */
import { J } from '../../pose/h36m.js';
import type { FeatureDef, SwingContext } from './feature-types.js';
import { REFERENCES } from './references.js';
import { valueRanges } from './scoring.js';
import { contactOf, measureAt } from './measure.js';
import { angleAt, norm, sub } from '../core/index.js';

/** The professional stance band in metres for this player ("0.56–1.05 m"). */
function metres(c: SwingContext): string {
  const [lo, hi] = valueRanges(REFERENCES.stance_width[c.sport]).professional;
  return `${(lo * c.heightM).toFixed(2)}–${(hi * c.heightM).toFixed(2)} m`;
}

const LEGS = [J.rightHip, J.rightKnee, J.rightAnkle, J.leftHip, J.leftKnee, J.leftAnkle];

/** Knee flexion at contact: mean over both legs of 180° − angle(hip, knee, ankle), degrees. */
export const kneeFlexion: FeatureDef = {
  name: 'knee_flexion_at_contact',
  human: 'Knee bend at contact',
  unit: 'deg',
  categories: ['balance', 'power'],
  joints: () => [...LEGS],
  limbs: () => ['right_thigh', 'right_shin', 'left_thigh', 'left_shin'],
  measure(c) {
    const { frame, event } = contactOf(c);
    return measureAt(c, frame, event, LEGS, (g) => {
      const r = 180 - angleAt(g(J.rightHip), g(J.rightKnee), g(J.rightAnkle));
      const l = 180 - angleAt(g(J.leftHip), g(J.leftKnee), g(J.leftAnkle));
      return (r + l) / 2;
    });
  },
  says: (v) => `Your knees were bent ${v} on average at ball contact`,
  improve: (t) =>
    `Sit lower into the shot: bend both knees to about ${t} as the ball arrives and push up through contact, so your legs start the rotation instead of your arm.`,
  overshoot: (t) =>
    `You are crouching deeper than needed; stay around ${t} of knee bend so you can still push up and recover quickly after the shot.`,
  keep: (t) => `Your leg loading (${t}) is right; keep driving up from it through contact.`,
};

/** Trunk tilt at contact: angle between pelvis→thorax and the vertical axis, degrees. */
export const trunkTilt: FeatureDef = {
  name: 'trunk_tilt_at_contact',
  human: 'Trunk tilt at contact',
  unit: 'deg',
  categories: ['balance'],
  joints: () => [J.pelvis, J.spine, J.thorax],
  limbs: () => ['lower_spine', 'upper_spine'],
  measure(c) {
    const { frame, event } = contactOf(c);
    return measureAt(c, frame, event, [J.pelvis, J.thorax], (g) => {
      const v = sub(g(J.thorax), g(J.pelvis));
      const len = norm(v);
      return len > 0 ? (Math.acos(Math.max(-1, Math.min(1, v[1] / len))) * 180) / Math.PI : NaN;
    });
  },
  says: (v) => `Your trunk leaned ${v} away from vertical at ball contact`,
  improve: (t) =>
    `Stay taller through the ball: keep your chest over your hips (within ${t} of vertical) and let the legs, not a bent waist, lower you to the ball.`,
  overshoot: (t) => `Keep your trunk within ${t} of vertical at contact.`,
  keep: (t) => `Your posture at contact is stable (within ${t} of vertical); keep the head still through the hit.`,
};

/** Stance width at contact: horizontal ankle-to-ankle distance / player height (ratio). */
export const stanceWidth: FeatureDef = {
  name: 'stance_width',
  human: 'Stance width at contact',
  unit: 'ratio',
  categories: ['balance'],
  joints: () => [J.leftAnkle, J.rightAnkle],
  limbs: () => ['left_shin', 'right_shin'],
  measure(c) {
    const { frame, event } = contactOf(c);
    return measureAt(c, frame, event, [J.leftAnkle, J.rightAnkle], (g) => {
      const d = sub(g(J.leftAnkle), g(J.rightAnkle));
      return Math.hypot(d[0], d[2]) / c.heightM;
    });
  },
  says: (v, raw, c) => `Your feet were ${(raw * c.heightM).toFixed(2)} m apart at ball contact (${v})`,
  improve: (t, c) =>
    `Widen your base: set your feet about ${metres(c)} apart (${t}, wider than your shoulders) before you swing, so you can rotate without losing balance.`,
  overshoot: (t, c) =>
    `Your stance is wider than useful; bring your feet back to about ${metres(c)} apart (${t}) so your hips can still turn freely.`,
  keep: (t) => `Your base (${t}) gives you a stable platform; keep setting it before the swing starts.`,
};
