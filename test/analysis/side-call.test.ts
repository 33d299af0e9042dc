/**
 * The wrist-side rule of the side call (side-call.ts rule 3) on hand-built one-frame poses: the
 * hip axis, not the shoulder axis, says which side of the body the hand is on; and the order of
 * the rules when they disagree, on a hand-built swing.
 */
import { describe, expect, it } from 'vitest';
import { classifySide, wristSideAt, type SideKinematics } from '../../main/analysis/strokes/side-call.js';
import type { PosePair } from '../../main/analysis/core/pose-access.js';
import { J } from '../../main/pose/h36m.js';
import { createPoseTrack } from '../../main/pose/pose-track.js';

type V = [number, number, number];

/**
 * One frame seen from behind a player facing the net (engine axes: x right in the picture, y up,
 * z toward the camera, so the net is at −z and the player's right is +x): hips square to the
 * net, shoulders turned `shoulderTurnDeg` toward the backhand side (right shoulder forward for a
 * right-hander), the `hand` wrist at `wrist` (metres, pelvis at 0). `mirror` swaps left and right.
 */
function onePose(wrist: V, shoulderTurnDeg: number, mirror = false): PosePair {
  const s = mirror ? -1 : 1;
  const a = (shoulderTurnDeg * Math.PI) / 180;
  const half: V = [0.18 * Math.cos(a), 0, -0.18 * Math.sin(a)];
  const joints: [number, V][] = [
    [J.pelvis, [0, 0, 0]],
    [J.rightHip, [0.1, 0, 0]],
    [J.leftHip, [-0.1, 0, 0]],
    [J.thorax, [0, 0.5, 0]],
    [J.rightShoulder, [half[0], 0.5, half[2]]],
    [J.leftShoulder, [-half[0], 0.5, -half[2]]],
    [J.rightWrist, wrist],
    [J.leftWrist, [-0.1, 0.1, -0.2]],
  ];
  const pose3d = createPoseTrack(1, 3);
  const pose2d = createPoseTrack(1, 2);
  pose3d.present[0] = 1;
  pose2d.present[0] = 1;
  for (const [j0, [x, y, z]] of joints) {
    const j = mirror ? mirrorJoint(j0) : j0;
    pose3d.keypoints.set([s * x, y, z], j * 3);
    pose2d.keypoints.set([500 + 300 * s * x, 500 - 300 * y], j * 2);
    pose3d.confidences[j] = 1;
    pose2d.confidences[j] = 1;
  }
  return { pose2d, pose3d };
}

function mirrorJoint(j: number): number {
  const pairs: [number, number][] = [
    [J.rightHip, J.leftHip],
    [J.rightShoulder, J.leftShoulder],
    [J.rightWrist, J.leftWrist],
  ];
  for (const [r, l] of pairs) {
    if (j === r) return l;
    if (j === l) return r;
  }
  return j;
}

describe('wrist side (side-call.ts rule 3)', () => {
  // A backhand dink: the paddle meets the ball in front of the left hip while the shoulders have
  // turned 80° with the paddle, so along the shoulder line the wrist lies toward the right
  // shoulder ((w − thorax) · (rs − ls) = +0.13 m²): the shoulder axis would call it a forehand.
  const backhandWrist: V = [-0.25, 0.1, -0.4];
  it('calls a backhand dink non-dominant although the turned shoulders put the hand on the hitting side', () => {
    expect(wristSideAt(onePose(backhandWrist, 80), 0, 'right')).toBe('non_dominant');
    expect(wristSideAt(onePose(backhandWrist, 80, true), 0, 'left')).toBe('non_dominant');
  });

  it('calls a forehand dominant for either hand', () => {
    expect(wristSideAt(onePose([0.3, 0.1, -0.3], -20), 0, 'right')).toBe('dominant');
    expect(wristSideAt(onePose([0.3, 0.1, -0.3], -20, true), 0, 'left')).toBe('dominant');
  });

  it('has no answer without a measured hip', () => {
    const p = onePose(backhandWrist, 80);
    p.pose3d.confidences[J.leftHip] = 0;
    expect(wristSideAt(p, 0, 'right')).toBeNull();
  });
});

