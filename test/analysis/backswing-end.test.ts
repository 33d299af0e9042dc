/**
 * End of the backswing (phases.ts): a clip cut after the backswing began has no backswing end in
 * it, so the features measured there are left out with the reason instead of taking the clip's
 * first frame (which would move with the cut).
 */
import { expect, test } from 'vitest';
import { computeTechniqueResult } from '../../main/analysis/index.js';
import { selectFrames } from '../../main/pose/pose-track.js';
import { synthTracks } from './support/synthetic.js';

const META = { uid: 's', sport: 'tennis' as const, swing_type: 'forehand_drive' as const, dominant_hand: 'right' as const, player_height_mm: 1800 };
const BACKSWING_FEATURES = ['hip_shoulder_separation', 'unit_turn'];

test('the whole stroke: the backswing end is found by its rule and its features are scored', () => {
  const out = computeTechniqueResult({ ...synthTracks({ cameraYawDeg: 60 }), meta: META }) /* side-on: every feature measurable */;
  const names = out.result.features.map((f) => f.feature_name);
  for (const n of BACKSWING_FEATURES) expect(names).toContain(n);
  expect(out.result.features_left_out?.map((l) => l.feature_name) ?? []).not.toContain('unit_turn');
});

test('a clip that starts in the forward swing: backswing features left out, saying why', () => {
  const t = synthTracks(); // 60 fps, hand-speed peak at 1.0 s, trunk turning from ≈ 0.8 s
  const from = 54; // 0.9 s: the shoulders are still turning
  const idx = Int32Array.from({ length: t.pose2d.frames - from }, (_, i) => from + i);
  const out = computeTechniqueResult({ ...t, pose2d: selectFrames(t.pose2d, idx), pose3d: selectFrames(t.pose3d, idx), meta: META });
  const names = out.result.features.map((f) => f.feature_name);
  for (const n of BACKSWING_FEATURES) expect(names).not.toContain(n);
  const left = out.result.features_left_out ?? [];
  for (const n of BACKSWING_FEATURES) {
    const l = left.find((x) => x.feature_name === n);
    expect(l?.reason).toMatch(/^the clip starts before the end of the backswing .*frame 54\)/);
  }
  // The rotation speeds peak before the clip starts (the trunk turns from ≈ 0.8 s): left out,
  // saying so, instead of taking the speed at the clip's first frames.
  for (const n of ['pelvis_rotation_speed', 'trunk_rotation_speed']) {
    expect(left.find((x) => x.feature_name === n)?.reason).toMatch(/^the clip starts too close to ball contact/);
  }
  // The contact features are unaffected.
  expect(names).toContain('wrist_speed');
  expect(names).toContain('elbow_angle_at_contact');
});
