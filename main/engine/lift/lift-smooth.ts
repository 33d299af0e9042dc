/**
 * Temporal smoothing of the lifted 3D pose: a quadratic Savitzky–Golay filter (Savitzky & Golay,
 * Anal. Chem. 36, 1964) on every bone's 3D direction, then the bones are renormalised to their
 * exact lengths and the skeleton is rebuilt from the pelvis. Smoothing directions rather than
 * joint positions keeps every bone exactly its anthropometric length.
 *
 * Window: {@link LIFT_SMOOTH_S} (≈ 0.1 s: 3 frames each side at 30 fps would be 0.2 s; we take
 * half-width max(2, round(0.05 · fps)), i.e. 5 frames at 30 fps, 7 at 60 fps). A quadratic
 * SG keeps the height of a peak that spans several windows: on the test's synthetic 6 m/s wrist
 * circle (30 fps) the peak speed changes by < 2 %; it removes the frame-to-frame depth jitter
 * that √(L² − l²) amplifies when a bone is nearly parallel to the image.
 */
import { BONE_COUNT, BONE_JOINTS } from './lift-skeleton.js';

/** Half-window of the 3D smoothing in seconds (frames = max(2, round(LIFT_SMOOTH_S · fps))). */
export const LIFT_SMOOTH_S = 0.05;

/** Quadratic Savitzky–Golay smoothing weights for half-width m (window 2m + 1). */
export function sgWeights(m: number): Float64Array {
  const den = (2 * m - 1) * (2 * m + 1) * (2 * m + 3);
  return Float64Array.from({ length: 2 * m + 1 }, (_, k) => (3 * (3 * m * m + 3 * m - 1) - 15 * (k - m) ** 2) / den);
}

/** Smooths `v[first..last]` in place with half-width m (shrinking symmetrically at the ends). */
function sgRun(v: Float64Array, first: number, last: number, m: number, stride: number, offset: number): void {
  const src = Float64Array.from({ length: last - first + 1 }, (_, i) => v[(first + i) * stride + offset]!);
  const weights = Array.from({ length: m + 1 }, (_, k) => sgWeights(k));
  for (let i = 0; i < src.length; i++) {
    const h = Math.min(m, i, src.length - 1 - i);
    if (h < 2) continue;
    const w = weights[h]!;
    let s = 0;
    for (let k = -h; k <= h; k++) s += w[k + h]! * src[i + k]!;
    v[(first + i) * stride + offset] = s;
  }
}

/**
 * Smooths the 3D keypoints of `kp` (frames × 17 × 3, metres, pelvis at 0) in place, run by run
 * (`runs`: [first, last] present frames). `fps` sets the window ({@link LIFT_SMOOTH_S}).
 * Bone lengths afterwards equal those before (the median length of each bone in the run).
 */
export function smoothLift(kp: Float32Array, runs: [number, number][], fps: number): void {
  const m = Math.max(2, Math.round(LIFT_SMOOTH_S * fps));
  for (const [a, b] of runs) {
    if (b - a + 1 < 5) continue;
    const n = b - a + 1;
    const dir = new Float64Array(n * BONE_COUNT * 3);
    const len = new Float64Array(BONE_COUNT);
    for (let bn = 0; bn < BONE_COUNT; bn++) {
      const [pa, ch] = BONE_JOINTS[bn]!;
      const lens: number[] = [];
      for (let i = 0; i < n; i++) {
        const o = (a + i) * 51;
        const d = [0, 1, 2].map((k) => kp[o + 3 * ch + k]! - kp[o + 3 * pa + k]!);
        const l = Math.hypot(d[0]!, d[1]!, d[2]!);
        lens.push(l);
        for (let k = 0; k < 3; k++) dir[(i * BONE_COUNT + bn) * 3 + k] = l > 0 ? d[k]! / l : 0;
      }
      lens.sort((x, y) => x - y);
      len[bn] = lens[n >> 1]!;
      for (let k = 0; k < 3; k++) sgRun(dir, 0, n - 1, m, BONE_COUNT * 3, bn * 3 + k);
    }
    for (let i = 0; i < n; i++) {
      const o = (a + i) * 51;
      kp.fill(0, o, o + 3);
      for (let bn = 0; bn < BONE_COUNT; bn++) {
        const [pa, ch] = BONE_JOINTS[bn]!;
        const q = (i * BONE_COUNT + bn) * 3;
        const l = Math.hypot(dir[q]!, dir[q + 1]!, dir[q + 2]!) || 1;
        for (let k = 0; k < 3; k++) kp[o + 3 * ch + k] = kp[o + 3 * pa + k]! + (dir[q + k]! / l) * len[bn]!;
      }
    }
  }
}
