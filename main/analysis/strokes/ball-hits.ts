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

/**
 * Least rate at which a flight's ball grows or shrinks in the picture for its depth direction to
 * count, relative size per real second: a ball flying at the camera grows, one flying away
 * shrinks, at (its speed along the camera axis) ÷ (its distance from the camera). 0.5/s is a
 * ball closing at 5 m/s on a camera 10 m away; a groundstroke's ball flies at 15–40 m/s. Decided,
 * not fitted. Measured: tennis_rally_pro_behind_1's forehand at 41 (camera behind the player),
 * the incoming ball +1.4/s and the struck one −2.8/s.
 */
export const DEPTH_TURN_RATE_PER_S = 0.5;

/**
 * Least ball size at a depth turn, as a share of the size of a ball at the player's own distance
 * from the camera (ball diameter ÷ torso length: tennis 67 mm ÷ ≈ 0.5 m, the torso being 0.29 of
 * the body height, Winter 2009 table 4.1; a leaning torso looks shorter, which only raises the
 * share): 0.5, a ball twice as far from the camera as the player (an opponent's hit across the
 * net, which turns the ball in depth too) is not at the player's racket. Decided, not fitted. The
 * labelled contacts where a ball was seen measure 0.41–1.2 of it (0.055–0.160, 20 contacts, 8
 * clips), so it admits most, and only depth turns are held to it.
 */
export const DEPTH_TURN_MIN_SIZE_SHARE = 0.5;

/** Ball diameter ÷ torso length of a ball at the player's distance from the camera: 67 mm ÷ 0.5 m (DEPTH_TURN_MIN_SIZE_SHARE). */
const BALL_PER_TORSO = 0.134;

/** A hit seen in the ball's flight: where an incoming flight turns round at the hitting wrist. */
export interface BallHit {
  /** Sub-frame index of the tracks where the incoming and outgoing flights meet. */
  at: number;
  /** Index of the incoming flight's first frame: the ball was in the air from here until the hit. */
  from: number;
  /** Why, in words (video frame numbers). */
  reason: string;
}

/**
 * The hits the ball's flight shows at the `hand` wrist over the whole clip: an incoming flight
 * and an outgoing one that starts at most 3 frames after it ends, whose paths carried on meet
 * within two ball diameters (the flights' median blob), turn by ≥ {@link HIT_TURN_DEG}° in the
 * picture or, with `framesPerRealS` (video frames per real second), turn round in depth (one
 * flight's ball grows and the other's shrinks, each by ≥ {@link DEPTH_TURN_RATE_PER_S} per real
 * second, the ball at least {@link DEPTH_TURN_MIN_SIZE_SHARE} of a ball's size at the player's
 * distance: a camera behind or in front of the hitter sees the struck ball fly on up the picture),
 * with the meeting point within `maxWristTorsos` torso lengths of the wrist (default
 * {@link HIT_MAX_WRIST_TORSOS}). A bounce (far from the wrist, and no turn in depth) or a blob
 * joining a flight (a small turn) is no hit. `flights`: the clip's flights when the caller has
 * them already (ball-flight.ts ballFlights over every frame).
 */
export function ballHits(
  c: BallCandidates,
  pose2d: PoseTrack,
  hand: Hand,
  maxWristTorsos: number = HIT_MAX_WRIST_TORSOS,
  framesPerRealS?: number,
  flights: readonly Flight[] = ballFlights(c, 0, c.frames - 1),
): BallHit[] {
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
      if (!(gap <= 2 * Math.max(medianDiameter(a), medianDiameter(b)))) continue;
      const f = Math.round(at);
      const turned = turnDeg(a, b) >= HIT_TURN_DEG;
      const inDepth = !turned && framesPerRealS !== undefined && depthTurn(a, b, framesPerRealS) && sizeShare(pose2d, f, e.d) >= DEPTH_TURN_MIN_SIZE_SHARE;
      if (!turned && !inDepth) continue;
      const dist = wristDistance(pose2d, hand, f, carryTo(a, at));
      if (!(dist <= maxWristTorsos)) continue;
      const how = turned ? 'turns round at the racket' : 'turns round in depth at the racket (flying at the camera, then away, or the reverse)';
      hits.push({
        at,
        from: a.points[0]!.f,
        reason: `the ball ${how} at frame ${nr(f)} (flights ${nr(a.points[0]!.f)}–${nr(e.f)} and ${nr(s.f)}–${nr(b.points[b.points.length - 1]!.f)}, ${dist.toFixed(1)} torso lengths from the wrist)`,
      });
    }
  }
  return hits.sort((x, y) => x.at - y.at);
}

/** Relative growth of the flight's ball per frame: least-squares slope of its diameter over frames ÷ its mean diameter. */
function growthPerFrame(fl: Flight): number {
  const n = fl.points.length;
  const mf = fl.points.reduce((t, p) => t + p.f, 0) / n;
  const md = fl.points.reduce((t, p) => t + p.d, 0) / n;
  let [num, den] = [0, 0];
  for (const p of fl.points) [num, den] = [num + (p.f - mf) * (p.d - md), den + (p.f - mf) ** 2];
  return den > 0 && md > 0 ? num / den / md : 0;
}

/** True when flight a grows and b shrinks, or the reverse, each at ≥ {@link DEPTH_TURN_RATE_PER_S} per real second. */
function depthTurn(a: Flight, b: Flight, framesPerRealS: number): boolean {
  const [ga, gb] = [growthPerFrame(a) * framesPerRealS, growthPerFrame(b) * framesPerRealS];
  return Math.abs(ga) >= DEPTH_TURN_RATE_PER_S && Math.abs(gb) >= DEPTH_TURN_RATE_PER_S && Math.sign(ga) !== Math.sign(gb);
}

/** The ball's diameter `d` (px) at frame f as a share of a ball's at the player's distance from the camera (NaN without a torso). */
function sizeShare(pose2d: PoseTrack, f: number, d: number): number {
  return d / (BALL_PER_TORSO * torsoLength((j) => jointAt(pose2d, f, j)));
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
