/** The value → score → level map and the signal tools, on inputs with exact answers. */
import { describe, expect, test } from 'vitest';
import { levelOf, position, scoreValue, valueRanges, type Reference } from '../../main/analysis/technique/scoring.js';
import { REFERENCES } from '../../main/analysis/technique/references.js';
import { centralDiff, fillGaps, hampel, parabolaVertex, peakTime, savitzkyGolay, unwrap } from '../../main/analysis/core/signal.js';
import { SPORTS } from '../../main/contract/technique-schema.js';

const KNEE: Reference = { breakpoints: [0, 10, 20, 30, 50], beyond: 'mirror', source: 'test' };
const TILT: Reference = { breakpoints: [45, 28, 18, 10, 0], beyond: 'clamp', source: 'test' };

describe('scoring', () => {
  test('piecewise-linear inside each level band', () => {
    expect(scoreValue(0, KNEE)).toBe(0);
    expect(scoreValue(5, KNEE)).toBe(20);
    expect(scoreValue(15, KNEE)).toBe(50);
    expect(scoreValue(25, KNEE)).toBe(70);
    expect(scoreValue(40, KNEE)).toBe(90);
    expect(scoreValue(50, KNEE)).toBe(100);
  });
  test('mirror past the professional end, clamp otherwise; descending scales', () => {
    expect(scoreValue(60, KNEE)).toBe(90);
    expect(scoreValue(-5, KNEE)).toBe(0);
    expect(scoreValue(5, TILT)).toBe(90);
    expect(scoreValue(-3, TILT)).toBe(100);
    expect(scoreValue(60, TILT)).toBe(0);
  });
  test('levels, ranges and position', () => {
    expect([0, 39.9, 40, 60, 80, 100].map(levelOf)).toEqual(['beginner', 'beginner', 'intermediate', 'advanced', 'professional', 'professional']);
    expect(valueRanges(TILT)).toEqual({ beginner: [28, 45], intermediate: [18, 28], advanced: [10, 18], professional: [0, 10] });
    expect(position(12, KNEE)).toBe('short');
    expect(position(35, KNEE)).toBe('ideal');
    expect(position(70, KNEE)).toBe('over');
  });
  test('every reference of every sport is monotone and names a source', () => {
    for (const [name, bySport] of Object.entries(REFERENCES)) {
      for (const sport of SPORTS) {
        const ref = bySport[sport];
        const b = ref.breakpoints;
        const asc = b[4] > b[0];
        for (let i = 0; i < 4; i++) expect(asc ? b[i + 1]! > b[i]! : b[i + 1]! < b[i]!, `${name}/${sport}`).toBe(true);
        expect(ref.source.length, `${name}/${sport}`).toBeGreaterThan(40);
      }
    }
  });
});

