/**
 * Forehand or backhand of one swing, from three pieces of evidence tried in order and a fourth that
 * only confirms the third.
 *
 * 1. Picture plane (`picture_plane`): in a forehand the hitting hand travels across the body
 *    from the dominant side to the non-dominant side; in a backhand (one- or two-handed) from the
 *    non-dominant side to the dominant side. The body's dominant side in the picture is where the
 *    dominant hip is relative to the other hip (the pelvis turns less than the shoulders, so the
 *    hip order stays readable through the swing in front and back views); the hand's travel is
 *    its picture-plane displacement over [peak − {@link BEFORE_S}, peak + {@link AFTER_S}]. Used
 *    when the hips are apart by ≥ {@link MIN_HIP_SPREAD} of the 2D trunk length and the hand
 *    travels ≥ {@link MIN_TRAVEL_M} sideways. Needs no depth, so a monocular lift's depth sign
 *    ambiguity (a rotation of +θ and −θ project alike) cannot flip it.
 * 2. Trunk rotation (`trunk_rotation`): a right-hander's forehand turns the trunk
 *    counter-clockwise seen from above (clockwise for a left-hander), a backhand the other way;
 *    mean signed rate over the 0.1 s before the peak, used when ≥ 30 °/s. Reliable only with a
 *    true 3D pose (side-on cameras, where rule 1 cannot see the hips apart).
 * 3. Wrist side (`wrist_side`): the side of the body the dominant wrist is on at the peak, sign
 *    of (wrist − pelvis) · hip axis in 3D, seen from above. Last because in a one-handed
 *    backhand played with the hips closed the arm reaches out on the hitting hip's side, which
 *    this rule would call a forehand. Only slow strokes get here (trunk rotation under 30 °/s:
 *    dinks, blocks, volleys), and in those the shoulders turn with the paddle while the pelvis
 *    stays square to the ball, so the hip axis, not the shoulder axis, is the reference: on the
 *    shared clips' two labelled backhand dinks the shoulder axis put the wrist on the dominant
 *    side in one pose or the other (pickleball_rec_1 #250: +0.3 to +0.65 shoulder widths), the
 *    hip axis on the non-dominant side in both (−0.4 to −1.8 hip widths), and on every labelled
 *    forehand the hip axis reads the dominant side or ≈ 0 (main/analysis/README.md, "Side of a
 *    groundstroke").
 *
 * 4. Wrist in the picture: which side of the pelvis the dominant wrist is on in the picture at
 *    the peak, the player's right and left read from how the body faced the camera over the
 *    second around it ({@link FACING_WINDOW_S}: the median picture-x order of the right and left
 *    shoulders and hips, used when it spreads by ≥ {@link MIN_HIP_SPREAD} of the 2D trunk length,
 *    i.e. the camera sees the body's width: from behind or in front). A lunge turns the shoulders
 *    at contact, so their order then is no guide; over a second the player mostly faces the net.
 *    No depth. It never decides alone: only with rule 3 ("Wrist against trunk").
 *
 * **Wrist against trunk** (since 2026-11-29): when rule 1 is silent and rules 3 and 4 agree on the
 * wrist's side (in 3D and in the picture) against rule 2, they decide (basis `wrist_side`).
 * Measured on 15 unseen annotated pickleball clips (main/analysis/README.md "An external check"),
 * mostly filmed from behind with lunging backhands, where a monocular lift turns the trunk either
 * way: of 98 matched non-serve shots the rules' order called 69 right, with this 77; on the
 * labelled clips' 19 matched drives 17 either way (`npm run eval` identical). Chosen on that
 * external set (of three picture cues tried there, the body's facing at contact, 0.3 s before it
 * and over ±1 s, the last read best), so its gain there is in sample; rule 4 alone reads 85 %
 * there but 58 % on the labelled clips' side-on and oblique tennis views, hence only with rule 3.
 * Pickleball only (the caller's `wristOverTrunk`): measured on pickleball, and a tennis one-handed
 * backhand played side-on with closed hips puts the wrist on the hitting hip's side in 3D and
 * beside the pelvis in the picture, where the trunk's backhand turn is the right call (rule 3's
 * caveat); no labelled tennis one-hander exists to measure it.
 *
 * **Two against one** (since 2026-11-29): when rules 2 and 3 both have their joints and agree on a
 * side that rule 1 does not read, they decide. Rule 1 reads the hand's travel over 0.4 s, which on
 * a running get or a short block can hold the take-back or the recovery. Decided, not fitted: on
 * the 13 labelled clips it changes no figure (`npm run eval` identical); on unseen public clips it turns
 * two forehands read as backhands back into forehands (Parkvr/pickleball-shot-classifier @ 955d008
 * `videos/16.mp4` frame 27, arnavchokshi/pickleball @ 405b61f
 * `cvat_upload/01_burlington_gold_0300_low_steep_corner_10s.mp4` frame 219) and leaves a third
 * (the same `16.mp4` at 82: trunk and wrist disagree) as it was. Caveat: in the front and behind
 * views where rule 1 applies, rule 2's direction is what a one-camera lift cannot be sure of (the
 * module's rule 1 note); rule 3 there reads mostly the picture. Chosen on two clips.
 */
