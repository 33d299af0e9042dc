/**
 * Domain types of the Swing Studio library (players, sessions, analyses and what an analysis
 * measured). The desktop app, the exports and the job queue read these; the SQLite rows are
 * mapped to them by the `rowToX` functions of main/library/. Dates are ISO 8601 strings,
 * lengths millimetres, durations seconds, speeds as the contract's series say (m/s, deg/s).
 */
import type {
  CameraView,
  ChainPeak,
  Feature,
  FeatureCategory,
  FeatureConsistency,
  FeatureEvent,
  Hand,
  KineticChain,
  LeftOutFeature,
  SpeedSeries,
  ServeMeasure,
  ServeStage,
  Sport,
  StrokeSide,
  SwingType,
  WristSpeed,
} from '../contract/technique-schema.js';
import type { ContactEvent, StrokeDetailOf } from '../contract/stroke-view.js';
import type { BallCandidates } from '../pose/ball-candidates.js';
import type { PoseTrack } from '../pose/pose-track.js';
import type { Warning } from '../contract/warning.js';

/** Row id of a library table (SQLite INTEGER PRIMARY KEY). */
export type RowId = number;

/** A player of the academy. */
export interface Player {
  id: RowId;
  name: string;
  dominantHand: Hand;
  /** Standing height, millimetres (> 0). */
  heightMm: number;
  notes: string;
  /** ISO 8601 date-time (UTC) when the player was added. */
  createdAt: string;
}

/** What is needed to create a player (no id, no creation time). */
export type NewPlayer = Pick<Player, 'name' | 'dominantHand' | 'heightMm'> & { notes?: string };

/**
 * How a session's clip is kept (schema v14): 'copied' into the library's clips folder, or 'linked'
 * (kept in place: the library holds the absolute path of the coach's file; main/library/linked-clips.ts).
 */
export type ClipStorage = 'copied' | 'linked';

/** One recorded swing clip of a player, copied into the library folder or linked where it is. */
export interface Session {
  id: RowId;
  playerId: RowId;
  /** ISO 8601 date-time (or date) when the clip was recorded. */
  recordedAt: string;
  sport: Sport;
  swingType: SwingType;
  /** Absolute path of the clip: inside the library folder, `<home>/library/clips/<sha256>.<ext>`, or the linked file where the coach keeps it. */
  clipPath: string;
  /** 'copied' (in the library's clips folder) or 'linked' (kept in place at `clipPath`). */
  clipStorage: ClipStorage;
  /** SHA-256 of the clip's bytes, lowercase hex (the clip's file name). */
  clipSha256: string;
  /** Clip duration, seconds. */
  durationS: number;
  /** Frames per second of the clip. */
  fps: number;
  /**
   * Frame rate the camera recorded at, frames/s (capture frame rate, technique metadata
   * `capture_fps`); null = the clip plays in real time. A clip with `fps` 30 and `captureFps`
   * 240 is slowed 8×. Changed with setCaptureFps (main/library/recompute.ts).
   */
  captureFps: number | null;
  /** Frame width, pixels. */
  width: number;
  /** Frame height, pixels. */
  height: number;
  title: string;
  /** Coach notes about the session (free text). */
  notes: string;
  tags: string[];
  /** ISO 8601 date-time (UTC) when the session was added to the library. */
  createdAt: string;
}

/** Which engine produced an analysis: the local service on this machine or the vendor's server. */
export type AnalysisBackend = 'local' | 'remote';

/** Terminal status of a stored analysis (the NDJSON line's `status`). Only `done` has features. */
export type AnalysisStatus = 'done' | 'error' | 'failed';

/** Wall-clock time spent on each step of an analysis job, seconds (null when not measured). */
export interface AnalysisTimings {
  uploadS: number | null;
  analysisS: number | null;
  storeS: number | null;
}

