/**
 * The stroke part of the harness on one clip's cached pose: the technique analysis of each
 * labelled stroke of the analysed player (contact error, feature levels), and the two stroke
 * detectors that exist, scored against the labels (precision, recall, side).
 *
 * Stroke window: as a coach cuts one stroke out of a clip, the analysis gets the pose of the
 * frames within ±{@link HALF_WINDOW_REAL_S} real seconds of the labelled contact
 * (±HALF_WINDOW_REAL_S / slow_motion_factor video seconds), shortened so that it stops halfway
 * to the neighbouring labelled strokes of the clip (any player).
 */
import { clipStrokes } from '../../main/analysis/strokes/clip-strokes.js';
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import { DETECTION_PARAMS, type DetectionParams } from '../../main/analysis/strokes/detection-params.js';
import type { Feature } from '../../main/contract/technique-schema.js';
import { selectBallFrames, type BallCandidates } from '../../main/pose/ball-candidates.js';
import { selectFrames, type PoseTrack } from '../../main/pose/pose-track.js';
import { strokeGroup, type ClipSetup, type PlayerGroup } from './clips.js';
import { requestedSwingType, type CoachRun } from './coach-run.js';
import { captureFps, strokeKind, strokeSide, strokeType, type ClipLabels, type StrokeLabel, type StrokeSide } from './labels.js';
import { framesToRealS, matchStrokes, type MatchResult } from './match-strokes.js';
import { strokeMeta } from './meta.js';
import type { CachedPose } from './pose-cache.js';

/** Half of a stroke window, real seconds (a 3 s cut, the app's e2e cut length). */
export const HALF_WINDOW_REAL_S = 1.5;

/** One feature's outcome, as the result reports it. */
export interface FeatureOutcome {
  name: string;
  value: number;
  unit: string;
  level: string;
  score: number;
}

/** The technique analysis of one labelled stroke. */
export interface StrokeOutcome {
  label: StrokeLabel;
  side: StrokeSide | null;
  /** Who plays it (clips.ts strokeGroup) and its stroke type (labels.ts strokeType), for the known-groups test. */
  group: PlayerGroup;
  type: string;
  /** Decoded frames analysed, inclusive. */
  window: [number, number];
  /** Detected ball contact (frame_nr), null when the analysis failed. */
  contactFrame: number | null;
  /** detected − labelled, frames; real-time milliseconds. */
  errorFrames: number | null;
  errorMs: number | null;
  features: FeatureOutcome[];
  leftOut: { name: string; reason: string }[];
  /** A serve's measured values without a score (`result.serve_measures`: serve-measures.ts, serve-motion.ts); empty for other strokes. */
  serveMeasures: { name: string; value: number; unit: string; fact?: string }[];
  /** The camera view the analysis estimated around contact (technique/camera-view.ts), when it gave one. */
  view?: string;
  /** Why there is no result (InsufficientPoseError message), or null. */
  failure: string | null;
}

/** A detector scored against the analysed player's labels. */
export interface DetectorOutcome {
  name: string;
  detectedFrames: number[];
  /** The detector's confidence (0–1) per detection; empty for the top-level stroke, which has none of its own. */
  confidences: number[];
  match: MatchResult;
  /** Per match: [detected side, labelled side] when the detector gives a side. */
  sides: [string, StrokeSide | null][];
}

/** The labels of the analysed player: their `player` text contains the setup's `analysedPlayer`; all of them when it has none. */
export function analysedLabels(labels: ClipLabels, setup: ClipSetup): StrokeLabel[] {
  const who = setup.analysedPlayer?.toLowerCase();
  return who === undefined ? labels.strokes : labels.strokes.filter((s) => s.player.toLowerCase().includes(who));
}

