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
 * - `hit-possible` also when a flight that flies through c meets the racket within
 *   {@link EXTRAPOLATE_REAL_S} of c ({@link meetsRacket}): it closes in on the wrist and ends
 *   there after c (a ball returning from a practice wall, with no net to bounce it away, flies
 *   through a contact the pose placed a few frames early), or starts there before c and moves
 *   away (the ball just hit, a contact the pose placed a few frames late);
 * - `no-hit` otherwise when a flight flies through c (candidates within two frames on both sides
 *   of it, one smooth path: no hit happened then), or a flight carried on to c lies farther than
 *   twice the reach from H (the ball was elsewhere);
 * - `unknown` otherwise: no flight near c (the ball hidden by the body or the racket, too small,
 *   too blurred, another colour) never removes a stroke.
 */
import { blobsAt, type BallBlob, type BallCandidates } from '../../pose/ball-candidates.js';
import { J } from '../../pose/h36m.js';
import type { Hand } from '../../contract/technique-schema.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import { EXTRAPOLATE_REAL_S, jointAt, meetsRacket, RACKET_REACH_TORSOS, torsoLength } from './ball-racket.js';

/** Fewest candidates in a flight. */
export const MIN_FLIGHT_POINTS = 4;

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

/** A ball candidate in a flight: frame index, centre (px), blob diameter (px). */
export interface Point {
  f: number;
  x: number;
  y: number;
  d: number;
}

/** A chain of ball candidates, one per frame, in time order: frame index, centre (px), blob diameter (px). */
export interface Flight {
  points: readonly Point[];
}

/** Where the flight's motion puts it at frame f (quadratic through its last/first three points, linear with two). */
export function carryTo(fl: Flight, f: number): [number, number] {
  const pts = fl.points;
  const forward = f >= pts[pts.length - 1]!.f;
  const use = forward ? pts.slice(-3) : pts.slice(0, 3);
  return [
    lagrange(
      use.map((p) => [p.f, p.x]),
      f,
    ),
    lagrange(
      use.map((p) => [p.f, p.y]),
      f,
    ),
  ];
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
    for (let i = open.length - 1; i >= 0; i--)
      if (f - open[i]!.at(-1)!.f > MAX_GAP_FRAMES) done.push(...open.splice(i, 1));
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
  return [...done, ...open]
    .filter((ch) => ch.length >= MIN_FLIGHT_POINTS && travels(ch))
    .map((ch) => ({ points: ch }));
}

/** The chain moves at least {@link MIN_TRAVEL_DIAMETERS} ball diameters from its first point to its last. */
function travels(ch: Point[]): boolean {
  const a = ch[0]!,
    b = ch[ch.length - 1]!;
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
  const gate =
    chain.length < 2
      ? UNLINKED_GATE_DIAMETERS * Math.max(last.d, b.d) * dt
      : Math.max(Math.max(last.d, b.d), 0.35 * speed * dt);
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
export function ballVerdict(
  c: BallCandidates,
  pose2d: PoseTrack,
  hand: Hand,
  f: number,
  framesPerRealS: number,
): BallVerdict {
  const wrist = hand === 'left' ? J.leftWrist : J.rightWrist;
  const at = (j: number) => jointAt(pose2d, f, j);
  const h = at(wrist);
  const torso = torsoLength(at);
  if (!h || !(torso > 0))
    return { verdict: 'unknown', reason: 'hitting wrist or torso not measured at contact' };
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
    const through =
      fl.points.some((p) => p.f < f && p.f >= f - 2) && fl.points.some((p) => p.f > f && p.f <= f + 2);
    const near =
      (last < f && f - last <= carry) || (first > f && first - f <= carry) || (first <= f && last >= f);
    if (!near) continue;
    const [x, y] = carryTo(fl, f);
    const dist = Math.hypot(x - h[0], y - h[1]) / torso;
    const frames = `flight of frames ${nr(first)}–${nr(last)}`;
    if (!through && dist <= RACKET_REACH_TORSOS)
      return {
        verdict: 'hit-possible',
        reason: `ball ${frames} reaches the racket (${dist.toFixed(1)} torso lengths from the wrist)`,
      };
    const met = through ? meetsRacket(fl, pose2d, wrist, f, framesPerRealS, torso) : null;
    if (met !== null)
      return {
        verdict: 'hit-possible',
        reason: `ball ${frames} meets the racket at frame ${nr(met)}, a few frames from the contact`,
      };
    if (through) noHit ??= `the ball flies on through frame ${nr(f)} without a hit (${frames})`;
    else if (Math.hypot(x - h[0], y - h[1]) > 2 * reach)
      noHit ??= `the ball is ${dist.toFixed(1)} torso lengths from the hitting wrist at frame ${nr(f)} (${frames})`;
  }
  return noHit
    ? { verdict: 'no-hit', reason: noHit }
    : { verdict: 'unknown', reason: 'no ball flight near the contact' };
}
