/**
 * Runs queued tennis tasks one after another: resolve the video (copying it into storage first
 * when `read_video_from_origin` is false), compute tennis statistics, store the result JSON as
 * `results/<task_id>.json`, mark the task done. Stopping aborts the running task and puts it
 * back in the queue, so nothing accepted is lost.
 */
import { Readable } from 'node:stream';
import type Database from 'better-sqlite3';
import type { ServiceContext } from './context.js';
import { HttpError } from './http-util.js';
import { claimNextTask, markDone, markFailed, requeue, type TaskRow } from './task-db.js';
import { resolveVideoSource, sourceInput } from './video-source.js';
import { ProbeError } from './probe.js';

/** Time limit of copying a remote video into storage, ms. */
export const COPY_TIMEOUT_MS = 10 * 60_000;

/** Error classes whose message is meant for the client (others are logged and summarised). */
const CLIENT_ERRORS = new Set(['HttpError', 'ProbeError', 'VideoProbeError', 'VideoDecodeError', 'NoPersonError', 'InsufficientPoseError']);

/** The queue runner of one service instance. */
export class TaskWorker {
  private stopped = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private current: AbortController | undefined;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly db: Database.Database,
  ) {}

  /** Starts the loop (idempotent). */
  start(): void {
    this.loop ??= this.run();
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
    try {
      const input = await this.videoInput(task, ac.signal);
      const pipeline = await this.ctx.pipeline();
      const stats = await this.ctx.engineSlot(() => {
        ac.signal.throwIfAborted();
        return pipeline.tennisStatistics(input, { dominantHand: task.dominantHand, signal: ac.signal });
      });
      const key = `results/${task.id}.json`;
      await this.ctx.store.put(key, Readable.from([JSON.stringify(stats)]), Number.MAX_SAFE_INTEGER);
      markDone(this.db, task.id, key, this.ctx.now());
    } catch (err) {
      if (this.stopped || ac.signal.aborted) {
        requeue(this.db, task.id, this.ctx.now());
        this.ctx.log(`tennis task ${task.id}: interrupted by shutdown, re-queued`);
      } else {
        markFailed(this.db, task.id, this.reason(task, err), this.ctx.now());
      }
    } finally {
      this.current = undefined;
    }
  }

  /** Path or URL the engine reads; copies a remote video into storage when asked to. */
  private async videoInput(task: TaskRow, signal: AbortSignal): Promise<string> {
    const src = await resolveVideoSource(this.ctx, task.videoUrl);
    if (src.kind === 'local' || task.readFromOrigin) return sourceInput(src);
    const res = await fetch(src.url, { signal: AbortSignal.any([signal, AbortSignal.timeout(COPY_TIMEOUT_MS)]) });
    if (!res.ok || !res.body) throw new HttpError(400, `Could not download the video: HTTP ${res.status}`);
    const key = `videos/task-${task.id}.video`;
    await this.ctx.store.put(key, Readable.fromWeb(res.body), this.ctx.maxUploadBytes);
    return this.ctx.store.pathOf(key);
  }

  private reason(task: TaskRow, err: unknown): string {
    const e = err instanceof Error ? err : new Error(String(err));
    if (CLIENT_ERRORS.has(e.name) || err instanceof ProbeError) return e.message;
    this.ctx.log(`tennis task ${task.id} failed: ${e.stack ?? e.message}`);
    return 'Internal error while analysing the video';
  }
}
