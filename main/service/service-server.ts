/**
 * The local analysis service: one node:http server on one port serving both the API
 * (`{base_url}/api/…`, presigned `/storage/…`) and the technique server (`{technique_url}/process`,
 * technique_url = base_url). See README.md in this folder for the endpoints and decisions.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { swingStudioHome } from '../config/home.js';
import type { ServiceContext } from './service-context.js';
import { HttpError, requireBearer, sendJson } from './http-util.js';
import type { AnalysisPipeline, EngineSlotState } from '../pipeline/index.js';
import { handleProcess } from './process-route.js';
import { openServiceCore, type ServiceCore } from './service-core.js';
import { handleStorage } from './storage-routes.js';
import type { TaskWorker } from './task-worker.js';
import { handleCreateTennisTask, handleGetTennisTask } from './tennis-routes.js';
import { handleUploadUrl } from './upload-url-route.js';
import { handleVideoCheck } from './video-check-route.js';
import { MAX_WAITING_PROCESS, requireRoom } from './limits.js';

/** Options of {@link startLocalService}. */
export interface LocalServiceOptions {
  /** Swing Studio home folder (default swingStudioHome()); the service uses `<home>/service/`. */
  home?: string;
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /** TCP port; default 0 (a free port chosen by the OS). The CLI defaults to 8765. */
  port?: number;
  /**
   * Bearer token to require for this run (≥ 128 bits, secrets.ts checkChosenToken); default: the
   * stored one, generated on first run. Stored over the generated one only with `persistToken`.
   */
  token?: string;
  /** Store `token` in the token file for later runs (default false). */
  persistToken?: boolean;
  /** Cap of one upload, bytes; default {@link DEFAULT_MAX_UPLOAD_BYTES} (2 GiB). */
  maxUploadBytes?: number;
  /** Clock, ms since the Unix epoch (tests move it to expire presigned URLs). */
  now?: () => number;
  /** Internal log; default one line on stderr. */
  log?: (message: string) => void;
  /** Run queued tennis tasks (default true). False only queues them (tests of restarts). */
  runTasks?: boolean;
  /**
   * The LAN opt-in: host names or IP literals on the local network that videos/check and tennis
   * tasks may read from (net-guard.ts); every other non-public address is refused. Default none.
   */
  allowLanHosts?: string[];
  /** Floor of a tennis task's analysis budget, ms; default TASK_DEADLINE_MS, 15 min (task-budget.ts). */
  taskDeadlineMs?: number;
  /** A tennis task's analysis budget per video second, s; default TASK_ANALYSIS_S_PER_VIDEO_S, 15 (task-budget.ts; tests shorten it). */
  taskBudgetPerVideoS?: number;
  /** Longest wait of a /process request for the engine, ms; default PROCESS_MAX_WAIT_MS, 15 min (limits.ts; tests shorten it). */
  processMaxWaitMs?: number;
  /** Video seconds per pose-checkpoint chunk of `/process` runs; default the engine's CHECKPOINT_CHUNK_S, 20 s (process-work.ts; tests shorten it). */
  processCheckpointChunkS?: number;
  /** Idle timeout of upload bodies, ms; default UPLOAD_IDLE_TIMEOUT_MS (limits.ts). */
  uploadIdleMs?: number;
  /** The analysis glue; default technique-pipeline.js, imported on first use. */
  pipeline?: () => Promise<AnalysisPipeline>;
  /**
   * The engine slot (main/pipeline/engine-slot.ts); default a fresh one. A process that also analyses directly
   * (main/backends/direct.ts) passes the slot it shares with that, so one analysis runs at a time.
   */
  engineSlot?: EngineSlotState;
  /**
   * A core the caller opened (service-core.ts) and shares with the direct local backend of this
   * process: the server uses its storage, task queue and worker, ignores the core options above
   * (`home`, `token`, `pipeline`, `engineSlot`…), and leaves it open on close(). Default: a core
   * of its own.
   */
  core?: ServiceCore;
}

/** A running service. */
export interface LocalService {
  /** e.g. `http://127.0.0.1:8765` — the `/api` base URL. */
  baseUrl: string;
  /** Technique server URL (`/process` lives under it); the same port as baseUrl. */
  techniqueUrl: string;
  token: string;
  /** File holding the token (0600). */
  tokenPath: string;
  /** Jobs waiting for the engine in each line (main/pipeline/engine-slot.ts) and uploads in flight (limits.ts): for status displays and tests. */
  load(): { processWaiting: number; taskWaiting: number; uploads: number };
  /** Stops accepting, aborts running work (a running task is re-queued), closes the database. */
  close(): Promise<void>;
}

/** Time a client has to send the request headers, ms (Node's default is 60 s). */
export const HEADERS_TIMEOUT_MS = 30_000;
/** Open connections at once (the app and a CLI need a handful; keep-alive pools up to ~10 each). */
export const MAX_CONNECTIONS = 64;

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Asks the client to close the connection after a request that is still unanswered
 * {@link LONG_REQUEST_MS} after it arrived (a slow upload, an analysis waiting for the engine).
 * Decided: Node restarts neither `headersTimeout` nor `requestTimeout` for the next request on a
 * kept-alive connection (nodejs/node#58140, open), so a connection reused after a request longer
 * than HEADERS_TIMEOUT_MS is cut as soon as the next request arrives, and the client reads
 * ECONNRESET (test/service/process.test.ts saw it once under load, after a /process of > 30 s).
 * `/process` streams its answer from the start and always closes (ndjson-writer.ts).
 */
function closeWhenLong(res: ServerResponse): void {
  const timer = setTimeout(() => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  }, LONG_REQUEST_MS);
  timer.unref();
  res.on('close', () => clearTimeout(timer));
}

