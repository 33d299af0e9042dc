/** PCK of torso size on a hand-made five-joint skeleton. */
import { describe, expect, it } from 'vitest';
import { pck, torsoSize, worstFrames, type Points2d } from './pck.js';

const TORSO = { leftShoulder: 0, rightShoulder: 1, leftHip: 2, rightHip: 3 };

function points(frames: number[][][]): Points2d {
  return { frames: frames.length, joints: 5, xy: Float64Array.from(frames.flat(2)) };
}

// Reference frame: shoulders (0,0) (20,0), hips (0,40) (20,40) → torso = |(10,0) − (10,40)| = 40 px; wrist (100,100).
const REF_FRAME = [
  [0, 0],
  [20, 0],
  [0, 40],
  [20, 40],
  [100, 100],
];
const N = [NaN, NaN];
const ref = points([REF_FRAME, REF_FRAME, [N, N, N, N, [1, 1]]]);
// Ours, frame 0: errors 0, 3, 0, 4, 8 px → 0, 0.075, 0, 0.1, 0.2 torso; frame 1: player absent.
const ours = points([
  [
    [0, 0],
    [20, 3],
    [0, 40],
    [24, 40],
    [100, 108],
  ],
  [N, N, N, N, N],
  [N, N, N, N, N],
]);

describe('pck', () => {
  it('uses mid-shoulder to mid-hip of the reference as torso size', () => {
    expect(torsoSize(ref, 0, TORSO)).toBe(40);
    expect(torsoSize(ref, 2, TORSO)).toBeNaN();
  });
  it('counts joints within α × torso, absent joints as misses, frames without a reference torso not at all', () => {
    const r = pck(ours, ref, TORSO, [0.05, 0.1, 0.2]);
    expect(r.frames).toBe(2);
    expect(r.counted).toEqual([2, 2, 2, 2, 2]);
    expect(r.absent).toBe(5);
    // α 0.05: 2 of 10; α 0.1: 4 of 10 (0.1 ≤ 0.1 counts); α 0.2: 5 of 10.
    expect(r.overall).toEqual([0.2, 0.4, 0.5]);
    expect(r.perJoint.map((a) => a[1])).toEqual([0, 0.5, 0.5]); // right shoulder, 0.075 torso
    expect(r.frameError[0]).toBeCloseTo(0.075, 12); // (0 + 0.075 + 0 + 0.1 + 0.2) / 5
    expect(r.frameError[1]).toBeNaN();
    expect(worstFrames(r.frameError, 3)).toEqual([[0, r.frameError[0]]]);
  });
  it('refuses point sets of different shapes', () => {
    expect(() => pck(points([REF_FRAME]), ref, TORSO, [0.1])).toThrow(RangeError);
  });
});

describe('pck over a subset of frames', () => {
  it('counts only the frames the filter accepts', () => {
    // Two frames, one joint pair set: frame 0 exact, frame 1 off by a whole torso size.
    const ref: Points2d = { frames: 2, joints: 4, xy: Float64Array.from([0, 0, 10, 0, 0, 10, 10, 10, 0, 0, 10, 0, 0, 10, 10, 10]) };
    const ours: Points2d = { ...ref, xy: Float64Array.from([0, 0, 10, 0, 0, 10, 10, 10, 0, 10, 10, 10, 0, 20, 10, 20]) };
    const torso = { leftShoulder: 0, rightShoulder: 1, leftHip: 2, rightHip: 3 };
    expect(pck(ours, ref, torso, [0.5]).overall[0]).toBeCloseTo(0.5, 12);
    expect(pck(ours, ref, torso, [0.5], (f) => f === 0).overall[0]).toBe(1);
    expect(pck(ours, ref, torso, [0.5], (f) => f === 1).overall[0]).toBe(0);
    expect(pck(ours, ref, torso, [0.5], (f) => f === 1).frames).toBe(1);
  });
});
