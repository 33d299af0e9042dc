/**
 * Test helper: a Pose2Sim TRC file (21 markers, metres, y up; see shared/media/SOURCES.md) as
 * H36M-17 tracks. 3D: pelvis = mid-hips, thorax = Neck, spine = midpoint of pelvis and Neck,
 * neck_nose = Nose, head = Head, limbs one to one; every frame is shifted so the pelvis is at the
 * origin (the engine's convention). 2D: an orthographic view of the uncentred markers
 * (u = 540 + 500·x, v = 1500 − 500·y pixels in a 1080×1920 portrait frame).
 */
import { readFileSync } from 'node:fs';
import { createPoseTrack, kpIndex, type PoseTrack } from '../../../main/pose/pose-track.js';
import { J } from '../../../main/pose/h36m.js';

const MARKERS = ['RHip', 'RKnee', 'RAnkle', 'RBigToe', 'RSmallToe', 'RHeel', 'LHip', 'LKnee', 'LAnkle', 'LBigToe', 'LSmallToe', 'LHeel', 'Neck', 'Head', 'Nose', 'RShoulder', 'RElbow', 'RWrist', 'LShoulder', 'LElbow', 'LWrist'];

type V = [number, number, number];

/** Loads the TRC as { pose2d, pose3d, fps }. */
export function loadTrcAsH36m(path: string): { pose2d: PoseTrack; pose3d: PoseTrack; fps: number } {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  const fps = Number(lines[2]!.split('\t')[0]);
  const rows = lines.slice(5).filter((l) => l.trim().length > 0).map((l) => l.split('\t').map(Number));
  const n = rows.length;
  const pose3d = createPoseTrack(n, 3);
  const pose2d = createPoseTrack(n, 2);
  rows.forEach((r, f) => {
    const m = (name: string): V => {
      const i = 2 + 3 * MARKERS.indexOf(name);
      return [r[i]!, r[i + 1]!, r[i + 2]!];
    };
    const mid = (a: V, b: V): V => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
    const pelvis = mid(m('RHip'), m('LHip'));
    const joints: V[] = [];
    joints[J.pelvis] = pelvis;
    joints[J.rightHip] = m('RHip');
    joints[J.rightKnee] = m('RKnee');
    joints[J.rightAnkle] = m('RAnkle');
    joints[J.leftHip] = m('LHip');
    joints[J.leftKnee] = m('LKnee');
    joints[J.leftAnkle] = m('LAnkle');
    joints[J.spine] = mid(pelvis, m('Neck'));
    joints[J.thorax] = m('Neck');
    joints[J.neckNose] = m('Nose');
    joints[J.head] = m('Head');
    joints[J.leftShoulder] = m('LShoulder');
    joints[J.leftElbow] = m('LElbow');
    joints[J.leftWrist] = m('LWrist');
    joints[J.rightShoulder] = m('RShoulder');
    joints[J.rightElbow] = m('RElbow');
    joints[J.rightWrist] = m('RWrist');
    const t = r[1]! - 1 / fps; // TRC time of frame 1 is 1/fps; video frame 0 is at 0 s
    for (const tr of [pose2d, pose3d]) {
      tr.frameNr[f] = r[0]! - 1;
      tr.timestamps[f] = t;
      tr.present[f] = 1;
    }
    joints.forEach((v, j) => {
      pose3d.keypoints.set([v[0] - pelvis[0], v[1] - pelvis[1], v[2] - pelvis[2]], kpIndex(pose3d, f, j));
      pose2d.keypoints.set([540 + 500 * v[0], 1500 - 500 * v[1]], kpIndex(pose2d, f, j));
      pose3d.confidences[f * 17 + j] = 1;
      pose2d.confidences[f * 17 + j] = 1;
    });
  });
  return { pose2d, pose3d, fps };
}
