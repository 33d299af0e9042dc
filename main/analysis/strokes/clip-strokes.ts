/**
 * The strokes of a whole clip from its pose tracks: the analysis clock of the clip
 * (timebase.ts, with the capture rate when given) and the stroke detector (strokes.ts) on the
 * dominant wrist's kinematics. What the tennis statistics and the evaluation harness call.
 */
import type { Hand, Sport } from '../../contract/technique-schema.js';
import { checkBallCandidates, type BallCandidates } from '../../pose/ball-candidates.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import { ballJudge, judgeByBall, keepDoubted, type BallNote } from './ball-strokes.js';
import { computeKinematics, type Kinematics } from '../core/index.js';
import type { PosePair } from '../core/index.js';
import { realSecondsPerVideoSecond } from '../core/index.js';
import { sceneCuts } from '../core/index.js';
import { detectStrokes, strokeContact, type DetectedStroke, type StrokeContact } from './strokes.js';
import { checkPair } from '../core/index.js';
import { analysisTimebase, type AnalysisTimebase } from '../core/index.js';
import { mapClock } from '../../pose/frame-time.js';
import { DETECTION_PARAMS, type DetectionParams } from './detection-params.js';

/** Input of {@link clipStrokes}: tracks as for the technique analysis (same frames). */
export interface ClipStrokesInput {
  pose2d: PoseTrack;
  pose3d: PoseTrack;
  /** Video frame rate, frames/s. */
  fps: number;
  sport: Sport;
  dominantHand: Hand;
  /** Capture frame rate, frames/s (slow motion); undefined = real time. */
  captureFps?: number | undefined;
  /** The engine's ball candidates (same frames as the tracks): the strokes are judged by the ball (ball-strokes.ts). */
  ball?: BallCandidates | undefined;
  /** The detector's data-chosen constants (detection-params.ts); the shipped DETECTION_PARAMS when absent (the evaluation harness passes others to fit them). */
  params?: DetectionParams | undefined;
}

/** A detected stroke with its contact on both clocks. */
export type ClipStroke = DetectedStroke & {
  contact: StrokeContact;
  /**
   * The sub-frame contact time (DetectedStroke.tExact) on the video's timeline, seconds, not
   * rounded: the per-stroke analysis passes it as its `ball_timestamp` so that features measured
   * at contact interpolate to it (measure.ts) as they do for the detected contact.
   */
  exactTimestamp: number;
};

/** The strokes and what they were measured on (the timebase's tracks, their kinematics). */
export interface ClipStrokes {
  strokes: ClipStroke[];
  pair: PosePair & { rejectedCount: number };
  k: Kinematics;
  timebase: AnalysisTimebase;
  /** Scene cuts (scene-cuts.ts) as indices of the input tracks' frames where a new scene starts, ascending. */
  cuts: number[];
  /** Swings dropped because the ball's flight rules them out (empty without ball candidates). */
  ruledOut: BallNote[];
  /** Swings the ball's flight rules out, kept at lower confidence because no other stroke is left (ball-strokes.ts `keepDoubted`). */
  doubted: BallNote[];
  /** Strokes whose contact the ball's flight timed (ball-strokes.ts; empty without ball candidates). */
  retimed: BallNote[];
  /** Strokes the ball's flight alone showed (`foundBy: 'ball_flight'`; empty without ball candidates). */
  ballFound: BallNote[];
}

/**
 * Every stroke of the clip, in time order (strokes.ts), judged by the ball's flight when
 * `input.ball` is given (ball-strokes.ts: swings it rules out dropped unless none would be left,
 * then kept at lower confidence; contacts it shows timed there, strokes it alone shows added).
 * @throws Error for malformed tracks (swing-input.ts `checkPair`), RangeError for fps or capture_fps ≤ 0
 *   or ball candidates of another length than the tracks.
 */
export function clipStrokes(input: ClipStrokesInput): ClipStrokes {
  checkPair(input.pose2d, input.pose3d);
  const p = input.params ?? DETECTION_PARAMS;
  if (input.ball) checkBallCandidates(input.ball, input.pose2d.frames);
  const realPerVideo = realSecondsPerVideoSecond(input.fps, input.captureFps);
  const tb = analysisTimebase(input.pose2d, input.pose3d, input.fps, realPerVideo);
  const pair = { ...checkPair(tb.pose2d, tb.pose3d), clock: tb.clock };
  const k = computeKinematics(pair, tb.rate, input.dominantHand, 'dominant_wrist');
  const ev = { pair, hand: input.dominantHand, rate: tb.rate, sport: input.sport };
  const judge = input.ball
    ? ballJudge({
        ball: input.ball,
        pose2d: input.pose2d,
        hand: input.dominantHand,
        framesPerRealS: input.fps / realPerVideo,
        kept: tb.kept,
        k,
        ev,
        params: p,
      })
    : undefined;
  const swings = detectStrokes(k, ev, judge?.rulesOut, p);
  const cuts = sceneCuts(pair).map((c) => tb.kept[c]!);
  const judged = judge
    ? keepDoubted(judgeByBall(swings, judge), swings.length ? [] : detectStrokes(k, ev, undefined, p), judge)
    : { strokes: swings, ruledOut: [], doubted: [], retimed: [], ballFound: [] };
  const found = judged.strokes;
  return {
    ruledOut: judged.ruledOut,
    doubted: judged.doubted,
    retimed: judged.retimed,
    ballFound: judged.ballFound,
    strokes: found.map((s) => ({
      ...s,
      contact: strokeContact(k, pair.pose3d.frameNr, s.index),
      exactTimestamp: mapClock(k.t, k.videoT, s.tExact),
    })),
    pair,
    k,
    timebase: tb,
    cuts,
  };
}
