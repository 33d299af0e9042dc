/**
 * The measured error of an angle feature in the stroke's camera view, shown with the value
 * (issue 26 item 4: "scored with its measured uncertainty shown — never scored as if certain").
 *
 * Source: `npm run eval`'s "3D error per camera view" (test/eval/multiview.ts), the four
 * synchronised cameras of ../shared/media/multiview_balance_1, each camera's monocular 3D pose
 * against the same Pose2Sim triangulation (one trial: a person balancing, 100 frames at 60 fps),
 * measured 2026-11-27 at engine 7a8a396e4d11aa6d. Mean absolute errors, deg, per camera:
 *
 * | camera (view, heading) | knee L / R | elbow L / R | trunk tilt | pelvis heading | shoulder heading |
 * | --- | --- | --- | --- | --- | --- |
 * | cam02 (front, 12°) | 13.6 / 10.4 | 11.2 / 30.6 | 7.4 | 11.1 | 9.3 |
 * | cam01 (oblique, 38°) | 17.8 / 20.6 | 11.5 / 26.3 | 8.5 | 11.4 | 11.9 |
 * | cam03 (oblique, 150°) | 29.5 / 18.2 | 16.0 / 21.7 | 5.3 | 13.2 | 9.1 |
 * | cam04 (oblique, 148°) | 30.7 / 8.2 | 13.0 / 21.0 | 17.6 | 11.7 | 17.8 |
 *
 * A view's figure is the mean over its cameras and both sides (front: 1 camera, oblique: 3).
 * Decided: no camera of the trial stands side-on or behind. Behind sees the same picture-plane
 * geometry as front, mirrored, so it takes the front figures; side-on takes the larger of the
 * front and oblique figures (a bound, not a measurement). Both are said in the observation.
 * One trial of one person standing: these are the errors of the pose in each view, not of a
 * swing, and they are shown as "about ±", never used to move a level.
 */
import type { CameraView, CameraViewName, Feature } from '../../contract/technique-schema.js';

/** What an angle feature is measured from, in the per-view error table. */
type ErrorKind = 'knee' | 'elbow' | 'trunkTilt' | 'separation' | 'shoulderTurn';

const mean = (...xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Measured mean absolute error per view, deg (module table); separation = root-sum-square of the pelvis and shoulder heading errors. */
const MEASURED: Readonly<Record<'front' | 'oblique', Readonly<Record<ErrorKind, number>>>> = {
  front: { knee: mean(13.6, 10.4), elbow: mean(11.2, 30.6), trunkTilt: 7.4, separation: Math.hypot(11.1, 9.3), shoulderTurn: 9.3 },
  oblique: {
    knee: mean(17.8, 20.6, 29.5, 18.2, 30.7, 8.2),
    elbow: mean(11.5, 26.3, 16.0, 21.7, 13.0, 21.0),
    trunkTilt: mean(8.5, 5.3, 17.6),
    separation: Math.hypot(mean(11.4, 13.2, 11.7), mean(11.9, 9.1, 17.8)),
    shoulderTurn: mean(11.9, 9.1, 17.8),
  },
};

/** Which error an angle feature carries (features not listed carry none: speeds, lengths, ratios, timings). */
const KIND_OF: Readonly<Record<string, ErrorKind>> = {
  knee_flexion_at_contact: 'knee',
  elbow_angle_at_contact: 'elbow',
  trunk_tilt_at_contact: 'trunkTilt',
  hip_shoulder_separation: 'separation',
  unit_turn: 'shoulderTurn',
};

/** How each view's figure was obtained, for the observation. */
const BASIS: Readonly<Record<CameraViewName, string>> = {
  front: 'measured for this view',
  oblique: 'measured for this view',
  behind: 'measured from the front, the same picture mirrored',
  side: 'the larger of the front and oblique errors; no side-on camera was measured',
};

/**
 * The ± error, deg (1 decimal), of feature `name` filmed from `view`, or null when none is
 * known (not an angle of the table, unknown view). See the module doc for the numbers.
 */
export function viewUncertaintyDeg(name: string, view: CameraViewName): number | null {
  const kind = KIND_OF[name];
  if (!kind) return null;
  const v = view === 'side' ? Math.max(MEASURED.front[kind], MEASURED.oblique[kind]) : MEASURED[view === 'oblique' ? 'oblique' : 'front'][kind];
  return Math.round(v * 10) / 10;
}

/**
 * `features` with `uncertainty` (± deg, the view's measured error) on each angle feature that
 * has one, and a sentence in its observation saying so ("Filmed oblique, this angle reads within
 * about ±18.3° (measured for this view)."). Unknown view (null): unchanged.
 */
export function withViewUncertainty(features: Feature[], view: CameraView | null): Feature[] {
  if (!view) return features;
  return features.map((f) => {
    const u = viewUncertaintyDeg(f.feature_name, view.view);
    if (u === null) return f;
    const where = view.view === 'behind' ? 'from behind' : view.view === 'front' ? 'from the front' : view.view === 'side' ? 'side-on' : 'oblique';
    const note = `Filmed ${where}, this angle reads within about ±${Math.round(u)}° (${BASIS[view.view]}).`;
    return { ...f, uncertainty: u, observation: f.observation ? `${f.observation} ${note}` : note };
  });
}
