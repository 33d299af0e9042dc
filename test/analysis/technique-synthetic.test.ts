/**
 * Technique analysis on synthetic swings whose answers are known by construction
 * (support/synthetic.ts).
 */
import { describe, expect, test } from 'vitest';
import { computeTechniqueResult, InsufficientPoseError, type AnalysisInput } from '../../main/analysis/index.js';
import { Feature, TechniqueResult, type TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { J } from '../../main/pose/h36m.js';
import { kpIndex } from '../../main/pose/pose-track.js';
import { formatValue, type Unit } from '../../main/analysis/technique/feature-types.js';
import { dropJoint, rotY, synthTracks, TRUNK_LEAD_S, type SynthOptions } from './support/synthetic.js';

const META: TechniqueRequestMetadata = { uid: 'u1', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1750 };

/**
 * Filmed side-on, where every feature is measurable (camera-view.ts): the swing ends ≈ 30° past
 * square at contact, so the body is turned 90° ∓ 30° (heading ≈ 90° at contact).
 */
function input(opts: SynthOptions = {}, meta: Partial<TechniqueRequestMetadata> = {}): AnalysisInput {
  const dir = (opts.swings?.[0]?.side === 'backhand' ? -1 : 1) * (opts.hand === 'left' ? -1 : 1);
  const t = synthTracks({ cameraYawDeg: 90 - 30 * dir, ...opts });
  return { ...t, meta: { ...META, ...meta } };
}

const feature = (r: TechniqueResult, name: string) => r.features.find((f) => f.feature_name === name);

describe('computeTechniqueResult on a synthetic forehand', () => {
  const out = computeTechniqueResult(input({ kneeFlexDeg: 40 }));

  test('result validates against the contract and has at least 8 features', () => {
    expect(() => TechniqueResult.parse(out.result)).not.toThrow();
    for (const f of out.result.features) expect(() => Feature.parse(f)).not.toThrow();
    expect(out.result.features.length).toBeGreaterThanOrEqual(8);
    // At 60 images/s the built 12 ms trunk → hand lag is finer than a frame period: not scored.
    expect(out.warnings.map((w) => w.detail)).toEqual([
      'kinetic_chain_sequence left out: the timing of the speed peaks cannot be resolved: gap 12 ms ± 44 ms, the peaks fall within one frame period (17 ms)',
    ]);
    expect(out.result.features_left_out?.map((f) => f.feature_name)).toEqual(['kinetic_chain_sequence']);
  });

  test('knees bent at exactly 40° measure 40 ± 1°', () => {
    expect(feature(out.result, 'knee_flexion_at_contact')?.value).toBeCloseTo(40, 0);
  });

  test('contact is detected at the hand-speed peak the swing was built around (arm peak at 1 s)', () => {
    expect(out.contact.detected).toBe(true);
    expect(out.contact.timestamp).toBeGreaterThan(1 - TRUNK_LEAD_S);
    expect(out.contact.timestamp).toBeLessThanOrEqual(1 + 1 / 60);
    const f = feature(out.result, 'knee_flexion_at_contact')!;
    expect(f.event).toMatchObject({ name: 'ball_contact', timestamp: out.contact.timestamp, frame_nr: out.contact.frame, hand_measured: true });
    expect(f.event.confidence).toBeGreaterThan(0.8);
  });

  test('speed features are peaks in the forward swing, with the value at contact secondary', () => {
    const sd = out.result.kinetic_chain!.speed_dict;
    for (const [name, series] of [['pelvis_rotation_speed', sd.hip], ['trunk_rotation_speed', sd.shoulder], ['wrist_speed', sd.wrist]] as const) {
      const f = feature(out.result, name)!;
      expect(f.event.name).toBe('forward_swing');
      expect(f.event.frame_nr).toBe(series.peak_index);
      expect(f.value).toBeCloseTo(series.peak_speed, 2);
      expect(f.value_at_contact).toBeCloseTo(series.plot_values[out.contact.frame]!, 2);
      expect(f.value).toBeGreaterThanOrEqual(f.value_at_contact!);
      expect(f.confidence).toBeCloseTo(0.9, 3);
    }
  });

  test('hip–shoulder separation and unit turn match the constructed rotations', () => {
    // Built: pelvis ±40°, trunk ±60° (tanh); at the end of the backswing separation → 20°;
    // unit turn = 60° + trunk heading at contact, 60·tanh((t_contact − 1 + TRUNK_LEAD_S)/τ).
    expect(feature(out.result, 'hip_shoulder_separation')!.value).toBeCloseTo(20, 0);
    const expected = 60 + 60 * Math.tanh((out.contact.timestamp - 1 + TRUNK_LEAD_S) / 0.08);
    expect(Math.abs(feature(out.result, 'unit_turn')!.value - expected)).toBeLessThan(1.5);
  });

  test('kinetic chain: pelvis peaks before trunk before hand, peaks inside the clip', () => {
    const sd = out.result.kinetic_chain!.speed_dict;
    expect(sd.hip.peak_index).toBeLessThan(sd.shoulder.peak_index);
    expect(sd.shoulder.peak_index).toBeLessThan(sd.wrist.peak_index);
    for (const s of [sd.hip, sd.shoulder, sd.wrist]) {
      expect(s.plot_values).toHaveLength(120);
      expect(s.peak_speed).toBe(s.plot_values[s.peak_index]);
    }
    expect(sd.hip.unit).toBe('deg/s');
    expect(sd.wrist.unit).toBe('m/s');
    // Built lags: pelvis → trunk 30 ms; the hand (carried by trunk and arm) peaks between the
    // trunk and the arm peaks, 12 ms after the trunk. Even at 240 images/s that lag is inside the
    // peaks' own spread (samples within 10 % of a tanh-rate peak span ±0.33 τ = ±26 ms at τ = 80
    // ms: chain.ts PEAK_TIE_SHARE), so the timing is left out with its uncertainty, not scored.
    const fast = computeTechniqueResult(input({ kneeFlexDeg: 40, fps: 240 }));
    expect(feature(fast.result, 'kinetic_chain_sequence')).toBeUndefined();
    expect(fast.warnings.map((w) => w.detail)).toEqual([
      'kinetic_chain_sequence left out: the timing of the speed peaks cannot be resolved: gap 12 ms ± 53 ms, its uncertainty crosses zero',
    ]);
    // Peak trunk rate of 60°·tanh(t/τ): 60/0.08 = 750 °/s, minus smoothing (< 7 %).
    expect(sd.shoulder.peak_speed).toBeGreaterThan(700);
    expect(sd.shoulder.peak_speed).toBeLessThan(760);
  });

  test('events follow the swing: end of backswing < ball contact < follow-through', () => {
    const ev = (name: string) => out.result.features.find((f) => f.event.name === name)!.event;
    expect(ev('backswing_end').frame_nr).toBeLessThan(ev('ball_contact').frame_nr);
    expect(ev('follow_through').frame_nr).toBeGreaterThan(ev('ball_contact').frame_nr);
    expect(ev('follow_through').timestamp - ev('ball_contact').timestamp).toBeLessThanOrEqual(1.2);
  });

  test('feature_categories aggregate the features', () => {
    const cats = out.result.feature_categories;
    const total = Object.values(cats).reduce((a, c) => a + c.feature_count, 0);
    expect(total).toBe(out.result.features.reduce((a, f) => a + f.feature_categories.length, 0));
    const power = cats.power!;
    const scores = out.result.features.filter((f) => f.feature_categories.includes('power')).map((f) => f.score);
    expect(power.average_score).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 1);
  });

  test('every feature has a sourced, level-consistent score and text that quotes the value', () => {
    for (const f of out.result.features) {
      expect(typeof f.reference_source).toBe('string');
      expect(f.observation.length).toBeGreaterThan(30);
      expect(f.suggestion.length).toBeGreaterThan(30);
      expect(f.observation).toContain(formatValue(f.value, f.unit as Unit).replace('-', ''));
      const [lo, hi] = f.score_ranges[f.level as 'beginner'];
      expect(f.score).toBeGreaterThanOrEqual(lo);
      expect(f.score).toBeLessThanOrEqual(hi);
      for (const [name, pair] of Object.entries(f.highlight_limbs)) expect(pair, name).toHaveLength(2);
    }
  });
});

