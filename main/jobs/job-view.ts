/**
 * What the CLI and the app see of a job: its stored record plus the live progress of the
 * current state, which is kept in memory only (main/jobs/README.md: progress is emitted at most
 * every 100 ms per job and never stored).
 */
import type { JobProgress } from './job-context.js';
import { EtaEstimator } from './eta-estimator.js';
import { isFinalJobState, type JobRecord, type JobView } from '../contract/job.js';

/** Least time between two progress events of one job, ms (UI refresh rate is ~60 Hz; 10 Hz is enough for bars). */
export const PROGRESS_EVENT_INTERVAL_MS = 100;

/**
 * Live progress of the running jobs, and whether a new report is worth an event. Each report's
 * share also feeds the job's ETA (eta-estimator.ts), carried as `etaS` on the progress.
 */
export class LiveProgress {
  private readonly byJob = new Map<number, JobProgress & { at: number }>();
  private readonly eta = new Map<number, EtaEstimator>();

  /** A job entered a new state: share 0, ETA measured afresh (the state change is emitted by the caller). */
  reset(id: number, now = Date.now()): void {
    this.byJob.set(id, { share: 0, at: now });
    this.eta.set(id, new EtaEstimator());
    this.eta.get(id)?.update(0, now / 1000);
  }

  /**
   * Records a progress report of job `id` at `now` (ms).
   * @returns true when it should be emitted: the first report, the first at least
   *   {@link PROGRESS_EVENT_INTERVAL_MS} after the last emitted one, or a complete one (share ≥ 1).
   */
  report(id: number, p: JobProgress, now = Date.now()): boolean {
    const prev = this.byJob.get(id);
    const due = !prev || now - prev.at >= PROGRESS_EVENT_INTERVAL_MS || p.share >= 1;
    let eta = this.eta.get(id);
    if (!eta) this.eta.set(id, (eta = new EtaEstimator()));
    const etaS = p.share >= 1 ? undefined : eta.update(p.share, now / 1000);
    const { etaS: _given, ...given } = p;
    this.byJob.set(id, { ...given, ...(etaS !== undefined ? { etaS } : {}), at: prev && !due ? prev.at : now });
    return due;
  }

  /** The latest progress of job `id`, if it is running. */
  get(id: number): JobProgress | undefined {
    return this.byJob.get(id);
  }

  /** Forgets job `id` (its runner returned). */
  delete(id: number): void {
    this.byJob.delete(id);
    this.eta.delete(id);
  }
}

/** The view of a stored job with its live progress; a final job shows none (done: share 1). */
export function jobView(j: JobRecord, live: JobProgress | undefined): JobView {
  const final = isFinalJobState(j.state);
  return {
    id: j.id,
    kind: j.kind,
    state: j.state,
    share: j.state === 'done' ? 1 : final ? 0 : (live?.share ?? 0),
    ...(live?.bytes !== undefined && !final ? { bytes: live.bytes } : {}),
    ...(live?.totalBytes !== undefined && !final ? { totalBytes: live.totalBytes } : {}),
    ...(live?.step !== undefined && !final ? { step: live.step } : {}),
    ...(live?.etaS !== undefined && !final ? { etaS: live.etaS } : {}),
    warnings: j.safePoint.warnings ?? [],
    ...(j.reason ? { reason: j.reason } : {}),
    ...(j.sessionId !== null ? { sessionId: j.sessionId } : {}),
    ...(j.safePoint.taskId ? { taskId: j.safePoint.taskId } : {}),
    input: j.input,
    attempts: j.attempts,
    createdAt: j.createdAt,
    updatedAt: j.updatedAt,
  };
}
