/**
 * computeTechniqueResult: the `result` of API.md's technique response from the engine's 2D and
 * 3D pose tracks of one stroke. See README.md for every feature, formula, event and range.
 */
import type { Feature, FeatureEvent, TechniqueRequestMetadata, TechniqueResult } from '../../contract/technique-schema.js';
import { warning, warningText, type Warning } from '../../contract/warning.js';
import { J } from '../../pose/h36m.js';
import { blobsAt, type BallCandidates } from '../../pose/ball-candidates.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import { aggregateCategories, buildFeature, recordLeftOut } from './build.js';
import { analysisTimebase, spreadToFrames } from '../core/index.js';
import { CLOCK_UNITS, handPeakRun, judgeSlowMotion, realSecondsPerVideoSecond, slowedClockReason, slowMotionWarning, type BallClockCue } from '../core/index.js';
import { computeChain, type ChainSegment } from './chain.js';
import { InsufficientPoseError } from '../core/index.js';
import type { FeatureDef, SwingContext } from './feature-types.js';
import { elbowAngle, contactInFront, followThroughHeight, handsTogether, wristSpeed } from './features-arm.js';
import { kneeFlexion, stanceWidth, trunkTilt } from './features-body.js';
import { chainSequence, hipShoulderSeparation, pelvisSpeed, trunkSpeed, unitTurn } from './features-rotation.js';
import { computeKinematics } from '../core/index.js';
import type { SwingPhases } from './phases.js';
import { eventExtensions } from './events-confidence.js';
import { checkPair, usableFrames } from '../core/index.js';
import { resolveSwing } from './resolve-swing.js';
import { onGuessedClock } from './guessed-clock.js';
import { leaveOutUnseen, strokeView } from './view-gate.js';
import { withViewUncertainty } from './view-uncertainty.js';
import { leaveOutDriveFeatures, scoresDriveFeatures, serveOutput } from './swing-kind.js';
import { pickleballServeFlags } from './pickleball-serve-rules.js';
import { dinkMeasures } from './dink-measures.js';

/** Input of {@link computeTechniqueResult}. Both tracks must have the same frames. */
export interface AnalysisInput {
  /** H36M-17, source-video pixels, y down. */
  pose2d: PoseTrack;
  /** H36M-17, metres, pelvis at origin, y up, scaled to the player's height. */
  pose3d: PoseTrack;
  /** Frame rate of the video, frames/s (used only when the timestamps are not increasing). */
  fps: number;
  /** Video width and height, pixels. */
  width: number;
  height: number;
  /** Request metadata: sport, swing_type, dominant_hand, player_height_mm, ball_timestamp (s). */
  meta: TechniqueRequestMetadata;
  /**
   * The engine's ball candidates (same frames as the tracks), when the pose came from our engine:
   * the stroke detector drops swings the ball's flight rules out (ball-flight.ts). Absent (a
   * remote pose, a session stored before them): every swing is judged on the pose alone.
   */
  ball?: BallCandidates | undefined;
  /** The ball's free flight as a clock cue (strokes/ball-clock.ts, set by stroke-analysis.ts `withBallClock`): decides the slow-motion guess when present. */
  ballClock?: BallClockCue | null | undefined;
}

/** Output of {@link computeTechniqueResult}; `contact.frame` is the video frame_nr. */
export interface TechniqueOutput {
  result: TechniqueResult;
  warnings: Warning[];
  contact: { frame: number; timestamp: number; detected: boolean };
  /**
   * The swing events backswing_end, ball_contact, follow_through (video frame_nr and timestamp, s;
   * confidence, hand_measured); for a tennis serve toss_release, trophy_position,
   * racket_low_point, ball_contact, landing, follow_through in time order (swing-kind.ts).
   */
  events: FeatureEvent[];
}

/**
 * Options of {@link computeTechniqueResult}. `detectedContactConfidence`: the contact at
 * `meta.ball_timestamp` is a detected stroke's (strokes.ts), not the coach's: the events get that
 * confidence (× their basis factor) instead of 1, and `contact.detected` is true.
 */
export interface TechniqueOptions {
  detectedContactConfidence?: number;
}

/** Every feature, in the order they appear in `result.features`. */
export const FEATURES: readonly FeatureDef[] = [
  hipShoulderSeparation,
  unitTurn,
  kneeFlexion,
  stanceWidth,
  trunkTilt,
  pelvisSpeed,
  trunkSpeed,
  chainSequence,
  wristSpeed,
  elbowAngle,
  contactInFront,
  handsTogether,
  followThroughHeight,
];

