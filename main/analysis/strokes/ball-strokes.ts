/**
 * The stroke detector's swings judged by the ball's flight (ball-flight.ts), for clip-strokes.ts:
 * 1. a swing with a hit the ball shows (`ballHits`) within {@link RETIME_REAL_S} of its
 *    contact is timed at that hit (`retimed`): the ball turning round at the racket is the
 *    contact itself, where the hand-speed peak only brackets it (tennis_forehand_1: hits at
 *    133.5 and 471.75 against labels 134 and 472, interpolated 133.6 and 471.7; the swings' own
 *    contacts 133 and 473);
 *    1b. a swing with no such hit whose contact falls inside a flight (the ball flies through
 *    it: rule 2 would rule it out) that ends in a hit or, failing one, an arrival within half of
 *    MIN_STROKE_GAP_S after it is timed there and not ruled out: the ball the swing meets was
 *    still coming ({@link laterOnFlight}; issue 26: tennis_groundstrokes_stock_slowmo_1's
 *    forehand, whose hand-speed peak at 60 lies in the take-back, 11 frames before the ball
 *    reaches the racket at 71; no constant fitted). Such an arrival comes before a nearer one
 *    of a flight that started after the contact (1c): in the CLI's own pose of that clip the
 *    swing lay at 61, a fragment's arrival at 66.5 and the spanning flight's at 71.5;
 *    1c. any other swing with an arrival (ball-arrivals.ts: the incoming ball reaches the racket
 *    and is not seen flying on) within {@link RETIME_REAL_S} is timed there, half a frame after
 *    the ball's last sighting (`retimed`, with that reason);
 * 2. any other swing whose contact the ball rules out (ball-flight.ts `no-hit`) is dropped
 *    (`ruledOut`): asked by the stroke detector before a swing may hide weaker ones near it
 *    (strokes.ts `detectStrokes`), so that a swing the ball rules out hides nothing (since
 *    2026-11-25: pickleball_broadcast_1's dink at 180 had been hidden by a swing at 166 that the
 *    ball then ruled out, in a pose of a measured engine variant). The ball never removes the
 *    last candidates: when it rules out every swing and shows no stroke of its own, the swings
 *    the pose alone keeps stay, their confidence × {@link BALL_DOUBT_FACTOR} (`doubted`,
 *    {@link keepDoubted}; issue 26: tennis_groundstrokes_stock_slowmo_1 and a pickleball
 *    broadcast volley were left without a stroke);
 * 3. a hit with no kept swing within half of MIN_STROKE_GAP_S becomes a stroke of its own
 *    (`ballFound`, strokes.ts `ballFoundStroke`: pickleball_rec_1's dink at 250, whose lift is
 *    no swing of the hand).
 */
import type { Hand } from '../../contract/technique-schema.js';
import type { BallCandidates } from '../../pose/ball-candidates.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import { ballFlights, ballVerdict } from './ball-flight.js';
import { ballHits, type BallHit } from './ball-hits.js';
import { ballArrivals, type BallArrival } from './ball-arrivals.js';
import type { Kinematics } from '../core/index.js';
import {
  ballFoundStroke,
  type BallEvidence,
  type DetectedStroke,
  type StrokeEvidence,
} from './strokes.js';
import { mapClock } from '../../pose/frame-time.js';
import { DETECTION_PARAMS, type DetectionParams } from './detection-params.js';

/** Farthest a hit may lie from a swing's contact to time it, real seconds (ball-racket.ts EXTRAPOLATE_REAL_S): DETECTION_PARAMS.retimeRealS. */
export const RETIME_REAL_S = DETECTION_PARAMS.retimeRealS;

/** What the ball's flight said of a swing: its contact's video frame_nr and why. */
export interface BallNote {
  frameNr: number;
  reason: string;
}

/**
 * Confidence factor of a swing the ball's flight rules out, kept because no other stroke is left
 * (module rule 2): as for a hand not measured at contact (strokes.ts `BALL_FOUND_FACTOR`), so a
 * doubted swing ranks below any swing the ball allows. Not fitted on data.
 */
export const BALL_DOUBT_FACTOR = DETECTION_PARAMS.ballDoubtFactor;

/** The swings after the ball's judgement (module comment), with what it did. */
export interface BallJudged {
  strokes: DetectedStroke[];
  ruledOut: BallNote[];
  /** Swings the ball rules out, kept at lower confidence because no other stroke is left. */
  doubted: BallNote[];
  retimed: BallNote[];
  ballFound: BallNote[];
}

