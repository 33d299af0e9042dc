/**
 * COCO-17 → H36M-17 keypoint mapping, as in MotionBERT's `coco2h36m` (Zhu et al., ICCV 2023,
 * lib/data/dataset_action.py):
 *   0 pelvis = mid(11 l_hip, 12 r_hip)      1 r_hip = 12   2 r_knee = 14   3 r_ankle = 16
 *   4 l_hip = 11   5 l_knee = 13   6 l_ankle = 15
 *   7 spine = mid(pelvis, thorax)           8 thorax = mid(5 l_shoulder, 6 r_shoulder)
 *   9 neck/nose = 0 nose                    10 head = mid(1 l_eye, 2 r_eye)
 *   11 l_shoulder = 5  12 l_elbow = 7  13 l_wrist = 9  14 r_shoulder = 6  15 r_elbow = 8  16 r_wrist = 10
 * A derived joint's confidence is the minimum of the joints it is made from.
 */
import type { CocoPose } from './movenet.js';

/** H36M joint → COCO joint for the joints that are copied (−1 = derived). */
export const H36M_FROM_COCO: readonly number[] = [-1, 12, 14, 16, 11, 13, 15, -1, -1, 0, -1, 5, 7, 9, 6, 8, 10];

/**
 * Writes one frame: `xy` gets 17 × (x, y) H36M keypoints scaled by (sx, sy) into source-video
 * pixels, `conf` 17 confidences. Both are views into the track's arrays for that frame.
 */
export function cocoToH36m(p: CocoPose, sx: number, sy: number, xy: Float32Array, conf: Float32Array): void {
  const get = (k: number): [number, number, number] => [(p.xy[2 * k] ?? NaN) * sx, (p.xy[2 * k + 1] ?? NaN) * sy, p.score[k] ?? 0];
  const set = (j: number, v: [number, number, number]) => ((xy[2 * j] = v[0]), (xy[2 * j + 1] = v[1]), (conf[j] = v[2]));
  const mid = (a: [number, number, number], b: [number, number, number]): [number, number, number] => [
    (a[0] + b[0]) / 2,
    (a[1] + b[1]) / 2,
    Math.min(a[2], b[2]),
  ];
  H36M_FROM_COCO.forEach((k, j) => k >= 0 && set(j, get(k)));
  const pelvis = mid(get(11), get(12));
  const thorax = mid(get(5), get(6));
  set(0, pelvis);
  set(8, thorax);
  set(7, mid(pelvis, thorax));
  set(10, mid(get(1), get(2)));
}
