/**
 * Tennis statistics tasks (API.md endpoints 3 and 4). API.md leaves the create answer, the
 * pending answer and the task states open; what is accepted is listed here and in README.md.
 */
import {
  TennisTaskDone,
  TennisTaskRequest,
  UUID_RE,
  extractTaskId,
  type TennisTaskDone as DoneBody,
} from '../contract/api-schema.js';
import { ApiError } from './errors.js';
import { fetchJsonDocument } from './download.js';
import { parseRetryAfter, sleep } from './retry.js';
import { zodIssueText } from '../contract/zod-issues.js';
import { requestJson, urlUnder, type Transport } from './transport.js';

/** Status words that mean "not finished yet" (ours: queued, running; others seen in the wild). */
export const PENDING_STATES: ReadonlySet<string> = new Set([
  'queued',
  'pending',
  'running',
  'processing',
  'in_progress',
  'started',
]);
/** Status words that mean the task ended without a result. */
export const FAILED_STATES: ReadonlySet<string> = new Set(['failed', 'error', 'cancelled', 'canceled']);

/** A created task: its id and the raw answer. */
export interface CreatedTask {
  taskId: string;
  raw: unknown;
}

/** What `GET /api/statistics/tennis/{id}` said. */
export type TennisTaskState =
  | { state: 'done'; taskId: string; resultUrl: string; metadata?: DoneBody['metadata']; raw: unknown }
  | { state: 'pending'; taskId: string; status: string; retryAfterMs?: number; /** Share of the analysis done, 0..1: only the direct local backend knows it (API.md shows no such field). */ share?: number; raw: unknown }
  | { state: 'failed'; taskId: string; status: string; error?: string; raw: unknown };

/**
 * `POST /api/statistics/tennis`. Not idempotent (a retry could start a second analysis), so it
 * is retried only on 429, when the server said it did not take the request.
 * @throws ApiError kind 'input' (bad body) before any request; 'contract' when no task id is
 *   found by `extractTaskId`; the transport kinds.
 */
export async function createTennisTask(
  t: Transport,
  request: unknown,
  signal?: AbortSignal,
): Promise<CreatedTask> {
  const body = TennisTaskRequest.safeParse(request);
  if (!body.success)
    throw new ApiError({ kind: 'input', message: `tennis task request: ${zodIssueText(body.error, 3)}` });
  const res = await requestJson(t, {
    method: 'POST',
    url: urlUnder(t.baseUrl, '/api/statistics/tennis'),
    body: body.data,
    what: 'POST /api/statistics/tennis',
    retry: 'rate-limit-only',
    ...(signal ? { signal } : {}),
  });
  const taskId = extractTaskId(res.body);
  if (!taskId)
    throw new ApiError({
      kind: 'contract',
      message: 'POST /api/statistics/tennis: no task id in the answer',
    });
  return { taskId, raw: res.body };
}

/**
 * `GET /api/statistics/tennis/{task_id}`. Accepted answers: 200 with `data.result_url` → done
 * (validated by TennisTaskDone); 202, or 200 with a pending status word (top level or in
 * `data`) → pending; 200 with a failed status word → failed. Retried as idempotent.
 * @throws ApiError kind 'input' for a non-UUID id (before any request) and for 404 (status
 *   404); 'contract' for any other answer shape; the transport kinds.
 */
