/**
 * The rows of one analysis: `analyses`, `features`, `feature_categories`, `speed_series`,
 * `poses`. Called by ingest inside its transaction; the result rows alone are replaced by a
 * recompute (recompute.ts). Every contract object is stored whole as JSON next to the queried
 * columns, so unknown vendor fields (the schemas are `looseObject`) survive the round trip; the
 * result's other fields go to `analyses.result_extras_json`; per-frame series and pose go into BLOBs.
 */
import type { Feature, TechniqueRequestMetadata, TechniqueResult } from '../contract/technique-schema.js';
import type { Warning } from '../contract/warning.js';
import type { TechniqueAnalysis } from '../pipeline/index.js';
import type { BallCandidates } from '../pose/ball-candidates.js';
import type { PoseTrack } from '../pose/pose-track.js';
import { insertBallCandidates } from './ball-rows.js';
import type { WritableDb } from './db.js';
import { blobOf, poseToRow } from './pose-blob.js';
import { insertStrokeRows, type StrokeSessionFacts } from './session-strokes.js';
import type { ContactEvent } from '../contract/stroke-view.js';
import type { AnalysisBackend, AnalysisTimings, RowId } from './library-types.js';

/** What is stored for one analysis besides the typed analysis itself. */
export interface AnalysisRowsInput {
  sessionId: RowId;
  /** Uid, versions, warnings, errors and result (its pose is stored from `pose2d` / `pose3d`). */
  analysis: Pick<TechniqueAnalysis, 'uid' | 'metadata' | 'warnings' | 'errors' | 'result'>;
  backend: AnalysisBackend;
  timings: AnalysisTimings;
  /** The archive's file name under archives/; '' when none is stored (the pose BLOBs are the source of truth, ingest.ts). */
  archiveFile: string;
  pose2d: PoseTrack;
  pose3d: PoseTrack;
  /** The engine's ball candidates (table ball_candidates, ball-rows.ts); none when the service sent none. */
  ball?: BallCandidates;
  /** Warnings added by the library (e.g. an unreadable received archive), appended to the analysis' own. */
  extraWarnings: Warning[];
  /** The technique metadata the analysis ran with (stored for a later recompute); omitted when unknown. */
  request?: TechniqueRequestMetadata;
}

/**
 * Result field (our extra, kept with the other extras in `result_extras_json`, so it travels in the
 * hand-over and the JSON export): `true` once the coach corrected the analysis' strokes
 * (stroke-corrections.ts); a capture-rate recompute then keeps the coach's stroke list (recompute.ts).
 * Undoing every correction (a `restore` of the result before) removes it again.
 */
export const COACH_CORRECTED = 'coach_corrected';

/** The result's fields that have no table of their own (capture_fps, slow_motion_guess, features_left_out, stroke_index, consistency, vendor extras). */
export function resultExtras(result: TechniqueResult): Record<string, unknown> {
  const { features: _f, feature_categories: _c, kinetic_chain: _k, wrist_speed: _w, strokes: _s, ...extras } = result;
  return extras;
}

/** Mean feature score, 0..100, or null without features. */
export function overallScore(features: readonly Feature[]): number | null {
  if (features.length === 0) return null;
  return features.reduce((s, f) => s + f.score, 0) / features.length;
}

/**
 * Ball contact: the event of the first feature whose event name contains "contact"
 * (our engine and API.md's example name it "contact"); null when none does.
 */
export function contactOf(features: readonly Feature[]): ContactEvent | null {
  const f = features.find((x) => /contact/i.test(x.event.name));
  return f ? { timestamp: f.event.timestamp, frameNr: f.event.frame_nr } : null;
}

