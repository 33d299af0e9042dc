/**
 * What every route handler of the local service gets: configuration, secrets, storage, clock.
 */
import type { ObjectStore } from './object-store.js';
import { PRESIGNED_URL_LIFETIME_S } from '../contract/api-schema.js';
import { signUrl, type SignedMethod } from './signing.js';
import type { AnalysisPipeline, EngineSlot } from '../pipeline/index.js';
import type { HostPolicy } from './net-guard.js';
import type { UploadGate } from './limits.js';

/** Shared state of one running service. */
export interface ServiceContext {
  /** e.g. `http://127.0.0.1:8765` (no trailing slash); storage URLs are built on it. */
  baseUrl: string;
  /** Bearer token of /api and /process. */
  token: string;
  /** HMAC key of the presigned URLs. */
  secret: string;
  store: ObjectStore;
  /** Cap of one upload (PUT object, /process file), bytes. */
  maxUploadBytes: number;
  /** Current time, milliseconds since the Unix epoch (injectable for tests). */
  now: () => number;
  /** Which hosts client-named URLs may be fetched from (net-guard.ts; LAN opt-in). */
  hostPolicy: HostPolicy;
  /** Internal log (details of 500s go here, never to the client). */
  log: (message: string) => void;
  /** The analysis glue, loaded on first use. */
  pipeline: () => Promise<AnalysisPipeline>;
  /**
   * Runs CPU-heavy engine work one job at a time (2-core target machine; two analyses at once
   * would each run at half speed and double the memory), waiting /process requests before
   * waiting tennis tasks (main/pipeline/engine-slot.ts). Shared by /process and the task worker.
   */
  engineSlot: EngineSlot;
  /** Uploads being received (storage PUT, /process body), capped with 429 (limits.ts). */
  uploads: UploadGate;
  /** Jobs waiting for the engine in a line (main/pipeline/engine-slot.ts), for the queue caps (limits.ts). */
  engineWaiting: (user: 'process' | 'task') => number;
  /** Longest wait of a /process request for the engine, ms; default PROCESS_MAX_WAIT_MS (limits.ts; tests shorten it). */
  processMaxWaitMs?: number | undefined;
  /**
   * Where `/process` runs keep their pose checkpoints: `<dir>/process-<sha256 of the upload>`,
   * removed when the run answers, kept when the client goes away mid-run so that the same clip
   * sent again resumes (process-route.ts); `chunkS` video seconds per chunk (default the engine's,
   * 20 s; tests shorten it). None: no checkpoints.
   */
  processCheckpoints?: { dir: string; chunkS?: number | undefined } | undefined;
}

/** Presigned URL for `method` on `key`, valid {@link PRESIGNED_URL_LIFETIME_S} (24 h) from now. */
export function presign(ctx: ServiceContext, method: SignedMethod, key: string, contentType: string): string {
  const expiresAt = Math.floor(ctx.now() / 1000) + PRESIGNED_URL_LIFETIME_S;
  return signUrl(ctx.baseUrl, ctx.secret, { method, key, contentType, expiresAt });
}
