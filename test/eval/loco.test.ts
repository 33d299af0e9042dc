/** The leave-one-clip-out split (loco.ts) on hand-made clips whose folds are computed by hand. */
import { describe, expect, it } from 'vitest';
import { leaveOneClipOut, type LocoClip } from './loco.js';

/** Each clip: values; the "constant" is the mean of the training values; a clip's figure is its |value − constant| summed. */
const clips: LocoClip<number[]>[] = [
  { clip: 'a.mp4', data: [1, 3] },
  { clip: 'b.mp4', data: [5] },
  { clip: 'c.mp4', data: [9] },
];
const mean = (train: readonly LocoClip<number[]>[]) => {
  const all = train.flatMap((c) => c.data);
  return all.reduce((s, v) => s + v, 0) / all.length;
};
const spec = {
  fit: mean,
  measure: (m: number, c: LocoClip<number[]>) => c.data.reduce((s, v) => s + Math.abs(v - m), 0),
  aggregate: (fs: readonly number[]) => fs.reduce((s, v) => s + v, 0),
};

describe('leaveOneClipOut', () => {
  it('fits each fold on the other clips only and measures the one left out', () => {
    const seen: string[][] = [];
    const r = leaveOneClipOut(clips, {
      ...spec,
      fit: (train) => {
        seen.push(train.map((c) => c.clip));
        return mean(train);
      },
    });
    // First call: all clips (in-sample); then one per left-out clip, never containing it.
    expect(seen).toEqual([
      ['a.mp4', 'b.mp4', 'c.mp4'],
      ['b.mp4', 'c.mp4'],
      ['a.mp4', 'c.mp4'],
      ['a.mp4', 'b.mp4'],
    ]);
    // Without a: mean 7 → |1−7|+|3−7| = 10. Without b: mean 13/3 → |5−13/3| = 2/3. Without c: mean 3 → 6.
    expect(r.folds.map((f) => f.clip)).toEqual(['a.mp4', 'b.mp4', 'c.mp4']);
    expect(r.folds[0]!.constants).toBe(7);
    expect(r.folds[0]!.leftOut).toBe(10);
    expect(r.folds[1]!.constants).toBeCloseTo(13 / 3, 12);
    expect(r.folds[1]!.leftOut).toBeCloseTo(2 / 3, 12);
    expect(r.folds[2]!.leftOut).toBe(6);
    expect(r.leftOut).toBeCloseTo(10 + 2 / 3 + 6, 12);
  });
  it('gives the in-sample figures with the constants fitted on all clips, beside the left-out ones', () => {
    const r = leaveOneClipOut(clips, spec);
    // All: mean 4.5 → a: 3.5 + 1.5 = 5; b: 0.5; c: 4.5; sum 10. Left out 16.67: the over-fit shows as the gap.
    expect(r.allConstants).toBe(4.5);
    expect(r.folds.map((f) => f.inSample)).toEqual([5, 0.5, 4.5]);
    expect(r.inSample).toBe(10);
    expect(r.leftOut).toBeGreaterThan(r.inSample);
  });
  it('gives equal figures when the constants are fixed', () => {
    const r = leaveOneClipOut(clips, { ...spec, fit: () => 5 });
    expect(r.folds.map((f) => f.leftOut)).toEqual(r.folds.map((f) => f.inSample));
    expect(r.leftOut).toBe(r.inSample);
  });
  it('refuses fewer than two clips and repeated names', () => {
    expect(() => leaveOneClipOut(clips.slice(0, 1), spec)).toThrow(RangeError);
    expect(() => leaveOneClipOut([clips[0]!, clips[0]!], spec)).toThrow(/repeat/);
  });
});
