/**
 * Technique analysis on real keypoints: the Federer forehand (Detectron2 COCO-17 2D, lifted by
 * support/front-lift.ts) and the Pose2Sim balancing trial (triangulated 3D markers).
 *
 * Contact frame of tennis_forehand_2.mp4, checked by eye on frames extracted with ffmpeg: the
 * ball meets the strings in frames 120–122 (≈ 4.0 s; the clip is slowed down). SOURCES.md says
 * "about 2.5–3 s"; the frames show the racket still in the backswing then.
 */
import { describe, expect, test } from 'vitest';
import { computeTechniqueResult, computeTennisStats } from '../../main/analysis/index.js';
import { Feature, TechniqueResult } from '../../main/contract/technique-schema.js';
import { mediaPath } from '../support/media.js';
import { loadCocoAsH36m } from './support/coco-to-h36m.js';
import { liftFrontOn } from './support/front-lift.js';
import { loadTrcAsH36m } from './support/trc.js';
import { liftTo3d } from '../../main/engine/lift/lift-3d.js';
import { J } from '../../main/pose/h36m.js';
import { kpIndex } from '../../main/pose/pose-track.js';

const FPS = 30000 / 1001;
// The clip is slowed about 7.7× (labels/strokes.json: slow_motion_factor 0.13, ≈ 230 fps shown at 29.97): a
// coach gives the camera's 240 fps, and the analysis measures on the real clock.
const REAL_TIME = { uid: 'fed', sport: 'tennis' as const, swing_type: 'forehand_drive' as const, dominant_hand: 'right' as const, player_height_mm: 1850 };
const META = { ...REAL_TIME, capture_fps: 240 };

function federer() {
  const { track, width, height } = loadCocoAsH36m(mediaPath('keypoints/tennis_forehand_2.coco17_detectron2.json'), FPS);
  return { pose2d: track, pose3d: liftFrontOn(track, 1.85), fps: FPS, width, height };
}

describe('tennis_forehand_2 (Federer forehand)', () => {
  const clip = federer();
  const out = computeTechniqueResult({ ...clip, meta: META });
  const byName = new Map(out.result.features.map((f) => [f.feature_name, f]));

  test('at least 8 features, all valid against the contract', () => {
    expect(() => TechniqueResult.parse(out.result)).not.toThrow();
    expect(out.result.features.length).toBeGreaterThanOrEqual(8);
    for (const f of out.result.features) expect(() => Feature.parse(f)).not.toThrow();
  });

  test('detected contact is in the window seen on the video (frames 112–130)', () => {
    expect(out.contact.detected).toBe(true);
    expect(out.contact.frame).toBeGreaterThanOrEqual(112);
    expect(out.contact.frame).toBeLessThanOrEqual(130);
    expect(byName.get('elbow_angle_at_contact')!.event.frame_nr).toBe(out.contact.frame);
  });

  test('kinetic chain peaks lie inside the clip, around the stroke', () => {
    const sd = out.result.kinetic_chain!.speed_dict;
    for (const s of [sd.hip, sd.shoulder, sd.wrist]) {
      expect(s.plot_values).toHaveLength(300);
      expect(s.peak_index).toBeGreaterThanOrEqual(0);
      expect(s.peak_index).toBeLessThan(300);
      expect(s.peak_index).toBeLessThanOrEqual(out.contact.frame + 4);
    }
    expect(out.result.wrist_speed!.plot_values).toHaveLength(300);
  });

  test('values are in physical ranges', () => {
    const v = (n: string) => byName.get(n)!.value;
    expect(v('knee_flexion_at_contact')).toBeGreaterThan(0);
    expect(v('knee_flexion_at_contact')).toBeLessThan(90);
    expect(v('elbow_angle_at_contact')).toBeGreaterThan(30);
    expect(v('elbow_angle_at_contact')).toBeLessThanOrEqual(180);
    expect(v('trunk_tilt_at_contact')).toBeLessThan(45);
    expect(v('stance_width')).toBeGreaterThan(0);
    expect(v('stance_width')).toBeLessThan(1);
    expect(v('wrist_speed')).toBeGreaterThan(0);
    expect(v('wrist_speed')).toBeLessThan(40);
    expect(v('hip_shoulder_separation')).toBeLessThan(90);
  });

  test('mislocated wrists (bone length jumps) are reported, not used', () => {
    expect(out.warnings.some((w) => /joint positions ignored: their bone length jumped/.test(w.detail ?? ''))).toBe(true);
  });

  test('tennis statistics of the slowed clip: no full-speed swing, player stays in place', () => {
    const st = computeTennisStats(clip);
    expect(st.schema_version).toBe(2);
    // The clip is slow motion: the real forehand's wrist speed on the video clock (≈ 1.5 m/s)
    // is below the 5 m/s tennis stroke threshold (strokes.ts), so no stroke is claimed (the tennis
    // task has no capture rate).
    expect(st.swings).toEqual([]);
    expect(st.movement.time_in_frame_s).toBeCloseTo(10.01, 2);
    expect(st.movement.share_in_frame).toBe(1);
    // Federer shuffles on the spot during the rally ball; the estimate stays small.
    expect(st.movement.distance_m).toBeGreaterThan(0);
    expect(st.movement.distance_m).toBeLessThan(3);
    // Scale: the player is ≈ 700 px tall for 1.85 m → ≈ 0.0026 m/px.
    expect(st.movement.metres_per_pixel).toBeGreaterThan(0.0018);
    expect(st.movement.metres_per_pixel).toBeLessThan(0.0035);
  });
});

