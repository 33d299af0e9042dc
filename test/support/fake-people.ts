/**
 * Fake people for tracker tests with a stand-in model runner: a multipose detection of a box,
 * and a crop-model pose whose 17 keypoints fill a box.
 */
import type { CocoPose, Detection } from '../../main/engine/inference/movenet.js';

/** A box [x, y, w, h], decoded-frame pixels. */
export type Box = [number, number, number, number];

/** A multipose detection of `box` (box score 0.8, no keypoints). */
export const det = (box: Box): Detection => ({ box, boxScore: 0.8, xy: new Float32Array(34), score: new Float32Array(17) });

/** A pose of 17 seen keypoints (score 0.9) filling `box`. */
export function poseIn([x, y, w, h]: Box): CocoPose {
  const xy = new Float32Array(34);
  for (let k = 0; k < 17; k++) [xy[2 * k], xy[2 * k + 1]] = [x + (w * (k % 3)) / 2, y + (h * k) / 16];
  return { xy, score: new Float32Array(17).fill(0.9) };
}
