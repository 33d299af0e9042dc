/**
 * seriesKeeper (main/analysis/best-measured.ts): while a clip's strokes are analysed, only the
 * analysis bestMeasured would pick keeps its per-frame series (issue 29: memory of long clips).
 */
import { describe, expect, it } from 'vitest';
import { bestMeasured, seriesKeeper, type Analysed } from '../../main/analysis/best-measured.js';
import type { ClipStroke } from '../../main/analysis/strokes/index.js';
import type { TechniqueOutput } from '../../main/analysis/technique/index.js';

const series = () => ({ plot_values: [1, 2, 3], peak_index: 1, peak_speed: 2 });

function analysed(confidence: number, features: number, measured = true): Analysed {
  const stroke = { confidence, ballEvidence: undefined } as unknown as ClipStroke;
  if (!measured) return { stroke, out: null, failure: 'too little pose' };
  const out = {
    result: { features: Array.from({ length: features }, () => ({})), kinetic_chain: { speed_dict: { hip: series(), shoulder: series(), wrist: series() } }, wrist_speed: { ...series(), hand: 'right' } },
    warnings: [],
    events: [],
  } as unknown as TechniqueOutput;
  return { stroke, out, failure: null };
}

const kept = (a: Analysed) => {
  const r = a.out!.result;
  return [r.kinetic_chain!.speed_dict.hip, r.kinetic_chain!.speed_dict.shoulder, r.kinetic_chain!.speed_dict.wrist, r.wrist_speed!].map((s) => s.plot_values!.length);
};

describe('seriesKeeper', () => {
  it('leaves the series on the analysis bestMeasured picks and empties them on every other', () => {
    const keep = seriesKeeper();
    const all = [analysed(0.5, 4), analysed(0.9, 4), analysed(0.2, 0, false), analysed(0.9, 4), analysed(0.7, 4)].map(keep);
    const best = bestMeasured(all);
    expect(best).toBe(all[1]!.out);
    expect(kept(all[1]!)).toEqual([3, 3, 3, 3]);
    for (const i of [0, 3, 4]) expect(kept(all[i]!)).toEqual([0, 0, 0, 0]);
    // Peaks stay on every analysis (a stroke's entry reads them).
    expect(all[0]!.out!.result.kinetic_chain!.speed_dict.wrist.peak_speed).toBe(2);
  });
});
