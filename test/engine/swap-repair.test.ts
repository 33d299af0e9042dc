/**
 * Left/right swap repair on a synthetic 2D track: a moving skeleton with swaps injected (arms
 * from the elbow, wrists only, legs from the knee, arms and legs at once) is restored exactly; a real
 * crossing of one wrist past the other is left alone.
 */
import { describe, expect, it } from 'vitest';
import { repairSideSwaps } from '../../main/engine/tracking/swap-repair.js';
import { J } from '../../main/pose/h36m.js';
import { createPoseTrack, type PoseTrack } from '../../main/pose/pose-track.js';

const FRAMES = 120;

function skeleton(crossing = false): PoseTrack {
  const t = createPoseTrack(FRAMES, 2);
  for (let f = 0; f < FRAMES; f++) {
    const s = Math.sin(f / 8);
    const c = Math.cos(f / 8);
    const put = (j: number, x: number, y: number) => t.keypoints.set([x, y], (f * 17 + j) * 2);
    put(J.pelvis, 500, 500);
    put(J.spine, 500, 400);
    put(J.thorax, 500, 300);
    put(J.neckNose, 500, 260);
    put(J.head, 500, 220);
    put(J.leftShoulder, 440, 300);
    put(J.rightShoulder, 560, 300);
    put(J.leftElbow, 420 + 5 * s, 380);
    put(J.leftWrist, 430 + 10 * s, 450);
    if (crossing) {
      // the right arm, a two-link chain from the fixed shoulder (upper arm 90 px, forearm 80 px),
      // sweeps across the body: the wrist goes from x ≈ 680 to ≈ 400, past the left wrist at x ≈ 430
      const k = f / (FRAMES - 1);
      const a1 = ((60 + 100 * k) * Math.PI) / 180;
      const a2 = ((20 + 180 * k) * Math.PI) / 180;
      const ex = 560 + 90 * Math.cos(a1);
      const ey = 300 + 90 * Math.sin(a1);
      put(J.rightElbow, ex, ey);
      put(J.rightWrist, ex + 80 * Math.cos(a2), ey + 80 * Math.sin(a2));
    } else {
      put(J.rightElbow, 590 + 20 * s, 370 - 10 * c);
      put(J.rightWrist, 620 + 60 * s, 440 - 50 * c);
    }
    put(J.leftHip, 470, 500);
    put(J.rightHip, 530, 500);
    put(J.leftKnee, 460 + 8 * s, 650);
    put(J.rightKnee, 545 - 8 * s, 650);
    put(J.leftAnkle, 450 + 15 * s, 800);
    put(J.rightAnkle, 555 - 15 * s, 800);
    t.present[f] = 1;
    for (let j = 0; j < 17; j++) t.confidences[f * 17 + j] = 0.5 + j / 100;
  }
  return t;
}

function swap(t: PoseTrack, from: number, to: number, pairs: [number, number][]): void {
  for (let f = from; f <= to; f++) {
    for (const [l, r] of pairs) {
      for (const [arr, w] of [
        [t.keypoints, 2],
        [t.confidences, 1],
      ] as const) {
        for (let d = 0; d < w; d++) {
          const a = (f * 17 + l) * w + d;
          const b = (f * 17 + r) * w + d;
          [arr[a], arr[b]] = [arr[b]!, arr[a]!];
        }
      }
    }
  }
}

const WRISTS: [number, number] = [J.leftWrist, J.rightWrist];
const ELBOWS: [number, number] = [J.leftElbow, J.rightElbow];
const SHOULDERS: [number, number] = [J.leftShoulder, J.rightShoulder];
const ANKLES: [number, number] = [J.leftAnkle, J.rightAnkle];
const KNEES: [number, number] = [J.leftKnee, J.rightKnee];
const HIPS: [number, number] = [J.leftHip, J.rightHip];

describe('left/right swap repair', () => {
  it('restores every injected swap exactly and counts the repaired frames', () => {
    const truth = skeleton();
    const t = skeleton();
    swap(t, 20, 29, [WRISTS, ELBOWS]); // 10 frames, arms from the elbow
    swap(t, 50, 55, [WRISTS]); // 6 frames, wrists only
    swap(t, 70, 79, [ANKLES, KNEES]); // 10 frames, legs from the knee
    swap(t, 90, 94, [WRISTS, ELBOWS, ANKLES]); // 5 frames, arms and legs at once
    const r = repairSideSwaps(t);
    expect(Array.from(t.keypoints)).toEqual(Array.from(truth.keypoints));
    expect(Array.from(t.confidences)).toEqual(Array.from(truth.confidences));
    expect(r.repairedFrames).toBe(10 + 6 + 10 + 5);
    expect([r.arms[25], r.arms[52], r.legs[75], r.arms[92], r.legs[92], r.arms[0], r.legs[100]]).toEqual([
      2, 1, 2, 2, 1, 0, 0,
    ]);
  });

  it('does not swap shoulders or hips (a turning player crosses them for real)', () => {
    const truth = skeleton();
    const t = skeleton();
    swap(t, 20, 29, [SHOULDERS, HIPS]);
    const before = Array.from(t.keypoints);
    repairSideSwaps(t);
    expect(Array.from(t.keypoints)).toEqual(before);
    expect(Array.from(t.keypoints)).not.toEqual(Array.from(truth.keypoints));
  });

  it('leaves a real crossing of the wrists alone', () => {
    const truth = skeleton(true);
    const t = skeleton(true);
    expect(repairSideSwaps(t).repairedFrames).toBe(0);
    expect(Array.from(t.keypoints)).toEqual(Array.from(truth.keypoints));
  });

  it('refuses a track that is not 2D H36M-17', () => {
    expect(() => repairSideSwaps(createPoseTrack(3, 3))).toThrow(/2D H36M-17/);
  });
});