import { J } from '../../pose/h36m.js';
import type { Kinematics } from '../core/index.js';
import { joint2, joint3, median, sub, type PosePair } from '../core/index.js';

/** What the side call reads of a swing's kinematics: the clock (s), the trunk's rotation rate (deg/s) and the picture-plane hand (m). */
export type SideKinematics = Pick<Kinematics, 't' | 'trunkOmega' | 'handPlane'>;

export const BEFORE_S = 0.3;
export const AFTER_S = 0.1;
export const MIN_HIP_SPREAD = 0.15;
export const MIN_TRAVEL_M = 0.1;
/** Half window over which rule 4 reads which way the body faces the camera, real seconds (module doc): chosen on the external annotated clips among the facing at contact, 0.3 s before it and ±1 s (98 shots, 15 clips). */
export const FACING_WINDOW_S = 1.0;
const TRUNK_WINDOW_S = 0.1;
const MIN_TRUNK_RATE = 30;

/** Classification of one swing with the evidence used. */
export interface SideCall {
  side: 'forehand' | 'backhand';
  basis: 'picture_plane' | 'trunk_rotation' | 'wrist_side';
  /** Mean signed trunk rotation rate before the peak, deg/s (+ = counter-clockwise from above). */
  trunkRotationDps: number | null;
  /** Side of the body (the hip axis) the dominant wrist is on at the peak (3D). */
  wristSide: 'dominant' | 'non_dominant' | null;
}

/**
 * Classifies the swing peaking at frame `peak` (module doc: rules 1–3 in order, with "Two against
 * one" and, when `wristOverTrunk` (pickleball), "Wrist against trunk"); null when no rule has the
 * joints it needs.
 */
export function classifySide(p: PosePair, k: SideKinematics, peak: number, hand: 'left' | 'right', wristOverTrunk = false): SideCall | null {
  const omega = trunkRate(k, peak);
  const wristSide = wristSideAt(p, peak, hand);
  const picture = pictureSide(p, k, peak, hand);
  const byTrunk = omega !== null && Math.abs(omega) >= MIN_TRUNK_RATE ? (omega * (hand === 'right' ? 1 : -1) > 0 ? 'forehand' : 'backhand') : null;
  const byWrist = wristSide === null ? null : wristSide === 'dominant' ? 'forehand' : 'backhand';
  const call = (side: SideCall['side'], basis: SideCall['basis']): SideCall => ({ side, basis, trunkRotationDps: omega, wristSide });
  // Rules 2 and 3 agreeing against rule 1 decide (module doc, "Two against one").
  const overruled = byTrunk !== null && byTrunk === byWrist && byTrunk !== picture;
  if (picture && !overruled) return call(picture, 'picture_plane');
  // Rule 1 silent: rules 3 and 4 agreeing against rule 2 decide (module doc, "Wrist against trunk").
  if (wristOverTrunk && !picture && byTrunk && byWrist && byWrist !== byTrunk && wristPictureSide(p, k, peak, hand) === byWrist) return call(byWrist, 'wrist_side');
  if (byTrunk) return call(byTrunk, 'trunk_rotation');
  if (byWrist === null) return null;
  return call(byWrist, 'wrist_side');
}

/**
 * Rule 4 (module doc): the side of the pelvis the `hand` wrist is on in the picture at `peak`,
 * the player's right read from the median picture-x order of the right and left shoulders and hips
 * over ± {@link FACING_WINDOW_S}; null when that order spreads by less than {@link MIN_HIP_SPREAD}
 * of the median 2D trunk length (side-on: the body's width is not seen) or a joint is missing.
 */
