/**
 * Video checks and tennis tasks of the direct local backend across a message port: the Electron
 * main process asks its analysis utility process (main/electron/service-host.ts) for them
 * without HTTP, as direct-port.ts does for analyses. Plain Node (tested over a worker_threads
 * Worker); the same AnalysisPort adapter serves both.
 *
 * Messages (several calls may be in flight, each by its `id`):
 *   client → server  {type: 'call', id, method, args}  |  {type: 'cancel', id}
 *   server → client  {type: 'status', id, status}  (waitForTennisTask's onStatus)
 *                    {type: 'result', id, value}  |  {type: 'failed', id, error}
 * `method` is checkVideos (args [videoUrls, version?]), createTennisTask ([request]) or
 * waitForTennisTask ([taskId, {maxWaitMs?}]); the signal travels as `cancel`. Both processes are
 * on one machine, so the client names local clips by `file:` URL itself.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { ApiError, type ApiErrorKind } from '../api/errors.js';
import type { TennisTaskState } from '../api/tennis-tasks.js';
import type { AnalysisPort } from './direct-port.js';
import type { TaskClient } from './direct-tasks.js';

const Call = z.discriminatedUnion('method', [
  z.object({ method: z.literal('checkVideos'), args: z.tuple([z.array(z.string()), z.enum(['stable', 'latest']).optional()]) }),
  z.object({ method: z.literal('createTennisTask'), args: z.tuple([z.looseObject({ video_url: z.string() })]) }),
  z.object({ method: z.literal('waitForTennisTask'), args: z.tuple([z.string(), z.object({ maxWaitMs: z.number().positive().optional() })]) }),
]);
const ToServer = z.union([
  z.object({ type: z.literal('call'), id: z.number().int() }).and(Call),
  z.object({ type: z.literal('cancel'), id: z.number().int() }),
]);

/** An ApiError as it crosses the port. */
interface WireError {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  code?: string;
  serverMessage?: string;
  retryable: boolean;
}

type ToClient =
  | { type: 'status'; id: number; status: TennisTaskState }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'failed'; id: number; error: WireError };

function toWire(err: unknown): WireError {
  if (err instanceof ApiError) {
    const { kind, message, status, code, serverMessage, retryable } = err;
    return { kind, message, retryable, ...(status !== undefined ? { status } : {}), ...(code !== undefined ? { code } : {}), ...(serverMessage !== undefined ? { serverMessage } : {}) };
  }
  return { kind: 'server', message: err instanceof Error ? err.message : String(err), retryable: false };
}

/**
 * Serves `tasks` on `port` (the utility process side). A malformed call is answered `failed`
 * kind 'input'. Returns a function that stops serving (running waits are cancelled).
 */
export function serveTasksOnPort(port: AnalysisPort, tasks: TaskClient): () => void {
  const running = new Map<number, AbortController>();
  const send = (m: ToClient): void => {
    try {
      port.postMessage(m);
    } catch {
      // The client's side is gone (its process exited): nobody waits for the answer.
    }
  };
  const run = async (id: number, call: z.infer<typeof Call>): Promise<unknown> => {
    const ac = new AbortController();
    running.set(id, ac);
    try {
      if (call.method === 'checkVideos') return await tasks.checkVideos(call.args[0], call.args[1], ac.signal);
      if (call.method === 'createTennisTask') return await tasks.createTennisTask(call.args[0], ac.signal);
      return await tasks.waitForTennisTask(call.args[0], { ...call.args[1], signal: ac.signal, onStatus: (status) => send({ type: 'status', id, status }) });
    } finally {
      running.delete(id);
    }
  };
  port.on('message', (data) => {
    const m = ToServer.safeParse(data);
    if (!m.success) {
      const id = (data as { id?: unknown } | null)?.id;
      if (typeof id === 'number') send({ type: 'failed', id, error: { kind: 'input', message: `bad task call: ${m.error.issues[0]?.message ?? 'invalid'}`, retryable: false } });
      return;
    }
    const msg = m.data;
    if (msg.type === 'cancel') return void running.get(msg.id)?.abort();
    run(msg.id, msg).then(
      (value) => send({ type: 'result', id: msg.id, value }),
      (err: unknown) => send({ type: 'failed', id: msg.id, error: toWire(err) }),
    );
  });
  const stop = () => {
    for (const ac of running.values()) ac.abort();
  };
  port.on('close', stop);
  return stop;
}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  onStatus?: (s: TennisTaskState) => void;
}

/**
 * The client side: a {@link TaskClient} whose calls run at the other end of `port`, with the
 * errors the in-process client throws (ApiError, same kind, code and status). Aborting a call's
 * signal rejects it at once (kind 'cancelled') and tells the server; a closed port rejects what
 * is pending with kind 'network'.
 */
export function tasksOverPort(port: AnalysisPort): TaskClient & { close(): void } {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;
  port.on('message', (data) => {
    const m = data as ToClient;
    const p = pending.get(m.id);
    if (!p) return;
    if (m.type === 'status') return void p.onStatus?.(m.status);
    pending.delete(m.id);
    if (m.type === 'result') p.resolve(m.value);
    else p.reject(new ApiError(m.error));
  });
  const failAll = (why: string) => {
    closed = true;
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(new ApiError({ kind: 'network', message: why }));
    }
  };
  port.on('close', () => failAll('the local analysis process closed its port (it stopped or crashed)'));
  const call = <T>(method: z.infer<typeof Call>['method'], args: unknown[], signal?: AbortSignal, onStatus?: (s: TennisTaskState) => void): Promise<T> => {
    if (closed) return Promise.reject(new ApiError({ kind: 'network', message: 'the local analysis port is closed' }));
    if (signal?.aborted) return Promise.reject(new ApiError({ kind: 'cancelled', message: `${method}: cancelled` }));
    const id = nextId++;
    return new Promise<T>((res, rej) => {
      pending.set(id, { resolve: res as (v: unknown) => void, reject: rej, ...(onStatus ? { onStatus } : {}) });
      signal?.addEventListener(
        'abort',
        () => {
          if (!pending.delete(id)) return;
          port.postMessage({ type: 'cancel', id });
          rej(new ApiError({ kind: 'cancelled', message: `${method}: cancelled` }));
        },
        { once: true },
      );
      port.postMessage({ type: 'call', id, method, args });
    });
  };
  return {
    fileUrl: (path) => pathToFileURL(resolve(path)).href,
    checkVideos: (urls, version, signal) => call('checkVideos', version ? [urls, version] : [urls], signal),
    createTennisTask: (request, signal) => call('createTennisTask', [request], signal),
    waitForTennisTask: (taskId, o = {}) => call('waitForTennisTask', [taskId, o.maxWaitMs !== undefined ? { maxWaitMs: o.maxWaitMs } : {}], o.signal, o.onStatus),
    close() {
      failAll('the local analysis port was closed');
      port.close();
    },
  };
}
