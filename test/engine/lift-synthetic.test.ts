/**
 * The 3D lift on synthetic swings with known depth: a skeleton built from the lift's own bone
 * lengths (BONE_RATIOS × 1.80 m), torso turning +90° and back, the right arm circling, projected
 * orthographically to 2D (400 px/m). Checks that the clip-wide sign choice (lift-signs.ts)
 * recovers the turn direction and speed, tells a forehand from a backhand, and that the 3D
 * smoothing (lift-smooth.ts) keeps the wrist's speed peak.
 */
import { describe, expect, it } from 'vitest';
import { BONE_RATIOS, liftTo3d } from '../../main/engine/lift/lift-3d.js';
import { smoothLift } from '../../main/engine/lift/lift-smooth.js';
import { H36M_LIMBS } from '../../main/pose/h36m.js';
import { createPoseTrack, type PoseTrack } from '../../main/pose/pose-track.js';
import { computeTennisStats } from '../../main/analysis/index.js';
import { synthTracks } from '../analysis/support/synthetic.js';

type V = [number, number, number];
const H = 1.8;
const FPS = 30;
const PX_PER_M = 400;
const add = (a: V, b: V): V => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: V, k: number): V => [a[0] * k, a[1] * k, a[2] * k];
const unit = (a: V): V => scale(a, 1 / Math.hypot(...a));
const mix = (...terms: [number, V][]): V => unit(terms.reduce<V>((s, [k, v]) => add(s, scale(v, k)), [0, 0, 0]));
const UP: V = [0, 1, 0];
const L = (bone: string) => (BONE_RATIOS[bone] ?? 0) * H;

/** Pose parameters of one frame: shoulder/hip line headings ψ (deg, atan2(−dz, dx)), arm phase φ (rad). */
interface Frame {
  trunkDeg: number;
  pelvisDeg: number;
  armRad: number;
}

/** 17 H36M joints (metres, pelvis at 0, y up, z toward the camera) of one synthetic frame. */
function skeleton(p: Frame): V[] {
  const line = (deg: number): V => [Math.cos((deg * Math.PI) / 180), 0, -Math.sin((deg * Math.PI) / 180)];
  const r = line(p.trunkDeg);
  const rh = line(p.pelvisDeg);
  const f: V = [r[2], 0, -r[0]]; // chest normal = up × shoulder line
  const j: V[] = Array.from({ length: 17 }, (): V => [0, 0, 0]);
  const put = (bone: string, dir: V) => {
    const [a, b] = H36M_LIMBS[bone]!;
    j[b] = add(j[a]!, scale(unit(dir), L(bone)));
  };
  put('right_hip', rh);
  put('left_hip', scale(rh, -1));
  for (const s of ['right', 'left']) {
    put(`${s}_thigh`, [0, -1, 0]);
    put(`${s}_shin`, [0, -1, 0]);
  }
  put('lower_spine', UP);
  put('upper_spine', UP);
  put('neck', mix([1, UP], [0.5, f]));
  put('head', mix([1, UP], [-0.3, f]));
  put('right_clavicle', r);
  put('left_clavicle', scale(r, -1));
  // Right arm straight, circling around the shoulder in a plane tilted 17° below the horizontal.
  const arm = mix([-0.3, UP], [Math.cos(p.armRad), r], [Math.sin(p.armRad), f]);
  put('right_upper_arm', arm);
  put('right_forearm', arm);
  put('left_upper_arm', mix([-1, UP], [0.3, f]));
  put('left_forearm', mix([-0.5, UP], [1, f]));
  return j;
}

