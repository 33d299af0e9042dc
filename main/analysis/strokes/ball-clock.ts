/**
 * The clip's clock from the ball's free flight: a ball in the air falls at g = 9.81 m/s², so its
 * arc in the picture, with the ball's own size as the scale where it flies, says how fast the
 * video runs against real time (issue 26 §5, "the guess must hold on the bigger set"). The labels
 * of ../shared/media were sized the same way by hand (labels/README.md: parabola fits of the ball,
 * its diameter or the player's height as the scale).
 *
 * Method, per flight of ball-flight.ts `ballFlights` (one chain of candidates per frame):
 * 1. least-squares parabola y = a·t² + b·t + c of the ball's picture height over its frames t;
 * 2. kept as an arc when it has ≥ {@link MIN_ARC_POINTS} points over ≥ {@link MIN_ARC_FRAMES}
 *    frames, fits within {@link MAX_ARC_RMS_PX} px rms, curves downward (a > 0, picture y down)
 *    and visibly: a·(span/2)² ≥ {@link MIN_ARC_BEND_PX} px (a ball lying on the floor or a
 *    straight streak has no measurable bend);
 * 3. scale: the flight's median blob diameter over the ball's diameter ({@link BALL_DIAMETER_M}),
 *    px/m at the ball's own depth (a player-height scale fails where the ball flies toward or
 *    away from the camera). Where that diameter says the ball flies at the player's depth (it
 *    measures {@link BallClockParams.playerDepthBand} of the diameter a ball has at the player's
 *    scale: a toss, a bounce at the feet, a ball at the racket), the player's own scale is used
 *    instead (kinematics.ts `pictureScale`: the trunk, ≈ 50 px where the ball is 5–10 px, so a
 *    pixel of blob edge no longer moves the factor by a fifth);
 * 4. apparent gravity g_v = 2a·fps² / scale (m/s² on the video's clock); slowing factor
 *    √(9.81 / g_v): a clip slowed f× shows g / f².
 * The clip's factor is the median over its arcs, when it has ≥ {@link MIN_ARCS}.
 *
 * Measured on the 13 labelled clips with the player's scale: main/analysis/README.md "The ball's
 * free flight as the clock" (2026-11-29: slowed clips 3.63×, 2.97×, 2.09× for labels 3.6×, 3.2×,
 * 2.0×; real-time medians 0.94–1.36). Before it (2026-11-27, engine ball candidates of the 13
 * labelled clips with the engine's pose, the ball's own diameter):
 * real-time clips' medians 0.87–1.02 where ≥ 2 arcs (tennis_broadcast_1 1.02, pickleball_rec_1
 * 0.91, pickleball_broadcast_1 0.88, pickleball_rec_outdoor_1 0.98), tennis_rally_pro_behind_1
 * (filmed from behind, the ball flying along the camera axis) 1.33; slowed clips
 * tennis_forehand_1 3.9 (label 3.6), tennis_groundstrokes_stock_slowmo_1 2.2 (label 2.0); the
 * other slowed clips (tennis_forehand_2, tennis_serve_stock_slowmo_1) have no arc. The arc
 * thresholds were first set by eye on those clips; they are now chosen leave-one-clip-out
 * ({@link BALL_CLOCK_PARAMS}); the guess snaps the factor to a camera's capture rate
 * (slow-motion.ts `snapCaptureFps`), whose bounds are not data-chosen.
 */
import type { Sport } from '../../contract/technique-schema.js';
import type { BallCandidates } from '../../pose/ball-candidates.js';
import { ballFlights, type Flight } from './ball-flight.js';
import { fitParabola, median, type BallClockCue } from '../core/index.js';

/** Ball diameters, metres: ITF Rules of Tennis Appendix I (6.54–6.86 cm); USA Pickleball rulebook 2.D (2.87–2.97 in). */
export const BALL_DIAMETER_M: Readonly<Record<Sport, number>> = { tennis: 0.067, pickleball: 0.074, none: 0.067 };
/** Standard gravity, m/s². */
export const GRAVITY_MPS2 = 9.81;
/** Fewest ball candidates in an arc. */
export const MIN_ARC_POINTS = 8;
/** Fewest frames an arc spans. */
export const MIN_ARC_FRAMES = 8;
/** Largest rms residual of an arc's parabola, px. */
export const MAX_ARC_RMS_PX = 1.5;
/** Least bend of an arc over its span, px (a·(span/2)²). */
export const MIN_ARC_BEND_PX = 3;
/** Fewest arcs for a factor (one arc may be a blob chain that only looks like a ball). */
export const MIN_ARCS = 2;
/**
 * Band of (the ball's blob diameter) ÷ (a ball's diameter at the player's scale) within which the
 * ball is taken to fly at the player's depth, so that the player's scale measures its arc. Decided
 * from what a blob measures: a blob is the moved, ball-coloured pixels, a crescent of a slow ball
 * and a pale ball's core (≈ 0.65 of the ball in tennis_serve_stock_slowmo_1's bounces), up to about
 * 1.5 for a blurred one; a ball twice as far from the camera as the player reads 0.5. Measured
 * 2026-11-29 on the 13 labelled clips (engine poses), the clips' median factors with it: real time
 * 0.94–1.36, slowed 3.63 / 2.97 / 2.09 for labels 3.6 / 3.2 / 2.0 (with the ball's own diameter
 * 1.01–1.36 and 3.92 / 2.48 / 2.24). Set knowing the stock serve's bounces read 0.64–0.70; on the
 * leave-one-clip-out grid of test/eval/ball-clock-loco.ts every fold keeps it, but only that clip's
 * read depends on it (the other folds tie, and a tie keeps the shipped point).
 */
