/**
 * Where the ball's flight reaches the racket and is not seen again (ball-flight.ts flights): the
 * contact half a frame after the ball's last sighting. A hit (ball-hits.ts) needs the struck
 * ball's flight too; the racket, the body and motion blur often hide its first frames (the ball
 * leaves faster than it came), so the incoming flight alone is what is seen. ball-strokes.ts
 * times a swing at an arrival when no hit is near it; an arrival never adds or removes a stroke.
 *
 * Measured on the 13 labelled clips (eval 2026-11-29): where an incoming flight ends near the
 * hitting wrist the label lies 0 to 1 frame after its last point (the last sighting at the label
 * −1: tennis_broadcast_1 65, 127, 265, tennis_rally_pro_behind_1 41, tennis_serve_amateur_1 33,
 * pickleball_rally_behind_1 192, pickleball_broadcast_1 183; at the label:
 * tennis_rally_pro_behind_1 209 and 281, tennis_groundstrokes_stock_slowmo_1 71), hence the half
 * frame. Decided from those, no constant fitted: the reach is ball-racket.ts's, the approach is
 * the last three points' distances to the wrist. An arrival is weaker evidence than a hit (a ball
 * passing the player, a bounce near the hand end the same way: 32 arrivals in the 13 clips
 * against 29 labelled contacts), so it only times a swing the pose already found within
 * RETIME_REAL_S (0.1 s) of it: by at most that much; farther only when the ball flies through
 * the swing's contact on the same flight (ball-strokes.ts rule 1b).
 */
import { J } from '../../pose/h36m.js';
import type { BallCandidates } from '../../pose/ball-candidates.js';
import type { Hand } from '../../contract/technique-schema.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import { ballFlights, type Flight, type Point } from './ball-flight.js';
import { atRacketOf, jointAt, torsoLength } from './ball-racket.js';

/** An incoming flight that ends at the racket: the contact's sub-frame index and why. */
export interface BallArrival {
  /** Sub-frame index of the tracks: the flight's last frame + 0.5. */
  at: number;
  /** Index of the flight's first frame: the ball was in the air from here until the arrival. */
  from: number;
  /** Why, in words (video frame numbers). */
  reason: string;
}

/** Points of the flight's end whose approach is checked (its last three: two steps). */
const APPROACH_POINTS = 3;

/**
 * True when each of `ps` lies no farther from the `wrist` (at its own frame) than the one before:
 * the ball comes at the hand in the picture. Not its pace: a ball coming along the camera axis (a
 * camera behind or in front of the player) closes in slowly in the picture.
 */
function approaches(ps: readonly Point[], pose2d: PoseTrack, wrist: number): boolean {
  const d = ps.map((p) => {
    const w = jointAt(pose2d, p.f, wrist);
    return w ? Math.hypot(p.x - w[0], p.y - w[1]) : NaN;
  });
  return d.length === APPROACH_POINTS && d.every((x, i) => i === 0 || x <= d[i - 1]!);
}

/**
 * The arrivals over the whole clip: flights whose last point lies within the racket's reach of
 * the `hand` wrist (ball-racket.ts RACKET_REACH_TORSOS) and whose last {@link APPROACH_POINTS}
 * points come ever closer to it ({@link approaches}); in time order. `flights`: the clip's
 * flights when the caller has them already.
 */
export function ballArrivals(c: BallCandidates, pose2d: PoseTrack, hand: Hand, flights: readonly Flight[] = ballFlights(c, 0, c.frames - 1)): BallArrival[] {
  const wrist = hand === 'left' ? J.leftWrist : J.rightWrist;
  const nr = (i: number) => pose2d.frameNr[i] ?? i;
  const out: BallArrival[] = [];
  for (const fl of flights) {
    const end = fl.points[fl.points.length - 1]!;
    const torso = torsoLength((j) => jointAt(pose2d, end.f, j));
    if (!(torso > 0) || !atRacketOf(end, pose2d, wrist, torso)) continue;
    if (!approaches(fl.points.slice(-APPROACH_POINTS), pose2d, wrist)) continue;
    const w = jointAt(pose2d, end.f, wrist)!;
    const dist = Math.hypot(end.x - w[0], end.y - w[1]) / torso;
    out.push({
      at: end.f + 0.5,
      from: fl.points[0]!.f,
      reason: `the ball reaches the racket at frame ${nr(end.f)} and is not seen flying on (flight ${nr(fl.points[0]!.f)}–${nr(end.f)}, ${dist.toFixed(1)} torso lengths from the wrist)`,
    });
  }
  return out.sort((a, b) => a.at - b.at);
}
