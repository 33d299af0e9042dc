import { describe, expect, it } from 'vitest';
import type { SessionDetail, SessionStroke } from '../../../../preload/contract.js';
import { adjacentStroke, chosenStroke, defaultStroke, strokeView } from './stroke-choice.js';

function stroke(index: number, primary = false, features: unknown[] = []): SessionStroke {
  return {
    index,
    primary,
    features,
    categories: { power: { average_score: index } },
    leftOut: [],
    contact: { frameNr: index * 10, timestamp: index * 0.5, realTime: index * 0.5 },
  } as unknown as SessionStroke;
}

const strokes = [stroke(1), stroke(2), stroke(3, true, [{ feature_name: 'x' }]), stroke(4, false, [{ feature_name: 'y' }])];
const detail = {
  strokes,
  features: [{ feature_name: 'x', id: 9 }],
  categories: { power: { average_score: 70 } },
  leftOut: [{ feature_name: 'z' }],
  contact: { timestamp: 1.5, frameNr: 30 },
} as unknown as SessionDetail;

describe('stroke choice', () => {
  it('opens on the primary stroke, else the first, else none', () => {
    expect(defaultStroke(strokes)).toBe(3);
    expect(defaultStroke([stroke(1), stroke(2)])).toBe(1);
    expect(defaultStroke([])).toBeNull();
  });

  it('moves to the next and previous stroke, stopping at the ends; from all strokes to the first or last', () => {
    expect(adjacentStroke(strokes, 3, 1)).toBe(4);
    expect(adjacentStroke(strokes, 4, 1)).toBe(4);
    expect(adjacentStroke(strokes, 2, -1)).toBe(1);
    expect(adjacentStroke(strokes, 1, -1)).toBe(1);
    expect(adjacentStroke(strokes, 'all', 1)).toBe(1);
    expect(adjacentStroke(strokes, 'all', -1)).toBe(4);
    expect(adjacentStroke([], 'all', 1)).toBeNull();
  });

  it('shows the session rows for the primary stroke and the stroke’s own features, categories and contact otherwise', () => {
    expect(chosenStroke(detail, 'all')).toBeNull();
    expect(chosenStroke(detail, 7)).toBeNull();
    const primary = strokeView(detail, chosenStroke(detail, 3));
    expect(primary.features).toBe(detail.features);
    expect(primary.leftOut).toBe(detail.leftOut);
    expect(primary.contact).toEqual({ timestamp: 1.5, frameNr: 30 });
    const fourth = strokeView(detail, chosenStroke(detail, 4));
    expect(fourth.features.map((f) => f.feature_name)).toEqual(['y']);
    expect(fourth.categories).toEqual({ power: { average_score: 4 } });
    expect(fourth.contact).toEqual({ timestamp: 2, frameNr: 40 });
    expect(strokeView(detail, null).features).toBe(detail.features);
    expect(strokeView(null, null)).toEqual({ features: [], categories: {}, leftOut: [], contact: null });
  });
});
