/**
 * What a job runner gets from the queue: its job, an abort signal, the backends, and callbacks
 * that move the job's state, report live progress, record warnings and save resume data.
 */
import type { BackendResolver } from '../backends/index.js';
import type { WritableDb } from '../library/db.js';
import type { JobRecord, SafePoint } from './job-store.js';

/** Live progress within the current state. */
export interface JobProgress {
  /** 0..1 within the current state. */
  share: number;
  bytes?: number;
  totalBytes?: number;
  /** What the state is doing when it has steps: `playback-copy` while a playable copy of the clip is made (storing). */
  step?: JobStep;
}

/** A named step within a job state (shown as its own line in the job list). */
export type JobStep = 'playback-copy';

/** The runner's handle on its job. */
export interface JobContext {
  job: JobRecord;
  db: WritableDb;
  home: string;
  backends: BackendResolver;
  /** Aborted when the job is cancelled or the queue stops. */
  signal: AbortSignal;
  /** Moves the job to a working state (stored). */
  setState(state: 'uploading' | 'analysing' | 'storing'): void;
  /** Live progress (emitted, not stored). */
  progress(p: JobProgress): void;
  /** Records a warning (stored with the job, once per distinct text). */
  warn(text: string): void;
  /** Merges resume data into the job's safe point (stored). */
  saveSafePoint(patch: Partial<SafePoint>): void;
}

/** Runs one job to its end. @returns the session created or attached to. @throws on any failure. */
export type JobRunner = (ctx: JobContext) => Promise<{ sessionId?: number }>;
