/**
 * Row shapes of the library tables and their mapping to domain objects (`rowToX`). JSON
 * columns are parsed here; file names become absolute paths inside the library folder.
 */
import { join } from 'node:path';
import type { Feature, Hand, Sport, SwingType } from '../contract/technique-schema.js';
import type { LibraryPaths } from './paths.js';
import type { Job, JobKind, JobState } from '../contract/job.js';
import { readStoredWarning } from '../contract/warning-schema.js';
import type {
  Analysis,
  AnalysisBackend,
  AnalysisStatus,
  FeatureRow,
  Player,
  Session,
  TennisTaskResult,
} from './library-types.js';

export interface PlayerRow {
  id: number;
  name: string;
  dominant_hand: string;
  height_mm: number;
  notes: string;
  created_at: string;
}

export function rowToPlayer(r: PlayerRow): Player {
  return {
    id: r.id,
    name: r.name,
    dominantHand: r.dominant_hand as Hand,
    heightMm: r.height_mm,
    notes: r.notes,
    createdAt: r.created_at,
  };
}

export interface SessionRow {
  id: number;
  player_id: number;
  recorded_at: string;
  sport: string;
  swing_type: string;
  clip_file: string;
  clip_sha256: string;
  duration_s: number;
  fps: number;
  /** Since schema v5 (migrations/v05-slow-motion.ts). */
  capture_fps: number | null;
  width: number;
  height: number;
  title: string;
  notes: string;
  thumbnail_path: string | null;
  created_at: string;
  /** Since schema v14 (migrations/v14-linked-clips.ts): 'copied' or 'linked', and a linked clip's absolute path. */
  clip_storage: string;
  clip_link_path: string | null;
}

/** Separator of tag names in `group_concat` results (ASCII unit separator; not allowed in tags). */
export const TAG_SEP = '\u001f';

/** Splits a `group_concat(name, TAG_SEP)` result into sorted tag names. */
export function splitTags(s: string | null): string[] {
  return s ? s.split(TAG_SEP).sort((a, b) => a.localeCompare(b)) : [];
}

export function rowToSession(r: SessionRow, tags: string[], paths: LibraryPaths): Session {
  return {
    id: r.id,
    playerId: r.player_id,
    recordedAt: r.recorded_at,
    sport: r.sport as Sport,
    swingType: r.swing_type as SwingType,
    clipPath: r.clip_link_path ?? join(paths.clipsDir, r.clip_file),
    clipStorage: r.clip_storage === 'linked' ? 'linked' : 'copied',
    clipSha256: r.clip_sha256,
    durationS: r.duration_s,
    fps: r.fps,
    captureFps: r.capture_fps,
    width: r.width,
    height: r.height,
    title: r.title,
    notes: r.notes,
    tags,
    createdAt: r.created_at,
  };
}

export interface AnalysisRow {
  id: number;
  session_id: number;
  uid: string;
  backend: string;
  status: string;
  pipeline_version: string;
  compute_version: string;
  warnings_json: string;
  errors_json: string;
  upload_s: number | null;
  analysis_s: number | null;
  store_s: number | null;
  overall_score: number | null;
  contact_frame: number | null;
  contact_ts: number | null;
  archive_file: string;
  created_at: string;
  /** Since schema v5: the technique request metadata the analysis ran with (JSON), or null. */
  request_json: string | null;
  /** Since schema v5: the result's fields without a table of their own (JSON object). */
  result_extras_json: string;
}

export function rowToAnalysis(r: AnalysisRow, paths: LibraryPaths): Analysis {
  return {
    id: r.id,
    sessionId: r.session_id,
    uid: r.uid,
    backend: r.backend as AnalysisBackend,
    status: r.status as AnalysisStatus,
    pipelineVersion: r.pipeline_version,
    computeVersion: r.compute_version,
    warnings: (JSON.parse(r.warnings_json) as unknown[]).map(readStoredWarning),
    errors: JSON.parse(r.errors_json) as string[],
    timings: { uploadS: r.upload_s, analysisS: r.analysis_s, storeS: r.store_s },
    overallScore: r.overall_score,
    ...slowMotionOf(r.result_extras_json),
    // '' = no archive stored (ingest.ts: the pose BLOBs are the source of truth).
    archivePath: r.archive_file ? join(paths.archivesDir, r.archive_file) : null,
    createdAt: r.created_at,
  };
}

export interface FeatureDbRow {
  id: number;
  analysis_id: number;
  json: string;
}

export function rowToFeature(r: FeatureDbRow): FeatureRow {
  return { ...(JSON.parse(r.json) as Feature), id: r.id, analysisId: r.analysis_id };
}

export interface JobRow {
  id: number;
  kind: string;
  state: string;
  reason: string;
  input_json: string;
  session_id: number | null;
  attempts: number;
  safe_point_json: string | null;
  created_at: string;
  updated_at: string;
}

export function rowToJob(r: JobRow): Job {
  return {
    id: r.id,
    kind: r.kind as JobKind,
    state: r.state as JobState,
    reason: r.reason,
    input: JSON.parse(r.input_json) as unknown,
    sessionId: r.session_id,
    attempts: r.attempts,
    safePoint: r.safe_point_json === null ? null : (JSON.parse(r.safe_point_json) as unknown),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export interface TennisTaskRow {
  id: number;
  session_id: number | null;
  task_id: string;
  raw_json: string;
  created_at: string;
}

export function rowToTennisTask(r: TennisTaskRow): TennisTaskResult {
  return {
    id: r.id,
    sessionId: r.session_id,
    taskId: r.task_id,
    raw: JSON.parse(r.raw_json) as unknown,
    createdAt: r.created_at,
  };
}

/** The capture rate and slow-motion guess of an analysis' result extras (`result_extras_json`). */
function slowMotionOf(json: string): Pick<Analysis, 'captureFps' | 'slowMotionGuess'> {
  const x = JSON.parse(json) as {
    capture_fps?: unknown;
    slow_motion_guess?: { factor?: unknown; suggested_capture_fps?: unknown };
  };
  const g = x.slow_motion_guess;
  const positive = (v: unknown): v is number => typeof v === 'number' && v > 0;
  return {
    captureFps: positive(x.capture_fps) ? x.capture_fps : null,
    slowMotionGuess:
      g && positive(g.factor) && positive(g.suggested_capture_fps)
        ? { factor: g.factor, suggestedCaptureFps: g.suggested_capture_fps }
        : null,
  };
}
