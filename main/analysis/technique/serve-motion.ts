/**
 * The serve's movement values (issue 28 item 3), reported without a score beside serve-measures.ts
 * in `serve_measures` (contract ServeMeasure); a value the view or the pose cannot give goes to
 * `features_left_out` with its reason. Each is searched between the trophy position (or, without
 * one, {@link DRIVE_WINDOW_S} before contact) and contact:
 *
 * - `pelvis_rotation_speed_peak`, `trunk_rotation_speed_peak` (deg/s): the peaks of the hip-line
 *   and shoulder-line rotation speeds (kinematics.ts, the 3D lift), found by chain.ts
 *   computeChain, the drive's kinetic chain, with the serve's window: from the trophy position to
 *   chain.ts AFTER_CONTACT_S after contact. The note gives each peak's time before contact. A
 *   peak faster than any measured throw or hit turns the body (rotation-ceiling.ts) is left out
 *   with that reason, and the chain order with it.
 * - `kinetic_chain_order` (s): chain.ts chainTiming's shortest gap between successive peaks
 *   (hips → shoulders → hand speed; positive = in order) and, as `fact`, the order of the three
 *   peaks in words (proximal-to-distal or not) and whether the frame rate resolves it (a gap
 *   within its uncertainty or under one frame period is not resolved, as the drive's
 *   kinetic_chain_sequence rule). Left out when the hitting hand is not measured around contact
 *   (serve-measures.ts `handUnseenReason`): the hand's peak is then a bridge over the gap.
 * - `leg_drive_hip_speed` (m/s): the pelvis's peak upward speed in the picture, pixels turned into
 *   metres with kinematics.ts pictureScale (median over the window), smoothed as every series
 *   (signal.ts Savitzky–Golay over ≈ 1/6 s) and differentiated on the analysis clock. The 3D pose is
 *   pelvis-centred, so the picture is the only place the body's rise shows. Needs a still camera
 *   roughly level with the player (any of front, side, behind).
 * - `toss_offset` (m): the ball at contact relative to the hips, from the engine's ball candidates:
 *   the blob nearest the hitting wrist and within {@link TOSS_REACH_M} of it, at the sample nearest
 *   contact within ±{@link TOSS_SEARCH_SAMPLES}; the horizontal picture distance from the pelvis,
 *   in metres. Side-on: + in front (the way the hand travels into contact); front, behind and
 *   oblique views: + toward the hitting arm's side. Not seen: left out with the reason.
 * - `landing_foot_lead` (s): after a jump (serve-phases.ts landing), which foot lands first
 *   (serve-phases.ts footLanding per ankle), as `fact`, and by how long.
 * - `landing_forward` (m): side views only: the horizontal picture distance from the front ankle
 *   at the serve's start to the first-landing ankle, + forward. In front and behind views forward
 *   is along the camera axis: left out with that reason.
 * - landing inside the court: always left out: it needs the court lines, which the analysis does
 *   not detect.
 */
import type { CameraViewName, LeftOutFeature, ServeMeasure } from '../../contract/technique-schema.js';
import { J } from '../../pose/h36m.js';
import type { BallBlob } from '../../pose/ball-candidates.js';
import { centralDiff, joint2, median, pictureScale, savitzkyGolay, smoothingWindow, type Kinematics, type PosePair } from '../core/index.js';
import { chainTiming, computeChain, type ChainSegment } from './chain.js';
import { framePeriod, type SwingPhases } from './phases.js';
import { firstAt, footLanding, type ServePhases } from './serve-phases.js';
import { handUnseenReason, NO_BAND_REASON } from './serve-measures.js';
import { rotationBeyondBodyReason } from './rotation-ceiling.js';

/**
 * Published world-class means of the peak rotation speeds in the serve (references, not level
 * bands: elite players only, no SD in the abstract): Fleisig, Nicholls, Elliott & Escamilla 2003,
 * "Kinematics used by world class tennis players to produce high-velocity serves", Sports
 * Biomechanics 2(1):51–64, abstract (20 players at the Sydney 2000 Olympics, 200 Hz 3D video):
 * pelvis rotation 440°/s, upper torso rotation 870°/s, in the order trunk tilt, upper torso,
 * pelvis, elbow, wrist: the pelvis peaks after the upper torso there, so our proximal-to-distal
 * `fact` is a description, not a norm. They measure about each segment's own axis, we about the
 * vertical on a monocular lift: compare with care.
 */
export const ROTATION_REFERENCES = {
  pelvis_rotation_speed_peak: { mean: 440, source: 'Fleisig, Nicholls, Elliott & Escamilla 2003, Sports Biomechanics 2(1):51–64 (abstract: world-class servers, Sydney 2000 Olympics; pelvis rotation 440°/s)' },
  trunk_rotation_speed_peak: { mean: 870, source: 'Fleisig, Nicholls, Elliott & Escamilla 2003, Sports Biomechanics 2(1):51–64 (abstract: world-class servers, Sydney 2000 Olympics; upper torso rotation 870°/s)' },
} as const;

