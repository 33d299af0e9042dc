/**
 * The fastest the pelvis and the upper trunk turn in any measured throw or hit, as a ceiling on
 * the rotation speeds our monocular lift gives: a peak above it is the lift's error (a hip or
 * shoulder line flipping through the camera axis in a frame or two), not the body, and is left
 * out with {@link rotationBeyondBodyReason} instead of being scored or shown as measured.
 *
 * Source: Kageyama, Sugiyama, Kanehisa & Maeda 2015, "Difference between adolescent and collegiate
 * baseball pitchers in the kinematics and kinetics of the lower limbs and trunk during pitching
 * motion", J Sports Sci Med 14(2):246–255, table 3 (30 collegiate pitchers, 3D motion capture):
 * maximum pelvis angular velocity 714.0 ± 71.2 °/s, maximum upper torso angular velocity
 * 1273.0 ± 141.9 °/s. Pitching turns the trunk faster than a tennis serve (world-class servers:
 * pelvis 440 °/s, upper torso 870 °/s, Fleisig et al. 2003, serve-motion.ts ROTATION_REFERENCES)
 * or a forehand (elite upper trunk 453 °/s at impact, references.ts). Ceiling = mean + 3 SD:
 * 928 °/s (pelvis) and 1699 °/s (upper trunk). Decided from that table, not fitted: the labelled
 * clips' drive and serve peaks are all below it (pelvis ≤ 792, trunk ≤ 758 °/s, eval 2026-11-29),
 * and an unseen side-on serve (TennisCoach video001) read 1387 and 2235 °/s.
 */

/** Mean + 3 SD of the collegiate pitchers' maximum angular velocities, °/s (module doc). */
export const ROTATION_CEILING_DEG_S = {
  hip: Math.round(714.0 + 3 * 71.2),
  shoulder: Math.round(1273.0 + 3 * 141.9),
} as const;

/** The source of {@link ROTATION_CEILING_DEG_S}, for the reason text. */
export const ROTATION_CEILING_SOURCE = 'Kageyama et al. 2015, mean + 3 SD';

/**
 * Null when a peak rotation speed of `segment` (hip line or shoulder line), `degS` °/s (absolute),
 * is within {@link ROTATION_CEILING_DEG_S}; else the reason, in a coach's words, why it is left out.
 */
export function rotationBeyondBodyReason(segment: keyof typeof ROTATION_CEILING_DEG_S, degS: number): string | null {
  const ceiling = ROTATION_CEILING_DEG_S[segment];
  if (!(Math.abs(degS) > ceiling)) return null;
  const part = segment === 'hip' ? 'hips' : 'shoulders';
  return `the ${part} read ${Math.round(Math.abs(degS))}°/s, faster than any measured throw or hit turns them (at most ${ceiling}°/s, from baseball pitchers: ${ROTATION_CEILING_SOURCE}): the 3D pose, not the body, turned that fast, so the value is not shown`;
}