/** The features measured on the clock (unit in CLOCK_UNITS), feature_name → human-readable name: left out of a clip that looks slowed. */
const CLOCK_FEATURES: ReadonlyMap<string, string> = new Map(FEATURES.filter((d) => CLOCK_UNITS.has(d.unit)).map((d) => [d.name, d.human]));

/** Shortest stretch of usable pose that is analysed at all, seconds (a forward swing lasts ≈ 0.2–0.4 s). */
export const MIN_USABLE_S = 0.5;

/**
 * Analyses one stroke.
 * @throws InsufficientPoseError when fewer than {@link MIN_USABLE_S} seconds of frames have the
 *   hips, shoulders and hitting wrist measured, or when no feature of a drive could be measured
 *   (a serve or dink scores none: swing-kind.ts).
 * @throws Error when the tracks are malformed (wrong dims, joint count, frame counts differ).
 */
export function computeTechniqueResult(raw: AnalysisInput, opts: TechniqueOptions = {}): TechniqueOutput {
  const { meta } = raw;
  checkPair(raw.pose2d, raw.pose3d);
  if (!(meta.player_height_mm > 0)) throw new RangeError(`player_height_mm must be > 0, got ${meta.player_height_mm}`);
  // Measure on the distinct images on the analysis clock (timebase.ts); report on the video's frames.
  const tb = analysisTimebase(raw.pose2d, raw.pose3d, raw.fps, realSecondsPerVideoSecond(raw.fps, meta.capture_fps));
  const input: AnalysisInput = { ...raw, pose2d: tb.pose2d, pose3d: tb.pose3d, fps: tb.rate };
  const p = { ...checkPair(tb.pose2d, tb.pose3d), clock: tb.clock };
  const hand = meta.dominant_hand;
  const wrist = hand === 'right' ? J.rightWrist : J.leftWrist;
  const core = [J.leftHip, J.rightHip, J.leftShoulder, J.rightShoulder, wrist];
  const usable = usableFrames(p, core);
  // MIN_USABLE_S is video time (what the coach cut), counted in distinct images: a 3 s cut of an
  // 8× slow-motion clip is 0.375 s of real time and still a whole stroke.
  const needed = Math.max(5, Math.ceil(MIN_USABLE_S * tb.imagesPerVideoSecond));
  if (usable < needed) {
    throw new InsufficientPoseError(
      `too little pose to analyse: hips, shoulders and ${hand} wrist measured in ${usable} of ${p.pose3d.frames} frames, at least ${needed} (${MIN_USABLE_S} s) needed`,
      usable,
    );
  }
  const warnings: Warning[] = [];
  if (p.rejectedCount > 0) warnings.push(jointsIgnoredWarning(p.rejectedCount));
  const swing = resolveSwing(p, input.fps, meta, warnings, usable);
  const { k, twoHanded } = swing;
  const phases = opts.detectedContactConfidence === undefined ? swing.phases : asDetected(swing.phases, opts.detectedContactConfidence);
  const c: SwingContext = { p, k, phases, hand, sport: meta.sport, swingType: meta.swing_type, twoHanded, heightM: meta.player_height_mm / 1000 };
  const leftOut: NonNullable<TechniqueResult['features_left_out']> = [];
  // A serve or dink scores no drive feature (swing-kind.ts); its result stands on its events.
  const drive = scoresDriveFeatures(meta.swing_type);
  const applicable = FEATURES.filter((d) => d.applies?.(c) ?? true);
  if (!drive) leaveOutDriveFeatures(applicable, meta.swing_type, warnings, leftOut);
  const measured = (drive ? applicable : [])
    .map((d) => buildFeature(d, c, warnings, leftOut))
    .filter((f): f is Feature => f !== null);
  // The camera view around contact; features that view cannot see are left out (view-gate.ts).
  const view = strokeView(p, phases.contact.index, input.fps);
  const features = withViewUncertainty(leaveOutUnseen(measured, view, warnings, leftOut), view);
  if (features.length === 0 && drive) {
    throw new InsufficientPoseError(`too little pose to analyse: no feature could be measured (${warnings.map(warningText).join('; ')})`, usable);
  }
  warnings.push(...gapWarnings(k.gaps, p.pose3d.frameNr));
  const chain = computeChain(k, phases);
  // wrist_speed is always the dominant wrist (kinetic_chain.wrist is the hand point: the wrist midpoint when two-handed).
  const dominant = twoHanded ? computeKinematics(p, input.fps, hand, 'dominant_wrist').handSpeed : k.handSpeed;
  const wristPeak = computeChain({ ...k, handSpeed: dominant }, phases).wrist;
  const series = (seg: ChainSegment) => speedSeries(seg, tb.kept, raw.pose2d.frames);
  const clock =
    meta.capture_fps === undefined
      ? judgeSlowMotion({ ball: raw.ballClock, sport: meta.sport, peakHandMps: wristPeak.peakValue, leadVideoS: phases.contact.t - chain.shoulder.peakTime, fps: raw.fps, peak: handPeakRun(wristPeak.values, k.t, wristPeak.peakIndex), peakAt: (f) => (f === 1 ? wristPeak.peakValue : peakHandAt(raw, opts, f)) })
      : null;
  const slow = clock?.guess ?? null;
  if (slow) warnings.push(slowMotionWarning(slow, raw.fps));
  if (clock?.cannotTell) warnings.push(clock.cannotTell);
  const scored = slow ? leaveOutClockFeatures(features, warnings, leftOut, slowedClockReason(slow)) : features;
  const result: TechniqueResult = {
    features: scored,
    feature_categories: aggregateCategories(scored),
    kinetic_chain: { speed_dict: { hip: series(chain.hip), shoulder: series(chain.shoulder), wrist: series(chain.wrist) } },
    wrist_speed: { ...series(wristPeak), hand },
    ...(leftOut.length ? { features_left_out: leftOut } : {}),
    ...(view ? { camera_view: view } : {}),
    ...(tb.repeated > 0 ? { distinct_images_per_second: Math.round(tb.imagesPerVideoSecond * 100) / 100 } : {}),
    ...(meta.capture_fps !== undefined ? { capture_fps: meta.capture_fps } : {}),
    ...(slow ? { slow_motion_guess: { factor: Math.round(slow.factor * 10) / 10, suggested_capture_fps: slow.suggestedCaptureFps } } : {}),
  };
  const ci = phases.contact.index;
  const event = (name: 'backswing_end' | 'ball_contact' | 'follow_through', i: number): FeatureEvent => ({
    name,
    timestamp: k.videoT[i]!,
    frame_nr: p.pose3d.frameNr[i] ?? i,
    ...eventExtensions(phases, name),
  });
  const events = [event('backswing_end', phases.backswingEnd.index), event('ball_contact', ci), event('follow_through', phases.followThroughEnd.index)];
  // A tennis serve: its own events (toss release … landing) and 8 stages replace the drive's backswing end (swing-kind.ts).
  const ballAt = raw.ball ? (i: number) => blobsAt(raw.ball!, tb.kept[i]!) : undefined;
  const serve = serveOutput(meta.sport, meta.swing_type, { p, t: k.t, videoT: k.videoT, handSpeed: k.handSpeed, hand, heightM: c.heightM, phases, own: events, k, view: view?.view, ballAt });
  if (serve) [result.serve_stages, result.serve_measures, result.features_left_out] = [serve.stages, serve.measures, [...leftOut, ...serve.leftOut]];
  if (meta.sport === 'pickleball' && meta.swing_type === 'dink') result.dink_measures = dinkMeasures(c);
  // A pickleball serve: the volley serve's rules as flags with the frame (pickleball-serve-rules.ts), not a score.
  if (meta.sport === 'pickleball' && meta.swing_type === 'serve') warnings.push(...pickleballServeFlags(p, hand, ci, p.pose3d.frameNr[ci] ?? ci));
  const out: TechniqueOutput = {
    result,
    warnings,
    contact: { frame: p.pose3d.frameNr[ci] ?? ci, timestamp: k.videoT[ci]!, detected: phases.contactDetected },
    events: serve?.events ?? events,
  };
  // A clip that looks slowed: angles, lengths and events on the guessed clock (guessed-clock.ts).
  const guessed = slow ? analysedAt(raw, opts, slow.factor) : null;
  return slow && guessed ? onGuessedClock(out, guessed, slow, raw.fps, CLOCK_FEATURES) : out;
}

