/**
 * Types of the persistent job queue: what a job is asked to do (its input), the states it goes
 * through, and the view of a job that the CLI and the app show.
 */
import type { z } from 'zod';
import type { BackendInput } from '../contract/fields.js';
import type { AnalysisJobInput, TennisJobInput } from './input-schema.js';
import { FINAL_JOB_STATES, type JobKind, type JobState } from '../library/types.js';
import type { JobStep } from './context.js';

/**
 * Kinds and states of a job: defined once, with the table that stores them (main/library/types.ts,
 * main/library/jobs.ts). `queued → uploading → analysing → storing → done`; any step may end in
 * `failed` (with a one-line reason) or `cancelled`. `done`, `failed` and `cancelled` are final.
 */
export type { JobKind, JobState } from '../library/types.js';

/** Which engine runs a job: the in-process local service or the vendor's servers. */
export type BackendKind = z.output<typeof BackendInput>;

/** A job's input: one schema, main/jobs/input-schema.ts. */
export type { AnalysisJobInput, JobPlayer, TennisJobInput } from './input-schema.js';

/** States a job can no longer leave (the library's FINAL_JOB_STATES). */
export const FINAL_STATES: ReadonlySet<JobState> = new Set(FINAL_JOB_STATES);

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
