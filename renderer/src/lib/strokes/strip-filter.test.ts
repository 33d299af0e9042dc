import { describe, expect, it } from 'vitest';
import type { SessionStroke } from '../../../../preload/contract.js';
import { choicesOf, extremeStroke, filterStrokes, isNoFilter, moveAmong, NO_FILTER, passes } from './strip-filter.js';

function stroke(index: number, side: 'forehand' | 'backhand' | 'serve', score: number | null, swingType: string | null = `${side}_drive`): SessionStroke {
  return { index, side, swingType, overallScore: score } as unknown as SessionStroke;
}

// A session: forehands score 60 + i, backhands 30 + i, a serve with events only, a stroke of no type.
const strokes = [
  stroke(1, 'forehand', 61),
  stroke(2, 'backhand', 32),
  stroke(3, 'serve', null, 'serve'),
  stroke(4, 'forehand', 64),
  stroke(5, 'backhand', 35),
  stroke(6, 'forehand', null, null),
  stroke(7, 'forehand', 90),
];

describe('stroke strip filter', () => {
  it('lists every stroke without a filter, and by type, side and score range', () => {
    expect(isNoFilter(NO_FILTER)).toBe(true);
    expect(filterStrokes(strokes, NO_FILTER).map((s) => s.index)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(filterStrokes(strokes, { ...NO_FILTER, side: 'backhand' }).map((s) => s.index)).toEqual([2, 5]);
    expect(filterStrokes(strokes, { ...NO_FILTER, type: 'forehand_drive' }).map((s) => s.index)).toEqual([1, 4, 7]);
    expect(filterStrokes(strokes, { ...NO_FILTER, type: 'unknown' }).map((s) => s.index)).toEqual([6]);
    // A score range leaves out the strokes without a score; its ends are inclusive.
    expect(filterStrokes(strokes, { ...NO_FILTER, minScore: 35, maxScore: 64 }).map((s) => s.index)).toEqual([1, 4, 5]);
    expect(passes(strokes[2]!, { ...NO_FILTER, minScore: 1 })).toBe(false);
    expect(filterStrokes(strokes, { type: 'forehand_drive', side: 'forehand', minScore: 70, maxScore: 100 }).map((s) => s.index)).toEqual([7]);
  });

  it('offers the types and sides present, most frequent first', () => {
    expect(choicesOf(strokes, 'side')).toEqual([
      { value: 'forehand', count: 4 },
      { value: 'backhand', count: 2 },
      { value: 'serve', count: 1 },
    ]);
    expect(choicesOf(strokes, 'type').map((c) => c.value)).toEqual(['forehand_drive', 'backhand_drive', 'serve', 'unknown']);
  });

  it('finds the best and worst scored stroke (the earlier on a tie), none without scores', () => {
    expect(extremeStroke(strokes, 'best')).toBe(7);
    expect(extremeStroke(strokes, 'worst')).toBe(2);
    expect(extremeStroke([stroke(1, 'forehand', 50), stroke(2, 'forehand', 50)], 'best')).toBe(1);
    expect(extremeStroke([stroke(3, 'serve', null)], 'worst')).toBeNull();
  });

  it('moves among the listed strokes, stopping at the ends; from a stroke not listed to its neighbours in time', () => {
    const listed = filterStrokes(strokes, { ...NO_FILTER, side: 'forehand' }); // 1 4 6 7
    expect(moveAmong(listed, 4, 'next')).toBe(6);
    expect(moveAmong(listed, 4, 'previous')).toBe(1);
    expect(moveAmong(listed, 7, 'next')).toBe(7);
    expect(moveAmong(listed, 1, 'previous')).toBe(1);
    expect(moveAmong(listed, 4, 'first')).toBe(1);
    expect(moveAmong(listed, 4, 'last')).toBe(7);
    expect(moveAmong(listed, 5, 'next')).toBe(6);
    expect(moveAmong(listed, 5, 'previous')).toBe(4);
    expect(moveAmong(listed, 'all', 'next')).toBe(1);
    expect(moveAmong(listed, null, 'previous')).toBe(7);
    expect(moveAmong([], 3, 'next')).toBeNull();
  });
});
