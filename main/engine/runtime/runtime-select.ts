/**
 * Choosing the runtime per thread: ONNX Runtime when its native library loads (ort-runtime.ts),
 * else TF.js WASM (tfjs-pose-runtime.ts) with a warning that says so. A model ONNX Runtime does
 * not support (one without an ONNX conversion; every model the engine uses has one) would run
 * on TF.js WASM.
 */
import type { InferProvider } from '../../contract/infer-provider.js';
import { inferProviderSetting, plannedProvider } from './execution-provider.js';
import { loadOrt, OrtRuntime } from './ort-runtime.js';
import type { ModelName, PoseModel, PoseModelRuntime } from './pose-runtime.js';

/** The runtimes of one thread: the preferred one, and TF.js for what it cannot run. */
export interface Runtimes {
  preferred: PoseModelRuntime;
  /** TF.js WASM, imported on first use (TF.js is a large module a thread on ONNX Runtime never loads). */
  tfjs: () => Promise<PoseModelRuntime>;
  /** Set when ONNX Runtime could not load: the warning to show (names the reason). */
  fallbackWarning?: string;
  /** The execution provider ONNX Runtime tries first on this thread (execution-provider.ts); `cpu` on TF.js. */
  provider: InferProvider;
}

let chosen: Promise<Runtimes> | undefined;
let tfjsP: Promise<PoseModelRuntime> | undefined;
const tfjs = () => (tfjsP ??= import('./tfjs-pose-runtime.js').then((m) => new m.TfjsRuntime()));
let fallbackListener: ((reason: string) => void) | undefined;

/**
 * Calls `listener` with each model of this thread that gives way from the planned execution
 * provider to the CPU (one line naming provider, model and reason: ort-runtime.ts). The inference
 * worker forwards them to the pool (infer-worker.ts), as models load at start and later.
 */
export function onProviderFallback(listener: (reason: string) => void): void {
  fallbackListener = listener;
}

/**
 * The runtimes of this thread (decided once per thread): ONNX Runtime with `threads` intra-op
 * threads on the planned execution provider (SWING_INFER_PROVIDER, else the platform's best:
 * execution-provider.ts), or TF.js WASM when onnxruntime-node cannot load. Never throws.
 */
export function runtimes(threads: number): Promise<Runtimes> {
  chosen ??= loadOrt().then(
    (ort): Runtimes => {
      const provider = plannedProvider(inferProviderSetting());
      return { preferred: new OrtRuntime(ort, Math.max(1, threads), provider, (r) => fallbackListener?.(r)), tfjs, provider };
    },
    async (e: unknown): Promise<Runtimes> => {
      const reason = e instanceof Error ? e.message.split('\n')[0] : String(e);
      return {
        preferred: await tfjs(),
        tfjs,
        provider: 'cpu',
        fallbackWarning: `ONNX Runtime could not load (${reason}): pose models run on the TF.js WASM fallback, about 3-5× slower per frame`,
      };
    },
  );
  return chosen;
}

/**
 * Loads `name` on the preferred runtime when it supports the model, else on TF.js WASM.
 * @throws Error when the model cannot be loaded.
 */
export async function loadModel(r: Runtimes, name: ModelName): Promise<PoseModel> {
  return r.preferred.supports(name) ? r.preferred.load(name) : (await r.tfjs()).load(name);
}
