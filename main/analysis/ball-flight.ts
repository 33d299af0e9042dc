/**
 * The ball's flight around a stroke's contact, from the engine's ball candidates
 * (main/pose/ball-candidates.ts): does the ball's path allow a hit by the analysed player's
 * racket or paddle at that moment?
 *
 * A flight is a chain of candidates, one per frame, each within a gate of where the chain's
 * motion so far predicts it (constant velocity from two points, constant acceleration from
 * three); a hit turns the ball round, so a flight ends at a hit and a new one starts. Only
 * flights of at least {@link MIN_FLIGHT_POINTS} candidates that travel at least three ball
 * diameters count (a ball in flight, not a flicker or a blinking light).
 *
 * Verdict for a contact at frame c with the hitting wrist at H:
 * - `hit-possible` when a flight ends or starts within {@link EXTRAPOLATE_REAL_S} of c and,
 *   carried on to c along its own motion, comes within {@link RACKET_REACH_TORSOS} of H;
 * - `no-hit` otherwise when a flight flies through c (candidates within two frames on both sides
 *   of it, one smooth path: no hit happened then), or a flight carried on to c lies farther than
 *   twice the reach from H (the ball was elsewhere);
 * - `unknown` otherwise: no flight near c (the ball hidden by the body or the racket, too small,
 *   too blurred, another colour) never removes a stroke.
 */
import { blobsAt, type BallBlob, type BallCandidates } from '../pose/ball-candidates.js';
import { J } from '../pose/h36m.js';
import type { Hand } from '../contract/technique.js';
import type { PoseTrack } from '../pose/pose-track.js';

