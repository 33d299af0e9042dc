/**
 * A picture turned on its side without a rotation tag (a phone clip whose tag was lost, or a
 * camera held sideways): the player's trunk lies across the picture. Found from the fast pass's
 * poses; the engine then decodes the clip turned upright and estimates the pose again
 * (estimate-pose.ts), so the analysis reads an upright player (a serve-like "arm above the head"
 * is not a sideways forehand) and the pose is in the upright picture's pixels.
 */
import type { CocoPose } from './inference/index.js';
import { warning, type Warning } from '../contract/warning.js';

/**
 * Largest angle between the hip-mid → shoulder-mid vector and the horizontal that counts as a
 * lying trunk, degrees. Decided: 30° (the brief's rule); an upright player leans the trunk at
 * most ~30° from vertical in a drive's or a serve's deepest bend, i.e. ≥ 60° from horizontal.
 */
export const TURNED_MAX_TILT_DEG = 30;
/**
 * Share of the measured frames whose trunk must lie within {@link TURNED_MAX_TILT_DEG} of
 * horizontal. Chosen on 13 clips of ../shared/media (the eval's cached poses, 2026-11-27): upright
 * clips 0–5 %, except the overhead drone view (tennis_serve_overhead_drone_1: 56 %, the trunk seen
 * from above); the same clips turned (their share of trunks within 30° of VERTICAL, which a quarter
 * turn makes horizontal) 86–100 %. Decided: 0.75, between 0.56 and 0.86 and nearer the turned side
 * (a picture turned that was not is worse than one left as it was). Leave-one-clip-out: the fold
 * that leaves out the drone view sees upright shares ≤ 5 % and would put the edge near 0.45, which
 * takes the drone view for turned: an overhead view is the known risk (main/engine/README.md).
 */
export const TURNED_MIN_SHARE = 0.75;
/** Fewest frames with hips and shoulders measured before a picture is judged turned (a third of a second at 30 fps). */
export const TURNED_MIN_FRAMES = 10;
/** Lowest keypoint score of a hip or shoulder used. */
const MIN_SCORE = 0.3;

/** A turned picture: the rotation that puts the head up (ffprobe's convention) and the evidence. */
export interface TurnedPicture {
  /** 90: the head pointed right, the picture is turned a quarter counter-clockwise; 270: the head pointed left, clockwise. */
  turn: 90 | 270;
  /** Share of the measured frames whose trunk lies within {@link TURNED_MAX_TILT_DEG} of horizontal. */
  share: number;
  /** Frames with both hips and both shoulders measured. */
  frames: number;
}

/**
 * Whether the picture of these poses (COCO-17 in frame pixels, undefined where no player was
 * found) is turned on its side: in at least {@link TURNED_MIN_SHARE} of the
 * ≥ {@link TURNED_MIN_FRAMES} frames with hips and shoulders measured, the hip-mid → shoulder-mid
 * vector lies within {@link TURNED_MAX_TILT_DEG} of horizontal. The side the head points to (the
 * vector's x sign, by majority of those frames) picks the turn. Null for an upright picture.
 */
export function turnedPicture(poses: Iterable<CocoPose | undefined>): TurnedPicture | null {
  let [frames, lying, right] = [0, 0, 0];
  const tan = Math.tan((TURNED_MAX_TILT_DEG * Math.PI) / 180);
  for (const p of poses) {
    if (!p || ![5, 6, 11, 12].every((j) => (p.score[j] ?? 0) >= MIN_SCORE)) continue;
    const x = (j: number) => p.xy[2 * j] ?? NaN;
    const y = (j: number) => p.xy[2 * j + 1] ?? NaN;
    const dx = (x(5) + x(6) - x(11) - x(12)) / 2;
    const dy = (y(5) + y(6) - y(11) - y(12)) / 2;
    if (!Number.isFinite(dx) || !Number.isFinite(dy) || (dx === 0 && dy === 0)) continue;
    frames++;
    if (Math.abs(dy) <= tan * Math.abs(dx)) {
      lying++;
      if (dx > 0) right++;
    }
  }
  if (frames < TURNED_MIN_FRAMES || lying < TURNED_MIN_SHARE * frames) return null;
  return { turn: right * 2 >= lying ? 90 : 270, share: lying / frames, frames };
}

/** The warning (code 'picture-turned', notice) of a clip analysed turned upright. */
export function pictureTurnedWarning(t: TurnedPicture): Warning {
  return warning('picture-turned', 'notice', 'The picture was turned on its side; it was analysed upright.', {
    detail:
      `the player's trunk lay within ${TURNED_MAX_TILT_DEG}° of horizontal in ${Math.round(t.share * 100)} % of ${t.frames} frames and the clip has no rotation tag, ` +
      `so it was turned a quarter ${t.turn === 90 ? 'counter-clockwise' : 'clockwise'} and analysed upright; the session shows it upright`,
  });
}
