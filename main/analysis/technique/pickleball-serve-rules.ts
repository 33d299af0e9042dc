/**
 * Pickleball serve legality (issue 28 item 4): the volley serve's rules that players break without
 * knowing, checked on the pose at ball contact and reported as flags with the frame, not a score.
 * USA Pickleball Official Rulebook, rule 4.A.7 (volley serve): (a) the arm moves in an upward arc
 * when the ball is struck; (b) the paddle contacts the ball below the server's waist (navel
 * level); (c) the highest point of the paddle head is not above the highest part of the wrist at
 * contact.
 *
 * Measured from the 2D pose (picture y down), at the analysed contact:
 * - **below the waist**: the hitting wrist against the waist line, {@link NAVEL_SHARE} of the way
 *   from the hip centre up to the shoulder centre (Winter, Biomechanics and Motor Control of Human
 *   Movement, 4th ed., segment proportions: hip 0.530 H, shoulder 0.818 H; navel ≈ 0.60 H). The
 *   wrist, not the paddle face, is tested: the paddle meets the ball at or below the hand in an
 *   underhand serve, so a wrist above the line is a fault whatever the paddle does;
 * - **upward arc**: the wrist rises in the picture over the {@link ARC_SAMPLES} samples up to contact;
 * - **paddle head below the wrist**: the pose has no paddle points, so it is not judged and a note
 *   says so.
 * A rule whose joints are not measured at contact is not judged either (a note says which).
 */
import { J } from '../../pose/h36m.js';
import { warning, type Warning } from '../../contract/warning.js';
import { joint2, type PosePair } from '../core/index.js';

/** Navel between hip centre (0) and shoulder centre (1) in height: (0.60 − 0.530) / (0.818 − 0.530) ≈ 0.24 (Winter's proportions). */
export const NAVEL_SHARE = 0.24;
/** Samples before contact over which the hitting wrist must rise (the upward arc). */
export const ARC_SAMPLES = 2;

/**
 * The legality flags of a pickleball serve with contact at sample `contact` of `p` (module doc):
 * a 'pickleball-serve-fault' warning per broken rule, a 'pickleball-serve-unjudged' note per rule
 * the pose cannot judge; each with the contact's video frame (`frameNr`). Empty when none.
 */
export function pickleballServeFlags(p: PosePair, hand: 'left' | 'right', contact: number, frameNr: number): Warning[] {
  const at = (f: number, j: number) => (f >= 0 && f < p.pose2d.frames ? joint2(p, f, j) : null);
  const wristJ = hand === 'right' ? J.rightWrist : J.leftWrist;
  const frames = { from: frameNr, to: frameNr };
  const out: Warning[] = [];
  const wrist = at(contact, wristJ);
  const waist = waistY(at, contact);
  if (wrist && waist !== null) {
    if (wrist[1] < waist)
      out.push(warning('pickleball-serve-fault', 'warning', 'Serve fault: the ball looks struck above the waist.', { frames, detail: `at frame ${frameNr} the hitting wrist is ${Math.round(waist - wrist[1])} px above the waist line (USA Pickleball rule 4.A.7: contact below the navel)` }));
  } else out.push(unjudged('contact below the waist', frameNr, 'the hitting wrist, hips or shoulders are not measured at contact'));
  const before = at(contact - ARC_SAMPLES, wristJ);
  if (wrist && before) {
    if (!(wrist[1] < before[1]))
      out.push(warning('pickleball-serve-fault', 'warning', 'Serve fault: the paddle arm is not swinging upward at contact.', { frames, detail: `the hitting wrist moves ${Math.round(wrist[1] - before[1])} px down over the ${ARC_SAMPLES} frames before frame ${frameNr} (USA Pickleball rule 4.A.7: an upward arc)` }));
  } else out.push(unjudged('upward arc', frameNr, `the hitting wrist is not measured at contact or ${ARC_SAMPLES} frames before`));
  out.push(unjudged('paddle head below the wrist', frameNr, 'the pose has no points on the paddle'));
  return out;
}

/** The waist line's picture y (pixels, y down) at sample f ({@link NAVEL_SHARE} from the hip centre to the shoulder centre), null when a joint is unmeasured; `at` reads a joint's 2D point. Also the dink's contact height (dink-measures.ts). */
export function waistY(at: (f: number, j: number) => [number, number] | null, f: number): number | null {
  const [lh, rh, ls, rs] = [at(f, J.leftHip), at(f, J.rightHip), at(f, J.leftShoulder), at(f, J.rightShoulder)];
  if (!lh || !rh || !ls || !rs) return null;
  const hip = (lh[1] + rh[1]) / 2;
  const shoulder = (ls[1] + rs[1]) / 2;
  return hip + NAVEL_SHARE * (shoulder - hip);
}

function unjudged(rule: string, frameNr: number, why: string): Warning {
  return warning('pickleball-serve-unjudged', 'info', `Serve rule not judged: ${rule}.`, { frames: { from: frameNr, to: frameNr }, detail: `${rule} at frame ${frameNr} is not judged: ${why}` });
}