/** Window before contact searched when no trophy position was found, seconds (the labelled serves: trophy 0.3–0.5 s before contact). Ours. */
export const DRIVE_WINDOW_S = 0.5;
/** Samples either side of contact searched for the ball (the contact's ±2 frames of the labels). */
export const TOSS_SEARCH_SAMPLES = 2;
/** Farthest the ball may lie from the hitting wrist at contact, metres: a tennis racket's 0.69–0.737 m (ITF Rules of Tennis, Appendix II) plus the ball's size and the wrist's error. */
export const TOSS_REACH_M = 1.0;

/** What {@link serveMotion} reads: the pose pair, its kinematics (kinematics.ts, analysis clock), the swing's phases, the serve's events (serve-phases.ts, sample indices), the hitting hand, the camera view around contact, and the ball blobs at a sample (absent without ball candidates). */
export interface ServeMotionInput {
  p: PosePair;
  k: Kinematics;
  phases: SwingPhases;
  events: ServePhases['events'];
  hand: 'left' | 'right';
  view?: CameraViewName | undefined;
  ballAt?: ((i: number) => BallBlob[]) | undefined;
}

/** Measured values (unscored) and the values left out with their reasons. */
export interface ServeMotion {
  measures: ServeMeasure[];
  leftOut: LeftOutFeature[];
}

const r = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
const ms = (s: number) => Math.round(s * 1000);

/** The serve's movement values (module doc). */
/**
 * What the same serve gives when it reaches the app as another file (`npm run eval:reencode`,
 * test/eval/reencode.ts, 2026-11-27: 2 serves, each recompressed, exported at 60 fps and halved
 * in size): the hip and trunk rotation peaks moved by 53–888 deg/s (tennis_serve_amateur_1, side-on:
 * hips 421–694 against 466, trunk 580–929 against 580 deg/s; the broadcast serve −17 % to +31 %), while the contact height, toss offset and landing moved
 * by a few per cent. Said beside the two peaks so that a coach reads them as rough figures.
 */
export const ROTATION_REPEATABILITY = 'a rough figure: the same serve sent as another file (recompressed, 60 fps, half size) read up to 60 % higher or 17 % lower';

