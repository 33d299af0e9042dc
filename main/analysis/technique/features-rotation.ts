/**
 * Rotation features from the smoothed pelvis and trunk headings (kinematics.ts): hip–shoulder
 * separation and unit turn at the end of the backswing, the peak pelvis and trunk rotation speeds
 * in the forward swing (speed at contact secondary), and the proximal-to-distal timing of the
 * kinetic chain from those peaks, left out when the frame rate cannot resolve it.
 */
import { J } from '../../pose/h36m.js';
import { chainTiming, computeChain } from './chain.js';
import { framePeriod } from './phases.js';
import type { FeatureDef, Measurement } from './feature-types.js';
import { backswingCut, backswingOf, contactOf, measureAt, peakMissingReason, peakOf } from './measure.js';
import { angleDiffDeg, missingJoints } from '../core/index.js';
import { rotationBeyondBodyReason } from './rotation-ceiling.js';

const HIPS = [J.leftHip, J.rightHip];
const SHOULDERS = [J.leftShoulder, J.rightShoulder];
const TORSO = [...HIPS, ...SHOULDERS];
const TORSO_LIMBS = ['left_hip', 'right_hip', 'left_clavicle', 'right_clavicle'];

/** Hip–shoulder separation (X-factor) at the end of the backswing: |trunk heading − pelvis heading|, deg. */
export const hipShoulderSeparation: FeatureDef = {
  name: 'hip_shoulder_separation',
  human: 'Hip–shoulder separation (X-factor)',
  unit: 'deg',
  categories: ['preparation', 'power'],
  joints: () => [...TORSO],
  limbs: () => [...TORSO_LIMBS, 'lower_spine', 'upper_spine'],
  measure(c) {
    const cut = backswingCut(c);
    if (cut) return cut;
    const { frame, event } = backswingOf(c);
    return measureAt(c, frame, event, TORSO, () => Math.abs(angleDiffDeg(c.k.trunkYaw[frame]!, c.k.pelvisYaw[frame]!)));
  },
  says: (v) => `At the end of your backswing your shoulders were turned ${v} further than your hips`,
  improve: (t) =>
    `Coil more: turn your shoulders further than your hips in the unit turn (about ${t} of separation) so the trunk stretches and unwinds into the ball.`,
  overshoot: (t) =>
    `Your shoulders over-rotate against the hips; aim for about ${t} of separation so you can unwind in time and stay balanced.`,
  keep: (t) => `Your coil (${t} hip–shoulder separation) is at a professional level; keep it.`,
};

/** Unit turn: rotation of the shoulder line from the end of the backswing to contact, deg. */
export const unitTurn: FeatureDef = {
  name: 'unit_turn',
  human: 'Shoulder turn (unit turn)',
  unit: 'deg',
  categories: ['preparation'],
  joints: () => [...SHOULDERS, J.thorax],
  limbs: () => ['left_clavicle', 'right_clavicle'],
  measure(c): Measurement {
    const cut = backswingCut(c);
    if (cut) return cut;
    const { frame, event } = backswingOf(c);
    const contact = c.phases.contact.index;
    const atContact = missingJoints(c.p, contact, SHOULDERS);
    if (atContact.length > 0) return { ok: false, missing: atContact.map((j) => `${j} (at contact)`), frame, event };
    return measureAt(c, frame, event, SHOULDERS, () => Math.abs(angleDiffDeg(c.k.trunkYaw[frame]!, c.k.trunkYaw[contact]!)));
  },
  says: (v) => `Your shoulders rotated ${v} from the end of the backswing to ball contact`,
  improve: (t) =>
    `Turn earlier and further: as soon as you read the ball, rotate your shoulders as a unit (about ${t} from the backswing to contact), with the non-hitting hand guiding the turn.`,
  overshoot: (t) =>
    `Your shoulder turn is bigger than the stroke needs; a turn of about ${t} keeps the swing compact and on time.`,
  keep: (t) => `Your unit turn (${t}) is at a professional level; keep starting it early.`,
};

/** Peak pelvis rotation speed in the forward swing: |d(pelvis heading)/dt|, deg/s; the speed at contact is secondary. */
export const pelvisSpeed: FeatureDef = {
  name: 'pelvis_rotation_speed',
  human: 'Hip rotation speed (peak)',
  unit: 'deg/s',
  categories: ['power'],
  joints: () => [J.pelvis, ...HIPS],
  limbs: () => ['left_hip', 'right_hip'],
  measure: (c) => peakOf(c, 'hip', HIPS, 'hip rotation'),
  says: (v) => `Your hips reached ${v} of rotation speed in the forward swing`,
  improve: (t) =>
    `Drive the hips: push off the back leg and rotate the hips hard toward the target so they reach about ${t} in the forward swing.`,
  overshoot: (t) => `Keep the hip rotation near ${t}.`,
  keep: (t) => `Your hip rotation speed (${t}) matches professional forehands; keep using the legs.`,
};

