/**
 * A clip run the way a coach runs the app (issue 26, "Why"): the whole clip, as `/process`
 * analyses an upload (stroke-analysis.ts `analyseStrokes` on the engine's pose of the whole
 * file), asked for the swing type of the clip's first labelled stroke of the analysed player
 * ({@link requestedSwingType}: serve for a serve, else the drive of its side), with that stroke's hand (unknown → right) and the labelled capture
 * rate only where the clip is slowed (slow_motion_factor < 1). Its outcome is the analysis or the
 * error text the service would put on its `error` line; the same run without any capture rate
 * gives the clip's slow-motion guess.
 */
import { InsufficientPoseError } from '../../main/analysis/core/errors.js';
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import { DETECTION_PARAMS, type DetectionParams } from '../../main/analysis/strokes/detection-params.js';
import type { SwingType } from '../../main/contract/technique-schema.js';
import type { ClipSetup } from './clips.js';
import { captureFps, strokeKind, strokeSide, type ClipLabels, type StrokeLabel } from './labels.js';
import { strokeMeta } from './meta.js';
import type { CachedPose } from './pose-cache.js';

/** The outcome of one whole-clip run. */
export interface CoachRun {
  swingType: SwingType;
  /** Capture rate sent, frames per real second; null = none sent. */
  captureFps: number | null;
  /** The top-level stroke's ball contact (frame_nr), null on error. */
  contactFrame: number | null;
  /** Every stroke of the result (`strokes[]`): contact frame_nr and side. */
  strokes: { frame: number; side: string }[];
  /** result.slow_motion_guess.factor (video s per real s), null when none. */
  guessedFactor: number | null;
  /** The error line's text (an InsufficientPoseError or the engine's error), null when analysed. */
  error: string | null;
}

/**
 * The swing type a coach asks for a stroke labelled `label` (contract technique-names.ts): `serve`
 * for a serve of either sport (tennis overhead, pickleball underhand: issue 28's extension), else
 * the drive of the label's side (backhand_drive for a backhand, else forehand_drive; overheads
 * too: no type describes them). Dinks and volleys are asked as drives: the drive features are the
 * ones scored, and the known-groups test compares scores (a `dink` analysis scores none).
 */
export function requestedSwingType(label: StrokeLabel | undefined): SwingType {
  if (label && strokeKind(label.stroke) === 'serve') return 'serve';
  return label && strokeSide(label.stroke) === 'backhand' ? 'backhand_drive' : 'forehand_drive';
}

/**
 * Runs the analysis on the whole clip's pose as a coach would (module doc). `withRate` false:
 * no capture rate whatever the clip (the slow-motion guess's run). `first` is the label whose
 * swing type and hand are asked (undefined: forehand, right hand).
 * Errors the service turns into an `error` line (InsufficientPoseError and its subclasses) are
 * returned as `error`; any other exception is a bug and propagates. `params`: the detector's
 * constants (the shipped ones unless the harness fits them, params-fit.ts).
 */
export function coachRun(
  clip: string,
  labels: ClipLabels,
  setup: ClipSetup,
  first: StrokeLabel | undefined,
  pose: Pick<CachedPose, 'pose2d' | 'pose3d' | 'ball' | 'video'>,
  withRate: boolean,
  params: DetectionParams = DETECTION_PARAMS,
): CoachRun {
  const swingType = requestedSwingType(first);
  const rate = withRate && labels.slow_motion_factor < 1 ? captureFps(labels) : null;
  const meta = strokeMeta({
    uid: `${clip}#coach${rate ? '' : '#no-capture'}`,
    sport: setup.sport,
    swingType,
    hand: first?.hand === 'left' ? 'left' : 'right',
    playerHeightMm: setup.playerHeightMm,
    ...(rate ? { captureFps: rate } : {}),
  });
  const base = { swingType, captureFps: rate };
  try {
    const out = analyseStrokes({ pose2d: pose.pose2d, pose3d: pose.pose3d, ball: pose.ball, fps: pose.video.fps, width: pose.video.width, height: pose.video.height, meta }, params);
    return {
      ...base,
      contactFrame: out.contact.frame,
      strokes: (out.result.strokes ?? []).map((s) => ({ frame: s.contact.frame_nr, side: s.side })),
      guessedFactor: out.result.slow_motion_guess?.factor ?? null,
      error: null,
    };
  } catch (e) {
    if (!(e instanceof InsufficientPoseError)) throw e;
    return { ...base, contactFrame: null, strokes: [], guessedFactor: null, error: e.message };
  }
}

/** A run that never reached the analysis: the engine refused the clip (its error text). */
export function engineFailure(first: StrokeLabel | undefined, message: string): CoachRun {
  return { swingType: requestedSwingType(first), captureFps: null, contactFrame: null, strokes: [], guessedFactor: null, error: message };
}