/** `frames` copies of one pose (30 images/s) with the kinematics the side call reads: a hand travelling `travelM` toward the player's right in the picture, the trunk turning at `omega` deg/s. */
function swing(wrist: V, travelM: number, omega: number, frames = 30): { p: PosePair; k: SideKinematics } {
  const one = onePose(wrist, 0);
  const pose2d = createPoseTrack(frames, 2);
  const pose3d = createPoseTrack(frames, 3);
  for (let f = 0; f < frames; f++) {
    pose2d.present[f] = pose3d.present[f] = 1;
    pose2d.keypoints.set(one.pose2d.keypoints, f * 17 * 2);
    pose3d.keypoints.set(one.pose3d.keypoints, f * 17 * 3);
    pose2d.confidences.set(one.pose2d.confidences, f * 17);
    pose3d.confidences.set(one.pose3d.confidences, f * 17);
  }
  const t = Float64Array.from({ length: frames }, (_, f) => f / 30);
  const handPlane = Array.from({ length: frames }, (_, f): [number, number] => [(travelM * f) / frames, 0]);
  return { p: { pose2d, pose3d }, k: { t, trunkOmega: new Float64Array(frames).fill(omega), handPlane } };
}

describe('the side call when its rules disagree (side-call.ts "Two against one", "Wrist against trunk")', () => {
  // Seen from behind with the right hip on the right of the picture: a hand travelling right reads
  // backhand by the picture (rule 1); a counter-clockwise trunk and the wrist on the right read forehand.
  const forehandWrist: V = [0.3, 0.1, -0.3];
  it('the picture decides alone, or against one other rule', () => {
    expect(classifySide(...at(swing(forehandWrist, 0.6, -60)))?.side).toBe('backhand'); // trunk agrees with the picture
    expect(classifySide(...at(swing([-0.3, 0.1, -0.3], 0.6, 60)))).toMatchObject({ side: 'backhand', basis: 'picture_plane' }); // wrist agrees
    expect(classifySide(...at(swing(forehandWrist, 0.6, 10)))).toMatchObject({ side: 'backhand', basis: 'picture_plane' }); // trunk too slow to count
  });

  it('the trunk rotation and the wrist side, agreeing against the picture, decide', () => {
    expect(classifySide(...at(swing(forehandWrist, 0.6, 60)))).toMatchObject({ side: 'forehand', basis: 'trunk_rotation', wristSide: 'dominant' });
  });

  it('with the picture silent, the wrist beside the hips in 3D and in the picture decides against the trunk; the trunk decides when the picture does not show the body\'s width', () => {
    // The hand still (no travel: rule 1 silent), left of the pelvis seen from behind; the trunk turns counter-clockwise (forehand).
    const backhandWrist: V = [-0.3, 0.1, -0.3];
    expect(classifySide(...at(swing(backhandWrist, 0, 60), true))).toMatchObject({ side: 'backhand', basis: 'wrist_side', wristSide: 'non_dominant' });
    // Pickleball only: in tennis (a one-hander side-on with closed hips looks the same) the trunk decides.
    expect(classifySide(...at(swing(backhandWrist, 0, 60), false))).toMatchObject({ side: 'forehand', basis: 'trunk_rotation' });
    // Side-on in the picture (shoulders and hips at one x): rule 4 has no facing, so rule 3 alone does not overrule the trunk.
    const sideOn = swing(backhandWrist, 0, 60);
    for (let f = 0; f < sideOn.p.pose2d.frames; f++) for (const j of [J.rightShoulder, J.leftShoulder, J.rightHip, J.leftHip]) sideOn.p.pose2d.keypoints[(f * 17 + j) * 2] = 500;
    expect(classifySide(...at(sideOn, true))).toMatchObject({ side: 'forehand', basis: 'trunk_rotation' });
    // The wrist right of the pelvis in the picture but left of the hips in 3D: the two wrist rules disagree, the trunk decides.
    const split = swing(backhandWrist, 0, 60);
    for (let f = 0; f < split.p.pose2d.frames; f++) split.p.pose2d.keypoints[(f * 17 + J.rightWrist) * 2] = 600;
    expect(classifySide(...at(split, true))).toMatchObject({ side: 'forehand', basis: 'trunk_rotation' });
  });

  function at(x: { p: PosePair; k: SideKinematics }, wristOverTrunk = false): Parameters<typeof classifySide> {
    return [x.p, x.k, 20, 'right', wristOverTrunk];
  }
});
