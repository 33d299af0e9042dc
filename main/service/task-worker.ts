/**
 * Runs queued tennis tasks one after another: resolve the video (a remote one is downloaded
 * through the host guard, remote-fetch.ts; kept as a stored copy only when
 * `read_video_from_origin` is false and the task succeeds), compute tennis statistics in the
 * engine slot (behind waiting /process requests), store the result JSON as
 * `results/<task_id>.json`, mark the task done. Each task has a deadline (TASK_DEADLINE_MS).
 * Stopping aborts the running task and puts it back in the queue, so nothing accepted is lost.
 */
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type Database from 'better-sqlite3';
import type { ServiceContext } from './service-context.js';
import { claimNextTask, markDone, markFailed, requeue, type TaskRow } from './task-db.js';
import { localCopyOf, resolveVideoSource } from './video-source.js';
import { RemoteFetchError } from './remote-fetch.js';
import { NO_METADATA_MESSAGE } from './video-check-route.js';

/** Time limit of copying a remote video into storage, ms (2 GiB cap at ≥ 3.6 MB/s). */
export const COPY_TIMEOUT_MS = 10 * 60_000;

/**
 * Deadline of one task from claim to result (download + analysis), ms: 15 min. API.md gives
 * 30-120 s typical processing; a 120 s clip at the engine's measured 1-3 s per media second needs
 * up to 6 min, plus a 10 min download would be longer, so the download's own deadline is below
 * this one. The decode cap (1 h of media, main/contract/clip-limits.ts) no longer bounds a task:
 * this deadline does, so a rally video of more than a few minutes fails here (issue 29, item 5). A /process request waits behind a
 * running task at most this long (main/pipeline/engine-slot.ts).
 */
export const TASK_DEADLINE_MS = 15 * 60_000;

/** Error classes whose message is ours and meant for the client (others are logged and summarised). */
const CLIENT_ERRORS = new Set(['HttpError', 'NoPersonError', 'InsufficientPoseError']);

/** The queue runner of one service instance. */
export class TaskWorker {
  private stopped = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private current: AbortController | undefined;
  private readonly listeners = new Set<(taskId: string) => void>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly db: Database.Database,
    /** Deadline of one task, ms (default TASK_DEADLINE_MS; tests shorten it). */
    private readonly deadlineMs: number = TASK_DEADLINE_MS,
  ) {}

  /** Starts the loop (idempotent). */
  start(): void {
    this.loop ??= this.run();
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
    const deadline = AbortSignal.timeout(this.deadlineMs);
    const signal = AbortSignal.any([ac.signal, deadline]);
    const copyKey = `videos/task-${task.id}.video`;
    let keepCopy = false;
    try {
      const input = await this.videoInput(task, copyKey, signal);
      keepCopy = !task.readFromOrigin;
      const pipeline = await this.ctx.pipeline();
      const stats = await this.ctx.engineSlot(() => {
        signal.throwIfAborted();
        return pipeline.tennisStatistics(input, { dominantHand: task.dominantHand, signal });
      }, 'task');
      const key = `results/${task.id}.json`;
      await this.ctx.store.put(key, Readable.from([JSON.stringify(stats)]), Number.MAX_SAFE_INTEGER);
      markDone(this.db, task.id, key, this.ctx.now());
    } catch (err) {
      keepCopy = false; // a failed task's copy goes at once (retention, README.md)
      if (this.stopped || ac.signal.aborted) {
        requeue(this.db, task.id, this.ctx.now());
        this.ctx.log(`tennis task ${task.id}: interrupted by shutdown, re-queued`);
      } else if (deadline.aborted) {
        this.ctx.log(`tennis task ${task.id}: over its deadline of ${this.deadlineMs / 1000} s`);
        markFailed(this.db, task.id, `The task took longer than its limit of ${Math.ceil(this.deadlineMs / 1000)} s`, this.ctx.now());
      } else {
        markFailed(this.db, task.id, this.reason(task, err), this.ctx.now());
      }
    } finally {
      this.current = undefined;
      if (!keepCopy) await rm(this.ctx.store.pathOf(copyKey), { force: true });
      for (const l of this.listeners) l(task.id);
    }
  }

  /**
   * A local file of the task's video: our stored object, the file a direct task named (read where
   * it lies), or the remote URL downloaded through the
   * host guard into `copyKey` (kept as a stored copy when `read_video_from_origin` is false,
   * removed after the task otherwise).
   */
  private async videoInput(task: TaskRow, copyKey: string, signal: AbortSignal): Promise<string> {
    // file: URLs come only from the direct local backend (the HTTP route refuses them).
    const src = await resolveVideoSource(this.ctx, task.videoUrl, { files: true });
    if (src.kind === 'local') return src.path;
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
