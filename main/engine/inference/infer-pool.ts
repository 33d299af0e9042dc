/**
 * A pool of inference worker threads (infer-worker.ts), each with its own runtime
 * (runtime-select.ts: ONNX Runtime, or the TF.js WASM fallback). Worker 0 also loads multipose
 * and takes every detection; crop-model requests go to the worker with the fewest pending.
 * The pool lives for one estimatePose call: {@link InferencePool.close} terminates the
 * workers and resolves when they have exited.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { InferClose, InferProviderFallback, InferReady, InferReply, InferRequest, InferWorkerData } from './infer-protocol.js';
import type { InferProvider } from '../../contract/infer-provider.js';
import type { BlazePoseResult, CropBytes } from './blazepose.js';
import type { LandmarkModel } from './landmark-models.js';
import type { CocoPose, Crop, CropModel, Detection } from './movenet.js';

/** RGB24 frame (height × width × 3 bytes); share it over a SharedArrayBuffer to avoid a copy per request. */
export interface InferFrame {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** Inference workers per clip and ONNX Runtime intra-op threads per worker. */
export interface InferPlan {
  workers: number;
  threads: number;
}

/**
 * Workers and threads from the core count (env SWING_INFER_WORKERS and SWING_INFER_THREADS,
 * read per call, override): every core runs inference as ONNX Runtime intra-op threads, at most
 * 4 per worker, so 2 cores → 1 worker × 2 threads, 4 → 1 × 4, 8 → 2 × 4, 16 → 2 × 8; never more
 * than 2 workers, since frame n's crop comes from the pose of frame n − workers (more workers,
 * staler crops). On the 2-core build machine (test/bench/engine.ts, three runs at load 7-14)
 * 1 × 2 took 1.63-2.24× the decode's wall time, 2 × 1 1.65-5.44×: the single worker was never
 * far off and never collapsed under load, and it crops from the previous frame. The 4-threads
 * limit is a judgement (intra-op scaling of these small convolutions flattens), not measured here.
 */
export function inferPlan(cores = availableParallelism()): InferPlan {
  const envW = Number(process.env.SWING_INFER_WORKERS);
  const envT = Number(process.env.SWING_INFER_THREADS);
  const workers = envW >= 1 ? Math.floor(envW) : Math.min(2, Math.ceil(cores / 4));
  const threads = envT >= 1 ? Math.floor(envT) : Math.max(1, Math.floor(cores / workers));
  return { workers, threads };
}

/**
 * How long close() waits for a worker to end by itself before terminating it, ms: a model load
 * takes 0.3-3 s on the loaded 2-core build machine, a run well under 1 s.
 */
const CLOSE_GRACE_MS = 20_000;

let live = 0;
/** Inference worker threads alive in this process (for tests: 0 after estimatePose settles). */
export function liveInferenceWorkers(): number {
  return live;
}

/**
 * Starts a worker: the compiled infer-worker.js next to this file, or, when running from
 * TypeScript sources (tsx, vitest), infer-worker.ts behind tsx's loader.
 */
function spawnWorker(data: InferWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./infer-worker.js', here), { workerData: data });
  const tsxApi = createRequire(here).resolve('tsx/esm/api');
  const entry = new URL('./infer-worker.ts', here).href;
  const boot = `require(${JSON.stringify(tsxApi)}).register(); import(${JSON.stringify(entry)});`;
  return new Worker(boot, { eval: true, workerData: data });
}

interface Pending {
  resolve: (r: InferReply) => void;
  reject: (e: unknown) => void;
}

class InferWorker {
  readonly pending = new Map<number, Pending>();
  readonly ready: Promise<InferReady>;
  private failure: Error | undefined;
  exited: Promise<void>;
  /** Models of this worker that gave way from the planned execution provider to the CPU ({@link InferProviderFallback}). */
  readonly providerFallbacks: string[] = [];

  constructor(readonly worker: Worker) {
    live++;
    this.exited = new Promise((r) => worker.once('exit', () => (live--, r())));
    this.ready = new Promise((resolve, reject) => {
      worker.on('message', (m: InferReply | InferReady | InferProviderFallback | { type: 'failed'; error: string }) => {
        if (m.type === 'ready') return resolve(m);
        if (m.type === 'provider-fallback') return void this.providerFallbacks.push(m.reason);
        if (m.type === 'failed') return reject(new Error(`inference worker could not load the models: ${m.error}`));
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.type === 'error') p?.reject(new Error(`inference failed: ${m.error}`));
        else p?.resolve(m);
      });
      const fail = (e: Error) => {
        this.failure ??= e;
        reject(e);
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`inference worker stopped (exit ${code})`)));
    });
    this.ready.catch(() => undefined);
  }

  /** Rejects what is pending, asks the thread to end ({@link InferClose}), and resolves when it has exited. */
  close(): Promise<void> {
    this.failure ??= new Error('inference pool is closed');
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
    this.worker.postMessage({ type: 'close' } satisfies InferClose);
    const timer = setTimeout(() => void this.worker.terminate(), CLOSE_GRACE_MS);
    return this.exited.finally(() => clearTimeout(timer));
  }

  request(req: InferRequest): Promise<InferReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.set(req.id, { resolve, reject });
      this.worker.postMessage(req);
    });
  }
}

