/**
 * One Euro filter (Casiez, Roussel, Vogel, "1€ Filter: A Simple Speed-based Low-pass Filter for
 * Noisy Input in Interactive Systems", CHI 2012): a first-order low-pass whose cutoff rises with
 * the signal's speed, fc = minCutoff + beta·|dx/dt|, so slow phases (ready position) lose their
 * jitter while a fast swing passes with little lag and its wrist-speed peak is kept.
 */

/** Filter parameters; cutoffs in Hz, beta in 1/(signal unit). */
export interface OneEuroParams {
  minCutoff: number;
  beta: number;
  dCutoff: number;
}

/**
 * Parameters for keypoints normalised by the player's height in pixels (so 1 unit = body
 * height). minCutoff 1.5 Hz removes the 5-15 Hz keypoint jitter at rest; beta 0.5 lets the
 * cutoff reach ~10 Hz at a wrist speed of ~17 heights/s (a forehand's wrist at ~30 m/s for a
 * 1.8 m player); dCutoff 1 Hz as recommended by the paper. Chosen on tennis_forehand_2.mp4 so
 * that the filtered wrist speed peak stays within a few percent of the raw one (test/engine).
 */
export const KEYPOINT_ONE_EURO: OneEuroParams = { minCutoff: 1.5, beta: 0.5, dCutoff: 1.0 };

const alpha = (cutoff: number, dt: number) => {
  const tau = 1 / (2 * Math.PI * cutoff);
  return 1 / (1 + tau / dt);
};

/**
 * Filters one signal sampled at times `t` (seconds, increasing) in place. NaN samples are left
 * as they are and restart the filter after them (a gap in the track).
 */
export function oneEuroInPlace(values: Float32Array | Float64Array, t: ArrayLike<number>, p: OneEuroParams): void {
  let prevX = NaN;
  let prevDx = 0;
  let prevT = NaN;
  for (let i = 0; i < values.length; i++) {
    const x = values[i] ?? NaN;
    const ti = t[i] ?? NaN;
    if (!Number.isFinite(x)) {
      prevX = NaN;
      continue;
    }
    const dt = ti - prevT;
    if (!Number.isFinite(prevX) || !(dt > 0)) {
      prevX = x;
      prevDx = 0;
      prevT = ti;
      continue;
    }
    const dx = (x - prevX) / dt;
    const edx = prevDx + alpha(p.dCutoff, dt) * (dx - prevDx);
    const fc = p.minCutoff + p.beta * Math.abs(edx);
    const fx = prevX + alpha(fc, dt) * (x - prevX);
    values[i] = fx;
    [prevX, prevDx, prevT] = [fx, edx, ti];
  }
}
