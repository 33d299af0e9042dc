/**
 * The persistent job queue. Jobs live in the library's `jobs` table; this class claims queued
 * jobs up to a concurrency limit per kind, runs them, stores every state change, emits live
 * progress, and at {@link JobQueue.start} puts jobs interrupted by a crash or quit back in line
 * (or fails them with the reason once they were interrupted too often). See main/jobs/README.md.
 * A runner's context is built by job-context.ts; the view of a job and its live progress by
 * job-view.ts; the rows are job-store.ts's.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BackendResolver } from '../backends/index.js';
import type { WritableDb } from '../library/db.js';
import { runAnalysisJob } from './analysis-job.js';
import { jobContext, resumedWarning, withWarning, type JobContext, type JobRunner } from './job-context.js';
import { CANCELLED_REASON, JobStore } from './job-store.js';
import { jobView, LiveProgress } from './job-view.js';
import { otherQueueOwner, releaseQueueLock, takeQueueLock } from './queue-lock.js';
import { oneLineReason } from './reason.js';
import { runTennisJob } from './tennis-job.js';
import { checkAnalysisInput, checkTennisInput, isCheckedAnalysisInput, type CheckedAnalysisInput } from './validate.js';
import { isFinalJobState, type AnalysisJobInput, type JobKind, type JobRecord, type JobView, type TennisJobInput } from '../contract/job.js';

/**
 * Analyses run one at a time by default: the local engine uses both cores of the reference
 * machine (2 cores) for one clip, so a second parallel analysis only makes both slower.
 */
export const DEFAULT_ANALYSIS_CONCURRENCY = 1;
/** Tennis tasks mostly wait on the service; two may poll at once. */
export const DEFAULT_TENNIS_CONCURRENCY = 2;
/** A job interrupted this many times (crash or quit while working) is failed instead of resumed. */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** Options of {@link JobQueue}. */
export interface JobQueueOptions {
  /** The library database (openLibrary): the queue's rows are in its `jobs` table. */
  db: WritableDb;
  home: string;
  backends: BackendResolver;
  /** Parallel analysis jobs (default {@link DEFAULT_ANALYSIS_CONCURRENCY}). */
  concurrency?: number;
  /** Parallel tennis jobs (default {@link DEFAULT_TENNIS_CONCURRENCY}). */
  tennisConcurrency?: number;
  /** Starts allowed per job before an interrupted job is failed (default {@link DEFAULT_MAX_ATTEMPTS}). */
  maxAttempts?: number;
  /** Replaces the runner of a kind (the app and tests use the real ones). */
  runners?: Partial<Record<JobKind, JobRunner>>;
}

interface Running {
  controller: AbortController;
  why?: 'cancel' | 'stop';
  /** Stopped before its end: its folder under `<home>/jobs/` (pose checkpoints) is kept for the resume. */
  keepFolder?: boolean;
  done: Promise<void>;
}

type Listener = (job: JobView) => void;

/** The queue. One per process and database; start() once, stop() before closing the database. */
export class JobQueue {
  private readonly store: JobStore;
  private readonly limits: Record<JobKind, number>;
  private readonly runners: Record<JobKind, JobRunner>;
  private readonly maxAttempts: number;
  private readonly running = new Map<number, Running>();
  private readonly live = new LiveProgress();
  private readonly listeners = new Set<Listener>();
  private idleWaiters: (() => void)[] = [];
  private started = false;
  private stopped = false;
  private ownsLock = false;

  constructor(private readonly opts: JobQueueOptions) {
    this.store = new JobStore(opts.db);
    this.limits = {
      analysis: positive(opts.concurrency ?? DEFAULT_ANALYSIS_CONCURRENCY, 'concurrency'),
      tennis: positive(opts.tennisConcurrency ?? DEFAULT_TENNIS_CONCURRENCY, 'tennisConcurrency'),
    };
    this.runners = { analysis: runAnalysisJob, tennis: runTennisJob, ...opts.runners };
    this.maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  }

