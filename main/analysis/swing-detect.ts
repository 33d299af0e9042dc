/**
 * Finding and classifying the swings of a rally clip from the dominant-wrist motion (m/s,
 * relative to the pelvis, kinematics.ts).
 *
 * A swing is a local maximum of the wrist's chord speed (net displacement over 0.4 s, see
 * phases.ts: robust to detector jitter) of at least {@link SWING_MIN_CHORD} m/s whose peak
 * smoothed wrist speed within that window reaches {@link SWING_MIN_SPEED} m/s; swings closer
 * than {@link SWING_MIN_GAP_S} to a stronger one are dropped (non-maximum suppression). The
 * swing's time is that wrist-speed peak. Thresholds: groundstroke wrist speeds are several m/s
 * (Landlinger et al. 2010: shoulder alone 2.5–3 m/s, racquet 31–33 m/s at impact), while arm
 * swing in walking and jogging stays under about 2–3 m/s and moves the hand back and forth
 * (small net displacement); one player's shots in a rally are ≥ 1 s apart (ball flight across
 * the court and back takes longer). The exact cut values are our heuristic.
 */
import type { Kinematics } from './kinematics.js';
import { chordSpeed, peakNear } from './phases.js';

export const SWING_MIN_SPEED = 3.0;
export const SWING_MIN_CHORD = 1.5;
export const SWING_MIN_GAP_S = 1.0;

/** Frame indices of the swings' wrist-speed peaks, in time order. */
export function detectSwingPeaks(k: Kinematics): number[] {
  const c = chordSpeed(k);
  const cands: { peak: number; chord: number }[] = [];
  for (let i = 1; i < c.length - 1; i++) {
    const x = c[i]!;
    if (!(Number.isFinite(x) && x >= SWING_MIN_CHORD && x >= (c[i - 1] ?? -Infinity) && x > (c[i + 1] ?? -Infinity))) continue;
    const peak = peakNear(k, i);
    if (peak >= 0 && k.handSpeed[peak]! >= SWING_MIN_SPEED) cands.push({ peak, chord: x });
  }
  cands.sort((a, b) => b.chord - a.chord);
  const kept: number[] = [];
  for (const { peak } of cands) if (kept.every((j) => Math.abs(k.t[peak]! - k.t[j]!) >= SWING_MIN_GAP_S)) kept.push(peak);
  return kept.sort((a, b) => a - b);
}
