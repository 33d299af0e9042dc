/**
 * TF.js with the WASM backend (tf-runtime.ts; one thread in Node, tfjs#3830) as a
 * {@link PoseModelRuntime}: the fallback when ONNX Runtime cannot load. Runs the TF.js graph
 * models as shipped.
 */
import type * as tfTypes from '@tensorflow/tfjs';
import { readTfSignatureOutputs } from '../../models/tfjs-graph.js';
import { loadPoseModel, tfjsModelPath } from './model-files.js';
import type { ModelInput, ModelName, ModelOutputs, PoseModel, PoseModelRuntime } from './pose-runtime.js';
import { backendInfo, tfReady } from './tf-runtime.js';

class TfjsModel implements PoseModel {
  constructor(
    readonly name: ModelName,
    private readonly tf: typeof tfTypes,
    private readonly graph: tfTypes.GraphModel,
    /** Signature outputs: key without `:0` → tensor name. */
    private readonly outputs: [string, string][],
  ) {}

  async run(input: ModelInput): Promise<ModelOutputs> {
    const dtype = input.data instanceof Int32Array ? 'int32' : 'float32';
    const x = this.tf.tensor(input.data, [...input.dims], dtype);
    const res = this.graph.execute(x, this.outputs.map(([, t]) => t));
    const list = Array.isArray(res) ? res : [res];
    try {
      const out: ModelOutputs = {};
      for (const [i, [key]] of this.outputs.entries()) {
        const t = list[i];
        if (t) out[key] = { data: (await t.data()) as Float32Array, dims: t.shape };
      }
      return out;
    } finally {
      this.tf.dispose([x, ...list]);
    }
  }
}

/** TF.js WASM, one thread. */
export class TfjsRuntime implements PoseModelRuntime {
  readonly kind = 'tfjs-wasm' as const;

  describe(): string {
    return `tfjs ${backendInfo()}`;
  }

  supports(): boolean {
    return true;
  }

  async load(name: ModelName): Promise<PoseModel> {
    const [tf, graph, sig] = await Promise.all([tfReady(), loadPoseModel(name), readTfSignatureOutputs(tfjsModelPath(name))]);
    return new TfjsModel(name, tf, graph, sig.map(([k, t]) => [k.replace(/:0$/, ''), t]));
  }
}