/** Frames [a, b] of the stroke window of `label` (see the module doc). */
export function strokeWindow(labels: ClipLabels, label: StrokeLabel): [number, number] {
  const half = Math.round((HALF_WINDOW_REAL_S / labels.slow_motion_factor) * labels.fps);
  const c = label.contact_frame;
  const others = labels.strokes.map((s) => s.contact_frame).filter((f) => f !== c);
  const before = Math.max(...others.filter((f) => f < c).map((f) => Math.ceil((f + c) / 2)), c - half, 0);
  const after = Math.min(
    ...others.filter((f) => f > c).map((f) => Math.floor((f + c) / 2)),
    c + half,
    labels.frames - 1,
  );
  return [before, after];
}

/** The frames of `track` whose frame_nr lies in [a, b]. */
export function frameSlice(track: PoseTrack, window: [number, number]): PoseTrack {
  return selectFrames(track, windowIndices(track, window));
}

/** Indices of the frames of `track` whose frame_nr lies in [a, b]. */
function windowIndices(track: PoseTrack, [a, b]: [number, number]): Int32Array {
  const idx: number[] = [];
  for (let i = 0; i < track.frames; i++) if (track.frameNr[i]! >= a && track.frameNr[i]! <= b) idx.push(i);
  return Int32Array.from(idx);
}

/** The ball candidates of the frames {@link frameSlice} keeps of `track` (undefined without candidates). */
export function ballSlice(ball: BallCandidates | undefined, track: PoseTrack, window: [number, number]): BallCandidates | undefined {
  return ball && selectBallFrames(ball, windowIndices(track, window));
}

function featureOutcome(f: Feature): FeatureOutcome {
  const unit = (f as { unit?: unknown }).unit;
  return {
    name: f.feature_name,
    value: f.value,
    unit: typeof unit === 'string' ? unit : '',
    level: f.level,
    score: f.score,
  };
}

/**
 * Technique analysis of the pose `p` (frames as given) for a stroke of `clip`, as `/process` runs
 * it on an upload of those frames (stroke-analysis.ts `analyseStrokes`: the stroke detector, then
 * the best-measured stroke of the requested swing type; no ball_timestamp), so the contact and
 * features are the ones the product reports. `params`: the detector's constants (the shipped
 * ones unless the harness fits them, params-fit.ts).
 */
export function analyseStroke(
  clip: string,
  labels: ClipLabels,
  setup: ClipSetup,
  label: StrokeLabel,
  pose: Pick<CachedPose, 'pose2d' | 'pose3d' | 'ball' | 'video'>,
  window: [number, number],
  params: DetectionParams = DETECTION_PARAMS,
): StrokeOutcome {
  const side = strokeSide(label.stroke);
  const kind = strokeKind(label.stroke);
  const meta = strokeMeta({
    uid: `${clip}#${label.contact_frame}`,
    sport: setup.sport,
    swingType: requestedSwingType(label),
    hand: label.hand === 'left' ? 'left' : 'right',
    playerHeightMm: setup.playerHeightMm,
    captureFps: captureFps(labels),
  });
  const base = {
    label,
    side,
    group: strokeGroup(label, setup),
    type: strokeType(setup.sport, label.stroke),
    window,
    contactFrame: null,
    errorFrames: null,
    errorMs: null,
    features: [],
    leftOut: [],
    serveMeasures: [],
  };
  const pose2d = frameSlice(pose.pose2d, window);
  const pose3d = frameSlice(pose.pose3d, window);
  const ball = ballSlice(pose.ball, pose.pose2d, window);
  const timed = (frame: number) => {
    const err = frame - label.contact_frame;
    return { contactFrame: frame, errorFrames: err, errorMs: framesToRealS(err, labels.fps, labels.slow_motion_factor) * 1000 };
  };
  try {
    if (kind === 'overhead') {
      // No swing type describes an overhead (contract technique-names.ts): the product reports it
      // only as a detected stroke (`strokes[]`, the stroke detector's contact); scored from there.
      const found = clipStrokes({ pose2d, pose3d, fps: pose.video.fps, sport: setup.sport, dominantHand: meta.dominant_hand, captureFps: meta.capture_fps, ball, params });
      const serves = found.strokes.filter((x) => x.side === 'serve').map((x) => x.contact.frame_nr);
      if (!serves.length) return { ...base, failure: 'no serve detected in the window' };
      const nearest = serves.reduce((a, b) => (Math.abs(b - label.contact_frame) < Math.abs(a - label.contact_frame) ? b : a));
      return { ...base, ...timed(nearest), failure: null };
    }
    const out = analyseStrokes({ pose2d, pose3d, ball, fps: pose.video.fps, width: pose.video.width, height: pose.video.height, meta }, params);
    return {
      ...base,
      ...timed(out.contact.frame),
      features: out.result.features.map(featureOutcome),
      leftOut: (out.result.features_left_out ?? []).map((l) => ({ name: l.feature_name, reason: l.reason })),
      serveMeasures: (out.result.serve_measures ?? []).map((m) => ({ name: m.name, value: m.value, unit: m.unit, ...(m.fact ? { fact: m.fact } : {}) })),
      ...(out.result.camera_view ? { view: out.result.camera_view.view } : {}),
      failure: null,
    };
  } catch (e) {
    return { ...base, failure: e instanceof Error ? e.message : String(e) };
  }
}

