/**
 * What a job runner gets from the queue: its job, an abort signal, the backends, and callbacks
 * that move the job's state, report live progress, record warnings and save resume data.
 */
import type { BackendResolver } from '../backends/index.js';
import type { WritableDb } from '../library/db.js';
import type { JobRecord, JobStep, SafePoint } from '../contract/job.js';
import { sameWarning, warning, type Warning } from '../contract/warning.js';
import type { JobPatch } from './job-store.js';
import { PROGRESS_EVENT_INTERVAL_MS, type LiveProgress } from './job-view.js';

/** Live progress within the current state. */
export interface JobProgress {
  /** 0..1 within the current state. */
  share: number;
  bytes?: number;
  totalBytes?: number;
  /** What the state is doing when it has steps: `playback-copy` while a playable copy of the clip is made (storing). */
  step?: JobStep;
  /** Estimated real seconds left in the current state (set by LiveProgress from the measured share rate, eta-estimator.ts; a runner leaves it out). */
  etaS?: number;
}

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
  /** Records a warning (stored with the job, once per distinct code and text). */
  warn(w: Warning): void;
  /** Merges resume data into the job's safe point (stored). */
  saveSafePoint(patch: Partial<SafePoint>): void;
}

/** Runs one job to its end. @returns the session created or attached to. @throws on any failure. */
export type JobRunner = (ctx: JobContext) => Promise<{ sessionId?: number }>;

/** What the queue lends a job's context: where it stores and how it announces a change. */
export interface ContextHost {
  db: WritableDb;
  home: string;
  backends: BackendResolver;
  live: LiveProgress;
  /** Stores a change of job `id` and announces it. */
  write(id: number, patch: JobPatch): void;
  /** Announces job `id` (live progress: nothing stored). */
  emit(id: number): void;
}

/**
 * The context of one run of `job`: state changes and warnings are stored at once, progress is
 * kept live and emitted throttled (job-view.ts LiveProgress), the safe point accumulates.
 */
export function jobContext(job: JobRecord, signal: AbortSignal, host: ContextHost): JobContext {
  let safePoint: SafePoint = job.safePoint;
  // Decided: a report held back by the throttle is emitted once the interval has passed (a
  // trailing event), so the last report before a quiet spell (a sparse second pass) is shown at
  // once, not when the next report comes; the job list counts its ETA down from it.
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const cancelTrailing = (): void => {
    if (trailing !== undefined) clearTimeout(trailing);
    trailing = undefined;
  };
  return {
    job,
    db: host.db,
    home: host.home,
    backends: host.backends,
    signal,
    setState: (state) => {
      cancelTrailing();
      host.live.reset(job.id);
      host.write(job.id, { state });
    },
    progress: (p) => {
      if (host.live.report(job.id, p)) {
        cancelTrailing();
        host.emit(job.id);
      } else if (trailing === undefined) {
        trailing = setTimeout(() => {
          trailing = undefined;
          try {
            host.emit(job.id);
          } catch {
            // the queue stopped and closed its library meanwhile: nothing to tell
          }
        }, PROGRESS_EVENT_INTERVAL_MS);
        trailing.unref?.();
      }
    },
    warn: (w) => {
      if (safePoint.warnings?.some((s) => sameWarning(s, w))) return;
      safePoint = withWarning(safePoint, w);
      host.write(job.id, { safePoint });
    },
    saveSafePoint: (patch) => {
      safePoint = { ...safePoint, ...patch };
      host.write(job.id, { safePoint });
    },
  };
}

/** `sp` with `w` added to its warnings. */
export function withWarning(sp: SafePoint, w: Warning): SafePoint {
  return { ...sp, warnings: [...(sp.warnings ?? []), w] };
}

/** Code 'job-resumed': the job was interrupted (`reason`, e.g. "interrupted while analysing") and runs again. */
export function resumedWarning(reason: string): Warning {
  return warning('job-resumed', 'info', 'The job was interrupted and has been restarted.', { detail: `${reason}; resumed` });
}
