/**
 * Measured values of a pickleball dink (issue 28 item 5), reported without a score in
 * `result.dink_measures` (our extension; contract ServeMeasure's shape: value, unit, frame, band
 * null and why, and a `fact` in words where there is one).
 *
 * Decided: no band. We found no measurement paper or sourced coaching data giving dink values by
 * level; the ranges measured on the labelled dinks (README.md "Dink values on the labelled
 * dinks") are in-sample description, not bands.
 *
 * - `dink_contact_height_ratio` (ratio): at contact, the hitting wrist's height above the lower
 *   ankle ÷ the player's height (serve-measures.ts handHeightShare, the serve's contact height),
 *   3D pose. `fact`: where the hand is in the picture against the knees and the waist line
 *   (pickleball-serve-rules.ts waistY): below the knees, between knees and waist, above the waist.
 * - `paddle_path_length` (m): the length of the hitting wrist's 3D path (smoothed, relative to the
 *   pelvis: kinematics.ts `hand`) from the end of the backswing to the end of the follow-through,
 *   the measurable proxy of the paddle face's path: the pose has no points on the paddle.
 * - `dink_knee_flexion` (deg): knee bend at contact, mean over both legs of 180° − the
 *   hip–knee–ankle angle (features-body.ts kneeFlexion's measure, with its contact interpolation).
 * - `dink_stance_width_ratio` (ratio): the horizontal ankle-to-ankle distance ÷ the shoulder
 *   width (3D, x–z plane) at contact (measure.ts measureAt).
 */
import type { ServeMeasure } from '../../contract/technique-schema.js';
import { J } from '../../pose/h36m.js';
import { joint2, joint3, sub } from '../core/index.js';
import type { SwingContext } from './feature-types.js';
import { kneeFlexion } from './features-body.js';
import { measureAt } from './measure.js';
import { waistY } from './pickleball-serve-rules.js';
import { handHeightShare } from './serve-measures.js';

/** Why no dink value has a band (module doc). */
export const NO_DINK_BAND_REASON = 'no level band: no measurement paper or sourced coaching data at hand gives this value by level';

const r = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

/** The dink's values (module doc); a value whose joints are unmeasured at its frame is left out. */
export function dinkMeasures(c: SwingContext): ServeMeasure[] {
  const { p, k, phases } = c;
  const ci = phases.contact.index;
  const frame = (i: number) => p.pose3d.frameNr[i] ?? i;
  const out: ServeMeasure[] = [];
  const add = (name: string, human: string, value: number, unit: string, i: number, view: string, fact?: string) => {
    if (Number.isFinite(value)) out.push({ name, human, value, unit, frame_nr: frame(i), band: null, note: `${NO_DINK_BAND_REASON}; ${view}`, ...(fact ? { fact } : {}) });
  };
  const wristJ = c.hand === 'right' ? J.rightWrist : J.leftWrist;
  const w = joint3(p, ci, wristJ);
  const ankles = [joint3(p, ci, J.leftAnkle), joint3(p, ci, J.rightAnkle)].filter((a) => a !== null);
  if (w) add('dink_contact_height_ratio', 'Hand height at contact (share of body height)', r(handHeightShare(w, ankles, c.heightM), 2), 'ratio', ci, 'any view', pictureHeight(c, ci, wristJ));
  const from = Math.min(phases.backswingEnd.index, ci);
  const to = Math.max(phases.followThroughEnd.index, ci);
  let path = 0;
  let steps = 0;
  for (let f = from; f < to; f++) {
    const d = Math.hypot(...sub(k.hand[f + 1]!, k.hand[f]!));
    if (Number.isFinite(d)) [path, steps] = [path + d, steps + 1];
  }
  if (steps > 0) add('paddle_path_length', 'Hand path over the swing (paddle-face path proxy)', r(path, 2), 'm', ci, `backswing end to follow-through end, frames ${frame(from)}–${frame(to)}; the hitting wrist stands in for the paddle (no paddle points)`);
  const knee = kneeFlexion.measure(c);
  if (knee.ok) add('dink_knee_flexion', 'Knee bend at contact', r(knee.value, 0), 'deg', knee.frame, 'best seen side-on');
  const stance = measureAt(c, ci, 'ball_contact', [J.leftAnkle, J.rightAnkle, J.leftShoulder, J.rightShoulder], (g) => {
    const feet = sub(g(J.leftAnkle), g(J.rightAnkle));
    const shoulders = sub(g(J.leftShoulder), g(J.rightShoulder));
    return Math.hypot(feet[0], feet[2]) / Math.hypot(shoulders[0], shoulders[2]);
  });
  if (stance.ok) add('dink_stance_width_ratio', 'Stance width at contact (feet apart ÷ shoulder width)', r(stance.value, 2), 'ratio', ci, 'any view (3D lift)');
  return out;
}

/** Where the hitting hand is in the picture at sample f: below the knees, between knees and waist, or above the waist; undefined when unmeasured. */
function pictureHeight(c: SwingContext, f: number, wristJ: number): string | undefined {
  const at = (i: number, j: number) => joint2(c.p, i, j);
  const w = at(f, wristJ);
  const waist = waistY(at, f);
  const knees = [at(f, J.leftKnee), at(f, J.rightKnee)].filter((q) => q !== null);
  if (!w || waist === null || knees.length === 0) return undefined;
  const knee = knees.reduce((s, q) => s + q[1], 0) / knees.length;
  // Picture y grows downward.
  return w[1] > knee ? 'hand below the knees at contact' : w[1] > waist ? 'hand between the knees and the waist at contact' : 'hand above the waist at contact';
}
