/**
 * ONNX Runtime (onnxruntime-node 1.30, CPU execution provider) as a {@link PoseModelRuntime}:
 * the models converted by main/models/ (read from dist/models/, converted on the spot when the
 * build has not written them). Sessions: graph optimisation "all" (transposes folded, NCHWc
 * convolutions), sequential execution, `threads` intra-op threads without spin-waiting (a
 * spinning pool burns the core the other inference worker or the decoder needs).
 */
import { isOnnxModel, onnxModelBytes } from '../../models/onnx-models.js';
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

class OrtModel implements PoseModel {
  constructor(
    readonly name: ModelName,
    private readonly ort: Ort,
    private readonly session: import('onnxruntime-node').InferenceSession,
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

/** ONNX Runtime with `threads` intra-op threads per session (≥ 1). */
export class OrtRuntime implements PoseModelRuntime {
  readonly kind = 'onnxruntime' as const;
  private readonly models = new Map<ModelName, Promise<PoseModel>>();

  constructor(
    private readonly ort: Ort,
    readonly threads: number,
  ) {}

  describe(): string {
    return `onnxruntime ${this.ort.env.versions.common} cpu, ${this.threads} intra-op thread${this.threads === 1 ? '' : 's'}`;
  }

  supports(name: ModelName): boolean {
    return isOnnxModel(name);
  }

  load(name: ModelName): Promise<PoseModel> {
    let m = this.models.get(name);
    if (!m) {
      if (!isOnnxModel(name)) return Promise.reject(new Error(`${String(name)} has no ONNX conversion`));
      m = onnxModelBytes(name).then(async (bytes) => {
        const session = await this.ort.InferenceSession.create(bytes, {
          intraOpNumThreads: this.threads,
          interOpNumThreads: 1,
          executionMode: 'sequential',
          graphOptimizationLevel: 'all',
          logSeverityLevel: 3,
          extra: { session: { intra_op: { allow_spinning: '0' } } },
        });
        return new OrtModel(name, this.ort, session);
      });
      m.catch(() => this.models.delete(name));
      this.models.set(name, m);
    }
    return m;
  }
}