/** Worker threads running MoveNet for one clip; create with {@link InferencePool.start}. */
export class InferencePool {
  private nextId = 0;
  private closed = false;
  private closing: Promise<void> | undefined;
  /** The runtime the models run on (worker 0's description, e.g. "onnxruntime 1.30.0 cpu, 1 intra-op thread"). */
  runtime = '';
  /** Set when ONNX Runtime could not load and the workers run the TF.js WASM fallback. */
  fallbackWarning: string | undefined;
  /** The execution provider planned for the workers (main/engine/runtime/execution-provider.ts). */
  provider: InferProvider = 'cpu';
  private constructor(private readonly workers: InferWorker[]) {}

  /**
   * Starts `plan.workers` workers (≥ 1) loading `cropModel` (worker 0 also multipose) with
   * `plan.threads` intra-op threads each, and resolves when all have loaded their models
   * (test/bench/engine.ts measures the start-up).
   * @throws Error when a worker cannot load the models; the signal's reason when aborted
   *   (in both cases the workers are terminated first).
   */
  static async start(plan: InferPlan, cropModel: CropModel, signal?: AbortSignal): Promise<InferencePool> {
    const data = (i: number): InferWorkerData => ({ cropModel, multipose: i === 0, threads: Math.max(1, plan.threads) });
    const workers = Array.from({ length: Math.max(1, plan.workers) }, (_, i) => new InferWorker(spawnWorker(data(i))));
    const pool = new InferencePool(workers);
    let onAbort: (() => void) | undefined;
    try {
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => reject(signal?.reason as Error);
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
      });
      aborted.catch(() => undefined);
      const ready = await Promise.race([Promise.all(workers.map((w) => w.ready)), aborted]);
      pool.runtime = ready[0]?.runtime ?? '';
      pool.fallbackWarning = ready.find((r) => r.fallbackWarning)?.fallbackWarning;
      pool.provider = ready[0]?.provider ?? 'cpu';
    } catch (e) {
      await pool.close();
      throw e;
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
    return pool;
  }

  /**
   * Every model so far that gave way from {@link provider} to the CPU, one line each, distinct
   * (the second pass's models load later, so read this again after it).
   */
  get providerFallbacks(): string[] {
    return [...new Set(this.workers.flatMap((w) => w.providerFallbacks))];
  }

  /** Number of workers. */
  get size(): number {
    return this.workers.length;
  }

  /** The crop model's pose in a square crop of the frame (keypoints in frame pixels). */
  async pose(frame: InferFrame, crop: Crop): Promise<CocoPose> {
    const w = this.workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const r = await this.send(w, { id: 0, type: 'pose', rgb: frame.rgb, width: frame.width, height: frame.height, crop });
    if (r.type !== 'pose') throw new Error(`unexpected ${r.type} reply to a pose request`);
    return r.pose;
  }

  /**
   * A second-pass landmark model's result on a (turned) crop of the frame, or on the crop's bytes
   * kept earlier (blazepose.ts CropBytes; `crop` places the result in the frame), landmark-models.ts;
   * loaded by each worker on first use; `flip` adds the mirrored run (blazepose.ts).
   */
  async landmarks(model: LandmarkModel, source: InferFrame | CropBytes, crop: Crop, flip = false): Promise<BlazePoseResult> {
    const w = this.workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const src = 'bytes' in source ? { bytes: source.bytes } : { rgb: source.rgb, width: source.width, height: source.height };
    const r = await this.send(w, { id: 0, type: 'landmarks', model, source: src, crop, flip });
    if (r.type !== 'landmarks') throw new Error(`unexpected ${r.type} reply to a landmarks request`);
    return r.result;
  }

  /** Everyone multipose finds in the frame (box score ≥ 0.2). */
  async detect(frame: InferFrame): Promise<Detection[]> {
    const w = this.workers[0];
    if (!w) throw new Error('inference pool has no worker');
    const r = await this.send(w, { id: 0, type: 'detect', rgb: frame.rgb, width: frame.width, height: frame.height });
    if (r.type !== 'detect') throw new Error(`unexpected ${r.type} reply to a detect request`);
    return r.people;
  }

  private send(w: InferWorker, req: InferRequest): Promise<InferReply> {
    if (this.closed) return Promise.reject(new Error('inference pool is closed'));
    return w.request({ ...req, id: this.nextId++ });
  }

  /**
   * Ends every worker: pending requests reject at once, each worker exits once its model load
   * and current run are done (infer-worker.ts: terminating a thread inside an ONNX Runtime call
   * aborts the process), terminated only if it has not exited after {@link CLOSE_GRACE_MS}.
   * Resolves once all have exited. Idempotent.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.closed = true;
      await Promise.all(this.workers.map((w) => w.close()));
    })();
    return this.closing;
  }
}
