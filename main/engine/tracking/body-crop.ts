/**
 * The crop of the second pass (second-pass.ts) from the fast pass's pose of the same frame: a
 * square turned so that the body's hip → shoulder line points up (MediaPipe's pose ROI is
 * turned the same way from its detector's hip centre → body-top points; BlazePose was trained
 * on upright crops: without the turn it put the head of the leaning participant of
 * balance_portrait_60fps_1.mp4, frame 50, above his hips, ≈ 60° off), sized like the fast pass's
 * crop (tracker.ts: the keypoints' box, padded as poseBox, × CROP_SCALE), measured in the turned
 * axes. Measured on tennis_forehand_2.mp4 with BlazePose heavy (README, Second pass).
 */
import type { Crop } from '../inference/index.js';
import { CROP_SCALE } from './tracker.js';

/**
 * The turned crop around 17 H36M-17 points (`xy`, pixels, x,y interleaved; H36M order: pelvis 0,
 * thorax 8). Undefined when the pelvis, the thorax or fewer than 3 points are finite.
 */
export function bodyCrop(xy: ArrayLike<number>): Crop | undefined {
  const [px, py, tx, ty] = [xy[0]!, xy[1]!, xy[16]!, xy[17]!];
  if (![px, py, tx, ty].every(Number.isFinite) || (px === tx && py === ty)) return undefined;
  const angle = Math.atan2(tx - px, -(ty - py));
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  let [u0, v0, u1, v1, n] = [Infinity, Infinity, -Infinity, -Infinity, 0];
  for (let j = 0; j < 17; j++) {
    const [x, y] = [xy[2 * j]! - px, xy[2 * j + 1]! - py];
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const [u, v] = [x * c + y * s, -x * s + y * c]; // into the turned axes
    [u0, v0, u1, v1, n] = [Math.min(u0, u), Math.min(v0, v), Math.max(u1, u), Math.max(v1, v), n + 1];
  }
  if (n < 3) return undefined;
  const [w, h] = [u1 - u0, v1 - v0];
  const padU = Math.max(0.1 * w, 0.05 * h);
  const side = CROP_SCALE * Math.max(w + 2 * padU, 1.3 * h);
  const [cu, cv] = [(u0 + u1) / 2, v0 - 0.25 * h + (1.3 * h) / 2];
  return { cx: px + cu * c - cv * s, cy: py + cu * s + cv * c, side, angle };
}