export async function getTennisTask(
  t: Transport,
  taskId: string,
  signal?: AbortSignal,
): Promise<TennisTaskState> {
  if (!UUID_RE.test(taskId))
    throw new ApiError({ kind: 'input', message: `task id ${JSON.stringify(taskId)} is not a UUID` });
  const what = 'GET /api/statistics/tennis/{task_id}';
  const res = await requestJson(t, {
    method: 'GET',
    url: urlUnder(t.baseUrl, `/api/statistics/tennis/${encodeURIComponent(taskId)}`),
    what,
    retry: 'idempotent',
    ...(signal ? { signal } : {}),
  });
  const b = (typeof res.body === 'object' && res.body !== null ? res.body : {}) as Record<string, unknown>;
  const data = (typeof b.data === 'object' && b.data !== null ? b.data : {}) as Record<string, unknown>;
  const status = [b.status, data.status].find((s): s is string => typeof s === 'string')?.toLowerCase();
  if (res.status === 200 && typeof data.result_url === 'string') {
    const done = TennisTaskDone.safeParse(res.body);
    if (!done.success)
      throw new ApiError({ kind: 'contract', message: `${what}: ${zodIssueText(done.error, 3)}` });
    return {
      state: 'done',
      taskId,
      resultUrl: data.result_url,
      ...(done.data.metadata ? { metadata: done.data.metadata } : {}),
      raw: res.body,
    };
  }
  if (res.status === 202 || (status !== undefined && PENDING_STATES.has(status))) {
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
    return {
      state: 'pending',
      taskId,
      status: status ?? 'pending',
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      raw: res.body,
    };
  }
  if (status !== undefined && FAILED_STATES.has(status)) {
    const error = [b.error, data.error, b.message].find((s): s is string => typeof s === 'string');
    return { state: 'failed', taskId, status, ...(error !== undefined ? { error } : {}), raw: res.body };
  }
  throw new ApiError({
    kind: 'contract',
    status: res.status,
    message: `${what}: HTTP ${res.status} without result_url or a known status (${JSON.stringify(status ?? null)})`,
  });
}

/** Options of {@link waitForTennisTask}. */
export interface WaitOptions {
  signal?: AbortSignal;
  /** First wait between polls, ms (default 2000); grows ×1.5 per poll up to maxPollIntervalMs. */
  pollIntervalMs?: number;
  /** Longest wait between polls, ms (default 30 000). */
  maxPollIntervalMs?: number;
  /** Give up after this long, ms (default 30 min). */
  maxWaitMs?: number;
  /** A 404 within this long after the first poll counts as pending (task not visible yet), ms (default 30 000). */
  notFoundGraceMs?: number;
  onStatus?: (s: TennisTaskState) => void;
}

/** A finished task with its result document kept raw and parsed. */
export interface TennisTaskResult {
  taskId: string;
  resultUrl: string;
  metadata?: DoneBody['metadata'];
  /** The result file's text exactly as downloaded. */
  resultRaw: string;
  /** Its JSON parse (structure not shown in API.md; not validated). */
  result: unknown;
}

/**
 * Polls until done, then downloads result_url (no Authorization header).
 * @throws ApiError kind 'server' code `task-failed` (failed state), 'timeout' code
 *   `task-wait-limit` (maxWaitMs passed), 'cancelled', and the errors of getTennisTask.
 */
export async function waitForTennisTask(
  t: Transport,
  taskId: string,
  opts: WaitOptions = {},
): Promise<TennisTaskResult> {
  const start = Date.now();
  const maxWait = opts.maxWaitMs ?? 30 * 60_000;
  const grace = opts.notFoundGraceMs ?? 30_000;
  let interval = opts.pollIntervalMs ?? 2000;
  for (;;) {
    let s: TennisTaskState;
    try {
      s = await getTennisTask(t, taskId, opts.signal);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404 && Date.now() - start < grace)) throw err;
      s = { state: 'pending', taskId, status: 'not-found-yet', raw: null };
    }
    opts.onStatus?.(s);
    if (s.state === 'done') {
      const doc = await fetchJsonDocument(t, s.resultUrl, opts.signal);
      return {
        taskId,
        resultUrl: s.resultUrl,
        ...(s.metadata ? { metadata: s.metadata } : {}),
        resultRaw: doc.raw,
        result: doc.json,
      };
    }
    if (s.state === 'failed') {
      throw new ApiError({
        kind: 'server',
        code: 'task-failed',
        retryable: false,
        message: `tennis task ${taskId} ${s.status}${s.error ? `: ${s.error}` : ''}`,
        ...(s.error !== undefined ? { serverMessage: s.error } : {}),
      });
    }
    const wait = Math.min(s.retryAfterMs ?? interval, opts.maxPollIntervalMs ?? 30_000);
    if (Date.now() - start + wait > maxWait) {
      throw new ApiError({
        kind: 'timeout',
        code: 'task-wait-limit',
        retryable: false,
        message: `tennis task ${taskId} not done after ${maxWait} ms`,
      });
    }
    await sleep(wait, opts.signal);
    interval = Math.min(interval * 1.5, opts.maxPollIntervalMs ?? 30_000);
  }
}