/** The analysed player's labelled strokes of a clip the engine refused: each fails with the engine's `message`. */
export function unanalysedStrokes(labels: ClipLabels, setup: ClipSetup, message: string): StrokeOutcome[] {
  return analysedLabels(labels, setup).map((label) => ({
    label,
    side: strokeSide(label.stroke),
    group: strokeGroup(label, setup),
    type: strokeType(setup.sport, label.stroke),
    window: strokeWindow(labels, label),
    contactFrame: null,
    errorFrames: null,
    errorMs: null,
    features: [],
    leftOut: [],
    serveMeasures: [],
    failure: message,
  }));
}

/** Each labelled stroke of the analysed player, analysed in its stroke window of the full-clip pose (detector constants `params`). */
export function analyseLabelledStrokes(
  clip: string,
  labels: ClipLabels,
  setup: ClipSetup,
  pose: CachedPose,
  params: DetectionParams = DETECTION_PARAMS,
): StrokeOutcome[] {
  return analysedLabels(labels, setup).map((l) =>
    analyseStroke(clip, labels, setup, l, pose, strokeWindow(labels, l), params),
  );
}

/**
 * The detectors: `technique (full clip)`, the contact of the top-level stroke of the coach's
 * whole-clip run (coach-run.ts: what `/process` reports, none when it ends in an error), and
 * `strokes (clip-strokes.ts)`, every stroke of the one stroke detector (main/analysis/strokes/strokes.ts)
 * with its side (forehand, backhand, serve) and confidence, run with the clip's capture rate as the
 * analysis is, with the detector constants `params`.
 */
export function scoreDetectors(
  labels: ClipLabels,
  setup: ClipSetup,
  pose: CachedPose,
  coach: CoachRun,
  params: DetectionParams = DETECTION_PARAMS,
): DetectorOutcome[] {
  const mine = analysedLabels(labels, setup);
  const labelFrames = mine.map((l) => l.contact_frame);
  const hand = mine[0]?.hand === 'left' ? 'left' : 'right';
  const score = (name: string, frames: number[], sides: (string | null)[], confidences: number[]): DetectorOutcome => {
    const match = matchStrokes(frames, labelFrames, labels.fps, labels.slow_motion_factor);
    return {
      name,
      detectedFrames: frames,
      confidences,
      match,
      sides: match.matches.map((m) => [sides[m.detected] ?? '', strokeSide(mine[m.label]!.stroke)]),
    };
  };
  const found = clipStrokes({
    pose2d: pose.pose2d,
    pose3d: pose.pose3d,
    fps: pose.video.fps,
    sport: setup.sport,
    dominantHand: hand,
    captureFps: captureFps(labels),
    ball: pose.ball,
    params,
  }).strokes;
  return [
    score('technique (full clip)', coach.contactFrame === null ? [] : [coach.contactFrame], [null], []),
    score(
      'strokes (clip-strokes.ts)',
      found.map((s) => s.contact.frame_nr),
      found.map((s) => (s.side === 'backhand' && s.twoHanded ? 'backhand' : s.side)),
      found.map((s) => s.confidence),
    ),
  ];
}
