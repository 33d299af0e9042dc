/**
 * The execution provider ONNX Runtime runs the pose models on (main/contract/infer-provider.ts
 * names them): chosen per platform, overridden by SWING_INFER_PROVIDER, and checked against the
 * CPU before it is trusted (ort-runtime.ts calls {@link outputsDisagree} on the
 * {@link providerCheckInput} of each model it loads on a provider other than the CPU).
 *
 * Decided (main/engine/README.md "Execution provider"):
 * - auto: Windows → DirectML, macOS → CoreML, Linux x64 → CUDA only when onnxruntime-node's CUDA
 *   binaries were installed (`libonnxruntime_providers_cuda.so` beside its binding: its install
 *   script downloads them, a `--onnxruntime-node-install=skip` or offline install has none),
 *   everything else → CPU. A machine with nothing better runs on the CPU without a warning.
 * - a provider that fails to load, or whose outputs differ from the CPU's, gives way to the CPU
 *   for that model, and the analysis carries the warning 'inference-provider-fallback'.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseInferProvider, type InferProvider, type InferProviderSetting } from '../../contract/infer-provider.js';
import type { ModelInput, ModelName, ModelOutputs } from './pose-runtime.js';

/** SWING_INFER_PROVIDER, read per call (tests set it between runs). */
export function inferProviderSetting(): InferProviderSetting {
  return parseInferProvider(process.env.SWING_INFER_PROVIDER);
}

/**
 * Whether onnxruntime-node's CUDA execution provider library is installed beside its binding
 * (bin/napi-v6/linux/x64/libonnxruntime_providers_cuda.so). False when the module cannot be found.
 */
export function cudaProviderInstalled(): boolean {
  try {
    const index = createRequire(import.meta.url).resolve('onnxruntime-node');
    return existsSync(join(dirname(index), '..', 'bin', 'napi-v6', 'linux', 'x64', 'libonnxruntime_providers_cuda.so'));
  } catch {
    return false;
  }
}

/**
 * The provider an analysis tries first: the request, or for `auto` the best this platform's
 * onnxruntime-node offers (see the file comment). `cpu` means no check and no fallback.
 * @param platform process.platform; `arch` process.arch; `cudaInstalled` {@link cudaProviderInstalled}.
 */
export function plannedProvider(setting: InferProviderSetting, platform: string = process.platform, arch: string = process.arch, cudaInstalled: () => boolean = cudaProviderInstalled): InferProvider {
  if (setting.request !== 'auto') return setting.request;
  if (platform === 'win32') return 'dml';
  if (platform === 'darwin') return 'coreml';
  if (platform === 'linux' && arch === 'x64' && cudaInstalled()) return 'cuda';
  return 'cpu';
}

/**
 * How far a provider's outputs may be from the CPU's on the check input: 0.5 % of each output's
 * range on the CPU (at least 0.005 absolute). For keypoint outputs in model-input pixels
 * (BlazePose's 256 px, MoveNet's 0..1 of 192 px) that is ≈ 1 px of the crop. Not fitted on clips
 * and not measured on a GPU here: a judgement above what half precision costs (CoreML and DirectML
 * may compute in fp16: 4.9e-4 relative per operation) and far below what a wrong kernel does
 * (whole keypoints elsewhere). The CPU provider and TF.js agree within 2.2e-6 (test/models).
 */
export const PROVIDER_TOLERANCE = 0.005;

/** Input of each model's check run: dims (NHWC) and dtype, as the engine feeds it (movenet.ts, blazepose.ts). */
const CHECK_INPUTS: Readonly<Record<ModelName, { dims: [number, number, number, number]; int: boolean }>> = {
  'movenet-lightning': { dims: [1, 192, 192, 3], int: true },
  'movenet-thunder': { dims: [1, 256, 256, 3], int: true },
  'movenet-multipose': { dims: [1, 288, 512, 3], int: true },
  'blazepose-lite': { dims: [1, 256, 256, 3], int: false },
  'blazepose-full': { dims: [1, 256, 256, 3], int: false },
  'blazepose-heavy': { dims: [1, 256, 256, 3], int: false },
};

/**
 * The one frame both providers run at start: a fixed synthetic picture (smooth colour waves over
 * the whole value range), not the clip's first frame, because the check runs while the models
 * load, before anything is decoded; it checks the kernels, not the picture. MoveNet: int32 0..255;
 * BlazePose: float32 0..1.
 */
export function providerCheckInput(name: ModelName): ModelInput {
  const { dims, int } = CHECK_INPUTS[name];
  const [, h, w] = dims;
  const data = int ? new Int32Array(h * w * 3) : new Float32Array(h * w * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < 3; c++) {
        const v = 0.5 + 0.5 * Math.sin(x * 0.11 + c * 1.3) * Math.cos(y * 0.07 + c * 0.7);
        data[(y * w + x) * 3 + c] = int ? Math.round(v * 255) : v;
      }
    }
  }
  return { data, dims };
}

/**
 * Where a provider's outputs differ from the CPU's beyond {@link PROVIDER_TOLERANCE}, in one
 * line ("output ld_3d differs by 4.1, 1.6 % of its range 256"), or undefined when every output
 * of the CPU run is there with the same size and within tolerance.
 */
export function outputsDisagree(provider: ModelOutputs, cpu: ModelOutputs, tolerance = PROVIDER_TOLERANCE): string | undefined {
  for (const [name, ref] of Object.entries(cpu)) {
    const got = provider[name];
    if (!got || got.data.length !== ref.data.length) return `output ${name} is missing or has another size`;
    let [lo, hi, worst] = [Infinity, -Infinity, 0];
    for (let i = 0; i < ref.data.length; i++) {
      const r = ref.data[i] ?? NaN;
      const d = Math.abs((got.data[i] ?? NaN) - r);
      if (Number.isFinite(r)) [lo, hi] = [Math.min(lo, r), Math.max(hi, r)];
      if (Number.isFinite(r) && !(d <= worst)) worst = Number.isNaN(d) ? Infinity : d;
    }
    const range = hi > lo ? hi - lo : 0;
    if (worst > tolerance * Math.max(1, range)) {
      return `output ${name} differs by ${worst.toPrecision(2)}, ${((100 * worst) / Math.max(1, range)).toPrecision(2)} % of its range ${range.toPrecision(3)}`;
    }
  }
  return undefined;
}
