/**
 * Bone-length consistency check of a 3D track. A real limb keeps its length; when a 3D bone's
 * length at a frame differs from the bone's median length over the clip by more than
 * {@link BONE_TOLERANCE} (share of the median), the keypoint at the distal end was mislocated
 * (typically the 2D detector jumped to the racket or the other hand) and is treated as not
 * measured at that frame. Checked bones: upper arms, forearms, thighs, shanks.
 *
 * The 35 % tolerance is our choice: monocular lifters keep bone lengths within roughly 10–20 %
 * frame to frame (VideoPose3D-style lifts, Pavllo et al. CVPR 2019 report ≈ 5 cm MPJPE), so a
 * 35 % change cannot be a pose.
 */
import { H36M_LIMBS } from '../pose/h36m.js';
import type { PoseTrack } from '../pose/pose-track.js';
import { kpIndex } from '../pose/pose-track.js';
import { median } from './signal.js';

export const BONE_TOLERANCE = 0.35;
const CHECKED = ['left_upper_arm', 'left_forearm', 'right_upper_arm', 'right_forearm', 'left_thigh', 'left_shin', 'right_thigh', 'right_shin'];

/**
 * Mask (frames × joints) with 1 where a joint fails the bone-length check, and the number of
 * joint-frames flagged.
 */
export function boneOutliers(t: PoseTrack): { mask: Uint8Array; flagged: number } {
  const mask = new Uint8Array(t.frames * t.joints);
  let flagged = 0;
  for (const name of CHECKED) {
    const [a, b] = H36M_LIMBS[name]!;
    const len = Float64Array.from({ length: t.frames }, (_, f) => {
      if (!t.present[f]) return NaN;
      const i = kpIndex(t, f, a);
      const k = kpIndex(t, f, b);
      const d = Math.hypot(t.keypoints[i]! - t.keypoints[k]!, t.keypoints[i + 1]! - t.keypoints[k + 1]!, t.keypoints[i + 2]! - t.keypoints[k + 2]!);
      return d;
    });
    const ref = median(len);
    if (!(ref > 0)) continue;
    for (let f = 0; f < t.frames; f++) {
      if (Number.isFinite(len[f]) && Math.abs(len[f]! - ref) > BONE_TOLERANCE * ref && !mask[f * t.joints + b]) {
        mask[f * t.joints + b] = 1;
        flagged++;
      }
    }
  }
  return { mask, flagged };
}
