/**
 * The ball and the analysed player's racket in the picture, for ball-flight.ts and ball-hits.ts:
 * how far the racket reaches beyond the wrist, how long a flight is carried on to a contact,
 * joint reads of the raw 2D track, and {@link meetsRacket}: a flight that flies through a
 * contact and still meets the racket a few frames from it.
 */
import type { PoseTrack } from '../../pose/pose-track.js';
import { J } from '../../pose/h36m.js';
import type { Flight, Point } from './ball-flight.js';

/**
 * Reach of the racket or paddle beyond the hitting wrist, in torso lengths (mid-shoulders to
 * mid-hips in the image): a tennis racket is 0.69 m long (ITF Rules of Tennis, Appendix II,
 * at most 73.7 cm) and the ball meets it up to about 0.6 m from the hand, a pickleball paddle's
 * face 0.2–0.4 m from it (USA Pickleball rulebook 2.E: paddle length ≤ 17 in); a torso is about
 * 0.5 m. 1.6 torso lengths covers the racket with the ball's own size and the wrist's error.
 */
export const RACKET_REACH_TORSOS = 1.6;

/** Longest time a flight is carried on along its own motion to reach the contact, real seconds. */
export const EXTRAPOLATE_REAL_S = 0.1;

/**
 * Least pace at which a flight meeting the racket closes in on the wrist or moves away from it,
 * torso lengths per real second (≈ 2.5 m/s with a 0.5 m torso; slower than a struck ball):
 * pickleball_rec_outdoor_1's drive at 200 leaves the paddle at 10.6, a ball drifting past
 * tennis_groundstrokes_stock_slowmo_1's swing at 303 at under 1 (2 swings / 2 clips).
 */
export const MEET_PACE_TORSOS_PER_S = 5;

/** Most frames before contact a flight leaving the racket may start (the ±2 frames of a flight `through` contact). */
export const LEAVE_FRAMES = 2;

/**
 * The frame where a flight through contact frame `f` meets the racket, or null. Coming back: the
 * flight ends at most `carry` frames after `f` and its points from two frames before `f` on come
 * ever closer to the hitting wrist, by the ball's own motion. Leaving: it starts at most
 * {@link LEAVE_FRAMES} frames before `f` and its points up to two frames after `f` move ever away
 * from the wrist (farther back, a ball flying past a hand in its backswing looks the same). Either way, at no less than
 * {@link MEET_PACE_TORSOS_PER_S}, and that end point lies within {@link RACKET_REACH_TORSOS}
 * torso lengths of the `wrist` at its frame. A ball flying past, which closes in on the player
 * and then moves away, does neither. `carry` is {@link EXTRAPOLATE_REAL_S} in frames.
 */
export function meetsRacket(
  fl: Flight,
  pose2d: PoseTrack,
  wrist: number,
  f: number,
  framesPerRealS: number,
  torso: number,
): number | null {
  const pts = fl.points;
  const carry = Math.max(2, Math.round(EXTRAPOLATE_REAL_S * framesPerRealS));
  const closing = (ps: readonly Point[]) => closesIn(ps, pose2d, wrist, framesPerRealS, torso);
  const atRacket = (p: Point) => atRacketOf(p, pose2d, wrist, torso);
  const end = pts[pts.length - 1]!;
  if (end.f > f && end.f - f <= carry && atRacket(end) && closing(pts.filter((p) => p.f >= f - 2)))
    return end.f;
  const start = pts[0]!;
  if (
    start.f < f &&
    f - start.f <= LEAVE_FRAMES &&
    atRacket(start) &&
    closing(pts.filter((p) => p.f <= f + 2).reverse())
  )
    return start.f;
  return null;
}

/**
 * True when at every step of `ps` the ball moves toward the `wrist` (where the wrist is when the
 * step ends), on average at ≥ {@link MEET_PACE_TORSOS_PER_S} (`torso` px, `framesPerRealS` video
 * frames per real second); `ps` reversed: it moves away from the hand. The ball's own motion, not
 * the hand's: a hand swung at a drifting ball does not count.
 */
function closesIn(ps: readonly Point[], pose2d: PoseTrack, wrist: number, framesPerRealS: number, torso: number): boolean {
  let sum = 0;
  for (let i = 1; i < ps.length; i++) {
    const [p, q] = [ps[i - 1]!, ps[i]!];
    const w = jointAt(pose2d, q.f, wrist);
    const gap = Math.hypot(w ? w[0] - p.x : NaN, w ? w[1] - p.y : NaN);
    const toward = w && gap > 0 ? ((q.x - p.x) * (w[0] - p.x) + (q.y - p.y) * (w[1] - p.y)) / gap / Math.abs(q.f - p.f) : NaN;
    if (!(toward > 0)) return false;
    sum += toward;
  }
  return ps.length >= 2 && ((sum / (ps.length - 1)) * framesPerRealS) / torso >= MEET_PACE_TORSOS_PER_S;
}

/** True when point `p` lies within {@link RACKET_REACH_TORSOS} torso lengths (`torso` px) of the `wrist` at its frame. */
export function atRacketOf(p: Point, pose2d: PoseTrack, wrist: number, torso: number): boolean {
  const w = jointAt(pose2d, p.f, wrist);
  return w !== null && Math.hypot(p.x - w[0], p.y - w[1]) <= RACKET_REACH_TORSOS * torso;
}

/** Joint j's 2D position at frame f (raw track, any confidence), or null when absent. */
export function jointAt(pose2d: PoseTrack, f: number, j: number): [number, number] | null {
  const i = (f * pose2d.joints + j) * 2;
  const x = pose2d.keypoints[i]!,
    y = pose2d.keypoints[i + 1]!;
  return pose2d.present[f] && Number.isFinite(x) && Number.isFinite(y) ? [x, y] : null;
}

/** Mid-shoulders to mid-hips in the image, px, from a joint reader (NaN when a joint is absent). */
export function torsoLength(at: (j: number) => [number, number] | null): number {
  const ls = at(J.leftShoulder),
    rs = at(J.rightShoulder),
    lh = at(J.leftHip),
    rh = at(J.rightHip);
  if (!ls || !rs || !lh || !rh) return NaN;
  return Math.hypot((ls[0] + rs[0] - lh[0] - rh[0]) / 2, (ls[1] + rs[1] - lh[1] - rh[1]) / 2);
}