export const PLAYER_DEPTH_BAND: readonly [number, number] = [0.6, 1.6];

/**
 * The arc thresholds as one object, so the evaluation harness (test/eval/ball-clock-loco.ts) can
 * choose them leave-one-clip-out; the product runs with {@link BALL_CLOCK_PARAMS}.
 */
export interface BallClockParams {
  /** Largest rms residual of an arc's parabola, px. */
  maxArcRmsPx: number;
  /** Least bend of an arc over its span, px. */
  minArcBendPx: number;
  /** Fewest arcs for a factor. */
  minArcs: number;
  /** {@link PLAYER_DEPTH_BAND}; null: the ball's own diameter always scales its arc. */
  playerDepthBand: readonly [number, number] | null;
}

/**
 * The shipped thresholds ({@link MAX_ARC_RMS_PX}, {@link MIN_ARC_BEND_PX}, {@link MIN_ARCS}).
 * Chosen leave-one-clip-out (test/eval/ball-clock-loco.ts, eval 2026-11-27 on 13 clips: 4 slowed,
 * 9 real time; grid rms {1.5, 1, 2.5} px × bend {3, 2, 5} px × arcs {2, 3}): all 13 folds chose
 * these; read right left out = in sample: slowed 2 of 4 (tennis_forehand_1 4×, label 3.6;
 * tennis_groundstrokes_stock_slowmo_1 2×, label 2; the two others show no arc), real time 9 of 9
 * (never a slowed read).
 */
export const BALL_CLOCK_PARAMS: Readonly<BallClockParams> = Object.freeze({ maxArcRmsPx: MAX_ARC_RMS_PX, minArcBendPx: MIN_ARC_BEND_PX, minArcs: MIN_ARCS, playerDepthBand: PLAYER_DEPTH_BAND });

/** The ball's verdict on the clock: median slowing factor (video seconds per real second) and each arc's, in flight order (core/slow-motion.ts `BallClockCue`). */
export type BallClock = BallClockCue;

/**
 * Metres per picture pixel at the player's depth, per frame of the ball candidates (kinematics.ts
 * `pictureScale` of the clip's pose pair); NaN where the player is not measured.
 */
export type PlayerScale = ArrayLike<number>;

/**
 * The slowing factor each ball arc of the clip shows (module method), in flight order.
 * @param fps the video's frame rate, frames/s (the clock the arcs are read on).
 * @param playerScale metres per pixel at the player, per frame (step 3); without it every arc is scaled by the ball's diameter.
 */
export function ballArcFactors(ball: BallCandidates, fps: number, sport: Sport, params: BallClockParams = BALL_CLOCK_PARAMS, playerScale?: PlayerScale): number[] {
  const out: number[] = [];
  for (const fl of ballFlights(ball, 0, ball.frames - 1)) {
    const f = arcFactor(fl, fps, BALL_DIAMETER_M[sport], params, playerScale);
    if (f !== null) out.push(f);
  }
  return out;
}

/**
 * The clip's {@link BallClock}, or null with fewer than `params.minArcs` arcs (or fps ≤ 0).
 * @param playerScale as {@link ballArcFactors}.
 */
export function ballClock(ball: BallCandidates | undefined, fps: number, sport: Sport, params: BallClockParams = BALL_CLOCK_PARAMS, playerScale?: PlayerScale): BallClock | null {
  if (!ball || !(fps > 0)) return null;
  const arcs = ballArcFactors(ball, fps, sport, params, playerScale);
  return arcs.length < params.minArcs ? null : { factor: median(arcs), arcs };
}

/**
 * Pixels per metre of an arc (module method step 3): the player's scale at the arc's middle frame
 * when the ball's diameter puts it at the player's depth, else the ball's own diameter.
 */
function arcPxPerM(fl: Flight, diameterPx: number, ballM: number, params: BallClockParams, playerScale?: PlayerScale): number {
  const own = diameterPx / ballM;
  const mpp = playerScale?.[fl.points[fl.points.length >> 1]!.f];
  if (!params.playerDepthBand || !(mpp !== undefined && mpp > 0)) return own;
  const ratio = own * mpp; // the blob's diameter ÷ a ball's diameter at the player's scale
  return ratio >= params.playerDepthBand[0] && ratio <= params.playerDepthBand[1] ? 1 / mpp : own;
}

/** One flight's slowing factor, or null when it is no arc (module method step 2). */
function arcFactor(fl: Flight, fps: number, ballM: number, params: BallClockParams, playerScale?: PlayerScale): number | null {
  const p = fl.points;
  const span = p[p.length - 1]!.f - p[0]!.f;
  if (p.length < MIN_ARC_POINTS || span < MIN_ARC_FRAMES) return null;
  const t = p.map((q) => q.f - p[0]!.f);
  const y = p.map((q) => q.y);
  const fit = fitParabola(t, y, 0, p.length - 1);
  const rms = fit ? Math.sqrt(t.reduce((acc, ti, i) => acc + (y[i]! - (fit.a * (ti - fit.tm) ** 2 + fit.b * (ti - fit.tm) + fit.c)) ** 2, 0) / t.length) : NaN;
  if (!fit || !(fit.a > 0) || rms > params.maxArcRmsPx || fit.a * (span / 2) ** 2 < params.minArcBendPx) return null;
  const d = p.map((q) => q.d).sort((x, y) => x - y)[p.length >> 1]!;
  const gVideo = (2 * fit.a * fps * fps) / arcPxPerM(fl, d, ballM, params, playerScale);
  return Math.sqrt(GRAVITY_MPS2 / gVideo);
}
