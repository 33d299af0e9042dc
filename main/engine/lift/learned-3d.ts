/**
 * The 3D pose where the second pass ran: BlazePose's learned world landmarks (blazepose-h36m.ts,
 * H36M-17) give every bone's 3D DIRECTION, the geometric lift (lift-3d.ts) gives its LENGTH
 * (Winter's ratios × player height, clip-measured shoulder and hip widths), so the output keeps
 * the lift's contract (metres, pelvis at 0, x right, y up, z toward the camera, every bone
 * exactly its length) while the depth order and the joint angles come from the learned model.
 * Elsewhere the geometric lift stands. The directions are smoothed like the lift's
 * (lift-smooth.ts) over each run of learned frames.
 *
 * Measured against the 4-camera triangulation of balance_portrait_60fps_1.mp4 (README,
 * "3D: learned vs geometric"): the fusion replaced the lift because it measured better there.
 */
import { cadenceOf, repeatsFromPose } from '../../pose/frame-cadence.js';
import { selectFrames, spreadFrames, type PoseTrack } from '../../pose/pose-track.js';
import { liftTo3d } from './lift-3d.js';
import { BONE_COUNT, BONE_JOINTS, presentRuns } from './lift-skeleton.js';
import { smoothLift } from './lift-smooth.js';

/**
 * The learned 3D poses of a track's frames (51 values each, engine axes, pelvis at 0; undefined
 * where none): an array with one slot per frame, or a lookup by frame index.
 * Decided: the engine passes a lookup into its frame store (frame-store.ts `learned`), so no
 * view object per frame is held through the lift (≈ 100 bytes a frame, issue 29).
 */
export type LearnedPoses = readonly (Float64Array | undefined)[] | ((f: number) => Float64Array | undefined);

const lookup = (learned: LearnedPoses) => (typeof learned === 'function' ? learned : (f: number) => learned[f]);

/**
 * Replaces, in place, frame f of the lifted `t3` (frames × 17 × 3) by the learned pose
 * `learned[f]` (51 values, engine axes, pelvis at 0) rebuilt with `t3`'s own bone lengths of that
 * frame, for every f where both exist; then smooths the bone directions over each run of such
 * frames (`fps` sets the window). Returns the number of frames replaced.
 */
export function fuseLearned(t3: PoseTrack, learned: LearnedPoses, fps: number): number {
  const learnedAt = lookup(learned);
  const mask = new Uint8Array(t3.frames);
  const kp = t3.keypoints;
  for (let f = 0; f < t3.frames; f++) {
    const w = learnedAt(f);
    if (!w || !t3.present[f]) continue;
    const o = f * 51;
    const len = BONE_JOINTS.map(([a, b]) => Math.hypot(kp[o + 3 * b]! - kp[o + 3 * a]!, kp[o + 3 * b + 1]! - kp[o + 3 * a + 1]!, kp[o + 3 * b + 2]! - kp[o + 3 * a + 2]!));
    kp.fill(0, o, o + 3);
    for (let bn = 0; bn < BONE_COUNT; bn++) {
      const [a, b] = BONE_JOINTS[bn]!;
      const d = [0, 1, 2].map((k) => w[3 * b + k]! - w[3 * a + k]!);
      const l = Math.hypot(d[0]!, d[1]!, d[2]!) || 1;
      for (let k = 0; k < 3; k++) kp[o + 3 * b + k] = kp[o + 3 * a + k]! + (d[k]! / l) * len[bn]!;
    }
    mask[f] = 1;
  }
  smoothLift(kp, presentRuns(mask), fps);
  return mask.reduce((s, v) => s + v, 0);
}

/**
 * The engine's 3D track: the geometric lift of `t2` (H36M-17, pixels) for a player `heightMm`
 * tall, with the learned pose fused in where `learned[f]` exists ({@link fuseLearned}). On a clip
 * that repeats images both run on the distinct images at their true times and each repeat gets
 * its original's pose (as lift-3d.ts liftClip).
 */
export function liftWithLearned(t2: PoseTrack, learned: LearnedPoses, heightMm: number, fps: number): PoseTrack {
  const cadence = cadenceOf(repeatsFromPose(t2), t2.timestamps, fps);
  const fpsOf = (t: PoseTrack) => {
    const dts = Array.from({ length: t.frames - 1 }, (_, i) => t.timestamps[i + 1]! - t.timestamps[i]!).filter((d) => d > 0).sort((a, b) => a - b);
    return 1 / (dts[dts.length >> 1] ?? 1 / fps);
  };
  if (cadence.repeated === 0) {
    const t3 = liftTo3d(t2, heightMm);
    fuseLearned(t3, learned, fpsOf(t3));
    return t3;
  }
  const sub = liftTo3d(selectFrames(t2, cadence.distinct, cadence.times), heightMm);
  const learnedAt = lookup(learned);
  fuseLearned(sub, (i) => learnedAt(cadence.distinct[i]!), fpsOf(sub));
  return spreadFrames(sub, cadence.distinct, t2);
}
