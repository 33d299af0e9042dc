/**
 * Types of the persistent job queue: what a job is asked to do (its input), the states it goes
 * through, and the view of a job that the CLI and the app show.
 */
import type { Hand, Sport, SwingType } from '../contract/technique.js';
import { FINAL_JOB_STATES, type JobKind, type JobState } from '../library/types.js';
import type { JobStep } from './context.js';

/** Which engine runs a job: the in-process local service or the vendor's servers. */
export type BackendKind = 'local' | 'remote';

/**
 * Kinds and states of a job: defined once, with the table that stores them (main/library/types.ts,
 * main/library/jobs.ts). `queued → uploading → analysing → storing → done`; any step may end in
 * `failed` (with a one-line reason) or `cancelled`. `done`, `failed` and `cancelled` are final.
 */
export type { JobKind, JobState } from '../library/types.js';

/** States a job can no longer leave (the library's FINAL_JOB_STATES). */
export const FINAL_STATES: ReadonlySet<JobState> = new Set(FINAL_JOB_STATES);



/** The player a clip shows: an existing library player (`id`) or one to find/create by name. */
export interface JobPlayer {
  id?: number;
  name: string;
  dominantHand: Hand;
  /** Standing height, millimetres (> 0). */
  heightMm: number;
}

/** A technique analysis of one clip (API.md endpoint 5), stored as a new library session. */
export interface AnalysisJobInput {
  /** Absolute path of the clip (.mp4, .mov, .avi or .mkv: API.md endpoint 5). */
  videoPath: string;
  player: JobPlayer;
  sport: Sport;
  swingType: SwingType;
  /** Ball contact time, seconds on the clip's timeline (API.md `ball_timestamp`); detected when omitted. */
  ballTimestampS?: number;
  /** Frame rate the camera recorded at, frames/s (our metadata extension `capture_fps`); real time when omitted. */
  captureFps?: number;
  backend: BackendKind;
  title?: string;
  /** ISO 8601 date or date-time the clip was recorded (default: the file's modification time). */
  recordedAt?: string;
}

/** A tennis statistics task (API.md sections 3-4) on a clip file or an already reachable URL. */
export interface TennisJobInput {
  /** Absolute path of a clip to upload first (upload-url + presigned PUT). */
  videoPath?: string;
  /** URL the service can read (used as `video_url` directly). One of videoPath / videoUrl. */
  videoUrl?: string;
  /** Library session the result belongs to, if any. */
  sessionId?: number;
  backend: BackendKind;
}

/** Input of either kind. */
export type JobInput = AnalysisJobInput | TennisJobInput;

/** What the CLI and the app see of a job (progress is live, not stored at every tick). */
export interface JobView {
  id: number;
  kind: JobKind;
  state: JobState;
  /** Share done within the current state, 0..1. */
  share: number;
  /** Bytes sent so far while uploading. */
  bytes?: number;
  /** Size of the upload, bytes. */
  totalBytes?: number;
  /** The step of the current state, when it has one (context.ts JobStep). */
  step?: JobStep;
  warnings: string[];
  /** Why the job failed (one line), or how it was resumed. */
  reason?: string;
  /** Library session created (analysis) or attached to (tennis). */
  sessionId?: number;
  /** Tennis task id at the service, once created. */
  taskId?: string;
  input: JobInput;
  /** How many times the job was started (resumes count). */
  attempts: number;
  createdAt: string;
  updatedAt: string;
}