/** One technique analysis of a session (one `uid` of the technique server). */
export interface Analysis {
  id: RowId;
  sessionId: RowId;
  /** Request uid (API.md metadata.uid); unique in the library. */
  uid: string;
  backend: AnalysisBackend;
  status: AnalysisStatus;
  /** `metadata.pipeline_version` of the done line ('' when the engine gave none). */
  pipelineVersion: string;
  /** `metadata.compute_version` of the done line ('' when the engine gave none). */
  computeVersion: string;
  /**
   * Warnings in order (contract/warning.ts). Stored as JSON in `warnings_json`: typed objects
   * since typed warnings, strings before (read as code 'legacy', severity 'notice'; rows.ts).
   */
  warnings: Warning[];
  errors: string[];
  timings: AnalysisTimings;
  /** Mean of the feature scores, 0..100 (null when there are no features). */
  overallScore: number | null;
  /**
   * Capture frame rate the result was measured with, frames/s (result `capture_fps`): its times,
   * durations and speeds are real seconds. Null: measured on the video's clock.
   */
  captureFps: number | null;
  /**
   * Without a capture rate: the clip looks slowed down `factor`× (video seconds per real second)
   * and `suggestedCaptureFps` (frames/s) would measure it in real time (result
   * `slow_motion_guess`, main/analysis/slow-motion.ts). Null when not guessed.
   */
  slowMotionGuess: SlowMotionGuessView | null;
  /**
   * Absolute path of the archive stored with the analysis (`<home>/library/archives/<name>.zip`:
   * one received from a remote service or a hand-over, or any analysis of a library older than
   * the pose-written-once change); null when none is stored (a local analysis: its archive is
   * derived from the pose BLOBs on export, session-archive.ts sessionArchiveBytes).
   */
  archivePath: string | null;
  /** ISO 8601 date-time (UTC) when the analysis was stored. */
  createdAt: string;
}

/** A slow-motion guess as the app shows it (result `slow_motion_guess`). */
export interface SlowMotionGuessView {
  /** Video seconds per real second, e.g. 8 for a clip slowed 8×. */
  factor: number;
  /** Capture frame rate that would measure the clip in real time, frames/s. */
  suggestedCaptureFps: number;
}

/** A stored feature: the contract's {@link Feature} plus its row id and analysis. */
export type FeatureRow = Feature & { id: RowId; analysisId: RowId };

/** One line of a session list (what the library browser shows without loading pose). */
export interface SessionSummary {
  id: RowId;
  playerId: RowId;
  playerName: string;
  /** ISO 8601 date-time when the clip was recorded. */
  recordedAt: string;
  sport: Sport;
  swingType: SwingType;
  /** Mean feature score of the latest analysis, 0..100 (null when none). */
  overallScore: number | null;
  title: string;
  tags: string[];
  /** Absolute path of a thumbnail image, when one was made (null otherwise). */
  thumbnailPath: string | null;
}

/** Result of a tennis statistics task (API.md section 4), kept as the raw JSON the vendor returned. */
export interface TennisTaskResult {
  id: RowId;
  sessionId: RowId | null;
  taskId: string;
  /** The JSON file at `result_url`, parsed but otherwise untouched (structure: not shown by API.md). */
  raw: unknown;
  createdAt: string;
}

