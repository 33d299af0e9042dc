/**
 * Bone-length consistency checks. A real limb keeps its length, so:
 * - 3D: when a bone's length at a frame differs from its median length over the clip by more
 *   than {@link BONE_TOLERANCE} (share of the median), the distal keypoint was mislocated;
 * - 2D: a projection is never longer than the bone, so when a bone's 2D length, relative to the
 *   player's 2D trunk length (pelvis→thorax) at that frame, exceeds the anthropometric ratio
 *   bone / trunk ({@link SEGMENT_RATIOS}, Winter 2009 after Drillis & Contini 1966) by more than
 *   {@link BONE_TOLERANCE}, the distal keypoint was mislocated (typically the 2D detector jumped
 *   to the racket or the other hand; a lifter that forces bone lengths would hide this in 3D).
 *   The tolerance also absorbs a trunk leaning up to ≈ 40° toward the camera.
 * Flagged keypoints are treated as not measured at that frame. Checked bones: upper arms,
 * forearms, thighs, shanks.
 *
 * The 35 % tolerance is our choice: monocular lifters keep bone lengths within roughly 10–20 %
 * frame to frame (VideoPose3D-style lifts, Pavllo et al. CVPR 2019 report ≈ 5 cm MPJPE), so a
 * 35 % change cannot be a pose.
 */
import { H36M_LIMBS, J } from '../../pose/h36m.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import { kpIndex } from '../../pose/pose-track.js';
import { median } from './signal.js';

export const BONE_TOLERANCE = 0.35;
/**
 * Segment lengths as shares of standing height (Winter, "Biomechanics and Motor Control of
 * Human Movement", 4th ed. 2009, fig. 4.1): trunk = hip joint (0.530 H) to shoulder (0.818 H).
 */
export const SEGMENT_RATIOS: Readonly<Record<string, number>> = {
  trunk: 0.288,
  left_upper_arm: 0.186,
  right_upper_arm: 0.186,
  left_forearm: 0.146,
  right_forearm: 0.146,
  left_thigh: 0.245,
  right_thigh: 0.245,
  left_shin: 0.246,
  right_shin: 0.246,
};
const CHECKED = ['left_upper_arm', 'left_forearm', 'right_upper_arm', 'right_forearm', 'left_thigh', 'left_shin', 'right_thigh', 'right_shin'];

function dist(t: PoseTrack, f: number, a: number, b: number): number {
  if (!t.present[f]) return NaN;
  const i = kpIndex(t, f, a);
  const k = kpIndex(t, f, b);
  let s = 0;
  for (let d = 0; d < t.dims; d++) s += (t.keypoints[i + d]! - t.keypoints[k + d]!) ** 2;
  return Math.sqrt(s);
}

/**
 * Mask (frames × joints) with 1 where a joint fails a bone-length check (see module doc), and
 * the number of joint-frames flagged.
 */
export function boneOutliers(t2: PoseTrack, t3: PoseTrack): { mask: Uint8Array; flagged: number } {
  const mask = new Uint8Array(t3.frames * t3.joints);
  let flagged = 0;
  const flag = (f: number, j: number) => {
    if (mask[f * t3.joints + j]) return;
    mask[f * t3.joints + j] = 1;
    flagged++;
  };
  for (const name of CHECKED) {
    const [a, b] = H36M_LIMBS[name]!;
    const len3 = Float64Array.from({ length: t3.frames }, (_, f) => dist(t3, f, a, b));
    const ref3 = median(len3);
    const rel2 = Float64Array.from({ length: t2.frames }, (_, f) => dist(t2, f, a, b) / dist(t2, f, J.pelvis, J.thorax));
    const ref2 = SEGMENT_RATIOS[name]! / SEGMENT_RATIOS.trunk!;
    for (let f = 0; f < t3.frames; f++) {
      if (ref3 > 0 && Math.abs(len3[f]! - ref3) > BONE_TOLERANCE * ref3) flag(f, b);
      if (ref2 > 0 && rel2[f]! > (1 + BONE_TOLERANCE) * ref2) flag(f, b);
    }
  }
  return { mask, flagged };
}
