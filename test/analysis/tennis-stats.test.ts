/** Tennis statistics on synthetic rallies with known swings and known movement. */
import { expect, test } from 'vitest';
import { computeTennisStats } from '../../main/analysis/index.js';
import { kpIndex } from '../../main/pose/pose-track.js';
import { synthTracks } from './support/synthetic.js';
import { liftTo3d } from '../../main/engine/lift/lift-3d.js';

test('two swings → a forehand and a backhand at the right times (right-hander)', () => {
  const t = synthTracks({ seconds: 4, swings: [{ t: 1, side: 'forehand' }, { t: 3, side: 'backhand' }] });
  const st = computeTennisStats(t);
  expect(st.schema_version).toBe(2);
  expect(st.swings.map((s) => s.side)).toEqual(['forehand', 'backhand']);
  expect(st.swing_counts).toEqual({ total: 2, forehand: 1, backhand: 1, serve: 0 });
  // time_s is ball contact: at or shortly after the hand's speed peak (1 s and 3 s), where the
  // detector places it 10 ms after the peak (contact-candidates.ts).
  expect(st.swings[0]!.time_s).toBeGreaterThanOrEqual(0.95);
  expect(st.swings[0]!.time_s).toBeLessThanOrEqual(1.1);
  expect(st.swings[1]!.time_s).toBeGreaterThanOrEqual(2.95);
  expect(st.swings[1]!.time_s).toBeLessThanOrEqual(3.1);
  expect(st.swings.map((s) => s.two_handed)).toEqual([false, false]);
  expect(st.swings[0]!.frame_nr).toBe(Math.round(st.swings[0]!.time_s * 60));
  for (const s of st.swings) {
    expect(s.side_basis).toBe('picture_plane');
    expect(s.peak_wrist_speed_mps).toBeGreaterThan(8);
    expect(s.peak_wrist_speed_mps).toBeLessThan(16);
  }
  expect(st.swings[0]!.trunk_rotation_dps).toBeGreaterThan(0);
  expect(st.swings[1]!.trunk_rotation_dps).toBeLessThan(0);
  expect(st.warnings).toEqual([]);
});

test("a left-hander's forehand turns the other way and is still a forehand", () => {
  const t = synthTracks({ seconds: 4, hand: 'left', swings: [{ t: 1, side: 'backhand' }, { t: 3, side: 'forehand' }] });
  const st = computeTennisStats({ ...t, dominantHand: 'left' });
  expect(st.swings.map((s) => s.side)).toEqual(['backhand', 'forehand']);
  expect(st.dominant_hand).toBe('left');
});

test("through the engine's own 3D lift, forehand and backhand are told apart (picture-plane rule first)", () => {
  for (const hand of ['right', 'left'] as const) {
    const t = synthTracks({ seconds: 4, hand, swings: [{ t: 1, side: 'forehand' }, { t: 3, side: 'backhand' }] });
    const st = computeTennisStats({ ...t, pose3d: liftTo3d(t.pose2d, 1750), dominantHand: hand });
    expect(st.swings.map((s) => [s.side, s.side_basis])).toEqual([
      ['forehand', 'picture_plane'],
      ['backhand', 'picture_plane'],
    ]);
  }
});

test('side-on camera (hips overlap in the picture): the 3D trunk rotation decides', () => {
  for (const hand of ['right', 'left'] as const) {
    const t = synthTracks({ seconds: 4, hand, view: 'side', swings: [{ t: 1, side: 'backhand' }, { t: 3, side: 'forehand' }] });
    const st = computeTennisStats({ ...t, dominantHand: hand });
    expect(st.swings.map((s) => [s.side, s.side_basis])).toEqual([
      ['backhand', 'trunk_rotation'],
      ['forehand', 'trunk_rotation'],
    ]);
  }
});

test('swings closer than the minimum gap count once; slow arm motion is not a swing', () => {
  const close = computeTennisStats(synthTracks({ seconds: 3, swings: [{ t: 1, side: 'forehand' }, { t: 1.5, side: 'backhand' }] }));
  expect(close.swings).toHaveLength(1);
  const slow = computeTennisStats(synthTracks({ seconds: 3, tau: 0.6, swings: [{ t: 1.5, side: 'forehand' }] }));
  expect(slow.swings).toEqual([]);
});

test('distance covered: a player drifting 2 m across the picture reads ≈ 2 m', () => {
  // Straight legs: every body segment lies in the picture plane, so the 2D/3D scale is exact
  // (bent knees point at the camera and would make the scale a few percent large, as documented).
  const t = synthTracks({ seconds: 4, swings: [], kneeFlexDeg: 0 });
  // Shift the whole 2D skeleton right by 150 px/s (0.5 m/s at 300 px/m) for 4 s = 2 m.
  for (let f = 0; f < t.pose2d.frames; f++) {
    for (let j = 0; j < 17; j++) t.pose2d.keypoints[kpIndex(t.pose2d, f, j)]! += 150 * t.pose2d.timestamps[f]!;
  }
  const st = computeTennisStats(t);
  const expected = (2 * (t.pose2d.frames - 1)) / t.pose2d.frames;
  expect(Math.abs(st.movement.distance_m! - expected)).toBeLessThan(0.02);
  expect(st.movement.metres_per_pixel).toBeCloseTo(1 / 300, 5);
  expect(st.movement.time_in_frame_s).toBeCloseTo(4, 3);
});

test('frames without the player count out of the time in frame', () => {
  const t = synthTracks({ seconds: 2, swings: [] });
  t.pose2d.present.fill(0, 60);
  t.pose3d.present.fill(0, 60);
  const st = computeTennisStats(t);
  expect(st.movement.frames_in_frame).toBe(60);
  expect(st.movement.share_in_frame).toBe(0.5);
  expect(st.movement.time_in_frame_s).toBeCloseTo(1, 3);
});
