import { describe, expect, it } from 'vitest';
import { ComparePick } from './compare-pick.svelte.js';
import { ReferenceStrokes } from './references.svelte.js';

describe('compare picks and reference routes', () => {
  it('keeps the last two picked strokes in pick order and routes the first as the leading stroke', () => {
    const p = new ComparePick();
    p.toggle({ sessionId: 4, strokeIndex: 2 });
    expect(p.route()).toBeNull();
    p.toggle({ sessionId: 4, strokeIndex: null });
    expect(p.route()).toEqual({ screen: 'compare', a: 4, strokeA: 2, b: 4, strokeB: null });
    p.toggle({ sessionId: 9, strokeIndex: null }); // a third pick drops the oldest
    expect(p.route()).toEqual({ screen: 'compare', a: 4, strokeA: null, b: 9, strokeB: null });
    p.toggle({ sessionId: 9, strokeIndex: null }); // picking again unpicks
    expect([p.has({ sessionId: 9, strokeIndex: null }), p.has({ sessionId: 4, strokeIndex: null }), p.has({ sessionId: 4, strokeIndex: 2 })]).toEqual([false, true, false]);
  });

  it('opens Compare with reference at the stored stroke, not for that stroke itself', () => {
    const r = new ReferenceStrokes();
    r.list = [{ playerId: 1, sessionId: 5, strokeIndex: 2, setAt: '2026-11-23T00:00:00Z' }];
    expect(r.compareRoute(1, 5, 2)).toBeNull();
    expect(r.isReference(1, 5, 2)).toBe(true);
    expect(r.isReference(1, 5, null)).toBe(false);
    expect(r.compareRoute(1, 5, null)).toEqual({ screen: 'compare', a: 5, strokeA: 2, b: 5, strokeB: null });
    expect(r.compareRoute(1, 8, 3)).toEqual({ screen: 'compare', a: 5, strokeA: 2, b: 8, strokeB: 3 });
    expect(r.compareRoute(2, 8, null)).toBeNull();
  });
});