/** Inserts every row of one analysis; returns the analysis id. Run inside a transaction. */
export function insertAnalysisRows(db: WritableDb, a: AnalysisRowsInput): RowId {
  const done = a.analysis;
  const features = done.result.features;
  const contact = contactOf(features);
  const analysisId = db
    .prepare(
      `INSERT INTO analyses (session_id, uid, backend, status, pipeline_version, compute_version, warnings_json, errors_json,
         upload_s, analysis_s, store_s, overall_score, contact_frame, contact_ts, archive_file, created_at, request_json, result_extras_json)
       VALUES (?, ?, ?, 'done', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .pluck()
    .get(
      a.sessionId,
      done.uid,
      a.backend,
      done.metadata?.pipeline_version ?? '',
      done.metadata?.compute_version ?? '',
      JSON.stringify([...done.warnings, ...a.extraWarnings]),
      JSON.stringify(done.errors),
      a.timings.uploadS,
      a.timings.analysisS,
      a.timings.storeS,
      overallScore(features),
      contact?.frameNr ?? null,
      contact?.timestamp ?? null,
      a.archiveFile,
      new Date().toISOString(),
      a.request ? JSON.stringify(a.request) : null,
      JSON.stringify(resultExtras(done.result)),
    ) as number;
  insertResultRows(db, analysisId, done.result);
  const insPose = db.prepare(
    `INSERT INTO poses (analysis_id, dims, joints, frames, source_path, frame_nr, timestamps, keypoints, confidences, bbox, box_confidence, present)
     VALUES (@analysis_id, @dims, @joints, @frames, @source_path, @frame_nr, @timestamps, @keypoints, @confidences, @bbox, @box_confidence, @present)`,
  );
  for (const t of [a.pose2d, a.pose3d]) insPose.run({ analysis_id: analysisId, ...poseToRow(t) });
  if (a.ball) insertBallCandidates(db, analysisId, a.ball);
  return analysisId;
}

/** Removes the result rows of an analysis (features, categories, speed series, strokes); its pose stays. Run inside a transaction. */
export function deleteResultRows(db: WritableDb, analysisId: RowId): void {
  for (const table of ['features', 'feature_categories', 'speed_series', 'strokes']) db.prepare(`DELETE FROM ${table} WHERE analysis_id = ?`).run(analysisId);
}

/** Inserts the result rows of an analysis: features, categories, speed series and strokes (session-strokes.ts). Run inside a transaction. */
export function insertResultRows(db: WritableDb, analysisId: RowId, result: TechniqueResult): void {
  const s = db
    .prepare('SELECT s.id AS sessionId, s.swing_type AS swingType, s.fps, s.capture_fps AS captureFps, a.request_json AS requestJson FROM analyses a JOIN sessions s ON s.id = a.session_id WHERE a.id = ?')
    .get(analysisId) as (StrokeSessionFacts & { sessionId: RowId; requestJson: string | null }) | undefined;
  // The analysed stroke's contact is the ball time's when the request gave one (contact_source 'ball').
  const ballTime = s?.requestJson ? (JSON.parse(s.requestJson) as { ball_timestamp?: unknown }).ball_timestamp !== undefined : false;
  if (s) insertStrokeRows(db, analysisId, s.sessionId, result, s, ballTime);
  const features = result.features;
  const insFeature = db.prepare('INSERT INTO features (analysis_id, ord, name, score, value, unit, json) VALUES (?, ?, ?, ?, ?, ?, ?)');
  features.forEach((f, i) => insFeature.run(analysisId, i, f.feature_name, f.score, f.value, f.unit ?? null, JSON.stringify(f)));

  const insCat = db.prepare('INSERT INTO feature_categories (analysis_id, name, average_score, feature_count, json) VALUES (?, ?, ?, ?, ?)');
  for (const [name, c] of Object.entries(result.feature_categories)) insCat.run(analysisId, name, c.average_score, c.feature_count, JSON.stringify(c));

  const insSeries = db.prepare('INSERT INTO speed_series (analysis_id, name, unit, plot_values, json) VALUES (?, ?, ?, ?, ?)');
  const series: Array<[string, { plot_values?: number[]; unit?: string } | undefined]> = [
    ['hip', result.kinetic_chain?.speed_dict.hip],
    ['shoulder', result.kinetic_chain?.speed_dict.shoulder],
    ['wrist', result.kinetic_chain?.speed_dict.wrist],
    ['wrist_speed', result.wrist_speed],
  ];
  for (const [name, s] of series) {
    if (!s) continue;
    const { plot_values, ...rest } = s;
    const values = plot_values ? blobOf(Float64Array.from(plot_values)) : null;
    insSeries.run(analysisId, name, s.unit ?? null, values, JSON.stringify(rest));
  }
}