test("tennis_forehand_2 through the engine's own geometric lift: contact found in the forward swing", () => {
  const { track, width, height } = loadCocoAsH36m(mediaPath('keypoints/tennis_forehand_2.coco17_detectron2.json'), FPS);
  const out = computeTechniqueResult({ pose2d: track, pose3d: liftTo3d(track, 1850), fps: FPS, width, height, meta: META });
  // Labelled contact 121 (±1). With the Detectron2 2D and the geometric lift the contact detector
  // lands at 128 (measured 2026-11-23: 7 video frames = 29 ms real time late; 142 with the earlier
  // peak-to-deceleration midpoint rule). The ±2-frame target on the engine's own pose is tracked by `npm run eval`; here:
  // within ±0.1 s of real time (±24 video frames at 240 fps capture) of the label.
  expect(out.contact.frame).toBeGreaterThanOrEqual(121 - 24);
  expect(out.contact.frame).toBeLessThanOrEqual(121 + 24);
  expect(out.result.features.length).toBeGreaterThanOrEqual(8);
  // The detector's mislocated right wrist in the return swing (frames 210–239) is masked, not used
  // (seen on the video clock: with the capture rate its 30 frames are 0.125 s of real time, within
  // the 0.25 s the series bridge by interpolation).
  const video = computeTechniqueResult({ pose2d: track, pose3d: liftTo3d(track, 1850), fps: FPS, width, height, meta: REAL_TIME });
  const hand = video.warnings.filter((w) => w.detail?.startsWith('no hand measurement in frames '));
  expect(hand).toHaveLength(1); // one warning per series, holes merged
  const ranges = [...hand[0]!.detail!.matchAll(/(\d+)–(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
  expect(ranges.some(([a, b]) => a! <= 210 && b! >= 239)).toBe(true);
});

describe('Pose2Sim balancing trial (real 3D markers, 60 fps)', () => {
  const trc = loadTrcAsH36m(mediaPath('keypoints/balance_portrait_60fps_1.pose2sim_3d.trc'));
  const out = computeTechniqueResult({ ...trc, width: 1080, height: 1920, meta: { ...REAL_TIME, sport: 'none', player_height_mm: 1750 } });

  test('analyses real 3D kinematics into valid features', () => {
    expect(() => TechniqueResult.parse(out.result)).not.toThrow();
    // Seen nearly front-on, the rotation features are left out for the view (view-gate.ts), each
    // with its reason; every other feature is measured.
    const forView = (out.result.features_left_out ?? []).filter((l) => /^filmed from /.test(l.reason));
    expect(forView.every((l) => l.reason.includes('camera cannot'))).toBe(true);
    expect(out.result.features.length).toBeGreaterThanOrEqual(5);
    expect(out.result.features.length + forView.length).toBeGreaterThanOrEqual(8);
  });

  test('wrist speed agrees with the raw marker speed (central differences, no smoothing)', () => {
    const p = trc.pose3d;
    const raw: number[] = [];
    for (let f = 1; f < p.frames - 1; f++) {
      const a = kpIndex(p, f - 1, J.rightWrist);
      const b = kpIndex(p, f + 1, J.rightWrist);
      raw.push(Math.hypot(p.keypoints[b]! - p.keypoints[a]!, p.keypoints[b + 1]! - p.keypoints[a + 1]!, p.keypoints[b + 2]! - p.keypoints[a + 2]!) * (trc.fps / 2));
    }
    const ws = out.result.wrist_speed!;
    const rawPeak = Math.max(...raw);
    // Smoothing lowers a jittery raw peak but must keep the order of magnitude of real motion.
    expect(ws.peak_speed!).toBeGreaterThan(0.3 * rawPeak);
    expect(ws.peak_speed!).toBeLessThanOrEqual(rawPeak + 1e-6);
    const meanRaw = raw.reduce((a, b) => a + b, 0) / raw.length;
    const meanSmooth = ws.plot_values!.reduce((a, b) => a + b, 0) / ws.plot_values!.length;
    expect(Math.abs(meanSmooth - meanRaw) / meanRaw).toBeLessThan(0.35);
  });

  test('rotation speeds are finite and below what a human trunk can do (< 1500 °/s)', () => {
    const sd = out.result.kinetic_chain!.speed_dict;
    for (const s of [sd.hip, sd.shoulder]) {
      expect(s.peak_speed).toBeGreaterThan(0);
      expect(s.peak_speed).toBeLessThan(1500);
      expect(s.plot_values.every(Number.isFinite)).toBe(true);
    }
  });

  test('knee flexion of a standing balance trial is small and positive', () => {
    const knee = out.result.features.find((f) => f.feature_name === 'knee_flexion_at_contact')!;
    expect(knee.value).toBeGreaterThan(0);
    expect(knee.value).toBeLessThan(60);
  });
});