/**
 * The features not measured on the clock ({@link CLOCK_UNITS}); the others are left out with
 * `reason` (a warning and a `leftOut` entry each: build.ts recordLeftOut). When every feature is on the
 * clock, all are kept (a result needs one).
 */
function leaveOutClockFeatures(features: Feature[], warnings: Warning[], leftOut: NonNullable<TechniqueResult['features_left_out']>, reason: string): Feature[] {
  const kept = features.filter((f) => !CLOCK_UNITS.has(String(f.unit)));
  if (kept.length === 0) return features;
  for (const f of features) {
    if (CLOCK_UNITS.has(String(f.unit))) recordLeftOut({ feature_name: f.feature_name, feature_human_readable_name: f.feature_human_readable_name, reason }, warnings, leftOut);
  }
  return kept;
}

/**
 * This analysis with the clip taken as slowed `factor`× (capture rate = fps × factor, so no
 * slow-motion guess runs inside), null when it fails (too little pose on that clock).
 */
function analysedAt(raw: AnalysisInput, opts: TechniqueOptions, factor: number): TechniqueOutput | null {
  try {
    return computeTechniqueResult({ ...raw, meta: { ...raw.meta, capture_fps: raw.fps * factor } }, opts);
  } catch (err) {
    if (err instanceof InsufficientPoseError) return null;
    throw err;
  }
}

