/** Joint angles of a hand-made pose and angle error statistics. */
import { describe, expect, it } from 'vitest';
import type { Vec3 } from '../../main/pose/vec3.js';
import { J } from '../../main/pose/h36m.js';
import { angleError, jointAngles } from './angles.js';

describe('jointAngles', () => {
  it('measures flexion, tilt and headings as the analysis defines them', () => {
    const pose: Partial<Record<number, Vec3>> = {
      [J.pelvis]: [0, 1, 0],
      [J.thorax]: [0.5, 1.5, 0], // pelvis→thorax (0.5, 0.5, 0): 45° from vertical
      [J.leftHip]: [-0.1, 1, 0], // left→right hip along +x: heading 0°
      [J.rightHip]: [0.1, 1, 0],
      [J.leftKnee]: [-0.1, 0.5, 0],
      [J.leftAnkle]: [-0.1, 0.5, 0.5], // knee→hip up, knee→ankle forward: 90° → flexion 90°
      [J.leftShoulder]: [0, 1.5, 0.1], // left→right shoulder along −z: atan2(0.2, 0) = 90°
      [J.rightShoulder]: [0, 1.5, -0.1],
      [J.rightElbow]: [0, 1.2, -0.1],
      [J.rightWrist]: [0, 0.9, -0.1], // straight arm: flexion 0°
    };
    const a = jointAngles((j) => pose[j] ?? null);
    expect(a.left_knee_flexion).toBeCloseTo(90, 9);
    expect(a.right_elbow_flexion).toBeCloseTo(0, 6);
    expect(a.trunk_tilt).toBeCloseTo(45, 9);
    expect(a.pelvis_heading).toBeCloseTo(0, 9);
    expect(a.shoulder_line_heading).toBeCloseTo(90, 9);
    expect(a.right_knee_flexion).toBeNaN(); // right knee missing
  });
});

describe('angleError', () => {
  it('averages over frames where both are finite', () => {
    expect(angleError([10, 20, NaN], [0, 30, 5], false)).toEqual({ mae: 10, rms: 10, bias: 0, n: 2 });
  });
  it('wraps differences and removes the mean offset of headings', () => {
    // 170 − 160 = 10; −170 − 170 = −340 → +20: circular mean 15, residuals −5 and +5.
    const e = angleError([170, -170], [160, 170], true);
    expect(e.bias).toBeCloseTo(15, 9);
    expect(e.mae).toBeCloseTo(5, 9);
    expect(e.rms).toBeCloseTo(5, 9);
  });
});
