/**
 * JSON export: the full analysis of a session as stored, versioned with a JSON Schema.
 * Shape (ANALYSIS_EXPORT_VERSION 1): `{$schema, schema_version, exported_at, player, session,
 * analysis, result: {features, feature_categories, kinetic_chain, wrist_speed}, contact,
 * pose_2d, pose_3d, tennis_task}` where pose entries are API.md's video_entry JSON (pixels / metres)
 * and result fields are API.md's technique result. Slow motion (added within v1, optional):
 * `session.capture_fps` (null = real time), `result.capture_fps` (speeds in real seconds) and
 * `result.slow_motion_guess`. Every stroke (issue 11, added within v1, optional): `result.strokes`
 * (the contract's Stroke objects), `result.stroke_index` (the stroke the top-level features
 * describe) and `result.consistency`. The engine's ball candidates (added within v1, optional):
 * `ball_candidates`, so an imported session is recomputed as the original. The schema is generated from the zod schema
 * below (z.toJSONSchema), so the file and its schema cannot drift apart.
 */
import { z } from 'zod';
import { warningText } from '../contract/warning.js';
import { Feature, FeatureCategory, FeatureConsistency, KineticChain, Stroke, VideoEntryJson, WristSpeed } from '../contract/technique-schema.js';
import { toContractStroke } from '../library/session-strokes.js';
import { BallCandidatesJson } from '../contract/ball-json.js';
import { ballToJson } from '../pose/ball-candidates.js';
import { poseTrackToJson } from '../pose/pose-track.js';
import type { SessionDetail } from '../library/library-types.js';

/** Version of the export format; bumped on any incompatible change. */
export const ANALYSIS_EXPORT_VERSION = 1;

/** File name of the JSON Schema written next to every JSON export. */
export const ANALYSIS_SCHEMA_FILE = `swing-studio-analysis-v${ANALYSIS_EXPORT_VERSION}.schema.json`;

/** The export, as a zod schema (the JSON Schema is derived from it). */
export const AnalysisExport = z.object({
  $schema: z.string(),
  schema_version: z.literal(ANALYSIS_EXPORT_VERSION),
  exported_at: z.string(),
  player: z.object({ id: z.number(), name: z.string(), dominant_hand: z.enum(['left', 'right']), height_mm: z.number(), notes: z.string() }),
  session: z.object({
    id: z.number(),
    recorded_at: z.string(),
    sport: z.string(),
    swing_type: z.string(),
    title: z.string(),
    notes: z.string(),
    tags: z.array(z.string()),
    clip_sha256: z.string(),
    duration_s: z.number(),
    fps: z.number(),
    /** Frame rate the camera recorded at, frames/s (slow motion); null = real time. Added within v1. */
    capture_fps: z.number().nullable().optional(),
    width: z.number(),
    height: z.number(),
  }),
  analysis: z
    .object({
      uid: z.string(),
      backend: z.string(),
      status: z.string(),
      pipeline_version: z.string(),
      compute_version: z.string(),
      overall_score: z.number().nullable(),
      warnings: z.array(z.string()),
      errors: z.array(z.string()),
      created_at: z.string(),
    })
    .nullable(),
  result: z.object({
    features: z.array(Feature),
    feature_categories: z.record(z.string(), FeatureCategory),
    kinetic_chain: KineticChain.nullable(),
    wrist_speed: WristSpeed.nullable(),
    /** The capture rate the speeds were measured with (real seconds); absent: the video's clock. Added within v1. */
    capture_fps: z.number().optional(),
    /** The analysis' slow-motion guess (no capture rate given). Added within v1. */
    slow_motion_guess: z.object({ factor: z.number(), suggested_capture_fps: z.number() }).optional(),
    /** Every stroke of the clip (main/service/README.md "Every stroke"). Added within v1. */
    strokes: z.array(Stroke).optional(),
    /** `strokes[].index` of the stroke the top-level features describe. Added within v1. */
    stroke_index: z.number().int().positive().optional(),
    /** Per feature, its spread over the analysed strokes. Added within v1. */
    consistency: z.array(FeatureConsistency).optional(),
  }),
  contact: z.object({ timestamp: z.number(), frame_nr: z.number() }).nullable(),
  pose_2d: VideoEntryJson.nullable(),
  pose_3d: VideoEntryJson.nullable(),
  /** The engine's ball candidates (main/contract/ball-json.ts; added within v1, optional). */
  ball_candidates: BallCandidatesJson.optional(),
  tennis_task: z.object({ task_id: z.string(), result: z.unknown() }).nullable(),
});
export type AnalysisExport = z.infer<typeof AnalysisExport>;