/** Age of an unanswered request after which its connection is not kept alive, ms: half of HEADERS_TIMEOUT_MS ({@link closeWhenLong}). */
export const LONG_REQUEST_MS = HEADERS_TIMEOUT_MS / 2;

/**
 * Starts the service and resolves when it listens.
 * @throws Error when the port is taken or the home folder is not writable; SchemaTooNewError
 *   when tasks.sqlite comes from a newer app.
 */
export async function startLocalService(opts: LocalServiceOptions = {}): Promise<LocalService> {
  const core = opts.core ?? openServiceCore({ ...opts, home: opts.home ?? swingStudioHome() });
  const { ctx, db, worker, layout, slot } = core;
  const server = createServer((req, res) => {
    closeWhenLong(res);
    route(ctx, db, worker, req, res).catch((err: unknown) => answerError(ctx, req, res, err));
  });
  // Timeouts (README.md "Timeouts and caps"): headers within 30 s; JSON bodies within
  // JSON_BODY_TIMEOUT_MS (http-util.ts); upload bodies may take long but not idle (limits.ts);
  // requestTimeout stays 0 because Node applies it to every route, uploads included.
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = 0;
  server.maxConnections = MAX_CONNECTIONS;
  // Idle keep-alive sockets are closed by the client first (undici: 4 s, or the hint minus 1 s):
  // a server closing at the same moment a pooled socket is reused gives the client ECONNRESET,
  // which happens easily while the engine keeps the event loop busy.
  server.keepAliveTimeout = 65_000;
  try {
    await listen(server, opts.port ?? 0, opts.host ?? '127.0.0.1');
  } catch (err) {
    if (!opts.core) await core.close();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  ctx.baseUrl = `http://${urlHost(opts.host ?? '127.0.0.1')}:${port}`;
  if (opts.runTasks !== false) worker.start();

  return {
    baseUrl: ctx.baseUrl,
    techniqueUrl: ctx.baseUrl,
    token: ctx.token,
    tokenPath: layout.tokenPath,
    load: () => ({ processWaiting: slot.waiting('process'), taskWaiting: slot.waiting('task'), uploads: ctx.uploads.inFlight }),
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      if (!opts.core) await core.close();
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function route(ctx: ServiceContext, db: import('better-sqlite3').Database, worker: TaskWorker, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  const method = req.method ?? 'GET';
  if (path.startsWith('/storage/')) return handleStorage(ctx, req, res, url);
  if (path === '/health' && method === 'GET') return sendJson(res, 200, { status: 'ok' });
  if (path === '/process') {
    if (method !== 'POST') throw new HttpError(405, 'Use POST /process');
    requireBearer(req, ctx.token);
    requireRoom(ctx.engineWaiting('process'), MAX_WAITING_PROCESS, `${MAX_WAITING_PROCESS} analyses are waiting for the engine`);
    return handleProcess(ctx, req, res);
  }
  if (!path.startsWith('/api/')) throw new HttpError(404, 'Not found');
  requireBearer(req, ctx.token);
  const task = /^\/api\/statistics\/tennis\/([^/]+)$/.exec(path);
  if (task?.[1] !== undefined) {
    if (method !== 'GET') throw new HttpError(405, `Use GET ${path}`);
    return handleGetTennisTask(ctx, db, res, task[1]);
  }
  const routes: Record<string, () => Promise<void>> = {
    '/api/video/upload-url': () => handleUploadUrl(ctx, req, res),
    '/api/videos/check': () => handleVideoCheck(ctx, req, res),
    '/api/statistics/tennis': () => handleCreateTennisTask(ctx, db, req, res, () => worker.kick()),
  };
  const handler = routes[path];
  if (!handler) throw new HttpError(404, 'Not found');
  if (method !== 'POST') throw new HttpError(405, `Use POST ${path}`);
  return handler();
}

function answerError(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse, err: unknown): void {
  // An answer before the body was read (401, 413, 429, 503…): close the socket after it, so a
  // client cannot keep it open by trickling the unread body.
  if (req.socket.destroyed) {
    ctx.log(`client gone (${err instanceof Error ? err.message : String(err)})`); // idle upload cut off, or the client left
    return;
  }
  if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close');
  if (res.headersSent) {
    if (!(err instanceof HttpError)) ctx.log(`error after response started: ${err instanceof Error ? err.message : String(err)}`);
    res.destroy();
    return;
  }
  if (err instanceof HttpError) {
    const headers: Record<string, string> = { ...err.headers, ...(err.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}) };
    sendJson(res, err.status, { error: err.message }, headers);
    return;
  }
  ctx.log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  sendJson(res, 500, { error: 'Internal server error' });
}