  /**
   * Recovers interrupted jobs (state uploading/analysing/storing with no runner): back to
   * queued, keeping their safe point, or failed with the reason after `maxAttempts` starts;
   * then starts running queued jobs. Recovery is skipped while another live process holds
   * `<home>/jobs/queue.lock` (see queue-lock.ts). Calling it twice is a no-op.
   */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    // Another live process (the app while a CLI runs, or the reverse) may be working on jobs
    // that look interrupted from here: leave them to it.
    if (otherQueueOwner(this.opts.home) === undefined) {
      for (const job of this.store.recoverInterrupted(this.maxAttempts)) {
        if (job.state === 'queued') this.write(job.id, { safePoint: withWarning(job.safePoint, resumedWarning(job.reason)) });
        else this.emit(job.id);
      }
      takeQueueLock(this.opts.home);
      this.ownsLock = true;
    }
    this.pump();
  }

  /**
   * Queues a technique analysis.
   * @returns the job id.
   * An input checkAnalysisInput returned (CheckedAnalysisInput: the CLI, IPC) is taken as it is;
   * any other is checked here.
   * @throws JobInputError when the input is invalid (missing file, unsupported extension,
   *   unknown sport or swing type, height ≤ 0…); nothing is stored then.
   */
  enqueueAnalysis(input: AnalysisJobInput | CheckedAnalysisInput): number {
    return this.enqueue('analysis', isCheckedAnalysisInput(input) ? input : checkAnalysisInput(input));
  }

  /** Queues a tennis statistics task. @returns the job id. @throws JobInputError on invalid input. */
  enqueueTennis(input: TennisJobInput): number {
    return this.enqueue('tennis', checkTennisInput(input));
  }

  /**
   * Cancels a job: a queued or interrupted one at once, a running one as soon as its current
   * request aborts (nothing is stored in the library). Final jobs are left as they are.
   * @throws Error when no job has this id.
   */
  cancel(id: number): void {
    const job = this.store.get(id);
    if (!job) throw new Error(`no job with id ${id}`);
    const run = this.running.get(id);
    if (run) {
      run.why = 'cancel';
      run.controller.abort(new Error('cancelled'));
      return;
    }
    if (!isFinalJobState(job.state)) this.write(id, { state: 'cancelled', reason: CANCELLED_REASON });
  }

  /**
   * Runs a failed or cancelled job again as a new job with the same input (e.g. after the
   * backend recovered, or with the settings changed). The old job stays as it ended.
   * @returns the new job id.
   * @throws Error when the job does not exist or has not failed / been cancelled;
   *   JobInputError when its input is no longer valid (clip gone).
   */
  retry(id: number): number {
    const job = this.store.get(id);
    if (!job) throw new Error(`no job with id ${id}`);
    if (job.state !== 'failed' && job.state !== 'cancelled') throw new Error(`job ${id} is ${job.state}; only failed or cancelled jobs can be retried`);
    return job.kind === 'analysis' ? this.enqueueAnalysis(job.input as AnalysisJobInput) : this.enqueueTennis(job.input);
  }

  /** All jobs, newest first, with live progress. */
  list(): JobView[] {
    return this.store.list().map((j) => this.view(j));
  }

  /** One job with live progress, or undefined. */
  get(id: number): JobView | undefined {
    const j = this.store.get(id);
    return j ? this.view(j) : undefined;
  }

  /** Subscribes to job changes (state changes and throttled progress). @returns unsubscribe. */
  on(_event: 'job', listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when nothing is running and nothing claimable is queued (or the queue stopped). */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Stops claiming jobs and aborts running ones WITHOUT failing them: they keep their state and
   * resume at the next start. Resolves when every runner has returned.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const run of this.running.values()) {
      run.why ??= 'stop';
      run.controller.abort(new Error('queue stopped'));
    }
    await Promise.all([...this.running.values()].map((r) => r.done));
    if (this.ownsLock) releaseQueueLock(this.opts.home);
    this.ownsLock = false;
    this.flushIdle();
  }

  private enqueue(kind: JobKind, input: AnalysisJobInput | TennisJobInput): number {
    const id = this.store.insert(kind, input);
    this.emit(id);
    if (this.started) this.pump();
    return id;
  }

  private pump(): void {
    if (this.stopped || !this.started) return;
    for (const kind of ['analysis', 'tennis'] as const) {
      while (this.countRunning(kind) < this.limits[kind]) {
        const job = this.store.claimNext(kind);
        if (!job) break;
        this.launch(job);
      }
    }
    this.flushIdle();
  }

  private launch(job: JobRecord): void {
    const controller = new AbortController();
    const run: Running = { controller, done: Promise.resolve() };
    this.running.set(job.id, run);
    this.emit(job.id);
    run.done = this.execute(job, run)
      // A failed state write (database gone) leaves the job in its working state: it is
      // recovered at the next start, not dropped.
      .catch(() => undefined)
      .finally(() => {
        this.running.delete(job.id);
        this.live.delete(job.id);
        // Decided: a job stopped (quit, end of a CLI run) keeps its folder: its pose checkpoints resume it at the next start.
        if (run.keepFolder) return this.pump();
        try {
          rmSync(join(this.opts.home, 'jobs', String(job.id)), { recursive: true, force: true });
        } catch {
          // a staged file that cannot be removed now is harmless: the folder is per job id
        }
        this.pump();
      });
  }

  private async execute(job: JobRecord, run: Running): Promise<void> {
    const ctx = this.context(job, run.controller.signal);
    try {
      const result = await this.runners[job.kind](ctx);
      this.write(job.id, { state: 'done', reason: '', ...(result.sessionId !== undefined ? { sessionId: result.sessionId } : {}) });
    } catch (err) {
      if (run.why === 'stop') return void (run.keepFolder = true); // keeps its state (and folder): resumed at the next start
      if (run.why === 'cancel') this.write(job.id, { state: 'cancelled', reason: CANCELLED_REASON });
      else this.write(job.id, { state: 'failed', reason: oneLineReason(err) });
    }
  }

  private context(job: JobRecord, signal: AbortSignal): JobContext {
    const { db, home, backends } = this.opts;
    return jobContext(job, signal, { db, home, backends, live: this.live, write: (id, p) => this.write(id, p), emit: (id) => this.emit(id) });
  }

  private write(id: number, patch: Parameters<JobStore['update']>[1]): void {
    this.store.update(id, patch);
    this.emit(id);
  }

  private emit(id: number): void {
    if (this.listeners.size === 0) return;
    const job = this.store.get(id);
    if (!job) return;
    const v = this.view(job);
    for (const l of this.listeners) {
      try {
        l(v);
      } catch {
        // a listener's failure must not break the job
      }
    }
  }

  private view(j: JobRecord): JobView {
    return jobView(j, this.live.get(j.id));
  }

  private countRunning(kind: JobKind): number {
    let n = 0;
    for (const id of this.running.keys()) if (this.store.get(id)?.kind === kind) n++;
    return n;
  }

  private isIdle(): boolean {
    if (this.running.size > 0) return false;
    if (this.stopped || !this.started) return true;
    return !this.store.listUnfinished().some((j) => j.state === 'queued');
  }

  private flushIdle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}

function positive(n: number, name: string): number {
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be an integer ≥ 1 (got ${n})`);
  return n;
}
