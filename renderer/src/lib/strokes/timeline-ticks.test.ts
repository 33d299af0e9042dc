import { describe, expect, it } from 'vitest';
import { tickPath } from './timeline-ticks.js';

describe('timeline ticks', () => {
  it('draws one vertical tick per position in the 1000-wide box, merging ticks closer than one unit, clamped', () => {
    expect(tickPath([])).toBe('');
    expect(tickPath([0.5, 0.1])).toBe('M100 0V10M500 0V10');
    expect(tickPath([0.2, 0.2004, 0.3])).toBe('M200 0V10M300 0V10');
    expect(tickPath([-1, 2])).toBe('M0 0V10M1000 0V10');
    // 300 strokes spread over the clip: 300 ticks, one path.
    const xs = Array.from({ length: 300 }, (_, i) => (i + 0.5) / 300);
    expect(tickPath(xs).match(/M/g)).toHaveLength(300);
  });
});
