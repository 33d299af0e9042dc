/**
 * Test helper: COCO-17 2D keypoints (pixels) → an H36M-17 2D PoseTrack, the way a 2D detector's
 * output is mapped before lifting. Mapping (VideoPose3D convention for COCO inputs):
 * pelvis = mid-hips; spine = midpoint of pelvis and thorax; thorax = mid-shoulders;
 * neck_nose = nose; head = mid-eyes moved up by half the nose→mid-eyes… distance to the
 * thorax (crown estimate); limbs map one to one.
 */
import { readFileSync } from 'node:fs';
import { createPoseTrack, kpIndex, type PoseTrack } from '../../../main/pose/pose-track.js';
import { J } from '../../../main/pose/h36m.js';

/** COCO-17 indices. */
const C = { nose: 0, lEye: 1, rEye: 2, lSh: 5, rSh: 6, lEl: 7, rEl: 8, lWr: 9, rWr: 10, lHip: 11, rHip: 12, lKn: 13, rKn: 14, lAn: 15, rAn: 16 };

type P2 = [number, number];
const mid = (a: P2, b: P2): P2 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

/** Maps one COCO-17 frame to H36M-17 (17 × [x, y]). */
export function cocoFrameToH36m(k: P2[]): P2[] {
  const g = (i: number) => k[i]!;
  const pelvis = mid(g(C.lHip), g(C.rHip));
  const thorax = mid(g(C.lSh), g(C.rSh));
  const eyes = mid(g(C.lEye), g(C.rEye));
  const head: P2 = [eyes[0] + (eyes[0] - thorax[0]) * 0.15, eyes[1] + (eyes[1] - thorax[1]) * 0.15];
  const out: P2[] = new Array<P2>(17);
  out[J.pelvis] = pelvis;
  out[J.rightHip] = g(C.rHip);
  out[J.rightKnee] = g(C.rKn);
  out[J.rightAnkle] = g(C.rAn);
  out[J.leftHip] = g(C.lHip);
  out[J.leftKnee] = g(C.lKn);
  out[J.leftAnkle] = g(C.lAn);
  out[J.spine] = mid(pelvis, thorax);
  out[J.thorax] = thorax;
  out[J.neckNose] = g(C.nose);
  out[J.head] = head;
  out[J.leftShoulder] = g(C.lSh);
  out[J.leftElbow] = g(C.lEl);
  out[J.leftWrist] = g(C.lWr);
  out[J.rightShoulder] = g(C.rSh);
  out[J.rightElbow] = g(C.rEl);
  out[J.rightWrist] = g(C.rWr);
  return out;
}

/** Shape of tennis_forehand_2.coco17_detectron2.json (see shared/media/SOURCES.md). */
interface CocoFile {
  image_width: number;
  image_height: number;
  num_frames: number;
  frames: { frame: number; keypoints: P2[] }[];
}

/**
 * Loads a COCO-17 keypoint JSON as an H36M 2D track. The file has no confidences; every joint
 * gets confidence 1. Timestamps are frame / fps.
 */
export function loadCocoAsH36m(path: string, fps: number): { track: PoseTrack; width: number; height: number } {
  const data = JSON.parse(readFileSync(path, 'utf8')) as CocoFile;
  const track = createPoseTrack(data.frames.length, 2, 17, path);
  data.frames.forEach((fr, f) => {
    track.frameNr[f] = fr.frame;
    track.timestamps[f] = fr.frame / fps;
    track.present[f] = 1;
    track.boxConfidence[f] = 1;
    cocoFrameToH36m(fr.keypoints).forEach((p, j) => {
      const i = kpIndex(track, f, j);
      track.keypoints[i] = p[0];
      track.keypoints[i + 1] = p[1];
      track.confidences[f * 17 + j] = 1;
    });
  });
  return { track, width: data.image_width, height: data.image_height };
}
