/**
 * The time of a swing's hand-speed peak (contact-candidates.ts, step 2): the vertex of a
 * parabola fitted to the top of the smoothed speed curve, or the centre of its plateau.
 */
import type { Kinematics } from './kinematics.js';
import { parabolaVertex } from './signal.js';

/** Samples within this share of the peak hand speed make up its plateau (handPeakTime). Ours: the smoothed speed's noise is a few per cent. */
export const PLATEAU_SHARE = 0.95;

/**
 * The samples within this share of the peak hand speed, and one more on each side, are fitted
 * with a parabola whose vertex is the peak's time (handPeakTime). Chosen on the labelled clips
 * (README.md "Swing phases and events", sweep of 2026-11-23): 0.85–0.95 all keep 8/11 contacts
 * within ±2 frames; 0.9 puts the three cuts of each cut-consistency stroke within 1 frame of one
 * another (the plateau centre alone: 4 frames on tennis_forehand_1).
 */
export const FIT_SHARE = 0.9;

/**
 * Time of the hand-speed peak of a swing, seconds on the analysis clock. `peak` is the sample of
 * the highest `k.handSpeed` in the swing window [a, b] (sample indices). The smoothing flattens
 * the top of the speed curve into a plateau whose highest sample is decided by noise
 * (tennis_forehand_1 frames 467–475 at 7.0–7.5 m/s; a dip of 0.3 m/s splits it differently in
 * each cut of the clip). So: the vertex of the least-squares parabola through the contiguous
 * samples within {@link FIT_SHARE} of the peak and one more on each side (signal.ts
 * parabolaVertex); when that fit has too few samples or no maximum inside them, the
 * speed-weighted mean time of the contiguous samples within {@link PLATEAU_SHARE} of the peak.
 */
export function handPeakTime(k: Kinematics, peak: number, a: number, b: number): number {
  const v = k.handSpeed;
  const [fa, fb] = runAbove(v, peak, a, b, FIT_SHARE);
  const vertex = parabolaVertex(k.t, v, Math.max(a, fa - 1), Math.min(b, fb + 1));
  if (Number.isFinite(vertex)) return vertex;
  const [lo, hi] = runAbove(v, peak, a, b, PLATEAU_SHARE);
  let [sw, st] = [0, 0];
  for (let i = lo; i <= hi; i++) [sw, st] = [sw + v[i]!, st + v[i]! * k.t[i]!];
  return st / sw;
}

/** The contiguous samples around `peak`, within [a, b], whose value is at least `share` of the peak's. */
function runAbove(v: ArrayLike<number>, peak: number, a: number, b: number, share: number): [number, number] {
  const cut = share * v[peak]!;
  let [lo, hi] = [peak, peak];
  while (lo > a && v[lo - 1]! >= cut) lo--;
  while (hi < b && v[hi + 1]! >= cut) hi++;
  return [lo, hi];
}
