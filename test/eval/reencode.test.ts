/** reencode.ts: strokes paired by contact time, per-value differences and level changes. */
import { describe, expect, it } from 'vitest';
import type { Stroke } from '../../main/contract/technique-schema.js';
import { pairStrokes, renderRepeatability, repeatability, REENCODE_VARIANTS } from './reencode.js';

/** A stroke with a contact at `t` s and features name → [value, level]. */
function stroke(t: number, feats: Record<string, [number, string]>, serve: Record<string, number> = {}): Stroke {
  return {
    contact: { frame_nr: Math.round(t * 30), timestamp: t, real_time: t },
    features: Object.entries(feats).map(([name, [value, level]]) => ({ feature_name: name, unit: 'deg/s', value, level })),
    ...(Object.keys(serve).length ? { serve_measures: Object.entries(serve).map(([name, value]) => ({ name, unit: 'm/s', value })) } : {}),
  } as unknown as Stroke;
}

describe('pairStrokes', () => {
  it('pairs nearest contacts within 0.15 s once each, and compares the values both have', () => {
    const a = [stroke(1.0, { trunk: [600, 'advanced'], wrist: [20, 'advanced'] }), stroke(3.0, { trunk: [500, 'intermediate'] })];
    const b = [stroke(1.1, { trunk: [700, 'professional'] }), stroke(3.2, { trunk: [500, 'intermediate'] }), stroke(0.95, { trunk: [650, 'advanced'] })];
    const pairs = pairStrokes('c', 'v', a, b);
    expect(pairs).toHaveLength(1); // 3.0 ↔ 3.2 is 0.2 s apart: not the same stroke
    expect(pairs[0]!.contactShiftMs).toBeCloseTo(-50, 6); // 0.95, nearer than 1.1
    expect(pairs[0]!.values).toEqual([{ name: 'trunk', unit: 'deg/s', original: 600, variant: 650, levels: ['advanced', 'advanced'] }]);
  });
});

describe('repeatability', () => {
  it('gives the median and largest |difference| and the level changes per value; serve values are unscored', () => {
    const a = [stroke(1, { trunk: [600, 'advanced'] }, { hand_speed_at_contact: 8.7 }), stroke(2, { trunk: [500, 'intermediate'] }), stroke(3, { trunk: [400, 'beginner'] })];
    const b = [stroke(1, { trunk: [650, 'professional'] }, { hand_speed_at_contact: 4.2 }), stroke(2, { trunk: [480, 'intermediate'] }), stroke(3, { trunk: [400, 'beginner'] })];
    const r = repeatability(pairStrokes('c', 'v', a, b));
    expect(r).toEqual([
      { name: 'hand_speed_at_contact', unit: 'm/s', n: 1, medianAbs: expect.closeTo(4.5, 9) as number, maxAbs: expect.closeTo(4.5, 9) as number, levelChanged: null },
      { name: 'trunk', unit: 'deg/s', n: 3, medianAbs: 20, maxAbs: 50, levelChanged: [1, 3] },
    ]);
    const md = renderRepeatability([{ variant: REENCODE_VARIANTS[0]!, originalStrokes: 4, pairs: pairStrokes('c', 'v', a, b) }]);
    expect(md).toContain('3/4 strokes found again');
    expect(md).toContain('| trunk | deg/s | 3 | 20 | 50 | 1/3 |');
  });
});
