/**
 * Input checks shared by the technique analysis and the tennis statistics: the two tracks must
 * describe the same frames, and how much of the clip has the core joints measured.
 */
import { J } from '../pose/h36m.js';
import type { PoseTrack } from '../pose/pose-track.js';
import type { Kinematics } from './kinematics.js';
import { jointValid, joint3, norm, sub, type PosePair } from './pose-access.js';
import { median } from './signal.js';
import { boneOutliers } from './bone-check.js';

/**
 * Checks that pose2d is 2D, pose3d is 3D, both H36M-17 with the same number of frames, and
 * attaches the bone-length outlier mask (`rejectedCount` = joint-frames rejected).
 * @throws Error naming the mismatch.
 */
export function checkPair(pose2d: PoseTrack, pose3d: PoseTrack): PosePair & { rejectedCount: number } {
  if (pose2d.dims !== 2) throw new Error(`pose2d must have dims 2, got ${pose2d.dims}`);
  if (pose3d.dims !== 3) throw new Error(`pose3d must have dims 3, got ${pose3d.dims}`);
  if (pose2d.joints < 17 || pose3d.joints < 17) throw new Error(`pose tracks must be H36M-17 (got ${pose2d.joints} and ${pose3d.joints} joints)`);
  if (pose2d.frames !== pose3d.frames) throw new Error(`pose2d has ${pose2d.frames} frames but pose3d has ${pose3d.frames}`);
  const { mask, flagged } = boneOutliers(pose2d, pose3d);
  return { pose2d, pose3d, rejected: mask, rejectedCount: flagged };
}

/** Number of frames in which every joint of `joints` is measured. */
export function usableFrames(p: PosePair, joints: readonly number[]): number {
  let n = 0;
  for (let f = 0; f < p.pose3d.frames; f++) if (joints.every((j) => jointValid(p, f, j))) n++;
  return n;
}

/**
 * Two-handed backhand test: the median 3D distance between the wrists within ±{@link TWO_HAND_WINDOW_S}
 * of contact is below {@link TWO_HAND_MAX_M}. Two hands on one grip keep the wrists ≈ 0.1 m apart;
 * in a one-handed backhand the free hand is pulled back, ≥ 0.5 m away (coaching observation; the
 * 0.25 m cut sits between the two).
 */
export const TWO_HAND_MAX_M = 0.25;
export const TWO_HAND_WINDOW_S = 0.1;

/** True when the wrists stay together around contact (see {@link TWO_HAND_MAX_M}). */
export function inferTwoHanded(p: PosePair, k: Kinematics, contact: number): boolean {
  const t0 = k.t[contact]!;
  const d: number[] = [];
  for (let f = 0; f < k.t.length; f++) {
    if (Math.abs(k.t[f]! - t0) > TWO_HAND_WINDOW_S + 1e-9) continue;
    const l = joint3(p, f, J.leftWrist);
    const r = joint3(p, f, J.rightWrist);
    if (l && r) d.push(norm(sub(l, r)));
  }
  const m = median(d);
  return Number.isFinite(m) && m < TWO_HAND_MAX_M;
}
