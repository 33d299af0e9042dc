/**
 * A dink stroke's unscored values (result.strokes[].dink_measures, main/analysis/technique/dink-measures.ts)
 * are kept by the library: stored in the stroke's extras, read back as `dinkMeasures` in the
 * session detail, and given back as `dink_measures` in the contract's shape (toContractStroke).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Stroke, type ServeMeasure } from '../../main/contract/technique-schema.js';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { toContractStroke } from '../../main/library/session-strokes.js';
import { fakeClip, ingestInput, tempHome } from './helpers.js';

const t = tempHome();
afterAll(t.cleanup);

describe('a dink stroke in the library', () => {
  const db = openLibrary(join(t.home, 'lib'));
  afterAll(() => db.close());
  const clipDir = join(t.home, 'clips-src');
  mkdirSync(clipDir, { recursive: true });

  it('keeps its dink values', () => {
    const input = ingestInput({ uid: 'dink', clip: fakeClip(clipDir, 'd.mp4'), sport: 'pickleball', swingType: 'dink' });
    const measure: ServeMeasure = { name: 'dink_knee_flexion', human: 'Knee bend at contact', value: 49, unit: 'deg', frame_nr: 10, band: null, note: 'no level band', fact: 'hand between the knees and the waist at contact' };
    const stroke: Stroke = {
      index: 1, side: 'forehand', two_handed: false, swing_type: 'dink', contact: { frame_nr: 10, timestamp: 1 / 3, real_time: 1 / 3 },
      confidence: 0.9, hand_measured: true, features: [], feature_categories: {}, events: [{ name: 'ball_contact', timestamp: 1 / 3, frame_nr: 10 }], dink_measures: [measure],
    };
    const id = ingestAnalysis(db, { ...input, analysis: { ...input.analysis, result: { ...input.analysis.result, strokes: [stroke], stroke_index: 1 } } });
    const s = getSessionDetail(db, id)!.strokes[0]!;
    expect(s.dinkMeasures).toEqual([measure]);
    const back = toContractStroke(s);
    expect(back.dink_measures).toEqual([measure]);
    expect(Stroke.safeParse(back).success).toBe(true);
  });
});