/** Fewest candidates in a flight. */
export const MIN_FLIGHT_POINTS = 4;

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
 * Least travel of a flight, in ball diameters: a blob that stays put (a flickering light, a
 * logo's edge) is no ball in flight.
 */
const MIN_TRAVEL_DIAMETERS = 3;

/** Frames searched on each side of the contact for flights, real seconds. */
const SEARCH_REAL_S = 0.25;

/** Farthest a second candidate may lie from a chain's first, ball diameters per frame (see predictionError). */
const UNLINKED_GATE_DIAMETERS = 12;

/** Largest gap inside a flight, frames (a repeated image, a frame where the ball is blurred away). */
const MAX_GAP_FRAMES = 3;

interface Point {
  f: number;
  x: number;
  y: number;
  d: number;
}

/** A chain of ball candidates, one per frame, in time order: frame index, centre (px), blob diameter (px). */
export interface Flight {
  points: readonly { f: number; x: number; y: number; d: number }[];
}

/** Where the flight's motion puts it at frame f (quadratic through its last/first three points, linear with two). */
export function carryTo(fl: Flight, f: number): [number, number] {
  const pts = fl.points;
  const forward = f >= pts[pts.length - 1]!.f;
  const use = forward ? pts.slice(-3) : pts.slice(0, 3);
  return [lagrange(use.map((p) => [p.f, p.x]), f), lagrange(use.map((p) => [p.f, p.y]), f)];
}

function lagrange(pts: number[][], t: number): number {
  let s = 0;
  for (let i = 0; i < pts.length; i++) {
    let w = 1;
    for (let j = 0; j < pts.length; j++) if (j !== i) w *= (t - pts[j]![0]!) / (pts[i]![0]! - pts[j]![0]!);
    s += w * pts[i]![1]!;
  }
  return s;
}

/** The flights among the candidates of frames [from, to] (inclusive), each of ≥ {@link MIN_FLIGHT_POINTS} points. */
export function ballFlights(c: BallCandidates, from: number, to: number): Flight[] {
  const open: Point[][] = [];
  const done: Point[][] = [];
  for (let f = Math.max(0, from); f <= Math.min(c.frames - 1, to); f++) {
    for (let i = open.length - 1; i >= 0; i--) if (f - open[i]!.at(-1)!.f > MAX_GAP_FRAMES) done.push(...open.splice(i, 1));
    const blobs = blobsAt(c, f).map((b) => toPoint(b, f));
    const taken = new Set<Point[]>();
    for (const b of blobs) {
      let best: Point[] | undefined;
      let bestErr = Infinity;
      for (const chain of open) {
        if (taken.has(chain)) continue;
        const err = predictionError(chain, b);
        if (err < bestErr) [best, bestErr] = [chain, err];
      }
      const chain = best ?? [];
      if (!best) open.push(chain);
      chain.push(b);
      taken.add(chain);
    }
  }
  return [...done, ...open].filter((ch) => ch.length >= MIN_FLIGHT_POINTS && travels(ch)).map((ch) => ({ points: ch }));
}

/** The chain moves at least {@link MIN_TRAVEL_DIAMETERS} ball diameters from its first point to its last. */
function travels(ch: Point[]): boolean {
  const a = ch[0]!, b = ch[ch.length - 1]!;
  return Math.hypot(b.x - a.x, b.y - a.y) >= MIN_TRAVEL_DIAMETERS * Math.max(a.d, b.d);
}

function toPoint(b: BallBlob, f: number): Point {
  return { f, x: b.x, y: b.y, d: 2 * Math.sqrt(b.area / Math.PI) };
}

/** Distance of b from the chain's predicted position, or Infinity when outside the gate. */
function predictionError(chain: Point[], b: Point): number {
  const last = chain[chain.length - 1]!;
  const dt = b.f - last.f;
  if (dt <= 0) return Infinity;
  let px = last.x;
  let py = last.y;
  let speed = 0;
  if (chain.length >= 2) {
    const [x, y] = carryTo({ points: chain }, b.f);
    [px, py] = [x, y];
    const prev = chain[chain.length - 2]!;
    speed = Math.hypot(last.x - prev.x, last.y - prev.y) / (last.f - prev.f);
  }
  const err = Math.hypot(b.x - px, b.y - py);
  // A first link: anything within 12 ball diameters per frame (a 25 m/s ball at 30 frames/s
  // travels 0.83 m = 12 diameters of 6.7 cm per frame); then a diameter, or a third of the
  // chain's own frame-to-frame travel.
  const gate = chain.length < 2 ? UNLINKED_GATE_DIAMETERS * Math.max(last.d, b.d) * dt : Math.max(Math.max(last.d, b.d), 0.35 * speed * dt);
  return err <= gate ? err : Infinity;
}

/** What the ball's flight says of a contact at a frame. */
export interface BallVerdict {
  verdict: 'hit-possible' | 'no-hit' | 'unknown';
  /** Why, in words (frames and distances in torso lengths). */
  reason: string;
}

/**
 * The ball's verdict on a contact at frame `f` (index of the tracks and candidates) of the
 * `hand` wrist (see the module comment); the reason names video frame numbers (`frameNr`).
 * @param framesPerRealS frames of the video per real second (fps × real-seconds-per-video-second⁻¹).
 */
export function ballVerdict(c: BallCandidates, pose2d: PoseTrack, hand: Hand, f: number, framesPerRealS: number): BallVerdict {
  const wrist = hand === 'left' ? J.leftWrist : J.rightWrist;
  const at = (j: number) => jointAt(pose2d, f, j);
  const h = at(wrist);
  const torso = torsoLength(at);
  if (!h || !(torso > 0)) return { verdict: 'unknown', reason: 'hitting wrist or torso not measured at contact' };
  const reach = RACKET_REACH_TORSOS * torso;
  const span = Math.max(6, Math.round(SEARCH_REAL_S * framesPerRealS));
  const carry = Math.max(2, Math.round(EXTRAPOLATE_REAL_S * framesPerRealS));
  const flights = ballFlights(c, f - span, f + span);
  // Reasons name video frame_nr (the tracks may start later in the video than frame 0).
  const nr = (i: number) => pose2d.frameNr[i] ?? i;
  let noHit: string | undefined;
  for (const fl of flights) {
    const first = fl.points[0]!.f;
    const last = fl.points[fl.points.length - 1]!.f;
    const through = fl.points.some((p) => p.f < f && p.f >= f - 2) && fl.points.some((p) => p.f > f && p.f <= f + 2);
    const near = (last < f && f - last <= carry) || (first > f && first - f <= carry) || (first <= f && last >= f);
    if (!near) continue;
    const [x, y] = carryTo(fl, f);
    const dist = Math.hypot(x - h[0], y - h[1]) / torso;
    const frames = `flight of frames ${nr(first)}–${nr(last)}`;
    if (!through && dist <= RACKET_REACH_TORSOS) return { verdict: 'hit-possible', reason: `ball ${frames} reaches the racket (${dist.toFixed(1)} torso lengths from the wrist)` };
    if (through) noHit ??= `the ball flies on through frame ${nr(f)} without a hit (${frames})`;
    else if (Math.hypot(x - h[0], y - h[1]) > 2 * reach) noHit ??= `the ball is ${dist.toFixed(1)} torso lengths from the hitting wrist at frame ${nr(f)} (${frames})`;
  }
  return noHit ? { verdict: 'no-hit', reason: noHit } : { verdict: 'unknown', reason: 'no ball flight near the contact' };
}

/** Joint j's 2D position at frame f (raw track, any confidence), or null when absent. */
function jointAt(pose2d: PoseTrack, f: number, j: number): [number, number] | null {
  const i = (f * pose2d.joints + j) * 2;
  const x = pose2d.keypoints[i]!, y = pose2d.keypoints[i + 1]!;
  return pose2d.present[f] && Number.isFinite(x) && Number.isFinite(y) ? [x, y] : null;
}

function torsoLength(at: (j: number) => [number, number] | null): number {
  const ls = at(J.leftShoulder), rs = at(J.rightShoulder), lh = at(J.leftHip), rh = at(J.rightHip);
  if (!ls || !rs || !lh || !rh) return NaN;
  return Math.hypot((ls[0] + rs[0] - lh[0] - rh[0]) / 2, (ls[1] + rs[1] - lh[1] - rh[1]) / 2);
}

/**
 * Least turn of the ball's direction at a hit, degrees: a racket or paddle sends the ball back
 * (tennis_forehand_1 472: 174°, pickleball_rec_1 250: 159°); a flight that a blob merely
 * interrupts bends by under 20° (pickleball_rec_1 193: 13°).
 */
const HIT_TURN_DEG = 90;

/**
 * Farthest a hit lies from the hitting wrist, torso lengths: the ball meets the racket or paddle
 * face, well inside its reach ({@link RACKET_REACH_TORSOS}); a bounce at the player's feet lies
 * ≥ 2 torso lengths from the wrist on the shared clips (pickleball_rec_1 272: 2.4).
 */
const HIT_MAX_WRIST_TORSOS = 1.0;

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
 * {@link HIT_MAX_WRIST_TORSOS} torso lengths of the wrist. A bounce (far from the wrist) or a
 * blob joining a flight (a small turn) is no hit.
 */
export function ballHits(c: BallCandidates, pose2d: PoseTrack, hand: Hand): BallHit[] {
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
      if (!(gap <= 2 * Math.max(medianDiameter(a), medianDiameter(b))) || turnDeg(a, b) < HIT_TURN_DEG) continue;
      const f = Math.round(at);
      const dist = wristDistance(pose2d, hand, f, carryTo(a, at));
      if (!(dist <= HIT_MAX_WRIST_TORSOS)) continue;
      hits.push({ at, reason: `the ball turns round at the racket at frame ${nr(f)} (flights ${nr(a.points[0]!.f)}–${nr(e.f)} and ${nr(s.f)}–${nr(b.points[b.points.length - 1]!.f)}, ${dist.toFixed(1)} torso lengths from the wrist)` });
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