describe('signal', () => {
  const t = Float64Array.from({ length: 11 }, (_, i) => i * 0.1);
  test('central differences on real timestamps', () => {
    const x = t.map((v) => 3 * v + 1);
    expect(Array.from(centralDiff(x, t)).every((d) => Math.abs(d - 3) < 1e-9)).toBe(true);
    const uneven = Float64Array.from([0, 0.1, 0.3, 0.35, 0.5]);
    expect(Array.from(centralDiff(uneven.map((v) => 2 * v), uneven)).every((d) => Math.abs(d - 2) < 1e-9)).toBe(true);
  });
  test('Savitzky–Golay keeps quadratics exactly (full windows) and damps frame-to-frame zigzag', () => {
    const q = t.map((v) => v * v - v);
    const s = savitzkyGolay(q, 5);
    for (let i = 2; i < q.length - 2; i++) expect(s[i]).toBeCloseTo(q[i]!, 9);
    expect(s[0]).toBe(q[0]);
    const zigzag = Float64Array.from({ length: 11 }, (_, i) => (i % 2 ? 1 : -1));
    // 5-point quadratic SG gain at the Nyquist frequency: (17 − 2·12 − 2·3) / 35 = −13/35.
    expect(savitzkyGolay(zigzag, 5)[5]).toBeCloseTo(-13 / 35, 12);
  });
  test('gap filling bridges short gaps only', () => {
    const { filled, unfilled } = fillGaps([1, NaN, 3, NaN, NaN, NaN, NaN, 8], 2);
    expect(filled[1]).toBe(2);
    expect(Number.isNaN(filled[4])).toBe(true);
    expect(unfilled).toEqual([[3, 6]]);
  });
  test('Hampel removes a one-frame spike and keeps a ramp', () => {
    const ramp = Array.from({ length: 12 }, (_, i) => i * 0.1);
    expect(hampel(ramp, 3, 3, 0.03).removed).toBe(0);
    const spiky = [...ramp];
    spiky[6] = 2;
    const { out, removed } = hampel(spiky, 3, 3, 0.03);
    expect(removed).toBe(1);
    expect(Number.isNaN(out[6])).toBe(true);
  });
  test('unwrap and sub-frame peak', () => {
    expect(Array.from(unwrap([3, -3, -2.5]), (v) => Math.round(v * 1000) / 1000)).toEqual([3, 3.283, 3.783]);
    // Parabola peaking at t = 0.25 sampled every 0.1 s.
    const y = t.map((v) => -((v - 0.25) ** 2));
    expect(peakTime(y, t, 2)).toBeCloseTo(0.25, 9);
  });
  test('parabola vertex: least squares over a plateau, NaN when there is no maximum inside', () => {
    const ts = Array.from({ length: 21 }, (_, i) => i * 0.05);
    // 5 − 3 (t − 0.437)², exact: the vertex is 0.437 whatever samples are used.
    const exact = ts.map((v) => 5 - 3 * (v - 0.437) ** 2);
    expect(parabolaVertex(ts, exact, 3, 15)).toBeCloseTo(0.437, 9);
    // Alternating ±0.01 noise on 7 samples around 0.45 (t = 0.3…0.6): by hand, the fit's b and a
    // give a vertex of 0.4500 (the noise is symmetric about the window's centre).
    const noisy = ts.map((v, i) => 1 - (v - 0.45) ** 2 + (i % 2 ? 0.01 : -0.01));
    expect(parabolaVertex(ts, noisy, 6, 12)).toBeCloseTo(0.45, 6);
    expect(parabolaVertex(ts, exact, 5, 8)).toBeNaN(); // 4 samples
    expect(parabolaVertex(ts, ts.map((v) => v * v), 0, 10)).toBeNaN(); // opens upward
    expect(parabolaVertex(ts, exact, 12, 20)).toBeNaN(); // vertex before the samples
    expect(parabolaVertex(ts, exact.map((v, i) => (i === 9 ? NaN : v)), 6, 12)).toBeCloseTo(0.437, 9);
  });
});

describe('gap warnings', () => {
  test('merge overlapping and adjacent holes into one warning per series', async () => {
    const { gapWarnings } = await import('../../main/analysis/technique/swing-technique.js');
    const frameNr = Int32Array.from({ length: 300 }, (_, i) => i);
    const gaps = [
      { series: 'hand', from: 134, to: 145 },
      { series: 'hand', from: 122, to: 130 },
      { series: 'hand', from: 135, to: 145 },
      { series: 'hand', from: 122, to: 132 },
      { series: 'hand', from: 56, to: 73 },
      { series: 'hand', from: 146, to: 150 },
      { series: 'pelvis', from: 10, to: 12 },
    ];
    expect(gapWarnings(gaps, frameNr).map((w) => w.detail)).toEqual([
      'no hand measurement in frames 56–73, 122–132, 134–150; speeds there are reported as 0',
      'no pelvis measurement in frames 10–12; speeds there are reported as 0',
    ]);
  });
});
