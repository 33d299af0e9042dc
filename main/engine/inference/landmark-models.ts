/**
 * The second pass's models inside an inference worker (infer-worker.ts), keyed by model name:
 * each is loaded on first use on the thread's runtime (runtime-select.ts: ONNX Runtime, or the
 * TF.js WASM fallback) and kept for the worker's life. A model family plugs in here with its
 * input builder and decoder (today: the BlazePose landmark models, blazepose.ts).
 */
import { blazePoseInCrop, type BlazePoseResult, type CropBytes } from './blazepose.js';
import type { InferFrame } from './infer-pool.js';
import type { Crop } from './movenet.js';
import type { ModelName, PoseModel } from '../runtime/index.js';
import { loadModel, runtimes } from '../runtime/index.js';

/** Models the second pass can run (README, "Second pass": the measurements behind the choice). */
export const LANDMARK_MODELS = ['blazepose-lite', 'blazepose-full', 'blazepose-heavy'] as const;
/** One of {@link LANDMARK_MODELS}. */
export type LandmarkModel = (typeof LANDMARK_MODELS)[number];

const loaded = new Map<LandmarkModel, Promise<PoseModel>>();

/**
 * Loads `name` once per thread (`threads` intra-op threads when ONNX Runtime is the thread's runtime).
 * @throws Error when the model cannot be loaded.
 */
export function loadLandmarkModel(name: LandmarkModel, threads: number): Promise<PoseModel> {
  let m = loaded.get(name);
  if (!m) {
    m = runtimes(threads).then((r) => loadModel(r, name as ModelName));
    m.catch(() => loaded.delete(name));
    loaded.set(name, m);
  }
  return m;
}

/**
 * Runs landmark model `name` on a (turned) square crop of the frame, or on the crop's bytes
 * kept earlier ({@link CropBytes}), with the mirrored run averaged in when `flip`
 * (blazepose.ts); points in frame pixels.
 * @throws Error when the model cannot be loaded or run; RangeError when kept bytes have the wrong size.
 */
export async function landmarksInCrop(name: LandmarkModel, threads: number, source: InferFrame | CropBytes, crop: Crop, flip: boolean): Promise<BlazePoseResult> {
  return blazePoseInCrop(await loadLandmarkModel(name, threads), source, crop, flip);
}
