/**
 * The camera view of a stroke, from the 3D pose around ball contact: the body's heading against
 * the camera axis, and the features that view cannot measure (left out with a coach-readable reason).
 *
 * Axes of the 3D pose (main/engine/lift/lift-3d.ts): x right in the picture, y up, z toward the
 * camera, pelvis at 0. The body's left→right line L→R (shoulders and hips, each normalised, summed)
 * gives the chest direction forward = up × (R − L) = (dz, 0, −dx). The heading is the angle
 * between forward and the direction to the camera (+z) on the horizontal plane:
 * heading = atan2(|dz|, −dx), 0° = chest to the camera (front-on), 90° = side-on,
 * 180° = back to the camera (behind). |dz| is used because the monocular lift knows the depth of
 * the shoulder line from its foreshortening but not always its sign; −dx (which shoulder is on the
 * picture's left) comes from the 2D keypoints.
 */
import type { Vec3 } from '../../pose/vec3.js';
import { J } from '../../pose/h36m.js';
import type { CameraView, CameraViewName } from '../../contract/technique-schema.js';

/**
 * Heading bands, deg: front-on ≤ 30, oblique 30–60, side-on 60–120, oblique 120–150, behind ≥ 150.
 * Decided: 30° bands (not fitted): at 30° from square the shoulder line's depth is half its length,
 * so a heading error of the lift's depth estimate is at most 2× its picture-plane error (1/sin 30°);
 * nearer square it grows without bound (see {@link VIEW_BLIND_FEATURES}).
 */
export const VIEW_BANDS_DEG = { frontMax: 30, sideMin: 60, sideMax: 120, behindMin: 150 } as const;

/** Half-width of the frames around contact the heading is the median of, real seconds (≈ 6 frames at 60 images/s). */
export const VIEW_WINDOW_S = 0.1;

/** The view class of a heading (deg, 0–180) by {@link VIEW_BANDS_DEG}. */
export function viewOfHeading(headingDeg: number): CameraViewName {
  const h = Math.abs(headingDeg);
  if (h <= VIEW_BANDS_DEG.frontMax) return 'front';
  if (h >= VIEW_BANDS_DEG.behindMin) return 'behind';
  if (h >= VIEW_BANDS_DEG.sideMin && h <= VIEW_BANDS_DEG.sideMax) return 'side';
  return 'oblique';
}

/**
 * Heading of one pose, deg in [0, 180] (0 = chest to the camera, 180 = back to it), from the
 * shoulders and hips (either pair may be null; NaN when both are, or the lines are vertical).
 */
export function bodyHeadingDeg(shoulders: [Vec3, Vec3] | null, hips: [Vec3, Vec3] | null): number {
  let [dx, dz] = [0, 0];
  for (const pair of [shoulders, hips]) {
    if (!pair) continue;
    const [l, r] = pair;
    const [x, z] = [r[0] - l[0], r[2] - l[2]];
    const len = Math.hypot(x, z);
    if (!(len > 1e-6)) continue;
    dx += x / len;
    dz += z / len;
  }
  if (!(Math.hypot(dx, dz) > 1e-6)) return NaN;
  return (Math.atan2(Math.abs(dz), -dx) * 180) / Math.PI;
}

/**
 * The camera view over `frames` of a track: the median heading of the frames where a shoulder or
 * hip pair is measured (`get(f, j)` = joint j of frame f, metres, or null), null when none is.
 */
export function cameraViewOf(frames: Iterable<number>, get: (f: number, j: number) => Vec3 | null): CameraView | null {
  const headings: number[] = [];
  for (const f of frames) {
    const pairOf = (a: number, b: number): [Vec3, Vec3] | null => {
      const [pa, pb] = [get(f, a), get(f, b)];
      return pa && pb ? [pa, pb] : null;
    };
    const h = bodyHeadingDeg(pairOf(J.leftShoulder, J.rightShoulder), pairOf(J.leftHip, J.rightHip));
    if (Number.isFinite(h)) headings.push(h);
  }
  if (!headings.length) return null;
  headings.sort((a, b) => a - b);
  const n = headings.length;
  const median = n % 2 ? headings[(n - 1) / 2]! : (headings[n / 2 - 1]! + headings[n / 2]!) / 2;
  return { view: viewOfHeading(median), heading_deg: Math.round(median) };
}

/**
 * Per view, the features it cannot measure and why (feature_name → what the camera cannot see).
 * Decided (geometric argument; the per-view errors of test/eval's 4-camera part are in
 * main/analysis/README.md "Camera view"): filmed from the front or from behind, the shoulder and
 * hip lines lie in the picture plane at contact; a turn δ about the vertical axis shortens their
 * picture width only by 1 − cos δ (2 % at 12°, 6 % at 20°), below the keypoints' noise, and the
 * lift's depth (hence the heading) near square is acos of a ratio near 1, so the headings the
 * rotation features differentiate or subtract are ±15° uncertain exactly where the swing turns
 * fastest. The contact point "in front" is measured along the swing direction, which at contact
 * runs along the camera axis in these views: depth only. Side-on and oblique views see these
 * turns across the picture and keep every feature.
 */
export const VIEW_BLIND_FEATURES: Readonly<Record<CameraViewName, Readonly<Record<string, string>>>> = (() => {
  const hidden = (from: string): Record<string, string> => ({
    hip_shoulder_separation: `filmed ${from}, the camera cannot see how far the shoulders turn past the hips (the turn goes into the depth of the picture)`,
    unit_turn: `filmed ${from}, the camera cannot see the shoulder turn (it goes into the depth of the picture)`,
    pelvis_rotation_speed: `filmed ${from}, the camera cannot see that rotation (the hips turn into the depth of the picture)`,
    trunk_rotation_speed: `filmed ${from}, the camera cannot see that rotation (the shoulders turn into the depth of the picture)`,
    kinetic_chain_sequence: `filmed ${from}, the camera cannot time the hip and trunk rotations (they turn into the depth of the picture)`,
    contact_point_in_front: `filmed ${from}, the swing at contact runs toward or away from the camera, so the camera cannot see how far in front the ball was met`,
  });
  // Side-on the two shoulders overlap in the picture: a serve's shoulder tilt at the trophy
  // position (serve-measures.ts) cannot be read there (swing-kind.ts leaves it out).
  const side = { shoulder_tilt_at_trophy: 'filmed side-on, the shoulders overlap in the picture, so their tilt cannot be read; film from the front or behind' };
  return { front: hidden('from the front'), behind: hidden('from behind'), side, oblique: {} };
})();
