/**
 * Input checks shared by the technique analysis and the tennis statistics: the two tracks must
 * describe the same frames, and how much of the clip has the core joints measured.
 */
import { J } from '../../pose/h36m.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import type { Kinematics } from './kinematics.js';
import { jointValid, joint2, joint3, type PosePair } from './pose-access.js';
import { norm, sub } from '../../pose/vec3.js';
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
 * Two-handed backhand test: around contact (±{@link TWO_HAND_WINDOW_S}) the wrists are together,
 * either in 3D (median distance below {@link TWO_HAND_MAX_M}) or in the picture plane (median
 * 2D distance, converted to metres by the frame's 3D/2D pelvis–thorax length ratio, below
 * {@link TWO_HAND_MAX_PLANE_M}). Two hands on one grip keep the wrists ≈ 0.1 m apart; in a
 * one-handed backhand the free hand is pulled back, ≥ 0.5 m away (coaching observation; the cuts
 * sit between the two). The picture plane is needed because a monocular lift can separate two
 * wrists in depth that are together: tennis_broadcast_1's near player, seen from behind, has his
 * wrists 1–16 px apart (≤ 0.3 m at 57 px/m) in frames 53–67 of his two-handed backhand while the
 * lift puts them 0.28–0.62 m apart (measured 2026-11-23). A picture-plane distance is never longer
 * than the true one, so this test can only err towards "together" when the free hand is far
 * behind the hitting hand along the camera's line of sight.
 */
export const TWO_HAND_MAX_M = 0.25;
export const TWO_HAND_MAX_PLANE_M = 0.15;
export const TWO_HAND_WINDOW_S = 0.2;

/** True when the wrists stay together around contact (see {@link TWO_HAND_MAX_M}). */
export function inferTwoHanded(p: PosePair, k: Kinematics, contact: number): boolean {
  const t0 = k.t[contact]!;
  const d3: number[] = [];
  const d2: number[] = [];
  for (let f = 0; f < k.t.length; f++) {
    if (Math.abs(k.t[f]! - t0) > TWO_HAND_WINDOW_S + 1e-9) continue;
    const l = joint3(p, f, J.leftWrist);
    const r = joint3(p, f, J.rightWrist);
    if (l && r) d3.push(norm(sub(l, r)));
    const plane = planeDistance(p, f, J.leftWrist, J.rightWrist);
    if (plane !== null) d2.push(plane);
  }
  const m3 = median(d3);
  const m2 = median(d2);
  return (Number.isFinite(m3) && m3 < TWO_HAND_MAX_M) || (Number.isFinite(m2) && m2 < TWO_HAND_MAX_PLANE_M);
}

/**
 * Picture-plane distance between joints a and b at frame f, metres: their 2D distance (pixels) ×
 * the frame's metres per pixel (3D pelvis–thorax length / its 2D length); null when a joint is
 * unmeasured or the trunk is foreshortened to ≤ 1 px.
 */
export function planeDistance(p: PosePair, f: number, a: number, b: number): number | null {
  const a2 = joint2(p, f, a);
  const b2 = joint2(p, f, b);
  const pel = joint3(p, f, J.pelvis);
  const tho = joint3(p, f, J.thorax);
  const pel2 = joint2(p, f, J.pelvis);
  const tho2 = joint2(p, f, J.thorax);
  if (!a2 || !b2 || !pel || !tho || !pel2 || !tho2) return null;
  const px = Math.hypot(tho2[0] - pel2[0], tho2[1] - pel2[1]);
  return px > 1 ? (Math.hypot(a2[0] - b2[0], a2[1] - b2[1]) * norm(sub(tho, pel))) / px : null;
}
