/**
 * The job model, defined once: kinds, states, the final and working states, and the two shapes
 * of a background job — the row the library's `jobs` table stores ({@link Job}, read by
 * main/library/jobs.ts; {@link JobRecord} is that row as the queue reads it, main/jobs/) and what
 * the CLI and the app see of it ({@link JobView}, live progress included). main/, preload/ and
 * renderer/ import these from here. No run-time imports, so the renderer may import it.
 *
 * `queued → uploading → analysing → storing → done`; any step may end in `failed` (with a
 * one-line reason) or `cancelled`. `done`, `failed` and `cancelled` are final.
 */
import type { z } from 'zod';
import type { BackendInput } from './fields.js';
import type { Warning } from './warning.js';
import type { AnalysisJobInput, TennisJobInput } from './job-input.js';

/** A job's input: one schema, main/contract/job-input.ts. */
export type { AnalysisJobInput, JobPlayer, TennisJobInput } from './job-input.js';

/** Kinds of background job. */
export type JobKind = 'analysis' | 'tennis';

/** States of a background job; `done`, `failed` and `cancelled` are final. */
export type JobState = 'queued' | 'uploading' | 'analysing' | 'storing' | 'done' | 'failed' | 'cancelled';

/** Final job states: a job in one of them never changes again (the one list). */
export const FINAL_JOB_STATES: readonly JobState[] = ['done', 'failed', 'cancelled'];
/** States a job is in while a runner works on it (interrupted when the app stops). */
export const ACTIVE_JOB_STATES: readonly JobState[] = ['uploading', 'analysing', 'storing'];

/** Whether `state` is final ({@link FINAL_JOB_STATES}). */
export function isFinalJobState(state: JobState): boolean {
  return FINAL_JOB_STATES.includes(state);
}

/** Which engine runs a job: the in-process local service or the vendor's servers. */
export type BackendKind = z.output<typeof BackendInput>;

/** Input of either kind. */
export type JobInput = AnalysisJobInput | TennisJobInput;

/** A named step within a job state (shown as its own line in the job list): `playback-copy` while a playable copy of the clip is made (storing). */
export type JobStep = 'playback-copy';

/** Resume data of a job: the last point from which it can go on without redoing work. */
export interface SafePoint {
  /** Presigned URL pair of a finished upload and when it was issued (ISO): valid 24 h (API.md "Limits"). */
  upload?: { uploadUrl: string; downloadUrl: string; issuedAt: string };
  /** Tennis task id at the service once created (a resumed job polls it instead of creating another). */
  taskId?: string;
  /** Warnings seen so far (technique warnings, resume notes); a job stored before typed warnings has strings, read as 'legacy' (jobs/job-store.ts). */
  warnings?: Warning[];
}

/**
 * A row of the job queue as stored. The library stores `input` and `safePoint` as JSON without
 * knowing their shape (`unknown`, `safePoint` null when none was saved); the queue reads them as
 * {@link JobRecord}.
 */
export interface Job<Input = unknown, Point = unknown> {
  /** Row id (`jobs.id`). */
  id: number;
  kind: JobKind;
  state: JobState;
  /** Why the job failed or was interrupted ('' otherwise). */
  reason: string;
  input: Input;
  /** Library session created (analysis) or attached to (tennis), or null. */
  sessionId: number | null;
  /** How many times the job was started (resumes count). */
  attempts: number;
  /** Last point from which the job can resume (e.g. the presigned URLs after upload). */
  safePoint: Point;
  /** ISO 8601 date-times (UTC). */
  createdAt: string;
  updatedAt: string;
}

/** The stored row as the queue reads it: its input, and its safe point ({} when none was saved). */
export type JobRecord = Job<JobInput, SafePoint>;

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
  /** The step of the current state, when it has one. */
  step?: JobStep;
  /** Estimated real seconds left in the current state, from its measured progress rate (main/jobs/eta-estimator.ts); absent until enough is measured. Words: job-eta.ts etaText. */
  etaS?: number;
  /** Warnings seen so far, in order (contract/warning.ts). */
  warnings: Warning[];
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