/** Everything needed to play back and review one session. Pose tracks are typed arrays. */
export interface SessionDetail {
  session: Session;
  player: Player;
  /** Latest analysis of the session; null when the session has none yet. */
  analysis: Analysis | null;
  features: FeatureRow[];
  /** Features the analysis did not score, and why (the result's `features_left_out`, detail.ts). */
  leftOut: LeftOutFeature[];
  /** `result.feature_categories`, by category name. */
  categories: Record<string, FeatureCategory>;
  /** Hip, shoulder and wrist speed series (null when the engine gave none). */
  kineticChain: KineticChain['speed_dict'] | null;
  /** Dominant-wrist speed per frame (null when the engine gave none). */
  wristSpeed: (WristSpeed & Partial<SpeedSeries>) | null;
  pose2d: PoseTrack | null;
  pose3d: PoseTrack | null;
  /** The engine's ball candidates of the analysis (ball-rows.ts); absent when none were stored. */
  ball?: BallCandidates;
  /** Ball contact (null when no feature event names it). */
  contact: ContactEvent | null;
  /** Latest tennis statistics task of the session, if any. */
  tennisTask: TennisTaskResult | null;
  /** Coach notes (same as session.notes). */
  notes: string;
  /** Every stroke of the latest analysis in time order (session-strokes.ts); [] without an analysis. */
  strokes: SessionStroke[];
  /** Per feature, its spread over the analysed strokes (mean, sd, cv, n). */
  consistency: FeatureConsistency[];
}

/**
 * One stroke of a session (issue 11; contract `Stroke`): 1-based `index` in time order, side,
 * contact on the video (`frameNr`, `timestamp` s) and analysis clock (`realTime` s), detector
 * confidence 0–1; for an analysed stroke (of the session's swing type) its features, categories,
 * overall score (mean feature score 0–100), kinetic-chain peaks and swing events, else `features:
 * []` and `overallScore: null`. `primary`: the stroke the session's top-level `features` describe.
 */
export interface SessionStroke {
  index: number;
  side: StrokeSide;
  twoHanded: boolean;
  swingType: SwingType | null;
  contact: { frameNr: number; timestamp: number; realTime: number };
  confidence: number;
  handMeasured: boolean;
  overallScore: number | null;
  features: Feature[];
  categories: Record<string, FeatureCategory>;
  kineticChain: { hip: ChainPeak; shoulder: ChainPeak; wrist: ChainPeak } | null;
  events: FeatureEvent[];
  /** A tennis serve's 8 stages (contract ServeStage, our extension), stored in the stroke's extras; absent for other strokes. */
  serveStages?: ServeStage[];
  /** A tennis serve's measured values without a score (contract ServeMeasure), stored in the stroke's extras; absent for other strokes. */
  serveMeasures?: ServeMeasure[];
  /** A pickleball dink's measured values without a score (contract ServeMeasure shape; dink-measures.ts), stored in the stroke's extras; absent for other strokes. */
  dinkMeasures?: ServeMeasure[];
  leftOut: LeftOutFeature[];
  primary: boolean;
  /**
   * The camera view around contact and the body's heading against the camera axis (deg, 0–180),
   * columns `camera_view`, `camera_heading_deg` (v12); null: unknown (stored before views, or not
   * estimated), shown as "camera view unknown".
   */
  cameraView: CameraView | null;
  /** Where the contact came from (column `contact_source`, v13; {@link ContactSource}). */
  contactSource: ContactSource;
}

/** Where a stroke's contact came from: 'detected' (the stroke detector), 'ball' (the ball time the analysis was given), 'coach' (a correction, stroke-corrections.ts). */
export const CONTACT_SOURCES = ['detected', 'ball', 'coach'] as const;
/** One of {@link CONTACT_SOURCES}. */
export type ContactSource = (typeof CONTACT_SOURCES)[number];

/** A session seen as one of its strokes (main/contract/stroke-view.ts detailOfStroke). */
export type StrokeDetail = StrokeDetailOf<SessionDetail>;

export type { FeatureHistoryPoint, StrokeFeatureHistoryPoint } from './history-types.js';

/** Filter of {@link SessionSummary} lists. All fields optional; dates are ISO strings, inclusive. */
export interface SessionFilter {
  playerId?: RowId;
  from?: string;
  to?: string;
  sport?: Sport;
  swingType?: SwingType;
  tag?: string;
  /** Full-text search over title, notes and player name (FTS5 prefix match per word). */
  text?: string;
  /** Default 100. */
  limit?: number;
  offset?: number;
}