/** Where the tracks and the analysis clock meet: the input tracks, the timebase's kept input indices, kinematics, detector evidence. */
export interface BallContext {
  ball: BallCandidates;
  pose2d: PoseTrack;
  hand: Hand;
  /** Video frames per real second (fps ÷ real seconds per video second). */
  framesPerRealS: number;
  kept: Int32Array;
  k: Kinematics;
  ev: StrokeEvidence;
  /** The data-chosen constants (detection-params.ts); the product's DETECTION_PARAMS when absent. */
  params?: DetectionParams | undefined;
}

/** The ball's part in the detection: its hits, and the swings it ruled out so far (module rule 2). */
export interface BallJudge {
  x: BallContext;
  hits: BallHit[];
  /** Incoming flights that end at the racket (ball-arrivals.ts): rules 1b and 1c. */
  arrivals: BallArrival[];
  ruledOut: BallNote[];
  /**
   * Rule 2 for the swing whose contact is analysis sample `i`: true (and noted in `ruledOut`)
   * when no hit lies within {@link RETIME_REAL_S} of it and the ball's flight shows no hit there.
   */
  rulesOut: (i: number) => boolean;
}

/** A {@link BallJudge} of the clip; pass its `rulesOut` to strokes.ts `detectStrokes`, then the swings to {@link judgeByBall}. */
export function ballJudge(x: BallContext): BallJudge {
  const flights = ballFlights(x.ball, 0, x.ball.frames - 1);
  const hits = ballHits(x.ball, x.pose2d, x.hand, paramsOf(x).hitMaxWristTorsos, x.framesPerRealS, flights);
  const ruledOut: BallNote[] = [];
  const arrivals = ballArrivals(x.ball, x.pose2d, x.hand, flights);
  return {
    x,
    hits,
    arrivals,
    ruledOut,
    rulesOut: (i) => {
      if (nearSample(x, hits, i).length > 0) return false;
      const v = ballVerdict(x.ball, x.pose2d, x.hand, x.kept[i]!, x.framesPerRealS);
      if (v.verdict !== 'no-hit') return false;
      if (laterOnFlight(x, hits, i) ?? laterOnFlight(x, arrivals, i)) return false;
      ruledOut.push({ frameNr: x.pose2d.frameNr[x.kept[i]!]!, reason: v.reason });
      return true;
    },
  };
}

/** Rules 1 and 3 on the swings the detector kept with the judge's `rulesOut` (rule 2); the result is in time order. */
export function judgeByBall(swings: readonly DetectedStroke[], judge: BallJudge): BallJudged {
  const { x, hits } = judge;
  const nr = (i: number) => x.pose2d.frameNr[x.kept[i]!]!;
  const used = new Set<BallHit>();
  const usedArrivals = new Set<BallArrival>();
  const retimed: BallNote[] = [];
  const strokes: DetectedStroke[] = [];
  for (const s of swings) {
    // The nearest unused hit near the swing's contact is the contact; else the end of the flight through the contact (rule 1b); else the nearest unused arrival (rule 1c).
    const hit =
      nearSample(x, hits, s.index).find((h) => !used.has(h)) ??
      laterOnFlight(x, hits.filter((h) => !used.has(h)), s.index);
    const arrival = hit
      ? undefined
      : (laterOnFlight(x, judge.arrivals.filter((a) => !usedArrivals.has(a)), s.index) ??
        nearSample(x, judge.arrivals, s.index).find((a) => !usedArrivals.has(a)));
    const at = hit ?? arrival;
    if (!at) {
      strokes.push({ ...s, ballEvidence: evidenceAt(x, s.index) });
      continue;
    }
    if (hit) used.add(hit);
    if (arrival) usedArrivals.add(arrival);
    const i = sampleAt(x.kept, at.at);
    retimed.push({ frameNr: nr(i), reason: at.reason });
    strokes.push({ ...s, index: i, t: x.k.t[i]!, tExact: analysisTime(x, at.at), ballEvidence: hit ? 'hit' : evidenceAt(x, i) });
  }
  const ballFound: BallNote[] = [];
  for (const hit of hits) {
    if (used.has(hit)) continue;
    const i = sampleAt(x.kept, hit.at);
    if (strokes.some((s) => Math.abs(x.k.t[s.index]! - x.k.t[i]!) < paramsOf(x).minStrokeGapS / 2)) continue;
    const s = ballFoundStroke(x.k, x.ev, i, analysisTime(x, hit.at), paramsOf(x));
    if (!s) continue;
    strokes.push({ ...s, ballEvidence: 'hit' });
    ballFound.push({ frameNr: nr(i), reason: hit.reason });
  }
  return {
    strokes: strokes.sort((a, b) => a.index - b.index),
    ruledOut: [...judge.ruledOut].sort((a, b) => a.frameNr - b.frameNr),
    doubted: [],
    retimed,
    ballFound,
  };
}