function wristPictureSide(p: PosePair, k: SideKinematics, peak: number, hand: 'left' | 'right'): SideCall['side'] | null {
  const [a, b] = window(k, peak, FACING_WINDOW_S, FACING_WINDOW_S);
  const spreads: number[] = [];
  const trunks: number[] = [];
  for (let f = a; f <= b; f++) {
    const [rs, ls, rh, lh] = [J.rightShoulder, J.leftShoulder, J.rightHip, J.leftHip].map((j) => joint2(p, f, j));
    const pel = joint2(p, f, J.pelvis);
    const th = joint2(p, f, J.thorax);
    if (!rs || !ls || !rh || !lh || !pel || !th) continue;
    spreads.push((rs[0] - ls[0] + rh[0] - lh[0]) / 2);
    trunks.push(Math.hypot(th[0] - pel[0], th[1] - pel[1]));
  }
  const spread = median(spreads);
  if (!(Math.abs(spread) >= MIN_HIP_SPREAD * median(trunks))) return null;
  const w = joint2(p, peak, hand === 'right' ? J.rightWrist : J.leftWrist);
  const pel = joint2(p, peak, J.pelvis);
  if (!w || !pel || w[0] === pel[0]) return null;
  const onRight = (w[0] - pel[0]) * Math.sign(spread) > 0;
  return onRight === (hand === 'right') ? 'forehand' : 'backhand';
}


function window(k: SideKinematics, peak: number, before: number, after: number): [number, number] {
  let a = peak;
  let b = peak;
  while (a > 0 && k.t[peak]! - k.t[a - 1]! <= before + 1e-9) a--;
  while (b < k.t.length - 1 && k.t[b + 1]! - k.t[peak]! <= after + 1e-9) b++;
  return [a, b];
}

function pictureSide(p: PosePair, k: SideKinematics, peak: number, hand: 'left' | 'right'): SideCall['side'] | null {
  const [a, b] = window(k, peak, BEFORE_S, AFTER_S);
  const dom = hand === 'right' ? J.rightHip : J.leftHip;
  const other = hand === 'right' ? J.leftHip : J.rightHip;
  let spread = 0;
  let trunk = 0;
  let n = 0;
  for (let f = a; f <= b; f++) {
    const d = joint2(p, f, dom);
    const o = joint2(p, f, other);
    const pel = joint2(p, f, J.pelvis);
    const th = joint2(p, f, J.thorax);
    if (!d || !o || !pel || !th) continue;
    spread += d[0] - o[0];
    trunk += Math.hypot(th[0] - pel[0], th[1] - pel[1]);
    n++;
  }
  if (n === 0 || Math.abs(spread) < MIN_HIP_SPREAD * trunk) return null;
  const travel = k.handPlane[b]![0] - k.handPlane[a]![0];
  if (!(Math.abs(travel) >= MIN_TRAVEL_M)) return null;
  return travel * Math.sign(spread) < 0 ? 'forehand' : 'backhand';
}

function trunkRate(k: SideKinematics, peak: number): number | null {
  const [a] = window(k, peak, TRUNK_WINDOW_S, 0);
  let sum = 0;
  let n = 0;
  for (let i = a; i <= peak; i++) {
    const w = k.trunkOmega[i]!;
    if (Number.isFinite(w)) [sum, n] = [sum + w, n + 1];
  }
  return n > 0 ? sum / n : null;
}

/**
 * Side of the body the `hand` wrist is on in frame f (rule 3 above): sign of (wrist − pelvis) ·
 * (right hip − left hip) in the ground plane (3D x and z). Null when a joint is missing.
 */
export function wristSideAt(p: PosePair, f: number, hand: 'left' | 'right'): SideCall['wristSide'] {
  const lh = joint3(p, f, J.leftHip);
  const rh = joint3(p, f, J.rightHip);
  const pel = joint3(p, f, J.pelvis);
  const w = joint3(p, f, hand === 'right' ? J.rightWrist : J.leftWrist);
  if (!lh || !rh || !pel || !w) return null;
  const axis = sub(rh, lh);
  const rel = sub(w, pel);
  const toRight = rel[0] * axis[0] + rel[2] * axis[2] > 0;
  return toRight === (hand === 'right') ? 'dominant' : 'non_dominant';
}