/** The JSON Schema (draft 2020-12) of {@link AnalysisExport}. */
export function analysisExportJsonSchema(): object {
  return z.toJSONSchema(AnalysisExport, { target: 'draft-2020-12', unrepresentable: 'any' });
}

/** Builds the export object of a session (`now` injectable for tests). */
export function analysisExport(d: SessionDetail, now = new Date()): AnalysisExport {
  const { session: s, player: p, analysis: a } = d;
  return {
    $schema: `./${ANALYSIS_SCHEMA_FILE}`,
    schema_version: ANALYSIS_EXPORT_VERSION,
    exported_at: now.toISOString(),
    player: { id: p.id, name: p.name, dominant_hand: p.dominantHand, height_mm: p.heightMm, notes: p.notes },
    session: {
      id: s.id,
      recorded_at: s.recordedAt,
      sport: s.sport,
      swing_type: s.swingType,
      title: s.title,
      notes: s.notes,
      tags: s.tags,
      clip_sha256: s.clipSha256,
      duration_s: s.durationS,
      fps: s.fps,
      capture_fps: s.captureFps,
      width: s.width,
      height: s.height,
    },
    analysis: a && {
      uid: a.uid,
      backend: a.backend,
      status: a.status,
      pipeline_version: a.pipelineVersion,
      compute_version: a.computeVersion,
      overall_score: a.overallScore,
      // Decided: the hand-over carries the API.md strings (contract/warning.ts warningText); imported, they read as a service's.
      warnings: a.warnings.map(warningText),
      errors: a.errors,
      created_at: a.createdAt,
    },
    result: {
      features: d.features.map(({ id: _id, analysisId: _a, ...f }) => f),
      feature_categories: d.categories,
      kinetic_chain: d.kineticChain ? { speed_dict: d.kineticChain } : null,
      wrist_speed: d.wristSpeed,
      ...(a?.captureFps ? { capture_fps: a.captureFps } : {}),
      ...(a?.slowMotionGuess ? { slow_motion_guess: { factor: a.slowMotionGuess.factor, suggested_capture_fps: a.slowMotionGuess.suggestedCaptureFps } } : {}),
      ...strokesOf(d),
    },
    contact: d.contact && { timestamp: d.contact.timestamp, frame_nr: d.contact.frameNr },
    pose_2d: d.pose2d && poseTrackToJson(d.pose2d),
    pose_3d: d.pose3d && poseTrackToJson(d.pose3d),
    ...(d.ball ? { ball_candidates: ballToJson(d.ball) } : {}),
    tennis_task: d.tennisTask && { task_id: d.tennisTask.taskId, result: d.tennisTask.raw },
  };
}

/** The strokes fields of the export's result: present when the session has strokes. */
function strokesOf(d: SessionDetail): Pick<AnalysisExport['result'], 'strokes' | 'stroke_index' | 'consistency'> {
  if (d.strokes.length === 0) return {};
  const primary = d.strokes.find((s) => s.primary)?.index;
  return { strokes: d.strokes.map(toContractStroke), ...(primary ? { stroke_index: primary } : {}), consistency: d.consistency };
}