test('a wrist moving at a known speed (6 m/s on a circle) reads 6 m/s ± 2 %', () => {
  const inp = input({ swings: [], seconds: 2 });
  const { pose3d, pose2d } = inp;
  const omega = 12; // rad/s, wrist radius 0.5 m about the vertical through the shoulder → 6 m/s
  for (let f = 0; f < pose3d.frames; f++) {
    const deg = (omega * pose3d.timestamps[f]! * 180) / Math.PI;
    const s = Array.from(pose3d.keypoints.subarray(kpIndex(pose3d, f, J.rightShoulder), kpIndex(pose3d, f, J.rightShoulder) + 3)) as [number, number, number];
    const el = rotY([0, -0.1, 0.25], deg).map((v, i) => v + s[i]!);
    const wr = rotY([0, -0.2, 0.5], deg).map((v, i) => v + s[i]!);
    pose3d.keypoints.set(el, kpIndex(pose3d, f, J.rightElbow));
    pose3d.keypoints.set(wr, kpIndex(pose3d, f, J.rightWrist));
    pose2d.keypoints.set([960 + 300 * el[0]!, 700 - 300 * el[1]!], kpIndex(pose2d, f, J.rightElbow));
    pose2d.keypoints.set([960 + 300 * wr[0]!, 700 - 300 * wr[1]!], kpIndex(pose2d, f, J.rightWrist));
  }
  const out = computeTechniqueResult({ ...inp, meta: { ...META, ball_timestamp: 1 } });
  const v = out.result.wrist_speed!.plot_values!;
  for (let f = 10; f < v.length - 10; f++) expect(Math.abs(v[f]! - 6) / 6).toBeLessThan(0.02);
  expect(out.result.wrist_speed!.hand).toBe('right');
  expect(out.result.wrist_speed!.unit).toBe('m/s');
  expect(feature(out.result, 'wrist_speed')!.value).toBeCloseTo(6, 0);
});

