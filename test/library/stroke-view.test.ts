/**
 * One stroke of a session as Compare and the comparison exports show it
 * (main/library/stroke-view.ts), on a hand-made detail of three strokes (stroke 2 analysed at the
 * top level, stroke 3 of another swing type): features, contact and score of the chosen stroke,
 * the analysed stroke as null, the ordinal shown in headers.
 */
import { describe, expect, it } from 'vitest';
import { canonicalStrokeIndex, detailOfStroke, strokeOrdinal } from '../../main/contract/stroke-view.js';
import type { SessionDetail, SessionStroke } from '../../main/library/library-types.js';

function stroke(index: number, primary: boolean, score: number | null, features: { feature_name: string; value: number }[]): SessionStroke {
  return { index, primary, overallScore: score, features, categories: {}, leftOut: [], contact: { frameNr: index * 100, timestamp: index * 3.3, realTime: index } } as unknown as SessionStroke;
}

const detail = {
  strokes: [stroke(1, false, 64, [{ feature_name: 'x', value: 1 }]), stroke(2, true, 71, [{ feature_name: 'x', value: 2 }]), stroke(3, false, null, [])],
  features: [{ feature_name: 'x', value: 2, id: 7 }],
  categories: { power: { average_score: 71 } },
  leftOut: [],
  contact: { frameNr: 200, timestamp: 6.6 },
  analysis: { overallScore: 70.5 },
} as unknown as SessionDetail;

describe('stroke view', () => {
  it('shows a non-analysed stroke with its own features, contact and score', () => {
    const one = detailOfStroke(detail, 1)!;
    expect(one.features).toEqual([{ feature_name: 'x', value: 1 }]);
    expect(one.contact).toEqual({ frameNr: 100, timestamp: 3.3 });
    expect([one.stroke?.index, one.overallScore]).toEqual([1, 64]);
    const three = detailOfStroke(detail, 3)!;
    expect([three.features, three.overallScore, three.contact?.frameNr]).toEqual([[], null, 300]);
  });

  it('shows the analysed stroke (by index or null) with the stored rows and the analysis score', () => {
    for (const k of [2, null]) {
      const d = detailOfStroke(detail, k)!;
      expect(d.features).toBe(detail.features);
      expect([d.stroke?.index, d.overallScore, d.contact]).toEqual([2, 70.5, detail.contact]);
    }
    expect(detailOfStroke(detail, 4)).toBeNull();
    expect(detailOfStroke({ ...detail, strokes: [] }, null)?.stroke).toBeNull();
  });

  it('stores the analysed stroke as null and numbers strokes only in sessions of several', () => {
    expect([canonicalStrokeIndex(detail, 2), canonicalStrokeIndex(detail, null), canonicalStrokeIndex(detail, 3)]).toEqual([null, null, 3]);
    expect(strokeOrdinal(detailOfStroke(detail, 3)!)).toBe('stroke 3 of 3');
    const single = { ...detail, strokes: [stroke(1, true, 70, [])] };
    expect(strokeOrdinal(detailOfStroke(single, null)!)).toBe('');
  });
});
