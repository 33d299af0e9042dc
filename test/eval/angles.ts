/**
 * Joint angles of a 3D H36M-17 pose (y up), computed as the analysis computes its features
 * (main/analysis/features-body.ts, kinematics.ts: same helpers), and the error statistics of one
 * angle series against a reference series.
 */
import { angleAt, angleDiffDeg, sub, yaw, type Vec3 } from '../../main/pose/vec3.js';
import { J } from '../../main/pose/h36m.js';

/** The compared angles, degrees. */
export const ANGLE_NAMES = [
  'left_knee_flexion',
  'right_knee_flexion',
  'left_elbow_flexion',
  'right_elbow_flexion',
  'trunk_tilt',
  'pelvis_heading',
  'shoulder_line_heading',
] as const;
export type AngleName = (typeof ANGLE_NAMES)[number];

/** Headings: rotation about the vertical axis, compared up to a constant offset (the camera's unknown heading). */
export const HEADINGS: readonly AngleName[] = ['pelvis_heading', 'shoulder_line_heading'];

/**
 * The angles of one pose, degrees (NaN where a joint is missing):
 * knee flexion = 180 − ∠(hip, knee, ankle); elbow flexion = 180 − ∠(shoulder, elbow, wrist);
 * trunk tilt = angle between pelvis→thorax and the vertical (+y); pelvis heading = heading of
 * left_hip → right_hip, shoulder-line heading = of left_shoulder → right_shoulder, both
 * atan2(−dz, dx) on the horizontal plane (main/pose/vec3.ts `yaw`).
 */
export function jointAngles(get: (j: number) => Vec3 | null): Record<AngleName, number> {
  const flex = (a: number, b: number, c: number) => {
    const [pa, pb, pc] = [get(a), get(b), get(c)];
    return pa && pb && pc ? 180 - angleAt(pa, pb, pc) : NaN;
  };
  const head = (a: number, b: number) => {
    const [pa, pb] = [get(a), get(b)];
    return pa && pb ? (yaw(pa, pb) * 180) / Math.PI : NaN;
  };
  const [pelvis, thorax] = [get(J.pelvis), get(J.thorax)];
  const up = pelvis && thorax ? sub(thorax, pelvis) : null;
  return {
    left_knee_flexion: flex(J.leftHip, J.leftKnee, J.leftAnkle),
    right_knee_flexion: flex(J.rightHip, J.rightKnee, J.rightAnkle),
    left_elbow_flexion: flex(J.leftShoulder, J.leftElbow, J.leftWrist),
    right_elbow_flexion: flex(J.rightShoulder, J.rightElbow, J.rightWrist),
    trunk_tilt: up ? angleAt(up, [0, 0, 0], [0, 1, 0]) : NaN,
    pelvis_heading: head(J.leftHip, J.rightHip),
    shoulder_line_heading: head(J.leftShoulder, J.rightShoulder),
  };
}

/** Error statistics of an angle series, degrees. */
export interface AngleError {
  /** Mean of |ours − reference| over frames where both are finite. */
  mae: number;
  /** Root mean square of ours − reference. */
  rms: number;
  /** Mean of ours − reference (for headings: the removed offset). */
  bias: number;
  /** Frames compared. */
  n: number;
}

/**
 * Error of `ours` against `ref` (same frames, degrees). Differences are wrapped to (−180, 180].
 * With `removeOffset` (headings), the circular mean difference is subtracted first and reported
 * as `bias`; mae and rms are then of the residual.
 */
export function angleError(
  ours: ArrayLike<number>,
  ref: ArrayLike<number>,
  removeOffset: boolean,
): AngleError {
  const d: number[] = [];
  for (let i = 0; i < Math.min(ours.length, ref.length); i++) {
    if (Number.isFinite(ours[i]) && Number.isFinite(ref[i])) d.push(angleDiffDeg(ours[i]!, ref[i]!));
  }
  if (!d.length) return { mae: NaN, rms: NaN, bias: NaN, n: 0 };
  let bias = d.reduce((a, b) => a + b, 0) / d.length;
  let r = d;
  if (removeOffset) {
    const rad = d.map((v) => (v * Math.PI) / 180);
    bias =
      (Math.atan2(
        rad.reduce((a, v) => a + Math.sin(v), 0),
        rad.reduce((a, v) => a + Math.cos(v), 0),
      ) *
        180) /
      Math.PI;
    r = d.map((v) => angleDiffDeg(v, bias));
  }
  return {
    mae: r.reduce((a, v) => a + Math.abs(v), 0) / r.length,
    rms: Math.sqrt(r.reduce((a, v) => a + v * v, 0) / r.length),
    bias,
    n: r.length,
  };
}
