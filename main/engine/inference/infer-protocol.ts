/**
 * Messages between the main thread (infer-pool.ts) and the inference workers (infer-worker.ts).
 * Frames travel as Uint8Arrays over SharedArrayBuffers (RGB24, height × width × 3), never copied.
 */
import type { BlazePoseResult, CropBytes } from './blazepose.js';
import type { LandmarkModel } from './landmark-models.js';
import type { CocoPose, Crop, Detection } from './movenet.js';
import type { InferProvider } from '../../contract/infer-provider.js';

/** workerData of an inference worker: the crop model, whether to load multipose, and ONNX Runtime's intra-op threads. */
export interface InferWorkerData {
  cropModel: string;
  multipose: boolean;
  threads: number;
}

/**
 * A worker's first message once its models are loaded: the runtime they run on, the fallback
 * warning if any, and the execution provider planned (models that gave way to the CPU are
 * reported by {@link InferProviderFallback}).
 */
export interface InferReady {
  type: 'ready';
  runtime: string;
  fallbackWarning?: string;
  provider: InferProvider;
}

/**
 * Sent whenever a model of the worker gives way from the planned execution provider to the CPU
 * (before `ready` for the models loaded at start, later for the second pass's): one line naming
 * provider, model and reason (ort-runtime.ts).
 */
export interface InferProviderFallback {
  type: 'provider-fallback';
  reason: string;
}

/**
 * A request: the crop model on a square crop (`pose`), multipose on the whole frame (`detect`),
 * or a second-pass landmark model on a (turned) crop of a frame or on the crop's bytes kept by
 * the fast pass (`landmarks`, landmark-models.ts).
 */
export type InferRequest =
  | { id: number; type: 'pose'; rgb: Uint8Array; width: number; height: number; crop: Crop }
  | { id: number; type: 'detect'; rgb: Uint8Array; width: number; height: number }
  | { id: number; type: 'landmarks'; model: LandmarkModel; source: { rgb: Uint8Array; width: number; height: number } | CropBytes; crop: Crop; flip: boolean };

/** Asks the worker to end once its model load and current run are done (infer-worker.ts). */
export interface InferClose {
  type: 'close';
}

/** The reply to the request with the same id (keypoints in frame pixels, COCO-17 order). */
export type InferReply =
  | { id: number; type: 'pose'; pose: CocoPose }
  | { id: number; type: 'detect'; people: Detection[] }
  | { id: number; type: 'landmarks'; result: BlazePoseResult }
  | { id: number; type: 'error'; error: string };
