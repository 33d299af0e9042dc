import { describe, expect, it } from 'vitest';
import type { Feature, FeatureConsistency } from '../../../../main/contract/technique-schema.js';
import type { SessionStroke } from '../../../../preload/contract.js';
import { consistencyRows, DENSE_FROM, dotLanes, DOT_GAP, histogram, HISTOGRAM_BINS, median } from './consistency-rows.js';

const RANGES = { beginner: [0, 10], intermediate: [10, 20], advanced: [20, 30], professional: [30, 40] } as const;

function feature(name: string, value: number, level = 'advanced'): Feature {
  return { feature_name: name, feature_human_readable_name: `${name} (name)`, value, level, value_ranges: RANGES } as unknown as Feature;
}

function stroke(index: number, features: Feature[], primary = false): SessionStroke {
  return { index, features, primary } as unknown as SessionStroke;
}

describe('dotLanes', () => {
  it('puts dots closer than the gap on separate lanes, reusing lane 0 when it is free', () => {
    expect(dotLanes([0.1, 0.1 + DOT_GAP / 2, 0.1, 0.5, 0.1 + DOT_GAP * 2])).toEqual([0, 1, 2, 0, 0]);
  });
});

describe('consistencyRows', () => {
  const strokes = [
    stroke(1, []), // a serve: not analysed
    stroke(2, [feature('unit_turn', 20), feature('stance_width', 38)]),
    stroke(3, [feature('unit_turn', 30)], true),
    stroke(4, [feature('unit_turn', 10, 'intermediate'), feature('stance_width', 38)]),
  ];
  const consistency: FeatureConsistency[] = [
    { feature: 'stance_width', unit: 'ratio', mean: 38, sd: 0, cv: 0, n: 2 },
    { feature: 'unit_turn', unit: 'deg', mean: 20, sd: 10, cv: 0.5, n: 3 },
    { feature: 'gone', unit: 'deg', mean: 0, sd: 0, cv: null, n: 1 },
  ];

  it('gives one row per feature a stroke carries, least consistent first, one dot per stroke that has it', () => {
    const rows = consistencyRows(strokes, consistency);
    expect(rows.map((r) => [r.feature, r.n, r.dots.map((d) => d.stroke)])).toEqual([
      ['unit_turn', 3, [2, 3, 4]],
      ['stance_width', 2, [2, 4]],
    ]);
    expect(rows[0]?.name).toBe('unit_turn (name)');
  });

  it('places dots, mean and mean ± SD on the level bar axis (ranges 0–40 padded 5 %: −2…42)', () => {
    const [turn, stance] = consistencyRows(strokes, consistency);
    const at = (v: number) => (v + 2) / 44;
    expect(turn?.min).toBeCloseTo(-2, 10);
    expect(turn?.max).toBeCloseTo(42, 10);
    const xs = turn?.dots.map((d) => d.x) ?? [];
    [at(20), at(30), at(10)].forEach((x, i) => expect(xs[i]).toBeCloseTo(x, 10));
    expect(xs).toHaveLength(3);
    expect(turn?.dots.map((d) => d.level)).toEqual(['advanced', 'advanced', 'intermediate']);
    expect(turn?.meanX).toBeCloseTo(at(20), 10);
    expect(turn?.sdFromX).toBeCloseTo(at(10), 10);
    expect(turn?.sdToX).toBeCloseTo(at(30), 10);
    expect(turn?.segments).toHaveLength(4);
    // Identical values: the second dot goes up a lane.
    expect(stance?.dots.map((d) => d.lane)).toEqual([0, 1]);
    expect(stance?.sdFromX).toBeCloseTo(stance?.sdToX ?? NaN, 12);
  });

  it('is empty without consistency figures', () => {
    expect(consistencyRows(strokes, [])).toEqual([]);
  });

  it('draws a feature of many strokes as a histogram with the median and only the lowest and highest strokes as dots', () => {
    // 300 strokes, values 5 + (i mod 30): ten strokes at each of 5…34.
    const many = Array.from({ length: 300 }, (_, i) => stroke(i + 1, [feature('unit_turn', 5 + (i % 30))]));
    const [row] = consistencyRows(many, [{ feature: 'unit_turn', unit: 'deg', mean: 19.5, sd: 8.7, cv: 0.45, n: 300 }]);
    expect(300).toBeGreaterThanOrEqual(DENSE_FROM);
    expect(row?.dense).toBe(true);
    expect(row?.dots.map((d) => [d.stroke, d.value])).toEqual([
      [1, 5],
      [30, 34],
    ]);
    expect(row?.bins).toHaveLength(HISTOGRAM_BINS);
    expect(row?.bins.reduce((a, b) => a + b, 0)).toBe(300);
    expect(row?.median).toBe(19.5);
    expect(row?.medianX).toBeCloseTo((19.5 + 2) / 44, 10);
    // A few strokes stay dots, one per stroke.
    const [few] = consistencyRows(many.slice(0, 5), [{ feature: 'unit_turn', unit: 'deg', mean: 7, sd: 1.6, cv: 0.2, n: 5 }]);
    expect(few?.dense).toBe(false);
    expect(few?.dots).toHaveLength(5);
    expect(few?.bins).toEqual([]);
  });

  it('counts positions into equal bins and takes the median', () => {
    expect(histogram([0, 0.24, 0.25, 0.99, 1], 4)).toEqual([2, 1, 0, 2]);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