/**
 * Module rule 2's floor: `judged` as it is unless the ball ruled out every swing and left no
 * stroke; then `poseOnly` (the detector's swings without the ball, strokes.ts `detectStrokes`
 * with no `rulesOut`: each one the ball ruled out, since a ruled-out swing hides nothing), each
 * confidence × {@link BALL_DOUBT_FACTOR}, noted in `doubted` with the ball's reason; the
 * ruled-out swings they hide stay in `ruledOut`.
 */
export function keepDoubted(
  judged: BallJudged,
  poseOnly: readonly DetectedStroke[],
  judge: BallJudge,
): BallJudged {
  if (judged.strokes.length > 0 || judged.ruledOut.length === 0 || poseOnly.length === 0) return judged;
  const nr = (s: DetectedStroke) => judge.x.pose2d.frameNr[judge.x.kept[s.index]!]!;
  const frames = new Set(poseOnly.map(nr));
  return {
    ...judged,
    strokes: poseOnly.map((s) => ({ ...s, confidence: s.confidence * paramsOf(judge.x).ballDoubtFactor, ballEvidence: 'ruled-out' as const })),
    ruledOut: judged.ruledOut.filter((n) => !frames.has(n.frameNr)),
    doubted: judged.ruledOut.filter((n) => frames.has(n.frameNr)),
  };
}

/** The ball's flight at a swing's contact (analysis sample i) that no hit timed: `near`, `unseen` or `ruled-out` (ball-flight.ts verdicts). */
function evidenceAt(x: BallContext, i: number): BallEvidence {
  const v = ballVerdict(x.ball, x.pose2d, x.hand, x.kept[i]!, x.framesPerRealS).verdict;
  return v === 'hit-possible' ? 'near' : v === 'no-hit' ? 'ruled-out' : 'unseen';
}

/**
 * The first hit (or arrival) whose incoming flight was in the air at analysis sample i's input
 * frame and reaches the racket after it, within half of MIN_STROKE_GAP_S (module rule 1b): the
 * ball that flies through the swing's contact is the one that swing meets, later than the pose
 * placed it.
 */
function laterOnFlight<H extends { at: number; from: number }>(x: BallContext, hits: readonly H[], i: number): H | undefined {
  const f = x.kept[i]!;
  const far = (paramsOf(x).minStrokeGapS / 2) * x.framesPerRealS;
  return hits.find((h) => h.from <= f && h.at > f && h.at - f <= far);
}

/** The hits (or arrivals) within {@link RETIME_REAL_S} of analysis sample i, nearest first. */
function nearSample<H extends { at: number }>(x: BallContext, hits: readonly H[], i: number): H[] {
  const d = (h: H) => Math.abs(h.at - x.kept[i]!);
  return hits.filter((h) => d(h) <= paramsOf(x).retimeRealS * x.framesPerRealS).sort((a, b) => d(a) - d(b));
}

/** The context's detection constants, the shipped ones when it has none. */
function paramsOf(x: BallContext): DetectionParams {
  return x.params ?? DETECTION_PARAMS;
}

/** The timebase sample whose input frame is nearest to the sub-frame input index `at`. */
function sampleAt(kept: Int32Array, at: number): number {
  let i = 0;
  while (i < kept.length - 1 && Math.abs(kept[i + 1]! - at) <= Math.abs(kept[i]! - at)) i++;
  return i;
}

/** The analysis-clock time of the sub-frame input index `at` (video time interpolated, then mapped). */
function analysisTime(x: BallContext, at: number): number {
  const ts = x.pose2d.timestamps;
  const lo = Math.max(0, Math.min(ts.length - 1, Math.floor(at)));
  const hi = Math.min(lo + 1, ts.length - 1);
  const video = ts[lo]! + (at - lo) * (ts[hi]! - ts[lo]!);
  return mapClock(x.k.videoT, x.k.t, video);
}