export function serveMotion(x: ServeMotionInput): ServeMotion {
  const out: ServeMotion = { measures: [], leftOut: [] };
  const frame = (i: number) => x.p.pose3d.frameNr[i] ?? i;
  const add = (name: string, human: string, value: number, unit: string, i: number, view: string, fact?: string) => {
    const reference = (ROTATION_REFERENCES as Record<string, ServeMeasure['reference']>)[name];
    if (Number.isFinite(value)) out.measures.push({ name, human, value, unit, frame_nr: frame(i), band: null, note: `${NO_BAND_REASON}; ${view}`, ...(fact ? { fact } : {}), ...(reference ? { reference: { ...reference } } : {}) });
  };
  const leave = (feature_name: string, feature_human_readable_name: string, reason: string) => out.leftOut.push({ feature_name, feature_human_readable_name, reason });
  const c = x.phases.contact.index;
  const from = x.events.trophy_position ?? firstAt(x.k.t, x.k.t[c]! - DRIVE_WINDOW_S);
  const fps = 1 / framePeriod(x.k.t);
  const scaleAll = pictureScale(x.p, fps);
  const scale = median(Array.from(scaleAll.subarray(from, c + 1)).filter(Number.isFinite));

  // Rotation speeds and their order: the drive's kinetic chain with the serve's window.
  const ch = computeChain(x.k, { ...x.phases, backswingEnd: { ...x.phases.backswingEnd, index: from } });
  const before = (s: ChainSegment) => `peak ${ms(x.k.t[c]! - s.peakTime)} ms before contact`;
  const rot: [ChainSegment, string, string][] = [
    [ch.hip, 'pelvis_rotation_speed_peak', 'Hip rotation speed (peak)'],
    [ch.shoulder, 'trunk_rotation_speed_peak', 'Trunk rotation speed (peak)'],
  ];
  for (const [seg, name, human] of rot) {
    const beyond = seg.peakIndex >= 0 ? rotationBeyondBodyReason(seg === ch.hip ? 'hip' : 'shoulder', seg.peakValue) : null;
    if (beyond) leave(name, human, beyond);
    else if (seg.peakIndex >= 0) add(name, human, r(seg.peakValue, 0), 'deg/s', seg.peakIndex, `any view (3D lift); ${before(seg)}; ${ROTATION_REPEATABILITY}`);
    else leave(name, human, seg.cutByClip ? `the speed is highest at the clip's ${seg.cutByClip}: the peak may lie outside it` : 'not measured between the trophy position and contact');
  }
  const beyond = rotationBeyondBodyReason('hip', ch.hip.peakValue) ?? rotationBeyondBodyReason('shoulder', ch.shoulder.peakValue);
  if (!x.phases.contact.handMeasured) leave('kinetic_chain_order', 'Kinetic chain order (hips → shoulders → hand)', handUnseenReason(frame(c)));
  else if (beyond) leave('kinetic_chain_order', 'Kinetic chain order (hips → shoulders → hand)', beyond);
  else if (ch.hip.peakIndex >= 0 && ch.shoulder.peakIndex >= 0 && ch.wrist.peakIndex >= 0) {
    const { pelvisToTrunk, trunkToHand, sequence } = chainTiming(ch);
    add('kinetic_chain_order', 'Kinetic chain: shortest gap between peaks (hips → shoulders → hand)', r(sequence.gap, 3), 's', c, 'any view (3D lift)', chainOrderFact(ch, x.k.t[c]!, [pelvisToTrunk, trunkToHand], framePeriod(x.k.t)));
  } else leave('kinetic_chain_order', 'Kinetic chain order (hips → shoulders → hand)', 'a speed peak between the trophy position and contact is missing');

  // Leg drive: the pelvis's upward speed in the picture.
  const up = scale > 0 ? centralDiff(savitzkyGolay(Float64Array.from({ length: x.p.pose2d.frames }, (_, f) => -(joint2(x.p, f, J.pelvis)?.[1] ?? NaN) * scale), smoothingWindow(fps)), x.k.t) : null;
  let best = -1;
  for (let f = from; up && f <= c; f++) if (Number.isFinite(up[f]) && (best < 0 || up[f]! > up[best]!)) best = f;
  if (up && best >= 0) add('leg_drive_hip_speed', 'Leg drive: peak upward hip speed before contact', r(up[best]!, 2), 'm/s', best, `still camera level with the player (picture heights); ${ms(x.k.t[c]! - x.k.t[best]!)} ms before contact`);
  else leave('leg_drive_hip_speed', 'Leg drive: peak upward hip speed before contact', 'the hips or the picture scale are not measured before contact');

  // Toss placement: the ball at contact relative to the hips.
  const toss = x.ballAt ? ballNearContact(x, scaleAll) : null;
  if (toss) {
    const side = x.view === 'side';
    add('toss_offset', side ? 'Ball at contact: in front of the hips' : 'Ball at contact: to the hitting side of the hips', r(toss.offsetM, 2), 'm', toss.sample, side ? 'side view: + in front' : 'front, behind or oblique view: + toward the hitting arm');
  } else leave('toss_offset', 'Toss placement (ball at contact)', x.ballAt ? `not seen: no ball within ${TOSS_REACH_M} m of the hitting hand within ±${TOSS_SEARCH_SAMPLES} frames of contact` : 'not seen: this pose has no ball candidates');

  // Landing: which foot first, how far forward; inside the court needs the court lines.
  landingValues(x, scale, add, leave);
  leave('landing_inside_court', 'Landing inside the court', 'needs the court lines, which the analysis does not detect');
  return out;
}

/** The peaks' order in words (module doc): their times relative to contact, proximal-to-distal or not, and whether the gaps are resolved. */
function chainOrderFact(ch: { hip: ChainSegment; shoulder: ChainSegment; wrist: ChainSegment }, tc: number, gaps: { gap: number; uncertainty: number }[], period: number): string {
  const named: [string, ChainSegment][] = [['hips', ch.hip], ['shoulders', ch.shoulder], ['hand', ch.wrist]];
  const order = [...named].sort((a, b) => a[1].peakTime - b[1].peakTime);
  const inOrder = order.map((o) => o[0]).join() === 'hips,shoulders,hand';
  const at = (s: ChainSegment) => `${ms(s.peakTime - tc) >= 0 ? '+' : ''}${ms(s.peakTime - tc)} ms`;
  const resolved = gaps.every((g) => Math.abs(g.gap) > g.uncertainty && Math.abs(g.gap) >= period);
  const words = `peaks ${order.map(([n, s]) => `${n} ${at(s)}`).join(', ')} from contact: ${inOrder ? 'proximal-to-distal (hips, then shoulders, then hand)' : 'not proximal-to-distal'}`;
  return resolved ? words : `${words}; not resolved at ${Math.round(1 / period)} images/s (gaps ${gaps.map((g) => `${ms(g.gap)} ± ${ms(g.uncertainty)} ms`).join(', ')})`;
}

