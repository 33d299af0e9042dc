/**
 * Runs queued tennis tasks one after another: resolve the video (a remote one is downloaded
 * through the host guard, remote-fetch.ts; kept as a stored copy only when
 * `read_video_from_origin` is false and the task succeeds), compute tennis statistics in the
 * engine slot (behind waiting /process requests), store the result JSON as
 * `results/<task_id>.json`, mark the task done.
 *
 * Deadlines (issue 29 item 5): the download has its own (COPY_TIMEOUT_MS); the video is then
 * probed (PROBE_TIMEOUT_MS) and the analysis gets a budget that follows the probed length
 * (task-budget.ts analysisBudgetMs: 15 s per video second, 15 min floor, 45 h ceiling at the 3 h
 * clip cap), counted from the moment the engine slot starts it (waiting behind /process requests
 * does not use it up). Past it the task fails with one line naming the limit in minutes and the
 * clip's length.
 *
 * Stopping aborts the running task and puts it back in the queue, so nothing accepted is lost.
 * Decided: a re-queued task resumes instead of starting over: the engine checkpoints its fast pass
 * per 20 s chunk into the task's working folder (`work/task-<id>/pose`, main/engine/pose-checkpoint.ts,
 * as main/jobs does for the app's jobs), and the folder and the downloaded copy are kept while the
 * task is queued again (after a stop, or a crash: task-db.ts recoverInterrupted); the next run
 * reads the same local file, so the chunks' key (size, mtime, first and last MiB) matches and
 * they are read instead of inferred. Both go when the task ends (done or failed); folders of
 * tasks no longer queued or running are swept when the worker starts.
 */
import { readdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type Database from 'better-sqlite3';
import type { ServiceContext } from './service-context.js';
import { claimNextTask, getTask, markDone, markFailed, requeue, type TaskRow } from './task-db.js';
import { localCopyOf, resolveVideoSource } from './video-source.js';
import { RemoteFetchError } from './remote-fetch.js';
import { NO_METADATA_MESSAGE, PROBE_TIMEOUT_MS } from './video-check-route.js';
import { probeVideo, refuseLongClip } from '../av/index.js';
import { lengthWords } from '../contract/clip-limits.js';
import { analysisBudgetMs, budgetMinutes, overrunMessage } from './task-budget.js';

/** Time limit of copying a remote video into storage, ms (2 GiB cap at ≥ 3.6 MB/s). */
export const COPY_TIMEOUT_MS = 10 * 60_000;

/** Options of a {@link TaskWorker}. */
export interface TaskWorkerOptions {
  /** Folder of the tasks' working folders (layout.ts `workDir`); each task's pose checkpoints go in `task-<id>/pose`. */
  workDir: string;
  /** Floor of the analysis budget, ms (default TASK_DEADLINE_MS, 15 min; tests shorten it). */
  floorMs?: number | undefined;
  /** Analysis budget per video second, s (default TASK_ANALYSIS_S_PER_VIDEO_S, 15; tests shorten it). */
  sPerVideoS?: number | undefined;
}

/** Error classes whose message is ours and meant for the client (others are logged and summarised). */
const CLIENT_ERRORS = new Set(['HttpError', 'NoPersonError', 'InsufficientPoseError']);

/** The queue runner of one service instance. */
export class TaskWorker {
  private stopped = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private current: AbortController | undefined;
  private readonly listeners = new Set<(taskId: string) => void>();
  private readonly progress = new Map<string, number>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly db: Database.Database,
    private readonly o: TaskWorkerOptions,
  ) {}

  /** Starts the loop (idempotent); first removes working folders of tasks no longer queued or running. */
  start(): void {
    if (!this.loop) this.sweepWorkDirs();
    this.loop ??= this.run();
  }

  /** The working folder of task `id`. */
  workDirOf(id: string): string {
    return join(this.o.workDir, `task-${id}`);
  }

  /** Removes `task-<id>` folders whose task is gone, done or failed (a crash between the end and the removal; a task failed by recoverInterrupted). */
  private sweepWorkDirs(): void {
    let names: string[];
    try {
      names = readdirSync(this.o.workDir);
    } catch {
      return;
    }
    for (const name of names) {
      const t = name.startsWith('task-') ? getTask(this.db, name.slice(5)) : undefined;
      if (t?.status === 'queued' || t?.status === 'running') continue;
      rmSync(join(this.o.workDir, name), { recursive: true, force: true });
    }
  }

  /**
   * Calls `listener` with a task's id each time the worker has stored an end of a run of it
   * (done, failed, or re-queued on stop): how the direct local backend waits without polling.
   * @returns a function that removes the listener.
   */
  onSettled(listener: (taskId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The running task's share of frames analysed, 0..1 (the engine's progress), or undefined when
   * `taskId` is not running here. In-process only: API.md shows no field for a pending task's
   * progress, so the routes do not send it (README.md "Tennis tasks", **Progress**).
   */
  progressOf(taskId: string): number | undefined {
    return this.progress.get(taskId);
  }

  /** Records a share of the task done; logs each tenth reached (an hour of video runs for hours). */
  private noteProgress(task: TaskRow, share: number): void {
    const before = this.progress.get(task.id) ?? 0;
    this.progress.set(task.id, share);
    if (Math.floor(share * 10) > Math.floor(before * 10)) this.ctx.log(`tennis task ${task.id}: ${Math.floor(share * 10) * 10} % analysed`);
  }

  /** Tells the loop a task was queued. */
  kick(): void {
    this.wake?.();
  }

  /** Stops: aborts the running task (re-queued) and waits for the loop to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.current?.abort(new Error('service stopping'));
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const task = claimNextTask(this.db, this.ctx.now());
      if (!task) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
        continue;
      }
      await this.runOne(task);
    }
  }

  private async runOne(task: TaskRow): Promise<void> {
    const ac = new AbortController();
    this.current = ac;
    const copyKey = `videos/task-${task.id}.video`;
    const workDir = this.workDirOf(task.id);
    let keepCopy = false;
    let keepWork = false;
    let durationS = NaN;
    let budget: { ms: number; signal: AbortSignal } | undefined;
    try {
      const input = await this.videoInput(task, copyKey, ac.signal);
      keepCopy = !task.readFromOrigin;
      const video = await probeVideo(input, ac.signal, { timeoutMs: PROBE_TIMEOUT_MS });
      durationS = video.durationS;
      refuseLongClip(video); // before waiting for the engine
      const budgetMs = analysisBudgetMs(durationS, this.o);
      const pipeline = await this.ctx.pipeline();
      const stats = await this.ctx.engineSlot(
        () => {
          ac.signal.throwIfAborted();
          // The budget counts from here: time spent waiting behind /process requests is not the analysis's.
          budget = { ms: budgetMs, signal: AbortSignal.timeout(budgetMs) };
          this.ctx.log(`tennis task ${task.id}: analysing ${lengthWords(durationS)} of video, limit ${budgetMinutes(budgetMs)} min`);
          const signal = AbortSignal.any([ac.signal, budget.signal]);
          this.progress.set(task.id, 0);
          const onProgress = (share: number): void => this.noteProgress(task, share);
          return pipeline.tennisStatistics(input, { dominantHand: task.dominantHand, signal, video, checkpointDir: join(workDir, 'pose'), onProgress });
        },
        'task',
        { signal: ac.signal },
      );
      const key = `results/${task.id}.json`;
      await this.ctx.store.put(key, Readable.from([JSON.stringify(stats)]), Number.MAX_SAFE_INTEGER);
      // Cleaned before the task reads done (the `finally` below repeats it harmlessly): whoever
      // sees `done` finds no working files left. A crash in between re-runs the task from scratch.
      if (!keepCopy) await rm(this.ctx.store.pathOf(copyKey), { force: true });
      await rm(workDir, { recursive: true, force: true });
      markDone(this.db, task.id, key, this.ctx.now());
    } catch (err) {
      if (this.stopped || ac.signal.aborted) {
        // Re-queued: the downloaded copy and the pose checkpoints stay for the resume.
        keepCopy = keepWork = true;
        requeue(this.db, task.id, this.ctx.now());
        this.ctx.log(`tennis task ${task.id}: interrupted by shutdown, re-queued (resumes from its pose checkpoints)`);
      } else if (budget?.signal.aborted) {
        keepCopy = false; // a failed task's copy goes at once (retention, README.md)
        this.ctx.log(`tennis task ${task.id}: over its analysis limit of ${budget.ms / 1000} s (${durationS} s of video)`);
        markFailed(this.db, task.id, overrunMessage(budget.ms, durationS), this.ctx.now());
      } else {
        keepCopy = false;
        markFailed(this.db, task.id, this.reason(task, err), this.ctx.now());
      }
    } finally {
      this.current = undefined;
      this.progress.delete(task.id);
      if (!keepCopy) await rm(this.ctx.store.pathOf(copyKey), { force: true });
      if (!keepWork) await rm(workDir, { recursive: true, force: true });
      for (const l of this.listeners) l(task.id);
    }
  }

  /**
   * A local file of the task's video: our stored object, the file a direct task named (read where
   * it lies), or the remote URL downloaded through the
   * host guard into `copyKey` (kept as a stored copy when `read_video_from_origin` is false,
   * removed after the task otherwise). A copy left by an interrupted run of the task is read
   * again (adopted whole, never partial: object-store.ts), so its resume matches its checkpoints.
   */
  private async videoInput(task: TaskRow, copyKey: string, signal: AbortSignal): Promise<string> {
    // file: URLs come only from the direct local backend (the HTTP route refuses them).
    const src = await resolveVideoSource(this.ctx, task.videoUrl, { files: true });
    if (src.kind === 'local') return src.path;
    if (await this.ctx.store.stat(copyKey)) return this.ctx.store.pathOf(copyKey);
    this.ctx.store.ensureFolder(copyKey);
    const tmp = this.ctx.store.tempPath();
    await localCopyOf(this.ctx, src, tmp, { maxBytes: this.ctx.maxUploadBytes, timeoutMs: COPY_TIMEOUT_MS, signal });
    await this.ctx.store.adopt(copyKey, tmp);
    return this.ctx.store.pathOf(copyKey);
  }

  /** The failure text stored for the client: ours, or a generic one (details go to the log). */
  private reason(task: TaskRow, err: unknown): string {
    const e = err instanceof Error ? err : new Error(String(err));
    if (err instanceof RemoteFetchError) {
      this.ctx.log(`tennis task ${task.id}: download failed: ${err.detail}`);
      return err.message;
    }
    if (e.name === 'VideoProbeError' || e.name === 'VideoDecodeError') {
      this.ctx.log(`tennis task ${task.id}: ${e.message}`);
      return e.message.includes('longer than') ? e.message : NO_METADATA_MESSAGE;
    }
    if (CLIENT_ERRORS.has(e.name)) return e.message;
    this.ctx.log(`tennis task ${task.id} failed: ${e.stack ?? e.message}`);
    return 'Internal error while analysing the video';
  }
}
