/**
 * JSON forms of library sessions for `--json` output: the session summary (the fields of
 * SessionSummary) plus its features and warnings; pose tracks are summarised (frame count,
 * joints, dims), never dumped: use `swing-studio export` for pose data.
 */
import type { FeatureConsistency } from '../contract/technique-schema.js';
import type { Warning } from '../contract/warning.js';
import type { PoseFrameCounts } from '../library/detail.js';
import type { SessionDetail, SessionStroke, SessionSummary, SlowMotionGuessView } from '../library/library-types.js';

/**
 * A stroke as printed (issue 11): number, side, contact (video frame and seconds), detector
 * confidence, whether the hitting hand was measured at contact, overall score (null: not
 * analysed), where the contact came from ('detected' | 'ball' | 'coach'), camera view (`{view,
 * heading_deg}`, null: unknown), its swing events (frames, s), the features left out with their
 * reasons, and a tennis serve's stages and unscored values or a dink's values where it has them
 * (what the text output's "Serve events" and "Serve values" lines print). Its scored features are
 * the session's top-level `features` for the primary stroke (`library show` per stroke for others).
 */
export type StrokeJson = Pick<SessionStroke, 'index' | 'side' | 'twoHanded' | 'swingType' | 'contact' | 'confidence' | 'handMeasured' | 'overallScore' | 'primary' | 'contactSource' | 'cameraView' | 'events' | 'leftOut' | 'serveStages' | 'serveMeasures' | 'dinkMeasures'>;

/** The printed form of one stroke ({@link StrokeJson}); the optional serve and dink parts only where the stroke has them. */
function strokeJson(s: SessionStroke): StrokeJson {
  const { index, side, twoHanded, swingType, contact, confidence, handMeasured, overallScore, primary, contactSource, cameraView, events, leftOut } = s;
  return {
    ...{ index, side, twoHanded, swingType, contact, confidence, handMeasured, overallScore, primary, contactSource, cameraView, events, leftOut },
    ...(s.serveStages ? { serveStages: s.serveStages } : {}),
    ...(s.serveMeasures ? { serveMeasures: s.serveMeasures } : {}),
    ...(s.dinkMeasures ? { dinkMeasures: s.dinkMeasures } : {}),
  };
}

/** Feature as printed: name, display name, value (unit), score 0..100, level. */
export interface FeatureJson {
  name: string;
  humanName: string;
  value: number;
  unit: string | null;
  score: number;
  level: string;
}

/**
 * SessionSummary of a detail, with features, warnings, analysis id and pose frame counts
 * (`d.poseFrames` when given: main/library/detail.ts getSessionSummaryDetail, no pose loaded).
 */
export function sessionJson(d: SessionDetail & { poseFrames?: PoseFrameCounts }): SessionSummary & {
  analysisId: number | null;
  backend: string | null;
  features: FeatureJson[];
  /** Typed warnings (contract/warning.ts: code, severity, message, detail, …). */
  warnings: Warning[];
  poseFrames: { pose2d: number; pose3d: number };
  /** The session's capture frame rate, frames/s (null = real time). */
  captureFps: number | null;
  /** The capture rate the analysis measured with (null: the video's clock) and its slow-motion guess. */
  analysisCaptureFps: number | null;
  slowMotionGuess: SlowMotionGuessView | null;
  /** Every stroke of the clip and, per feature, its spread over the analysed strokes. */
  strokes: StrokeJson[];
  consistency: FeatureConsistency[];
  /** Where the video is kept: 'copied' into the library or 'linked' (kept in place at `path`; main/library/linked-clips.ts). */
  clip: { storage: 'copied' | 'linked'; path: string };
} {
  return {
    id: d.session.id,
    playerId: d.player.id,
    playerName: d.player.name,
    recordedAt: d.session.recordedAt,
    sport: d.session.sport,
    swingType: d.session.swingType,
    overallScore: d.analysis?.overallScore ?? null,
    title: d.session.title,
    tags: d.session.tags,
    thumbnailPath: null,
    analysisId: d.analysis?.id ?? null,
    backend: d.analysis?.backend ?? null,
    features: d.features.map((f) => ({
      name: f.feature_name,
      humanName: f.feature_human_readable_name,
      value: f.value,
      unit: f.unit ?? null,
      score: f.score,
      level: f.level,
    })),
    warnings: d.analysis?.warnings ?? [],
    poseFrames: d.poseFrames ?? { pose2d: d.pose2d?.frames ?? 0, pose3d: d.pose3d?.frames ?? 0 },
    captureFps: d.session.captureFps,
    analysisCaptureFps: d.analysis?.captureFps ?? null,
    slowMotionGuess: d.analysis?.slowMotionGuess ?? null,
    strokes: d.strokes.map(strokeJson),
    consistency: d.consistency,
    clip: { storage: d.session.clipStorage, path: d.session.clipPath },
  };
}
