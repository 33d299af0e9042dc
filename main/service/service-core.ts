/**
 * The local service without its HTTP server: storage, secrets, the persistent tennis task queue
 * and its worker, and the retention sweep, over `<home>/service/`. `startLocalService`
 * (service-server.ts) puts its routes in front of one; the direct local backend (main/backends/
 * direct-tasks.ts) calls the same task and check code on one in this process, with no server.
 * One core per home folder per process: it empties `tmp/` and re-queues tasks left `running`
 * when it opens, so a second core on the same folder would disturb the first one's work.
 */
import type Database from 'better-sqlite3';
import type { ServiceContext } from './service-context.js';
import { serviceLayout, type ServiceLayout } from './layout.js';
import { UploadGate } from './limits.js';
import { hostPolicy } from './net-guard.js';
import { DEFAULT_MAX_UPLOAD_BYTES, ObjectStore } from './object-store.js';
import { createEngineSlot, techniquePipelineLoader, type AnalysisPipeline, type EngineSlotState } from '../pipeline/index.js';
import { RETENTION_SWEEP_INTERVAL_MS, sweepAbandonedProcessWork, sweepExpiredObjects } from './retention.js';
import { loadOrCreateSecret } from './secrets.js';
import { openTaskDb, recoverInterrupted } from './task-db.js';
import { TaskWorker } from './task-worker.js';

/**
 * Base URL of a core no server listens for: never presigned on (the direct backend returns
 * objects, not URLs), and loopback, so a task queued over HTTP by an earlier run (a presigned
 * storage URL on another port) is still recognised as ours by its signature (video-source.ts).
 */
export const NO_SERVER_BASE_URL = 'http://127.0.0.1';

/** Options of {@link openServiceCore} (the service's own; see service-server.ts LocalServiceOptions). */
export interface ServiceCoreOptions {
  /** Swing Studio home folder; the core uses `<home>/service/`. */
  home: string;
  /** Bearer token of this run (secrets.ts checkChosenToken); default the stored one. */
  token?: string;
  /** Store `token` for later runs (default false). */
  persistToken?: boolean;
  /** Cap of one upload, bytes; default DEFAULT_MAX_UPLOAD_BYTES (2 GiB). */
  maxUploadBytes?: number;
  /** Clock, ms since the Unix epoch. */
  now?: () => number;
  /** Internal log; default one line on stderr. */
  log?: (message: string) => void;
  /** Host names or IP literals on the LAN that checks and tasks may read from (net-guard.ts). */
  allowLanHosts?: string[];
  /** Floor of a tennis task's analysis budget, ms; default TASK_DEADLINE_MS, 15 min (task-budget.ts). */
  taskDeadlineMs?: number;
  /** A tennis task's analysis budget per video second, s; default TASK_ANALYSIS_S_PER_VIDEO_S, 15 (task-budget.ts; tests shorten it). */
  taskBudgetPerVideoS?: number;
  /** Longest wait of a /process request for the engine, ms; default PROCESS_MAX_WAIT_MS, 15 min (limits.ts; tests shorten it). */
  processMaxWaitMs?: number;
  /** Video seconds per pose-checkpoint chunk of `/process` runs; default the engine's CHECKPOINT_CHUNK_S, 20 s (tests shorten it). */
  processCheckpointChunkS?: number;
  /** Idle timeout of upload bodies, ms; default UPLOAD_IDLE_TIMEOUT_MS (limits.ts). */
  uploadIdleMs?: number;
  /** The analysis glue; default technique-pipeline.js, imported on first use. */
  pipeline?: () => Promise<AnalysisPipeline>;
  /** The engine slot shared with direct analyses; default a fresh one. */
  engineSlot?: EngineSlotState;
}

/** An open core. */
export interface ServiceCore {
  ctx: ServiceContext;
  db: Database.Database;
  worker: TaskWorker;
  layout: ServiceLayout;
  slot: EngineSlotState;
  /** Stops the worker (a running task is re-queued) and the sweep, closes the database. Idempotent. */
  close(): Promise<void>;
}

/**
 * Opens the core: secrets (made on first run), object store (`tmp/` emptied), task database
 * (migrated; interrupted tasks re-queued or failed, task-db.ts recoverInterrupted), retention
 * sweep now and every RETENTION_SWEEP_INTERVAL_MS. The worker is created but not started
 * (`core.worker.start()` runs queued tasks). `ctx.baseUrl` is {@link NO_SERVER_BASE_URL} until
 * a server sets its own.
 * @throws Error when the home folder is not writable; SchemaTooNewError for a newer tasks.sqlite.
 */
export function openServiceCore(opts: ServiceCoreOptions): ServiceCore {
  const layout = serviceLayout(opts.home);
  const token = loadOrCreateSecret(layout.tokenPath, opts.token, opts.persistToken ?? false);
  const secret = loadOrCreateSecret(layout.secretPath);
  const store = new ObjectStore(layout.objectsDir, layout.tmpDir);
  store.clearTemp();
  const db = openTaskDb(layout.dbPath);
  const log = opts.log ?? ((m: string) => process.stderr.write(`[swing-studio service] ${m}\n`));
  const now = opts.now ?? Date.now;
  const recovered = recoverInterrupted(db, now());
  if (recovered.requeued || recovered.failed) log(`tasks after restart: ${recovered.requeued} re-queued, ${recovered.failed} failed`);
  const slot = opts.engineSlot ?? createEngineSlot();
  const ctx: ServiceContext = {
    baseUrl: NO_SERVER_BASE_URL,
    token,
    secret,
    store,
    maxUploadBytes: opts.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    now,
    log,
    hostPolicy: hostPolicy(opts.allowLanHosts ?? []),
    pipeline: opts.pipeline ?? techniquePipelineLoader(),
    engineSlot: slot.run,
    engineWaiting: slot.waiting,
    uploads: new UploadGate(undefined, opts.uploadIdleMs),
    processMaxWaitMs: opts.processMaxWaitMs,
    processCheckpoints: { dir: layout.workDir, chunkS: opts.processCheckpointChunkS },
  };
  const sweep = (): void => {
    const r = sweepExpiredObjects(layout.objectsDir, now());
    if (r.files) log(`retention: removed ${r.files} stored object(s) older than 24 h (${r.bytes} bytes)`);
    const w = sweepAbandonedProcessWork(layout.workDir, now());
    if (w) log(`retention: removed ${w} abandoned /process checkpoint folder(s) older than 24 h`);
  };
  sweep();
  const sweeper = setInterval(sweep, RETENTION_SWEEP_INTERVAL_MS);
  sweeper.unref();
  const worker = new TaskWorker(ctx, db, { workDir: layout.workDir, floorMs: opts.taskDeadlineMs, sPerVideoS: opts.taskBudgetPerVideoS });
  let closing: Promise<void> | undefined;
  return {
    ctx,
    db,
    worker,
    layout,
    slot,
    close() {
      closing ??= (async () => {
        clearInterval(sweeper);
        await worker.stop();
        db.close();
      })();
      return closing;
    },
  };
}
