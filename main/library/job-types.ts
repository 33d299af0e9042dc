/**
 * Kinds, states and rows of the background jobs the library's `jobs` table stores
 * (main/library/jobs.ts; the queue that runs them is main/jobs/). Re-exported by types.ts.
 */

import type { RowId } from './types.js';

/** Kinds of background job (main/library/jobs.ts). */
export type JobKind = 'analysis' | 'tennis';

/** States of a background job; `done`, `failed` and `cancelled` are final. */
export type JobState = 'queued' | 'uploading' | 'analysing' | 'storing' | 'done' | 'failed' | 'cancelled';

/** Final job states (the one list: the queue, main/jobs, and the table's queries use it). */
export const FINAL_JOB_STATES: readonly JobState[] = ['done', 'failed', 'cancelled'];
/** States a job is in while a runner works on it (interrupted when the app stops). */
export const ACTIVE_JOB_STATES: readonly JobState[] = ['uploading', 'analysing', 'storing'];

/** A row of the job queue. `input` and `safePoint` are JSON chosen by the queue runner. */
export interface Job {
  id: RowId;
  kind: JobKind;
  state: JobState;
  /** Why the job failed or was interrupted ('' otherwise). */
  reason: string;
  input: unknown;
  sessionId: RowId | null;
  attempts: number;
  /** Last point from which the job can resume (e.g. the presigned URLs after upload), or null. */
  safePoint: unknown;
  createdAt: string;
  updatedAt: string;
}