test('ball_timestamp sets the contact event to the nearest frame', () => {
  const out = computeTechniqueResult(input({}, { ball_timestamp: 0.9012 }));
  expect(out.contact).toEqual({ frame: 54, timestamp: 54 / 60, detected: false });
  // A given ball_timestamp is certain (confidence 1); the hand is measured there.
  expect(feature(out.result, 'knee_flexion_at_contact')!.event).toEqual({ name: 'ball_contact', timestamp: 0.9, frame_nr: 54, confidence: 1, hand_measured: true });
});

test('ball_timestamp outside the clip falls back to detection with a warning', () => {
  const out = computeTechniqueResult(input({}, { ball_timestamp: 9 }));
  expect(out.contact.detected).toBe(true);
  expect(out.warnings.map((w) => w.detail).join(' ')).toMatch(/ball_timestamp 9\.000 s is outside the pose frames/);
});

test('a joint missing at contact leaves its features out with a warning, never a number', () => {
  const inp = input({}, { ball_timestamp: 1 });
  dropJoint(inp, 60, J.leftKnee);
  const out = computeTechniqueResult(inp);
  expect(feature(out.result, 'knee_flexion_at_contact')).toBeUndefined();
  expect(out.warnings.map((w) => w.detail)).toContain('knee_flexion_at_contact left out: left_knee not measured at frame 60 (ball contact)');
  expect(feature(out.result, 'elbow_angle_at_contact')).toBeDefined();
});