/** The peak hand speed (m/s, wrist_speed) of {@link analysedAt}, NaN when that analysis fails or finds no peak. */
function peakHandAt(raw: AnalysisInput, opts: TechniqueOptions, factor: number): number {
  const peak = analysedAt(raw, opts, factor)?.result.wrist_speed?.peak_speed;
  return peak !== undefined && peak > 0 ? peak : NaN;
}

/** Phases whose contact was a detected stroke's: every event's confidence × `c` (it was 1 × its basis factor), contact detected. */
function asDetected(ph: SwingPhases, c: number): SwingPhases {
  const scale = <T extends { confidence: number }>(e: T): T => ({ ...e, confidence: e.confidence * c });
  return { contact: scale(ph.contact), contactDetected: true, backswingEnd: scale(ph.backswingEnd), followThroughEnd: scale(ph.followThroughEnd) };
}

/**
 * A chain segment as API.md's speed series over every frame of the clip (repeated frames take
 * their original's value; `peak_index` is a frame of the clip).
 */
function speedSeries(s: ChainSegment, kept: Int32Array, frames: number) {
  const values = spreadToFrames(s.values, kept, frames);
  return {
    plot_values: Array.from(values, (v) => (Number.isFinite(v) ? Math.round(v * 1000) / 1000 : 0)),
    peak_index: Math.max(0, s.peakIndex >= 0 ? kept[s.peakIndex]! : 0),
    peak_speed: Number.isFinite(s.peakValue) ? Math.round(s.peakValue * 1000) / 1000 : 0,
    unit: s.unit,
  };
}

/**
 * One warning per series for the frames it has no measurement in, overlapping and adjacent
 * ranges merged (several sub-series can report the same hole); code 'series-gap', `frames` from the
 * first gap's start to the last one's end, detail e.g. "no hand measurement in frames
 * 56–73, 122–132; speeds there are reported as 0".
 */
export function gapWarnings(gaps: readonly { series: string; from: number; to: number }[], frameNr: ArrayLike<number>): Warning[] {
  const bySeries = new Map<string, [number, number][]>();
  for (const g of gaps) bySeries.set(g.series, [...(bySeries.get(g.series) ?? []), [frameNr[g.from] ?? g.from, frameNr[g.to] ?? g.to]]);
  return [...bySeries].map(([series, ranges]) => {
    const merged: [number, number][] = [];
    for (const [a, b] of ranges.sort((x, y) => x[0] - y[0])) {
      const last = merged[merged.length - 1];
      if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
      else merged.push([a, b]);
    }
    return warning('series-gap', 'notice', `The ${series} was not seen in some frames; its speed there shows as 0.`, {
      detail: `no ${series} measurement in frames ${merged.map(([a, b]) => `${a}–${b}`).join(', ')}; speeds there are reported as 0`,
      frames: { from: merged[0]![0], to: merged[merged.length - 1]![1] },
    });
  });
}

/**
 * The warning (code 'joints-ignored') for `count` joint positions the bone-length check rejected;
 * the same text for the tennis statistics (tennis-stats.ts, as its string).
 */
export function jointsIgnoredWarning(count: number): Warning {
  return warning('joints-ignored', 'notice', 'Some joint positions looked wrong and were ignored.', {
    detail: `${count} joint positions ignored: their bone length jumped by more than 35 % (mislocated keypoints)`,
  });
}