/** 2D (pixels, y down; plus uniform noise of ±noisePx from a fixed-seed LCG) and true 3D tracks, 30 fps. */
function render(frames: Frame[], noisePx = 0): { t2: PoseTrack; truth: V[][] } {
  let seed = 12345;
  const noise = () => noisePx * (((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1);
  const t2 = createPoseTrack(frames.length, 2);
  const truth = frames.map(skeleton);
  truth.forEach((js, f) => {
    t2.present[f] = 1;
    t2.timestamps[f] = f / FPS;
    js.forEach(([x, y], k) => t2.keypoints.set([960 + x * PX_PER_M + noise(), 700 - y * PX_PER_M + noise()], (f * 17 + k) * 2));
    t2.confidences.fill(0.9, f * 17, f * 17 + 17);
  });
  return { t2, truth };
}

/** Torso turn of +turnDeg and back (sin² profile) over `s` seconds, arm circling at ω rad/s. */
function swing(startDeg: number, turnDeg: number, s = 0.8, omega = 6): Frame[] {
  return Array.from({ length: Math.round(s * FPS) }, (_, f) => {
    const turn = turnDeg * Math.sin((Math.PI * f) / (s * FPS)) ** 2;
    return { trunkDeg: startDeg + turn, pelvisDeg: startDeg + 0.7 * turn, armRad: omega * (f / FPS) };
  });
}

const yawOf = (pts: (f: number, j: number) => V, n: number, a = 11, b = 14) => {
  const out: number[] = [];
  for (let f = 0; f < n; f++) {
    const d = [0, 1, 2].map((k) => pts(f, b)[k]! - pts(f, a)[k]!);
    let y = (Math.atan2(-d[2]!, d[0]!) * 180) / Math.PI;
    if (out.length) y += 360 * Math.round((out[out.length - 1]! - y) / 360); // unwrap
    out.push(y);
  }
  return out;
};
const rate = (y: number[]) => y.map((_, f) => ((y[Math.min(f + 1, y.length - 1)]! - y[Math.max(f - 1, 0)]!) * FPS) / (Math.min(f + 1, y.length - 1) - Math.max(f - 1, 0)));
const lifted = (t3: PoseTrack) => (f: number, j: number): V => [0, 1, 2].map((k) => t3.keypoints[(f * 17 + j) * 3 + k]!) as V;

// Noise: 0 and ±3 px (7.5 mm at 400 px/m), not smoothed. Measured without / with noise: turn
// direction right in 23/23 / 22/23 turning frames; peak rate 349 / 409 deg/s (truth 349; the test
// differentiates the raw heading, so noise adds to it); heading error ≤ 0.03° / ≤ 3.3°.
describe.each([0, 3])('3D lift: temporal sign consistency on a synthetic swing, 2D noise ±%i px', (noisePx) => {
  const frames = swing(135, 90); // facing the camera turned 45° left, through square, 45° right, and back
  const { t2, truth } = render(frames, noisePx);
  const t3 = liftTo3d(t2, H * 1000);
  const yTrue = yawOf((f, j) => truth[f]![j]!, frames.length);
  const yLift = yawOf(lifted(t3), frames.length);
  const wTrue = rate(yTrue);
  const wLift = rate(yLift);

  it('recovers the turn direction in ≥ 95 % of the turning frames', () => {
    const peak = Math.max(...wTrue.map(Math.abs));
    const turning = wTrue.map((w, f) => [w, f] as const).filter(([w]) => Math.abs(w) > 0.1 * peak);
    const agree = turning.filter(([w, f]) => Math.sign(w) === Math.sign(wLift[f]!)).length;
    expect(turning.length).toBeGreaterThan(15);
    expect(agree / turning.length).toBeGreaterThanOrEqual(0.95);
  });

  it('gives the shoulder line the true heading (±10°) and its peak angular speed within 20 %', () => {
    for (let f = 0; f < frames.length; f++) expect(Math.abs(yLift[f]! - yTrue[f]!)).toBeLessThan(10);
    const pTrue = Math.max(...wTrue.map(Math.abs));
    const pLift = Math.max(...wLift.map(Math.abs));
    expect(pTrue).toBeGreaterThan(300); // 90° · π / 0.8 s ≈ 353 deg/s
    expect(Math.abs(pLift / pTrue - 1)).toBeLessThan(0.2);
  });

  it('has no frame-to-frame jump of the trunk heading above 30°', () => {
    for (let f = 1; f < yLift.length; f++) expect(Math.abs(yLift[f]! - yLift[f - 1]!)).toBeLessThan(30);
  });

  it('is deterministic', () => {
    expect(Array.from(liftTo3d(t2, H * 1000).keypoints)).toEqual(Array.from(t3.keypoints));
  });
});

describe('3D lift: forehand vs backhand', () => {
  const net = (frames: Frame[]) => {
    const half = frames.slice(0, frames.length >> 1); // the turn only, not the way back
    const y = yawOf(lifted(liftTo3d(render(half).t2, H * 1000)), half.length);
    return y[y.length - 1]! - y[0]!;
  };
  it('lifts a forehand turn and a backhand turn to opposite directions', () => {
    const forehand = net(swing(135, 90));
    const backhand = net(swing(225, -90));
    expect(forehand).toBeGreaterThan(60);
    expect(backhand).toBeLessThan(-60);
  });
});

describe("3D lift of the analysis tests' synthetic rally (other proportions than Winter's)", () => {
  // test/analysis/support/synthetic.ts: a forehand at 1 s then a backhand at 3 s, trunk turning
  // ±60° through square, 60 fps. Per-frame sign guesses lifted both strokes to the same turn.
  it.each([
    ['front', 'right'],
    ['front', 'left'],
    ['side', 'right'],
    ['side', 'left'],
  ] as const)('%s camera, %s-hander: the two strokes turn in opposite, true directions at ±20 %% of the true rate', (view, hand) => {
    const t = synthTracks({ seconds: 4, hand, view, swings: [{ t: 1, side: 'forehand' }, { t: 3, side: 'backhand' }] });
    const truth = computeTennisStats({ ...t, dominantHand: hand }).swings.map((s) => s.trunk_rotation_dps!);
    const lift = computeTennisStats({ ...t, pose3d: liftTo3d(t.pose2d, 1750), dominantHand: hand }).swings.map((s) => s.trunk_rotation_dps!);
    expect(lift).toHaveLength(2);
    expect(Math.sign(lift[0]!)).toBe(hand === 'right' ? 1 : -1);
    expect(Math.sign(lift[1]!)).toBe(-Math.sign(lift[0]!));
    lift.forEach((w, i) => expect(Math.abs(w / truth[i]! - 1)).toBeLessThan(0.2));
  });
});

describe('3D smoothing keeps the swing peak', () => {
  it('changes the peak speed of a 6 m/s wrist circle by < 5 %', () => {
    const n = 60;
    const t3 = createPoseTrack(n, 3);
    const radius = L('right_upper_arm') + L('right_forearm');
    const omega = 6 / radius; // rad/s for 6 m/s
    for (let f = 0; f < n; f++) {
      t3.present[f] = 1;
      const js = skeleton({ trunkDeg: 180, pelvisDeg: 180, armRad: (omega * f) / FPS });
      js.forEach((v, k) => t3.keypoints.set(v, (f * 17 + k) * 3));
    }
    const peak = (t: PoseTrack) => {
      let m = 0;
      for (let f = 1; f < n - 1; f++) m = Math.max(m, Math.hypot(...[0, 1, 2].map((k) => t.keypoints[((f + 1) * 17 + 16) * 3 + k]! - t.keypoints[((f - 1) * 17 + 16) * 3 + k]!)) * (FPS / 2));
      return m;
    };
    const before = peak(t3);
    smoothLift(t3.keypoints, [[0, n - 1]], FPS);
    const after = peak(t3);
    expect(before).toBeGreaterThan(5);
    expect(Math.abs(after / before - 1)).toBeLessThan(0.05);
  });
});