/** The ball nearest the hitting wrist near contact (module doc), its sample and signed offset from the hips (m); null when not seen. */
function ballNearContact(x: ServeMotionInput, scaleAll: Float64Array): { sample: number; offsetM: number } | null {
  const c = x.phases.contact.index;
  const wj = x.hand === 'right' ? J.rightWrist : J.leftWrist;
  for (const d of [0, -1, 1, -2, 2].filter((v) => Math.abs(v) <= TOSS_SEARCH_SAMPLES)) {
    const f = c + d;
    if (f < 0 || f >= x.p.pose2d.frames) continue;
    const [w, pel, sc] = [joint2(x.p, f, wj), joint2(x.p, f, J.pelvis), scaleAll[f]!];
    if (!w || !pel || !(sc > 0)) continue;
    const blobs = x.ballAt!(f).filter((b) => Math.hypot(b.x - w[0], b.y - w[1]) * sc <= TOSS_REACH_M);
    const ball = blobs.sort((a, b) => Math.hypot(a.x - w[0], a.y - w[1]) - Math.hypot(b.x - w[0], b.y - w[1]))[0];
    if (ball) return { sample: f, offsetM: (ball.x - pel[0]) * sc * forwardSign(x, f) };
  }
  return null;
}

/** +1 or −1: the picture's x direction that counts as + (module doc: side-on the hand's travel into contact, else the hitting shoulder's side). */
function forwardSign(x: ServeMotionInput, f: number): number {
  const [hitS, otherS, wj] = x.hand === 'right' ? [J.rightShoulder, J.leftShoulder, J.rightWrist] : [J.leftShoulder, J.rightShoulder, J.leftWrist];
  if (x.view === 'side') {
    const c = x.phases.contact.index;
    const [a, b] = [joint2(x.p, Math.max(0, c - 3), wj), joint2(x.p, c, wj)];
    return a && b && b[0] < a[0] ? -1 : 1;
  }
  const [h, o] = [joint2(x.p, f, hitS), joint2(x.p, f, otherS)];
  return h && o && h[0] < o[0] ? -1 : 1;
}

type Add = (name: string, human: string, value: number, unit: string, i: number, view: string, fact?: string) => void;
type Leave = (name: string, human: string, reason: string) => void;

/** Which foot lands first and, side-on, how far forward (module doc). */
function landingValues(x: ServeMotionInput, scale: number, add: Add, leave: Leave): void {
  const c = x.phases.contact.index;
  const firstHuman = 'Landing: first foot down, lead over the other';
  const fwdHuman = 'Landing: distance forward of the starting front foot';
  if (x.events.landing === undefined) {
    const why = 'no jump seen (the lower ankle is not off the ground at contact) or the ankles are not measured';
    leave('landing_foot_lead', firstHuman, why);
    leave('landing_forward', fwdHuman, why);
    return;
  }
  const s = { p: x.p, t: x.k.t, handSpeed: x.k.handSpeed, hand: x.hand, contact: c, followThrough: x.phases.followThroughEnd.index };
  const [left, right] = [footLanding(s, 'left'), footLanding(s, 'right')];
  const front = x.hand === 'right' ? 'left' : 'right';
  const first = left !== null && (right === null || left <= right) ? 'left' : right !== null ? 'right' : null;
  if (left !== null && right !== null) {
    const other = first === 'left' ? 'right' : 'left';
    const lead = Math.abs(x.k.t[left]! - x.k.t[right]!);
    const fact = left === right ? 'both feet land in the same frame' : `the ${first} foot (the ${first === front ? 'front' : 'back'} foot) lands first, ${ms(lead)} ms before the ${other}`;
    add('landing_foot_lead', firstHuman, r(lead, 2), 's', Math.min(left, right), 'front, side or behind views (picture heights)', fact);
  } else leave('landing_foot_lead', firstHuman, `the ${left === null ? 'left' : 'right'} foot's landing is not seen`);
  if (x.view !== 'side') {
    leave('landing_forward', fwdHuman, `forward is along the camera axis in ${x.view ? `a ${x.view}` : 'this'} view; only a side view shows it`);
    return;
  }
  const start = x.events.serve_start ?? 0;
  const land = first === 'left' ? left : right;
  const fj = front === 'left' ? J.leftAnkle : J.rightAnkle;
  const lj = first === 'left' ? J.leftAnkle : J.rightAnkle;
  const [a, b] = [joint2(x.p, start, fj), land !== null ? joint2(x.p, land, lj) : null];
  if (a && b && land !== null && scale > 0) add('landing_forward', fwdHuman, r((b[0] - a[0]) * scale * forwardSign(x, land), 2), 'm', land, 'side view, still camera: + forward');
  else leave('landing_forward', fwdHuman, 'the ankles are not measured at the serve start or at the landing');
}

