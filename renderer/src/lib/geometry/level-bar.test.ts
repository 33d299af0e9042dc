import { describe, expect, it } from 'vitest';
import { levelBar } from './level-bar.js';

describe('levelBar', () => {
  const ascending = {
    beginner: [0, 10],
    intermediate: [10, 20],
    advanced: [20, 30],
    professional: [30, 40],
  } as const;

  it('lays ascending ranges left to right with the value on them', () => {
    const bar = levelBar(ascending, 25);
    expect(bar.min).toBeCloseTo(-2, 10); // span 40, 5 % padding
    expect(bar.max).toBeCloseTo(42, 10);
    expect(bar.segments.map((s) => s.level)).toEqual(['beginner', 'intermediate', 'advanced', 'professional']);
    expect(bar.segments[0]?.start).toBeCloseTo(2 / 44, 10);
    expect(bar.segments[3]?.end).toBeCloseTo(42 / 44, 10);
    expect(bar.marker).toBeCloseTo(27 / 44, 10);
  });

  it('handles ranges where lower values are better (descending, swapped ends)', () => {
    const bar = levelBar({ beginner: [40, 30], intermediate: [30, 20], advanced: [20, 10], professional: [10, 0] }, 5);
    expect(bar.segments.map((s) => s.level)).toEqual(['professional', 'advanced', 'intermediate', 'beginner']);
    expect(bar.segments[0]?.low).toBe(0);
    expect(bar.segments[0]?.high).toBe(10);
    expect(bar.marker).toBeCloseTo(7 / 44, 10);
  });

  it('extends the axis to a value outside every range', () => {
    const bar = levelBar(ascending, 100);
    expect(bar.max).toBeCloseTo(105, 10);
    expect(bar.marker).toBeCloseTo(105 / 110, 10);
  });

  it('leaves out ranges with non-finite ends and keeps the marker centred for NaN values', () => {
    const bar = levelBar({ ...ascending, professional: [NaN, 40] }, NaN);
    expect(bar.segments).toHaveLength(3);
    expect(bar.marker).toBe(0.5);
  });
});

describe('levelBar with extra values', () => {
  it('spans the extra values too and places them on the same axis', () => {
    const ranges = { beginner: [0, 10], intermediate: [10, 20], advanced: [20, 30], professional: [30, 40] } as const;
    const bar = levelBar(ranges, 25, [50, 5, NaN]);
    expect(bar.max).toBeCloseTo(52.5, 10); // span 50, 5 % padding
    expect(bar.min).toBeCloseTo(-2.5, 10);
    expect(bar.points[0]).toBeCloseTo(52.5 / 55, 10);
    expect(bar.points[1]).toBeCloseTo(7.5 / 55, 10);
    expect(bar.points[2]).toBe(0.5);
    expect(levelBar(ranges, 25).points).toEqual([]);
  });
});
