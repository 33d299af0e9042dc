/**
 * The job list: what main's job queue is doing. The queue lives in main (it survives a
 * restart); the renderer lists it at start and follows `jobs.changed` events.
 */
import type { JobView } from '../../../../preload/contract.js';
import type { AnalysisJobInput } from './analysis-form.js';
import { call, onEvent } from '../api.js';
import { isActive, isNewReport, upsertJob } from './job-text.js';

/** The jobs store. */
export class JobsManager {
  jobs = $state<JobView[]>([]);
  /** Jobs still queued or running. */
  active = $derived(this.jobs.filter(isActive));
  /**
   * When this renderer received each job's latest progress report, ms since the epoch (Date.now());
   * the job list counts the report's `etaS` down from it (main/contract/job-eta.ts etaCountdownText).
   */
  reportedAt = $state<Record<number, number>>({});
  /** Listeners told when a job reaches `done` (e.g. refresh the library). */
  #onDone: ((job: JobView) => void)[] = [];

  /** Loads the job list from main. @throws ApiError */
  async load(): Promise<void> {
    const list = await call('jobs.list');
    this.jobs = [...list].sort((a, b) => b.id - a.id);
    const now = Date.now();
    this.reportedAt = Object.fromEntries(list.map((j) => [j.id, now]));
  }

  /** Follows main's job events; returns the unsubscribe. */
  subscribe(): () => void {
    return onEvent('jobs.changed', (job) => this.apply(job));
  }

  /** Applies one job event. */
  apply(job: JobView): void {
    const before = this.jobs.find((j) => j.id === job.id);
    if (isNewReport(before, job)) this.reportedAt = { ...this.reportedAt, [job.id]: Date.now() };
    this.jobs = upsertJob(this.jobs, job);
    if (job.state === 'done' && before?.state !== 'done') for (const l of this.#onDone) l(job);
  }

  /** Calls `listener` whenever a job finishes; returns the unsubscribe. */
  onDone(listener: (job: JobView) => void): () => void {
    this.#onDone.push(listener);
    return () => {
      this.#onDone = this.#onDone.filter((l) => l !== listener);
    };
  }

  /** Queues analyses and returns their job ids. @throws ApiError */
  async enqueue(inputs: AnalysisJobInput[]): Promise<number[]> {
    return call('jobs.enqueueAnalysis', inputs);
  }

  /** Cancels job `id`. @throws ApiError */
  async cancel(id: number): Promise<void> {
    await call('jobs.cancel', { id });
  }
}

/** The app's jobs. */
export const jobs = new JobsManager();
