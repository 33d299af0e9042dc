import { describe, expect, it } from 'vitest';
import { contentWidth, itemLeft, scrollToShow, visibleRange } from './strip-window.js';

const g = { itemWidth: 100, gap: 10 }; // pitch 110 px

describe('strip windowing', () => {
  it('places items at multiples of the pitch; the content ends at the last item', () => {
    expect(itemLeft(g, 0)).toBe(0);
    expect(itemLeft(g, 3)).toBe(330);
    expect(contentWidth(g, 60)).toBe(60 * 110 - 10);
    expect(contentWidth(g, 0)).toBe(0);
  });

  it('keeps only the items overlapping the viewport, plus the overscan, in range', () => {
    // 500 px from 0: items 0..4 (item 4 spans 440–540).
    expect(visibleRange(g, 60, 0, 500, 0)).toEqual({ first: 0, last: 4 });
    expect(visibleRange(g, 60, 0, 500, 3)).toEqual({ first: 0, last: 7 });
    // From 1000 px: item 9 (990–1090) to item 13 (1430–1530) overlap [1000, 1500).
    expect(visibleRange(g, 60, 1000, 500, 2)).toEqual({ first: 7, last: 15 });
    // At the end, clamped.
    expect(visibleRange(g, 60, contentWidth(g, 60) - 500, 500, 3)).toEqual({ first: 52, last: 59 });
    expect(visibleRange(g, 0, 0, 500, 3)).toEqual({ first: 0, last: -1 });
    // Not laid out yet: one item's worth.
    expect(visibleRange(g, 60, 0, 0, 0)).toEqual({ first: 0, last: 0 });
  });

  it('scrolls as little as needed to show an item whole, never past the ends', () => {
    expect(scrollToShow(g, 60, 2, 0, 500)).toBe(0); // already in view
    // Item 5 (550–650) right of a 500 px viewport at 0: its right edge + 4 px margin at the viewport's right.
    expect(scrollToShow(g, 60, 5, 0, 500)).toBe(650 + 4 - 500);
    // Item 3 (330–430) left of a viewport at 1000: its left edge − 4 px at the viewport's left.
    expect(scrollToShow(g, 60, 3, 1000, 500)).toBe(326);
    expect(scrollToShow(g, 60, 0, 300, 500)).toBe(0);
    expect(scrollToShow(g, 60, 59, 0, 500)).toBe(contentWidth(g, 60) - 500);
  });
});
