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

/** Frames smoothed and rebuilt at a time in {@link smoothLift}. */
const BLOCK = 4096;

/** Each bone's median length over frames a..a+n−1 of `kp` (frames × 17 × 3), metres: `[b]`, BONE_ORDER. */
function medianLengths(kp: Float32Array, a: number, n: number): Float64Array {
  const len = new Float64Array(BONE_COUNT);
  for (let bn = 0; bn < BONE_COUNT; bn++) {
    const [pa, ch] = BONE_JOINTS[bn]!;
    const lens: number[] = [];
    for (let i = 0; i < n; i++) {
      const o = (a + i) * 51;
      lens.push(Math.hypot(kp[o + 3 * ch]! - kp[o + 3 * pa]!, kp[o + 3 * ch + 1]! - kp[o + 3 * pa + 1]!, kp[o + 3 * ch + 2]! - kp[o + 3 * pa + 2]!));
    }
    lens.sort((x, y) => x - y);
    len[bn] = lens[n >> 1]!;
  }
  return len;
}

/** Writes frame f's 16 unit bone directions (0 for a bone of length 0) into `dir` at `at` (48 values, BONE_ORDER × xyz). */
function directions(kp: Float32Array, f: number, dir: Float64Array, at: number): void {
  const o = f * 51;
  for (let bn = 0; bn < BONE_COUNT; bn++) {
    const [pa, ch] = BONE_JOINTS[bn]!;
    const d = [0, 1, 2].map((k) => kp[o + 3 * ch + k]! - kp[o + 3 * pa + k]!);
    const l = Math.hypot(d[0]!, d[1]!, d[2]!);
    for (let k = 0; k < 3; k++) dir[at + bn * 3 + k] = l > 0 ? d[k]! / l : 0;
  }
}

/**
 * Smooths the 3D keypoints of `kp` (frames × 17 × 3, metres, pelvis at 0) in place, run by run
 * (`runs`: [first, last] present frames). `fps` sets the window ({@link LIFT_SMOOTH_S}).
 * Bone lengths afterwards equal those before (the median length of each bone in the run).
 * Each bone direction component is smoothed with half-width m, shrinking symmetrically at the
 * run's ends (no smoothing within 2 frames of them).
 * Decided: the run is smoothed and rebuilt {@link BLOCK} frames at a time, keeping the original
 * directions of the m frames before the block (a frame's window needs them, and they are rebuilt
 * already), not the whole run's directions (384 bytes a frame: a player in view for an hour is
 * one run, issue 29). Same sums in the same order, so the same values.
 */
export function smoothLift(kp: Float32Array, runs: [number, number][], fps: number): void {
  const m = Math.max(2, Math.round(LIFT_SMOOTH_S * fps));
  const weights = Array.from({ length: m + 1 }, (_, k) => sgWeights(k));
  const V = BONE_COUNT * 3;
  const raw = new Float64Array((BLOCK + 2 * m) * V); // original directions of frames lo…hi−1 of the run
  const out = new Float64Array(V);
  for (const [a, b] of runs) {
    if (b - a + 1 < 5) continue;
    const n = b - a + 1;
    const len = medianLengths(kp, a, n);
    let lo = 0;
    for (let x = 0; x < n; x += BLOCK) {
      const from = Math.max(0, x - m);
      raw.copyWithin(0, (from - lo) * V, (x - lo) * V);
      lo = from;
      const hi = Math.min(n, x + BLOCK + m);
      for (let i = x; i < hi; i++) directions(kp, a + i, raw, (i - lo) * V);
      for (let i = x; i < Math.min(n, x + BLOCK); i++) {
        const h = Math.min(m, i, n - 1 - i);
        for (let q = 0; q < V; q++) {
          if (h < 2) {
            out[q] = raw[(i - lo) * V + q]!;
            continue;
          }
          const w = weights[h]!;
          let sum = 0;
          for (let k = -h; k <= h; k++) sum += w[k + h]! * raw[(i + k - lo) * V + q]!;
          out[q] = sum;
        }
        const o = (a + i) * 51;
        kp.fill(0, o, o + 3);
        for (let bn = 0; bn < BONE_COUNT; bn++) {
          const [pa, ch] = BONE_JOINTS[bn]!;
          const q = bn * 3;
          const l = Math.hypot(out[q]!, out[q + 1]!, out[q + 2]!) || 1;
          for (let k = 0; k < 3; k++) kp[o + 3 * ch + k] = kp[o + 3 * pa + k]! + (out[q + k]! / l) * len[bn]!;
        }
      }
    }
  }
}
