/**
 * Reading joints out of the engine's PoseTracks with an honest notion of "measured": a joint
 * counts at a frame only when the player was found there, its values are finite, its
 * confidence reaches {@link MIN_CONFIDENCE} in the 3D track and in the 2D track, and it was not
 * rejected by the bone-length check (bone-check.ts).
 */
import type { PoseTrack } from '../../pose/pose-track.js';
import { kpIndex } from '../../pose/pose-track.js';
import { H36M_JOINTS } from '../../pose/h36m.js';
import type { Vec3 } from '../../pose/vec3.js';

/**
 * Lowest keypoint confidence treated as measured. 0.3 is the usual visibility cut of 2D
 * detectors' heat-map scores (OpenPose and MMPose demos draw joints above 0.3); it is a
 * convention, not a measured optimum.
 */
export const MIN_CONFIDENCE = 0.3;

/** Both tracks of one clip, checked to have the same frames. */
export interface PosePair {
  pose2d: PoseTrack;
  pose3d: PoseTrack;
  /** Optional frames × joints mask of joints rejected by a consistency check (bone-check.ts). */
  rejected?: Uint8Array;
  /** Optional analysis clock, real seconds per frame (timebase.ts); the tracks' timestamps otherwise. */
  clock?: Float64Array;
}

/** True when joint j of frame f is measured in both tracks (see module doc). */
export function jointValid(p: PosePair, f: number, j: number): boolean {
  const { pose2d, pose3d } = p;
  if (!pose3d.present[f] || !pose2d.present[f]) return false;
  if (p.rejected?.[f * pose3d.joints + j]) return false;
  if ((pose3d.confidences[f * pose3d.joints + j] ?? 0) < MIN_CONFIDENCE) return false;
  if ((pose2d.confidences[f * pose2d.joints + j] ?? 0) < MIN_CONFIDENCE) return false;
  const i = kpIndex(pose3d, f, j);
  return Number.isFinite(pose3d.keypoints[i]) && Number.isFinite(pose3d.keypoints[i + 1]) && Number.isFinite(pose3d.keypoints[i + 2]);
}

/** 3D position of joint j at frame f, metres, or null when not measured. */
export function joint3(p: PosePair, f: number, j: number): Vec3 | null {
  if (!jointValid(p, f, j)) return null;
  const i = kpIndex(p.pose3d, f, j);
  const k = p.pose3d.keypoints;
  return [k[i]!, k[i + 1]!, k[i + 2]!];
}

/** 2D position of joint j at frame f, pixels, or null when not measured. */
export function joint2(p: PosePair, f: number, j: number): [number, number] | null {
  if (!jointValid(p, f, j)) return null;
  const i = kpIndex(p.pose2d, f, j);
  const k = p.pose2d.keypoints;
  return Number.isFinite(k[i]) && Number.isFinite(k[i + 1]) ? [k[i]!, k[i + 1]!] : null;
}

/** Lowest pose confidence (0–1, min of the 2D and 3D tracks) of `joints` at frame f. */
export function jointsConfidence(p: PosePair, f: number, joints: readonly number[]): number {
  let c = 1;
  for (const j of joints) c = Math.min(c, p.pose2d.confidences[f * p.pose2d.joints + j] ?? 0, p.pose3d.confidences[f * p.pose3d.joints + j] ?? 0);
  return c;
}

/** Names of the joints in `joints` that are not measured at frame f (empty when all are). */
export function missingJoints(p: PosePair, f: number, joints: readonly number[]): string[] {
  return joints.filter((j) => !jointValid(p, f, j)).map((j) => H36M_JOINTS[j] ?? `joint ${j}`);
}

/**
 * Per-frame series of one coordinate function of the 3D pose: `fn` gets the frame index and
 * returns a number or null; null and non-finite become NaN.
 */
export function series(frames: number, fn: (f: number) => number | null): Float64Array {
  const out = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    const v = fn(f);
    out[f] = v === null || !Number.isFinite(v) ? NaN : v;
  }
  return out;
}
