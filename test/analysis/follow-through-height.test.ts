/**
 * Follow-through height (features-arm.ts): the follow-through's end (phases.ts) is not a short
 * lull of the hand; and near the clip's end (measure.ts followThroughCut) a clip that ends while
 * the hand is still rising has no follow-through high point in it, so the feature is left out
 * with the reason instead of taking the hand's height at the clip's last frames (which would move
 * with the cut: tennis_forehand_1's 75 % cut read 0.25 m, the other cuts 0.33).
 */
import { expect, test } from 'vitest';
import { computeTechniqueResult } from '../../main/analysis/index.js';
import { selectFrames } from '../../main/pose/pose-track.js';
import { LIFT_DELAY_S, synthTracks } from './support/synthetic.js';

const META = { uid: 's', sport: 'tennis' as const, swing_type: 'forehand_drive' as const, dominant_hand: 'right' as const, player_height_mm: 1800 };
// Arm lifted 60° after the swing: the wrist ends 0.25·cos 60° + 0.5·sin 60° − 0 = 0.308 m above
// the shoulder (synthetic.ts: wrist = shoulder + [0, −0.25, 0.5] turned up by the lift).
const LIFT_DEG = 60;
const RISEN_M = -0.25 * Math.cos(Math.PI / 3) + 0.5 * Math.sin(Math.PI / 3);

function analyse(lastFrame?: number, followThroughLiftDelayS?: number) {
  // 60 fps, 2 s, hand's peak speed at 1.0 s
  const t = synthTracks({ followThroughLiftDeg: LIFT_DEG, ...(followThroughLiftDelayS ? { followThroughLiftDelayS } : {}) });
  if (lastFrame === undefined) return computeTechniqueResult({ ...t, meta: META });
  const idx = Int32Array.from({ length: lastFrame + 1 }, (_, i) => i);
  return computeTechniqueResult({ ...t, pose2d: selectFrames(t.pose2d, idx), pose3d: selectFrames(t.pose3d, idx), meta: META });
}

test('the whole follow-through in the clip: measured at the high point the arm reaches', () => {
  const f = analyse().result.features.find((x) => x.feature_name === 'follow_through_height');
  // The follow-through ends when the hand's speed falls to 20 % (phases.ts), in the lift's tail.
  expect(f?.value).toBeGreaterThan(RISEN_M - 0.03);
  expect(f?.value).toBeLessThanOrEqual(RISEN_M);
  expect(f!.event.frame_nr).toBeGreaterThan(60 + LIFT_DELAY_S * 60);
});

test('a clip that ends while the hand still rises: left out, saying why; the contact features stay', () => {
  const last = 60 + Math.round(LIFT_DELAY_S * 60); // ends at the middle of the lift
  const out = analyse(last).result;
  expect(out.features.map((x) => x.feature_name)).not.toContain('follow_through_height');
  const left = out.features_left_out?.find((x) => x.feature_name === 'follow_through_height');
  expect(left?.reason).toBe(`the clip ends before the follow-through does (the hand is still rising at its last frames, frame ${last}); include the whole follow-through to measure it`);
  expect(out.features.map((x) => x.feature_name)).toEqual(expect.arrayContaining(['wrist_speed', 'elbow_angle_at_contact']));
});

test('a clip that ends after the lift: measured as in the whole clip', () => {
  const whole = analyse().result.features.find((x) => x.feature_name === 'follow_through_height');
  const f = analyse(60 + Math.round((LIFT_DELAY_S + 0.3) * 60)).result.features.find((x) => x.feature_name === 'follow_through_height');
  expect(f?.value).toBe(whole?.value);
});

test('a lull of the hand between the swing and the lift does not end the follow-through', () => {
  // The arm's swing is over ≈ 0.1 s after the peak; the lift starts ≈ 0.15 s later: the hand's
  // speed dips below 20 % of its contact speed for less than FOLLOW_THROUGH_HOLD_S in between.
  const f = analyse(undefined, 0.25).result.features.find((x) => x.feature_name === 'follow_through_height');
  expect(f?.value).toBeGreaterThan(RISEN_M - 0.05); // ended by the lull it would read −0.24 m (the hand before the lift)
  expect(f!.event.frame_nr).toBeGreaterThan(60 + 0.25 * 60);
});