/** Peak trunk rotation speed in the forward swing: |d(shoulder-line heading)/dt|, deg/s; the speed at contact is secondary. */
export const trunkSpeed: FeatureDef = {
  name: 'trunk_rotation_speed',
  human: 'Trunk rotation speed (peak)',
  unit: 'deg/s',
  categories: ['power'],
  joints: () => [J.thorax, ...SHOULDERS],
  limbs: () => ['left_clavicle', 'right_clavicle', 'upper_spine'],
  measure: (c) => peakOf(c, 'shoulder', SHOULDERS, 'trunk rotation'),
  says: (v) => `Your shoulders reached ${v} of rotation speed in the forward swing`,
  improve: (t) =>
    `Let the trunk whip through: after the hips start, rotate the chest through the ball (about ${t} at its fastest) instead of swinging with the arm alone.`,
  overshoot: (t) => `Keep the trunk rotation near ${t}.`,
  keep: (t) => `Your trunk rotation speed (${t}) is at a professional level.`,
};

/**
 * Kinetic-chain sequence: min(trunk peak − pelvis peak, hand peak − trunk peak), seconds, from
 * sub-frame peak times in the forward swing (chain.ts). Positive = proximal-to-distal order.
 * Left out (with the reason as a warning) when a rotation peak is beyond what a body does
 * (rotation-ceiling.ts), when the gap is within its uncertainty (root-sum-square
 * of the two peaks' plateau half-widths) or shorter than one frame period: at 30 images/s of a
 * real-time clip the frame period (33 ms) exceeds the elite pelvis→trunk lag (18 ms, Landlinger
 * et al. 2010), so only high-speed or slow-motion clips with their capture rate can score it.
 */
export const chainSequence: FeatureDef = {
  name: 'kinetic_chain_sequence',
  human: 'Kinetic chain order (hips → shoulders → hand)',
  unit: 's',
  categories: ['power'],
  joints: (c) => [...TORSO, c.hand === 'right' ? J.rightWrist : J.leftWrist],
  limbs: (c) => [...TORSO_LIMBS, `${c.hand}_upper_arm`, `${c.hand}_forearm`],
  measure(c): Measurement {
    const { frame, event } = contactOf(c);
    const wrist = c.hand === 'right' ? J.rightWrist : J.leftWrist;
    const ch = computeChain(c.k, c.phases);
    const lost = (['hip', 'shoulder', 'wrist'] as const).find((s) => ch[s].peakIndex < 0);
    if (lost) {
      const cut = ch[lost].cutByClip;
      if (cut) return { ok: false, missing: [], reason: peakMissingReason(ch[lost], lost === 'wrist' ? 'hand' : `${lost === 'hip' ? 'hip' : 'trunk'} rotation`), frame, event };
      return { ok: false, missing: ['hip, shoulder or wrist speed in the forward swing'], frame, event };
    }
    // A rotation peak beyond the body's (rotation-ceiling.ts) is the lift's error, and so is its time.
    const beyond = rotationBeyondBodyReason('hip', ch.hip.peakValue) ?? rotationBeyondBodyReason('shoulder', ch.shoulder.peakValue);
    if (beyond) return { ok: false, missing: [], reason: beyond, frame, event };
    const { sequence } = chainTiming(ch);
    const period = framePeriod(c.k.t);
    const ms = (s: number) => `${Math.round(s * 1000)} ms`;
    if (Math.abs(sequence.gap) <= sequence.uncertainty || Math.abs(sequence.gap) < period) {
      const why = Math.abs(sequence.gap) < period ? `the peaks fall within one frame period (${ms(period)})` : 'its uncertainty crosses zero';
      return { ok: false, missing: [], reason: `the timing of the speed peaks cannot be resolved: gap ${ms(sequence.gap)} ± ${ms(sequence.uncertainty)}, ${why}`, frame, event };
    }
    return measureAt(c, frame, event, [...TORSO, wrist], () => sequence.gap);
  },
  says: (v, raw) =>
    raw >= 0
      ? `Your hips, shoulders and hand reached their top speeds in order; the shortest gap between successive peaks was ${v}`
      : `Your speed peaks came out of order: a later segment (shoulders or hand) peaked ${v.replace('-', '')} before the segment that should lead it`,
  improve: (t) =>
    `Sequence the swing from the ground up: let the hips reach top speed first, then the shoulders, then the arm, each about ${t} apart; avoid starting with the arm.`,
  overshoot: (t) =>
    `The gaps between your hip, shoulder and hand peaks are long; link them more tightly (about ${t}) so the energy carries through.`,
  keep: (t) => `Your hips, shoulders and hand peak in order (${t} apart), a professional kinetic chain.`,
};
