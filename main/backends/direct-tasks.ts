/**
 * Tennis statistics tasks and video checks of the direct local backend: the local service's own
 * task and check code (main/service/task-worker.ts, video-check-route.ts) called on a service core in
 * this process (main/service/service-core.ts), without its HTTP server. A local clip is named by
 * its `file:` URL and read where it lies (no upload, no copy under `service/tmp` or
 * `objects/videos`); http(s) URLs are read as the service reads them (our storage by
 * signature, others through the host guard). Tasks go into the same persistent queue
 * (`service/tasks.sqlite`), so a task survives a restart as one queued over HTTP does; a waiter
 * is woken by the worker (no polling) and gets the result as an object.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { VideoCheckRequest, type VideoCheckResponse } from '../contract/api-schema.js';
import { zodIssueText } from '../contract/zod-issues.js';
import { ApiError, kindOfStatus } from '../api/errors.js';
import type { CreatedTask, TennisTaskResult, WaitOptions } from '../api/tennis-tasks.js';
import { HttpError } from '../service/http-util.js';
import { MAX_QUEUED_TASKS, requireRoom } from '../service/limits.js';
import type { ServiceCore } from '../service/service-core.js';
import { countQueued, getTask, insertTask, type TaskRow } from '../service/task-db.js';
import { checkVideoUrls } from '../service/video-check-route.js';
import { resolveVideoSource } from '../service/video-source.js';
import { TennisTaskCreateBody } from '../service/tennis-routes.js';
import { versionMetadata } from '../pipeline/index.js';
import type { ApiClient } from '../api/client.js';

/**
 * Video checks and tennis statistics tasks on either backend: the HTTP {@link ApiClient} (remote,
 * `swing-studio serve`, Electron's utility process) or the direct local one. Callers name a
 * local clip by `fileUrl(path)` when the backend has it, else upload it and use the downloadUrl.
 */
export interface TaskClient extends Pick<ApiClient, 'checkVideos' | 'createTennisTask' | 'waitForTennisTask'> {
  /**
   * The `video_url` of a local file for this backend's checks and tasks (a `file:` URL: read
   * where it lies). Present only on the direct local backend; HTTP backends need an upload.
   */
  fileUrl?(path: string): string;
}

/** The error an HTTP client would have got for the route's refusal (same kind and status). */
function asApiError(what: string, err: unknown): unknown {
  if (!(err instanceof HttpError)) return err;
  return new ApiError({ kind: kindOfStatus(err.status), status: err.status, message: `${what} refused (${err.status}): ${err.message}`, serverMessage: err.message });
}

function cancelled(what: string): ApiError {
  return new ApiError({ kind: 'cancelled', message: `${what}: cancelled` });
}

/** The task's end, or undefined while it is queued or running. @throws ApiError as waitForTennisTask over HTTP does. */
async function finished(core: ServiceCore, task: TaskRow): Promise<TennisTaskResult | undefined> {
  if (task.status === 'failed') {
    const error = task.error ?? 'Task failed';
    throw new ApiError({ kind: 'server', code: 'task-failed', retryable: false, message: `tennis task ${task.id} failed: ${error}`, serverMessage: error });
  }
  if (task.status !== 'done' || !task.resultKey) return undefined;
  const path = core.ctx.store.pathOf(task.resultKey);
  // Gone when the retention sweep took it (24 h, main/service/retention.ts) before a resumed job came back for it.
  const resultRaw = await readFile(path, 'utf8').catch((err: unknown) => {
    throw new ApiError({ kind: 'server', code: 'task-result-gone', retryable: false, message: `tennis task ${task.id}: its result file is gone (${(err as Error).message})`, cause: err });
  });
  return { taskId: task.id, resultUrl: pathToFileURL(path).href, metadata: versionMetadata(task.version), resultRaw, result: JSON.parse(resultRaw) as unknown };
}

/** How often a waiter reports the running task's share of work done, ms. */
export const PROGRESS_REPORT_MS = 2000;

