/**
 * The other models' 2D keypoints of the shared clips (SOURCES.md, "Keypoints"), and our H36M-17
 * 2D track, on one common joint list: the twelve limb joints every skeleton has (shoulders,
 * elbows, wrists, hips, knees, ankles). Face points are left out: our H36M `head` is the
 * eyes' midpoint and `neck_nose` the nose (main/engine/coco-to-h36m.ts), which other skeletons
 * place differently.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { H36M_FROM_COCO } from '../../main/engine/inference/coco-to-h36m.js';
import { H36M_JOINTS, J } from '../../main/pose/h36m.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import type { Points2d, TorsoJoints } from './pck.js';

/** H36M ids of the compared joints, in the order of the common list. */
export const EVAL_JOINTS: readonly number[] = [
  J.leftShoulder,
  J.rightShoulder,
  J.leftElbow,
  J.rightElbow,
  J.leftWrist,
  J.rightWrist,
  J.leftHip,
  J.rightHip,
  J.leftKnee,
  J.rightKnee,
  J.leftAnkle,
  J.rightAnkle,
];

/** Names of {@link EVAL_JOINTS} (H36M names). */
export const EVAL_JOINT_NAMES: readonly string[] = EVAL_JOINTS.map((j) => H36M_JOINTS[j]!);

/** Positions of the torso joints in {@link EVAL_JOINTS}. */
export const EVAL_TORSO: TorsoJoints = { leftShoulder: 0, rightShoulder: 1, leftHip: 6, rightHip: 7 };

/**
 * MediaPipe Pose 33 landmark of each H36M joint that has one (Bazarevsky et al. 2020, BlazePose
 * topology: 11/12 shoulders, 13/14 elbows, 15/16 wrists, 23/24 hips, 25/26 knees, 27/28 ankles;
 * left/right are the person's own).
 */
export const MEDIAPIPE_OF_H36M: Readonly<Partial<Record<number, number>>> = {
  [J.leftShoulder]: 11,
  [J.rightShoulder]: 12,
  [J.leftElbow]: 13,
  [J.rightElbow]: 14,
  [J.leftWrist]: 15,
  [J.rightWrist]: 16,
  [J.leftHip]: 23,
  [J.rightHip]: 24,
  [J.leftKnee]: 25,
  [J.rightKnee]: 26,
  [J.leftAnkle]: 27,
  [J.rightAnkle]: 28,
};

const Coco17File = z.object({
  layout: z.literal('coco17'),
  units: z.literal('pixels'),
  frame_index_base: z.literal(0),
  frames: z.array(
    z.object({ frame: z.number().int(), keypoints: z.array(z.tuple([z.number(), z.number()])).length(17) }),
  ),
});

const MediaPipeFile = z.object({
  landmarks_data: z.array(
    z.object({
      frame: z.number().int().positive(),
      landmarks: z.array(z.object({ x: z.number(), y: z.number(), visibility: z.number() })).length(33),
    }),
  ),
});

function points(frames: number): Points2d {
  return {
    frames,
    joints: EVAL_JOINTS.length,
    xy: new Float64Array(frames * EVAL_JOINTS.length * 2).fill(NaN),
  };
}

/**
 * Reads a COCO-17 keypoint file (tennis_forehand_2.coco17_detectron2.json: pixels, frames from
 * 0) onto {@link EVAL_JOINTS}, with the COCO → H36M map the engine uses.
 * @throws ZodError when the file does not have that shape.
 */
export function readCoco17(path: string): Points2d {
  const file = Coco17File.parse(JSON.parse(readFileSync(path, 'utf8')));
  const out = points(Math.max(...file.frames.map((f) => f.frame)) + 1);
  for (const fr of file.frames) {
    EVAL_JOINTS.forEach((h, j) => {
      const kp = fr.keypoints[H36M_FROM_COCO[h]!]!;
      out.xy.set(kp, (fr.frame * out.joints + j) * 2);
    });
  }
  return out;
}

/**
 * Reads a MediaPipe Pose 33 file (tennis_forehand_1.mediapipe33.json: x, y normalised to the
 * frame width and height, `frame` 1-based = decoded frame − 1) onto {@link EVAL_JOINTS}, pixels.
 * Every landmark is kept whatever its visibility (model against model).
 * @throws ZodError when the file does not have that shape.
 */
export function readMediaPipe33(path: string, width: number, height: number): Points2d {
  const file = MediaPipeFile.parse(JSON.parse(readFileSync(path, 'utf8')));
  const out = points(Math.max(...file.landmarks_data.map((f) => f.frame)));
  for (const fr of file.landmarks_data) {
    EVAL_JOINTS.forEach((h, j) => {
      const lm = fr.landmarks[MEDIAPIPE_OF_H36M[h]!]!;
      out.xy.set([lm.x * width, lm.y * height], ((fr.frame - 1) * out.joints + j) * 2);
    });
  }
  return out;
}

/**
 * Our 2D track on {@link EVAL_JOINTS} for decoded frames 0..frames−1 (matched by `frameNr`);
 * frames where the player is absent stay NaN.
 * @throws RangeError when the track is not 2D.
 */
export function trackPoints(track: PoseTrack, frames: number): Points2d {
  if (track.dims !== 2) throw new RangeError(`a 2D track is needed, got ${track.dims}D`);
  const out = points(frames);
  for (let i = 0; i < track.frames; i++) {
    const f = track.frameNr[i]!;
    if (f < 0 || f >= frames || !track.present[i]) continue;
    EVAL_JOINTS.forEach((h, j) => {
      const k = (i * track.joints + h) * 2;
      out.xy.set([track.keypoints[k]!, track.keypoints[k + 1]!], (f * out.joints + j) * 2);
    });
  }
  return out;
}