test('too little pose throws InsufficientPoseError', () => {
  const inp = input();
  inp.pose3d.present.fill(0, 20);
  inp.pose2d.present.fill(0, 20);
  expect(() => computeTechniqueResult(inp)).toThrow(InsufficientPoseError);
  expect(() => computeTechniqueResult(inp)).toThrow(/measured in 20 of 120 frames, at least 30/);
});

test('malformed tracks are refused with a specific error', () => {
  const inp = input();
  expect(() => computeTechniqueResult({ ...inp, pose2d: inp.pose3d })).toThrow('pose2d must have dims 2, got 3');
});

test('pickleball backhand drive is two-handed: both wrists, hands-together feature', () => {
  const out = computeTechniqueResult(input({ swings: [{ t: 1, side: 'backhand' }], twoHanded: true }, { sport: 'pickleball', swing_type: 'backhand_drive' }));
  const together = feature(out.result, 'hands_together_at_contact')!;
  expect(together.value).toBeCloseTo(0.08, 2);
  expect(together.level).toBe('professional');
  expect(feature(out.result, 'wrist_speed')!.highlight_joints).toEqual([J.leftWrist, J.rightWrist]);
  expect(out.result.features.length).toBeGreaterThanOrEqual(8);
});

test('tennis backhand: one- or two-handed is inferred from the wrist distance', () => {
  // Filmed front-on (the wrist distance is read in the picture; no rotation feature is checked).
  const one = computeTechniqueResult(input({ swings: [{ t: 1, side: 'backhand' }], cameraYawDeg: 0 }, { swing_type: 'backhand_drive' }));
  expect(one.warnings.map((w) => w.detail)).toContain('backhand judged one-handed: the wrists are apart around contact');
  expect(feature(one.result, 'hands_together_at_contact')).toBeUndefined();
  const two = computeTechniqueResult(input({ swings: [{ t: 1, side: 'backhand' }], twoHanded: true, cameraYawDeg: 0 }, { swing_type: 'backhand_drive' }));
  expect(two.warnings.map((w) => w.detail)).toContain('backhand judged two-handed: both wrists stay together around contact');
  expect(feature(two.result, 'hands_together_at_contact')).toBeDefined();
});

test('sport none and a left-hander give the same features with generic ranges', () => {
  const out = computeTechniqueResult(input({ hand: 'left' }, { sport: 'none', dominant_hand: 'left' }));
  expect(out.result.features.length).toBeGreaterThanOrEqual(8);
  expect(feature(out.result, 'wrist_speed')!.value_ranges.professional).toEqual([5, 15]);
  expect(out.result.wrist_speed!.hand).toBe('left');
  expect(out.result.features_left_out?.map((f) => f.feature_name)).toEqual(['kinetic_chain_sequence']);
});

describe('rotation speeds beyond what a body does (rotation-ceiling.ts)', () => {
  test('a pose whose hips and shoulders turn faster than any measured throw is not scored on them', () => {
    // Turns three times as far in the same time: pelvis ±120°, trunk ±180°, peaks ≈ 1400 and 2100 deg/s, over 928 and 1699.
    const r = computeTechniqueResult(input({ bodyTurnScale: 3 })).result;
    const left = Object.fromEntries((r.features_left_out ?? []).map((f) => [f.feature_name, f.reason]));
    expect(feature(r, 'pelvis_rotation_speed')).toBeUndefined();
    expect(feature(r, 'trunk_rotation_speed')).toBeUndefined();
    expect(left.pelvis_rotation_speed).toMatch(/^the hips read \d+°\/s, faster than any measured throw or hit turns them \(at most 928°\/s/);
    expect(left.trunk_rotation_speed).toMatch(/^the shoulders read \d+°\/s, .*at most 1699°\/s/);
    expect(left.kinetic_chain_sequence).toBe(left.pelvis_rotation_speed);
    expect(feature(r, 'wrist_speed')).toBeDefined();
  });
});
