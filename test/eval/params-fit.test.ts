/** The detector's params fitted leave-one-clip-out (params-fit.ts) on synthetic per-clip counts. */
import { describe, expect, it } from 'vitest';
import { DETECTION_PARAMS, type DetectionParams } from '../../main/analysis/strokes/detection-params.js';
import type { LocoClip } from './loco.js';
import { fitParams, locoParams, objective, paramGrid, PARAM_AXES, type FitCounts, type ParamAxis } from './params-fit.js';

/** One axis: minRelativeScore 0.35 (shipped) or 0.45. */
const AXIS: ParamAxis[] = [PARAM_AXES.find((a) => a.name === 'minRelativeScore')!].map((a) => ({ ...a, values: [0.35, 0.45] }));
const grid = paramGrid(AXIS);
const [LOW, HIGH] = grid as [DetectionParams, DetectionParams];

/** A clip's counts per value of minRelativeScore: [detected, matched, labelled, contactOk]. */
type Data = Record<string, [number, number, number, number]>;
const counts = (c: LocoClip<Data>, p: DetectionParams): FitCounts => {
  const [detected, matched, labelled, contactOk] = c.data[String(p.minRelativeScore)]!;
  return { detected, matched, labelled, contactOk };
};
// a and b gain from 0.45 (false strokes dropped); c loses a stroke with it, strongly enough to win alone.
const clips: LocoClip<Data>[] = [
  { clip: 'a.mp4', data: { '0.35': [4, 2, 2, 2], '0.45': [2, 2, 2, 2] } },
  { clip: 'b.mp4', data: { '0.35': [3, 2, 2, 2], '0.45': [2, 2, 2, 2] } },
  { clip: 'c.mp4', data: { '0.35': [8, 8, 8, 8], '0.45': [4, 4, 8, 4] } },
];

describe('params-fit', () => {
  it('builds the grid with the shipped values first', () => {
    expect(grid).toHaveLength(2);
    expect(LOW).toEqual(DETECTION_PARAMS);
    expect(HIGH.minRelativeScore).toBe(0.45);
    expect(paramGrid()[0]).toEqual(DETECTION_PARAMS);
  });
  it('scores F1 plus the contact share over summed counts', () => {
    expect(objective([{ detected: 4, matched: 2, labelled: 2, contactOk: 1 }])).toBeCloseTo((2 * 2) / 6 + 0.5, 12);
    expect(objective([])).toBe(0);
  });
  it('keeps the earlier grid point on a tie', () => {
    const tie = [{ clip: 't.mp4', data: { '0.35': [2, 2, 2, 2], '0.45': [2, 2, 2, 2] } as Data }];
    expect(fitParams(tie, grid, counts)).toBe(LOW);
  });
  it('chooses each fold on the other clips only: the left-out clip never sets its own params', () => {
    const r = locoParams(clips, grid, counts, (p, c) => counts(c, p), (fs) => fs);
    // All clips: c's loss outweighs a's and b's gain → 0.35. Without c: 0.45 wins; without a or b: c keeps 0.35.
    expect(r.allConstants).toBe(LOW);
    expect(r.folds.map((f) => f.constants.minRelativeScore)).toEqual([0.35, 0.35, 0.45]);
    // c is measured with 0.45, which is worse for it: the left-out figure shows the over-fit.
    expect(r.folds[2]!.leftOut).toEqual({ detected: 4, matched: 4, labelled: 8, contactOk: 4 });
    expect(r.folds[2]!.inSample).toEqual({ detected: 8, matched: 8, labelled: 8, contactOk: 8 });
    // Changing the left-out clip's own data changes no fold's choice for it.
    const own: Data = { '0.35': [1, 0, 8, 0], '0.45': [8, 8, 8, 8] };
    const flipped = clips.map((c) => (c.clip === 'c.mp4' ? { ...c, data: own } : c));
    const r2 = locoParams(flipped, grid, counts, (p, c) => counts(c, p), (fs) => fs);
    expect(r2.folds[2]!.constants).toBe(r.folds[2]!.constants);
  });
});
