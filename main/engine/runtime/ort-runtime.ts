/**
 * ONNX Runtime (onnxruntime-node 1.30) as a {@link PoseModelRuntime}: the models converted by
 * main/models/ (read from dist/models/, converted on the spot when the build has not written
 * them). Sessions: graph optimisation "all" (transposes folded, NCHWc convolutions), sequential
 * execution, `threads` intra-op threads without spin-waiting (a spinning pool burns the core the
 * other inference worker or the decoder needs). The execution provider is the one planned for this
 * machine (execution-provider.ts): a provider other than the CPU is used for a model only when its
 * session loads and its outputs on the check input agree with the CPU's; else that model runs on
 * the CPU and the reason is kept ({@link OrtRuntime.fallbacks}).
 */
import { isOnnxModel, onnxModelBytes } from '../../models/onnx-models.js';
import { INFER_PROVIDER_LABELS, type InferProvider } from '../../contract/infer-provider.js';
import { outputsDisagree, providerCheckInput } from './execution-provider.js';
import type { ModelInput, ModelName, ModelOutputs, PoseModel, PoseModelRuntime } from './pose-runtime.js';

type Ort = typeof import('onnxruntime-node');

/**
 * Module imported for ONNX Runtime: `onnxruntime-node`, or env SWING_ORT_MODULE (tests point it
 * at a missing file to force the TF.js fallback, as a machine whose native library cannot load).
 */
function ortModule(): string {
  return process.env.SWING_ORT_MODULE || 'onnxruntime-node';
}

let ortP: Promise<Ort> | undefined;

/**
 * Imports onnxruntime-node once per thread (loading its native library).
 * @throws Error when the module or its native library cannot load (missing binary for this
 *   platform, incompatible system library).
 */
export function loadOrt(): Promise<Ort> {
  ortP ??= import(ortModule()).then((m: Ort & { default?: Ort }) => (m.InferenceSession ? m : (m.default ?? m)));
  return ortP;
}

type Session = import('onnxruntime-node').InferenceSession;

class OrtModel implements PoseModel {
  constructor(
    readonly name: ModelName,
    private readonly ort: Ort,
    private readonly session: Session,
  ) {}

  async run(input: ModelInput): Promise<ModelOutputs> {
    const dtype = input.data instanceof Int32Array ? 'int32' : 'float32';
    const feeds = { [this.session.inputNames[0] ?? 'input']: new this.ort.Tensor(dtype, input.data, input.dims) };
    const r = await this.session.run(feeds);
    const out: ModelOutputs = {};
    for (const name of this.session.outputNames) {
      const t = r[name];
      if (t) out[name] = { data: t.data as Float32Array, dims: t.dims };
    }
    return out;
  }
}

/** First line of an error's message (ONNX Runtime's load errors run over many lines). */
const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';

/** ONNX Runtime with `threads` intra-op threads per session (≥ 1) on `provider` (checked, else the CPU). */
export class OrtRuntime implements PoseModelRuntime {
  readonly kind = 'onnxruntime' as const;
  private readonly models = new Map<ModelName, Promise<PoseModel>>();
  /** The provider each loaded model runs on. */
  readonly used = new Map<ModelName, InferProvider>();
  /** Why models gave way to the CPU, one line each ("CUDA could not load for movenet-lightning (…)"). */
  readonly fallbacks: string[] = [];

  /**
   * @param provider the provider to try first (execution-provider.ts plannedProvider); `cpu`: no check.
   * @param onFallback called with each new line of {@link fallbacks} (the worker reports it).
   */
  constructor(
    private readonly ort: Ort,
    readonly threads: number,
    readonly provider: InferProvider = 'cpu',
    private readonly onFallback?: (reason: string) => void,
  ) {}

  describe(): string {
    const used = new Set(this.used.values());
    const on = used.size === 0 ? this.provider : [...used].join('+');
    return `onnxruntime ${this.ort.env.versions.common} ${on}, ${this.threads} intra-op thread${this.threads === 1 ? '' : 's'}`;
  }

  supports(name: ModelName): boolean {
    return isOnnxModel(name);
  }

  load(name: ModelName): Promise<PoseModel> {
    let m = this.models.get(name);
    if (!m) {
      if (!isOnnxModel(name)) return Promise.reject(new Error(`${String(name)} has no ONNX conversion`));
      m = onnxModelBytes(name).then(async (bytes) => new OrtModel(name, this.ort, await this.checkedSession(name, bytes)));
      m.catch(() => this.models.delete(name));
      this.models.set(name, m);
    }
    return m;
  }

  private session(bytes: Uint8Array, provider: InferProvider): Promise<Session> {
    return this.ort.InferenceSession.create(bytes, {
      executionProviders: [provider],
      intraOpNumThreads: this.threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      logSeverityLevel: 3,
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    });
  }

  /**
   * The model's session on {@link provider} when it loads and agrees with the CPU on the check
   * input (execution-provider.ts), else on the CPU (the reason added to {@link fallbacks}).
   * @throws Error when even the CPU session cannot be created.
   */
  private async checkedSession(name: ModelName, bytes: Uint8Array): Promise<Session> {
    const cpu = () => this.session(bytes, 'cpu').then((s) => (this.used.set(name, 'cpu'), s));
    // Decided: after one fallback the thread's later models go straight to the CPU (a provider
    // that failed once is not trusted for the rest of the analysis, nor tried again per model).
    if (this.provider === 'cpu' || this.fallbacks.length > 0) return cpu();
    const label = INFER_PROVIDER_LABELS[this.provider];
    let candidate: Session;
    try {
      candidate = await this.session(bytes, this.provider);
    } catch (e) {
      this.fellBack(`${label} could not load for ${name} (${firstLine(e)})`);
      return cpu();
    }
    const reference = await cpu();
    const input = providerCheckInput(name);
    const problem = await Promise.all([new OrtModel(name, this.ort, candidate).run(input), new OrtModel(name, this.ort, reference).run(input)]).then(
      ([a, b]) => outputsDisagree(a, b),
      (e: unknown) => `its check run failed (${firstLine(e)})`,
    );
    if (problem) {
      await candidate.release().catch(() => undefined);
      this.fellBack(`${label} gave other results than the CPU for ${name}: ${problem}`);
      return reference;
    }
    await reference.release().catch(() => undefined);
    this.used.set(name, this.provider);
    return candidate;
  }

  private fellBack(reason: string): void {
    this.fallbacks.push(reason);
    this.onFallback?.(reason);
  }
}
