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
import { joint3, sub, type PosePair } from './pose-access.js';
import { J } from '../pose/h36m.js';

export const SWING_MIN_SPEED = 3.0;
export const SWING_MIN_CHORD = 1.5;
export const SWING_MIN_GAP_S = 1.0;
/** Window before the wrist peak over which the trunk rotation direction is averaged, seconds. */
export const SIDE_WINDOW_S = 0.1;

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

/** Classification of one swing with the evidence used. */
export interface SideCall {
  side: 'forehand' | 'backhand';
  /** Mean signed trunk rotation rate before the peak, deg/s (+ = counter-clockwise seen from above). */
  trunkRotationDps: number | null;
  /** Side of the trunk the dominant wrist is on at the peak (null when unmeasured). */
  wristSide: 'dominant' | 'non_dominant' | null;
  basis: 'trunk_rotation' | 'wrist_side';
}

/**
 * Forehand or backhand.
 *
 * Primary rule, trunk rotation direction: in a forehand the hitting-side shoulder comes forward,
 * so a right-hander's trunk turns counter-clockwise seen from above (clockwise for a
 * left-hander); a backhand turns the other way. It is read from the mean signed trunk rotation
 * rate over the {@link SIDE_WINDOW_S} before the wrist peak, in the engine's right-handed, y-up
 * frame, and used when its magnitude is at least 30 °/s.
 *
 * Fallback, wrist side: the side of the trunk the dominant wrist is on at the peak, i.e. the sign
 * of (wrist − thorax) · (unit horizontal left→right shoulder axis), mirrored for a left-hander.
 * It is only the fallback because in a one-handed backhand the shoulders stay closed at contact
 * and the arm reaches out on the hitting side, so the wrist side alone would call it a forehand.
 */
export function classifySide(p: PosePair, k: Kinematics, peak: number, hand: 'left' | 'right'): SideCall | null {
  const sign = hand === 'right' ? 1 : -1;
  let sum = 0;
  let n = 0;
  for (let i = peak; i >= 0 && k.t[peak]! - k.t[i]! <= SIDE_WINDOW_S + 1e-9; i--) {
    const w = k.trunkOmega[i]!;
    if (Number.isFinite(w)) [sum, n] = [sum + w, n + 1];
  }
  const omega = n > 0 ? sum / n : null;
  const wristSide = wristSideAt(p, peak, hand);
  if (omega !== null && Math.abs(omega) >= 30) {
    return { side: omega * sign > 0 ? 'forehand' : 'backhand', trunkRotationDps: omega, wristSide, basis: 'trunk_rotation' };
  }
  if (wristSide === null) return null;
  return { side: wristSide === 'dominant' ? 'forehand' : 'backhand', trunkRotationDps: omega, wristSide, basis: 'wrist_side' };
}

function wristSideAt(p: PosePair, f: number, hand: 'left' | 'right'): SideCall['wristSide'] {
  const ls = joint3(p, f, J.leftShoulder);
  const rs = joint3(p, f, J.rightShoulder);
  const w = joint3(p, f, hand === 'right' ? J.rightWrist : J.leftWrist);
  if (!ls || !rs || !w) return null;
  const axis = sub(rs, ls);
  const th: [number, number, number] = [(ls[0] + rs[0]) / 2, (ls[1] + rs[1]) / 2, (ls[2] + rs[2]) / 2];
  const rel = sub(w, th);
  const lateral = rel[0] * axis[0] + rel[2] * axis[2];
  const toRight = lateral > 0;
  return toRight === (hand === 'right') ? 'dominant' : 'non_dominant';
}