/**
 * The direct task client over `core` (whose worker the caller starts). Every method throws
 * ApiError only, with the kinds the HTTP client gives for the same case: 'input' (bad request,
 * unknown task, missing file: status 400/404), 'auth' (our storage URL with a bad signature:
 * 403), 'rate-limited' (MAX_QUEUED_TASKS queued: 429), 'server' code `task-failed`, 'timeout'
 * code `task-wait-limit` (only when maxWaitMs is given: without it the wait ends when the worker settles the task) or `task-result-gone` (the result was swept after 24 h), 'cancelled'
 * (the signal); an analysis glue that cannot load rejects as it is.
 */
export function directTasks(core: ServiceCore): TaskClient {
  const { ctx, db, worker } = core;
  return {
    fileUrl: (path) => pathToFileURL(resolve(path)).href,

    async checkVideos(videoUrls, _version, signal) {
      const what = 'video check';
      const req = VideoCheckRequest.safeParse({ video_urls: videoUrls });
      if (!req.success) throw new ApiError({ kind: 'input', message: `${what}: ${zodIssueText(req.error, 3)}` });
      if (signal?.aborted) throw cancelled(what);
      const res: VideoCheckResponse = await checkVideoUrls(ctx, req.data.video_urls, { files: true });
      if (signal?.aborted) throw cancelled(what);
      return res;
    },

    async createTennisTask(request, signal): Promise<CreatedTask> {
      const what = 'tennis task';
      const body = TennisTaskCreateBody.safeParse(request);
      if (!body.success) throw new ApiError({ kind: 'input', message: `tennis task request: ${zodIssueText(body.error, 3)}` });
      if (signal?.aborted) throw cancelled(what);
      try {
        requireRoom(countQueued(db), MAX_QUEUED_TASKS, `${MAX_QUEUED_TASKS} tasks are queued`);
        await resolveVideoSource(ctx, body.data.video_url, { files: true });
      } catch (err) {
        throw asApiError(what, err);
      }
      const id = randomUUID();
      const b = body.data;
      insertTask(db, { id, videoUrl: b.video_url, version: b.version, readFromOrigin: b.read_video_from_origin, dominantHand: b.dominant_hand }, ctx.now());
      worker.kick();
      return { taskId: id, raw: { data: { task_id: id, status: 'queued' } } };
    },

    async waitForTennisTask(taskId, opts: WaitOptions = {}) {
      // Decided: without maxWaitMs the direct client waits until the worker settles the task: the
      // worker ends each task within its budget, which follows the video's length
      // (main/service/task-budget.ts), so a fixed limit here (30 min before issue 29) gave up on
      // long rally videos the worker was still analysing.
      const maxWait = opts.maxWaitMs ?? Infinity;
      // `poked` catches a settle that lands between reading the task and starting to wait.
      const woken = { poked: false };
      let wake: (() => void) | undefined;
      const poke = (): void => {
        woken.poked = true;
        wake?.();
      };
      const off = worker.onSettled((id) => id === taskId.toLowerCase() && poke());
      const deadline = Number.isFinite(maxWait) ? setTimeout(poke, maxWait) : undefined;
      // The running task's share, reported every PROGRESS_REPORT_MS (in-process only: TennisTaskState `share`).
      const ticker = setInterval(poke, PROGRESS_REPORT_MS);
      const start = Date.now();
      opts.signal?.addEventListener('abort', poke);
      try {
        for (;;) {
          woken.poked = false;
          if (opts.signal?.aborted) throw cancelled(`tennis task ${taskId}`);
          const task = getTask(db, taskId.toLowerCase());
          if (!task) throw new ApiError({ kind: 'input', status: 404, message: `tennis task ${taskId}: no such task` });
          const end = await finished(core, task);
          const share = worker.progressOf(task.id);
          opts.onStatus?.(end ? { state: 'done', taskId, resultUrl: end.resultUrl, raw: null } : { state: 'pending', taskId, status: task.status, ...(share === undefined ? {} : { share }), raw: null });
          if (end) return end;
          if (Date.now() - start >= maxWait) throw new ApiError({ kind: 'timeout', code: 'task-wait-limit', retryable: false, message: `tennis task ${taskId} not done after ${maxWait} ms` });
          if (!woken.poked) await new Promise<void>((r) => (wake = r));
          wake = undefined;
        }
      } finally {
        off();
        clearTimeout(deadline);
        clearInterval(ticker);
        opts.signal?.removeEventListener('abort', poke);
      }
    },
  };
}
