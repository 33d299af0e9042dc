/**
 * BlazePose (MediaPipe Pose, 33 landmarks + 6 auxiliary) → H36M-17, for the image landmarks and
 * for the learned 3D world landmarks. The same definitions as the COCO mapping
 * (coco-to-h36m.ts, MotionBERT's coco2h36m), with MediaPipe ids:
 *
 *   0 pelvis = mid(23 left_hip, 24 right_hip)      1 right_hip = 24   2 right_knee = 26   3 right_ankle = 28
 *   4 left_hip = 23   5 left_knee = 25   6 left_ankle = 27
 *   7 spine = mid(pelvis, thorax)                  8 thorax = mid(11 left_shoulder, 12 right_shoulder)
 *   9 neck/nose = 0 nose                           10 head = mid(2 left_eye, 5 right_eye)
 *   11 left_shoulder = 11  12 left_elbow = 13  13 left_wrist = 15
 *   14 right_shoulder = 12 15 right_elbow = 14 16 right_wrist = 16
 *
 * World axes: MediaPipe's world landmarks are x right, y down, z away from the camera (metres,
 * origin between the hips); the engine's 3D contract is x right, y UP, z TOWARD the camera, so
 * y and z change sign (a 180° rotation about x: still right-handed). The mapping was checked by
 * eye on frame 121 of tennis_forehand_2.mp4 (test/engine/blazepose-h36m.test.ts draws it).
 */
import { BLAZEPOSE_POINTS, type BlazePoseResult } from './blazepose.js';

/** H36M joint → MediaPipe landmark for the copied joints (−1 = derived: pelvis, spine, thorax, head). */
export const H36M_FROM_BLAZEPOSE: readonly number[] = [-1, 24, 26, 28, 23, 25, 27, -1, -1, 0, -1, 11, 13, 15, 12, 14, 16];

/**
 * Maps `dims`-component points (`src[m * dims + d]`) to H36M-17 (`out[j * dims + d]`), with the
 * derived joints as midpoints; `conf` (optional, 39 scores) gives 17 confidences, a derived
 * joint's being the minimum of its sources.
 */
export function blazePoseToH36m(src: ArrayLike<number>, dims: 2 | 3, out: Float32Array | Float64Array, conf?: ArrayLike<number>, outConf?: Float32Array): void {
  if (src.length < BLAZEPOSE_POINTS * dims) throw new RangeError(`expected ${BLAZEPOSE_POINTS} × ${dims} values, got ${src.length}`);
  const get = (m: number, d: number) => src[m * dims + d]!;
  const c = (m: number) => conf?.[m] ?? 1;
  H36M_FROM_BLAZEPOSE.forEach((m, j) => {
    if (m < 0) return;
    for (let d = 0; d < dims; d++) out[j * dims + d] = get(m, d);
    if (outConf) outConf[j] = c(m);
  });
  for (let d = 0; d < dims; d++) {
    const pelvis = (get(23, d) + get(24, d)) / 2;
    const thorax = (get(11, d) + get(12, d)) / 2;
    out[d] = pelvis;
    out[8 * dims + d] = thorax;
    out[7 * dims + d] = (pelvis + thorax) / 2;
    out[10 * dims + d] = (get(2, d) + get(5, d)) / 2;
  }
  if (outConf) {
    outConf[0] = Math.min(c(23), c(24));
    outConf[8] = Math.min(c(11), c(12));
    outConf[7] = Math.min(outConf[0], outConf[8]);
    outConf[10] = Math.min(c(2), c(5));
  }
}

/**
 * The learned 3D pose of one result as H36M-17 in the engine's axes (x right, y up, z toward
 * the camera), metres as the model gives them, pelvis at the origin: 51 values.
 */
export function blazePoseWorldH36m(r: BlazePoseResult): Float64Array {
  const out = new Float64Array(51);
  blazePoseToH36m(r.world, 3, out);
  const [px, py, pz] = [out[0]!, out[1]!, out[2]!];
  for (let j = 0; j < 17; j++) {
    out[3 * j] = out[3 * j]! - px;
    out[3 * j + 1] = -(out[3 * j + 1]! - py);
    out[3 * j + 2] = -(out[3 * j + 2]! - pz);
  }
  return out;
}
