/**
 * Hits the ball's flight shows over a whole clip (ball-flight.ts flights): where an incoming
 * flight turns round at the hitting wrist. ball-strokes.ts times swings at them and adds the
 * strokes only they show.
 */
import { J } from '../../pose/h36m.js';
import type { BallCandidates } from '../../pose/ball-candidates.js';
import type { Hand } from '../../contract/technique-schema.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import { ballFlights, carryTo, type Flight } from './ball-flight.js';
import { jointAt, torsoLength } from './ball-racket.js';

/**
 * Least turn of the ball's direction at a hit, degrees: a racket or paddle sends the ball back
 * (tennis_forehand_1 472: 174°, pickleball_rec_1 250: 159°); a flight that a blob merely
 * interrupts bends by under 20° (pickleball_rec_1 193: 13°).
 */
const HIT_TURN_DEG = 90;

/**
 * Farthest a hit lies from the hitting wrist, torso lengths, by default: the ball meets the racket
 * or paddle face, inside its reach ({@link RACKET_REACH_TORSOS}); a bounce at the player's feet
 * lies ≥ 2 torso lengths from the wrist on the shared clips (pickleball_rec_1 272: 2.4). The
 * product's value is DetectionParams.hitMaxWristTorsos (detection-params.ts, fitted).
 */
export const HIT_MAX_WRIST_TORSOS = 1.0;

/** A hit seen in the ball's flight: where an incoming flight turns round at the hitting wrist. */
export interface BallHit {
  /** Sub-frame index of the tracks where the incoming and outgoing flights meet. */
  at: number;
  /** Why, in words (video frame numbers). */
  reason: string;
}

/**
 * The hits the ball's flight shows at the `hand` wrist over the whole clip: an incoming flight
 * and an outgoing one that starts at most 3 frames after it ends, whose paths carried on meet
 * within two ball diameters (the flights' median blob), turn by ≥ {@link HIT_TURN_DEG}°, with the meeting point within
 * `maxWristTorsos` torso lengths of the wrist (default {@link HIT_MAX_WRIST_TORSOS}). A bounce (far from the wrist) or a
 * blob joining a flight (a small turn) is no hit.
 */
export function ballHits(c: BallCandidates, pose2d: PoseTrack, hand: Hand, maxWristTorsos: number = HIT_MAX_WRIST_TORSOS): BallHit[] {
  const flights = ballFlights(c, 0, c.frames - 1);
  const nr = (i: number) => pose2d.frameNr[i] ?? i;
  const hits: BallHit[] = [];
  for (const a of flights) {
    for (const b of flights) {
      const e = a.points[a.points.length - 1]!;
      const s = b.points[0]!;
      if (a === b || s.f <= e.f - 1 || s.f - e.f > 3) continue;
      let [at, gap] = [NaN, Infinity];
      for (let x = Math.min(e.f, s.f); x <= Math.max(e.f, s.f); x += 0.25) {
        const [p, q] = [carryTo(a, x), carryTo(b, x)];
        const d = Math.hypot(p[0] - q[0], p[1] - q[1]);
        if (d < gap) [at, gap] = [x, d];
      }
      if (!(gap <= 2 * Math.max(medianDiameter(a), medianDiameter(b))) || turnDeg(a, b) < HIT_TURN_DEG)
        continue;
      const f = Math.round(at);
      const dist = wristDistance(pose2d, hand, f, carryTo(a, at));
      if (!(dist <= maxWristTorsos)) continue;
      hits.push({
        at,
        reason: `the ball turns round at the racket at frame ${nr(f)} (flights ${nr(a.points[0]!.f)}–${nr(e.f)} and ${nr(s.f)}–${nr(b.points[b.points.length - 1]!.f)}, ${dist.toFixed(1)} torso lengths from the wrist)`,
      });
    }
  }
  return hits.sort((x, y) => x.at - y.at);
}

/** The flight's median blob diameter, px (an end point may be a fragment of the ball at the racket). */
function medianDiameter(fl: Flight): number {
  const d = fl.points.map((p) => p.d).sort((x, y) => x - y);
  return d[d.length >> 1]!;
}

/** Angle between the last step of flight a and the first step of flight b, degrees. */
function turnDeg(a: Flight, b: Flight): number {
  const [a1, a2] = [a.points[a.points.length - 2]!, a.points[a.points.length - 1]!];
  const [b1, b2] = [b.points[0]!, b.points[1]!];
  const [ux, uy, vx, vy] = [a2.x - a1.x, a2.y - a1.y, b2.x - b1.x, b2.y - b1.y];
  const cos = (ux * vx + uy * vy) / (Math.hypot(ux, uy) * Math.hypot(vx, vy));
  return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
}

/** Distance of point p from the `hand` wrist at frame f, torso lengths (NaN when not measured). */
function wristDistance(pose2d: PoseTrack, hand: Hand, f: number, p: [number, number]): number {
  const at = (j: number) => jointAt(pose2d, f, j);
  const h = at(hand === 'left' ? J.leftWrist : J.rightWrist);
  const torso = torsoLength(at);
  return h && torso > 0 ? Math.hypot(p[0] - h[0], p[1] - h[1]) / torso : NaN;
}
