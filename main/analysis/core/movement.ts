/**
 * The tracked player's movement in a clip: an estimate of the distance covered, from the 2D
 * pelvis track (pixels) scaled to metres by the player's own size in the picture.
 *
 * Scale: per frame, the player's 3D body chain (mean leg length hip→knee→ankle, plus
 * pelvis→thorax→head; metres, the 3D pose is scaled to the player's height) divided by the same
 * chain in the 2D pose (pixels) gives metres per pixel; it is median-filtered over
 * {@link SCALE_WINDOW_S} so a brief crouch does not jump it. Distance: the pelvis pixel path,
 * Savitzky–Golay smoothed over {@link PATH_SMOOTH_S} (removes detector jitter, which would
 * otherwise add distance), summed step by step times the frame's metres-per-pixel; gaps longer
 * than {@link MAX_BRIDGE_S} are not bridged.
 *
 * Limits (why it is an estimate): only motion across the picture is seen, not motion toward or
 * away from the camera; a panning camera adds or hides motion; foreshortened limbs make the
 * scale a few percent large.
 */
import { J } from '../../pose/h36m.js';
import { joint2, joint3, type PosePair } from './pose-access.js';
import { norm, sub, type Vec3 } from '../../pose/vec3.js';
import { median, savitzkyGolay, smoothingWindow } from './signal.js';

export const SCALE_WINDOW_S = 1.0;
export const PATH_SMOOTH_S = 0.5;
export const MAX_BRIDGE_S = 0.25;

const CHAIN: readonly (readonly number[])[] = [
  [J.rightHip, J.rightKnee, J.rightAnkle],
  [J.leftHip, J.leftKnee, J.leftAnkle],
  [J.pelvis, J.thorax, J.head],
];

/** Movement estimate of a clip. Null distance/scale when never measurable. */
export interface MovementEstimate {
  distanceM: number | null;
  metresPerPixel: number | null;
  framesInFrame: number;
  timeInFrameS: number;
}

function chainLen<T>(pts: (T | null)[], len: (a: T, b: T) => number): number {
  for (const p of pts) if (!p) return NaN;
  let s = 0;
  for (let i = 1; i < pts.length; i++) s += len(pts[i - 1]!, pts[i]!);
  return s;
}

function scaleAt(p: PosePair, f: number): number {
  const l3 = CHAIN.map((c) => chainLen(c.map((j) => joint3(p, f, j)), (a: Vec3, b: Vec3) => norm(sub(a, b))));
  const l2 = CHAIN.map((c) => chainLen(c.map((j) => joint2(p, f, j)), (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1])));
  const m3 = (l3[0]! + l3[1]!) / 2 + l3[2]!;
  const m2 = (l2[0]! + l2[1]!) / 2 + l2[2]!;
  return m2 > 1 ? m3 / m2 : NaN;
}

/** Estimates distance covered and time in frame; `t` are frame times in seconds. */
export function estimateMovement(p: PosePair, t: Float64Array, fps: number): MovementEstimate {
  const n = t.length;
  const raw = Float64Array.from({ length: n }, (_, f) => scaleAt(p, f));
  const half = Math.max(1, Math.round((SCALE_WINDOW_S * fps) / 2));
  const scale = raw.map((_, f) => median(raw.subarray(Math.max(0, f - half), Math.min(n, f + half + 1))));
  const win = Math.max(smoothingWindow(fps), 2 * Math.round((PATH_SMOOTH_S * fps) / 2) + 1);
  const px = savitzkyGolay(Float64Array.from({ length: n }, (_, f) => joint2(p, f, J.pelvis)?.[0] ?? NaN), win);
  const py = savitzkyGolay(Float64Array.from({ length: n }, (_, f) => joint2(p, f, J.pelvis)?.[1] ?? NaN), win);
  let dist = 0;
  let measured = false;
  let prev = -1;
  for (let f = 0; f < n; f++) {
    if (!Number.isFinite(px[f]) || !Number.isFinite(py[f]) || !Number.isFinite(scale[f])) continue;
    if (prev >= 0 && t[f]! - t[prev]! <= MAX_BRIDGE_S + 1e-9) {
      dist += Math.hypot(px[f]! - px[prev]!, py[f]! - py[prev]!) * ((scale[f]! + scale[prev]!) / 2);
      measured = true;
    }
    prev = f;
  }
  let framesIn = 0;
  let timeIn = 0;
  const period = median(Array.from({ length: Math.max(0, n - 1) }, (_, i) => t[i + 1]! - t[i]!)) || 1 / fps;
  for (let f = 0; f < n; f++) {
    if (!p.pose2d.present[f]) continue;
    framesIn++;
    timeIn += period;
  }
  const mpp = median(scale);
  return {
    distanceM: measured ? dist : null,
    metresPerPixel: Number.isFinite(mpp) ? mpp : null,
    framesInFrame: framesIn,
    timeInFrameS: timeIn,
  };
}
