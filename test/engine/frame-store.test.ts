/** The engine's per-frame result store (main/engine/frame-store.ts): append, read back, chunk growth, sparse learned poses. */
import { describe, expect, it } from 'vitest';
import { FRAME_CHUNK, FrameStore, LEARNED_CHUNK, LEARNED_VALUES } from '../../main/engine/frame-store.js';
import type { TrackedPose } from '../../main/engine/tracking/index.js';

/** A pose whose every value says its frame: x = f + k/100, y = −f, score = k/17, box [f, 1, 2, 3], score 0.1 + f/1e6. */
function poseOf(f: number): TrackedPose {
  const xy = new Float32Array(34);
  const score = new Float32Array(17);
  for (let k = 0; k < 17; k++) [xy[2 * k], xy[2 * k + 1], score[k]] = [f + k / 100, -f, k / 17];
  return { pose: { xy, score }, box: [f, 1, 2, 3], score: 0.1 + f / 1e6 };
}

describe('FrameStore', () => {
  it('reads back what was pushed, with the precision it had (Float32 poses, Float64 times, boxes, scores)', () => {
    const s = new FrameStore();
    const p = poseOf(7);
    s.push(1 / 3, p, false);
    s.push(0.7, undefined, true);
    expect(s.length).toBe(2);
    expect(s.t(0)).toBe(1 / 3); // a Float64 time stays exact
    expect([s.has(0), s.repeat(0), s.has(1), s.repeat(1)]).toEqual([true, false, false, true]);
    const f = s.found(0)!;
    expect(Array.from(f.pose.xy)).toEqual(Array.from(p.pose.xy));
    expect(Array.from(f.pose.score)).toEqual(Array.from(p.pose.score));
    expect(f.box).toEqual([7, 1, 2, 3]);
    expect(f.score).toBe(0.1 + 7 / 1e6); // Float64: not rounded to Float32
    expect(s.found(1)).toBeUndefined();
    expect(s.box(1)).toBeUndefined();
    expect(s.learned(0)).toBeUndefined();
    expect(Array.from(s.repeatFlags())).toEqual([0, 1]);
    expect([...s.poses()].map((q) => q?.xy[0])).toEqual([7, undefined]);
  });

  it('copies on write: changing the pushed pose afterwards does not change the store', () => {
    const s = new FrameStore();
    const p = poseOf(3);
    s.push(0, p, false);
    p.pose.xy[0] = 99;
    p.box[0] = 99;
    expect(s.pose(0)!.xy[0]).toBe(3);
    expect(s.box(0)![0]).toBe(3);
  });

  it('grows across chunk boundaries and keeps every frame', () => {
    const s = new FrameStore();
    const n = 2 * FRAME_CHUNK + 5;
    for (let f = 0; f < n; f++) s.push(f / 60, f % 3 === 0 ? undefined : poseOf(f), f % 5 === 0);
    expect(s.length).toBe(n);
    for (const f of [0, 1, FRAME_CHUNK - 1, FRAME_CHUNK, FRAME_CHUNK + 1, 2 * FRAME_CHUNK, n - 1]) {
      expect(s.t(f)).toBe(f / 60);
      expect(s.repeat(f)).toBe(f % 5 === 0);
      expect(s.has(f)).toBe(f % 3 !== 0);
      if (f % 3 !== 0) expect([s.pose(f)!.xy[2], s.pose(f)!.xy[3], s.box(f)![0]]).toEqual([Math.fround(f + 0.01), -f, f]);
    }
    expect(() => s.t(n)).toThrow(RangeError);
    expect(() => s.t(-1)).toThrow(RangeError);
  });

  it('keeps learned 3D poses sparse: chunks only where a frame has one', () => {
    const s = new FrameStore();
    const n = 10 * LEARNED_CHUNK;
    for (let f = 0; f < n; f++) s.push(f, poseOf(f), false);
    expect(s.learnedCapacity).toBe(0);
    const v = Float64Array.from({ length: LEARNED_VALUES }, (_, k) => k + 0.1);
    s.setLearned(3 * LEARNED_CHUNK + 7, v);
    s.setLearned(3 * LEARNED_CHUNK + 8, v.map((x) => -x));
    expect(s.learnedCapacity).toBe(LEARNED_CHUNK); // one chunk for both
    s.setLearned(n - 1, v);
    expect(s.learnedCapacity).toBe(2 * LEARNED_CHUNK);
    expect(Array.from(s.learned(3 * LEARNED_CHUNK + 7)!)).toEqual(Array.from(v));
    expect(s.learned(3 * LEARNED_CHUNK + 8)![50]).toBe(-50.1);
    expect(s.learned(3 * LEARNED_CHUNK + 9)).toBeUndefined();
    const all = s.learnedPoses();
    expect(all.length).toBe(n);
    expect(all.filter(Boolean).length).toBe(3);
  });

  it('setFound replaces a pose; copyFrame gives a frame its neighbour’s pose and learned pose, or their absence', () => {
    const s = new FrameStore();
    s.push(0, poseOf(1), false);
    s.push(1, poseOf(2), true);
    s.push(2, undefined, false);
    s.push(3, poseOf(4), true);
    s.setFound(0, poseOf(10));
    s.setLearned(0, new Float64Array(LEARNED_VALUES).fill(5));
    expect(s.box(0)).toEqual([10, 1, 2, 3]);
    s.copyFrame(0, 1);
    expect([s.box(1)![0], s.learned(1)![0], s.t(1), s.repeat(1)]).toEqual([10, 5, 1, true]);
    s.copyFrame(2, 3);
    expect([s.has(3), s.learned(3), s.t(3), s.repeat(3)]).toEqual([false, undefined, 3, true]);
  });
});
