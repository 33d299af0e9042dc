/** Real-time conversion and matching of detected strokes to labels, with hand-computed values. */
import { describe, expect, it } from 'vitest';
import { framesToRealS, matchStrokes } from './match-strokes.js';

describe('framesToRealS', () => {
  it('converts video frames to real seconds with the slow-motion factor', () => {
    expect(framesToRealS(3, 30, 0.25)).toBeCloseTo(0.025, 12); // 3/30 s of video × 0.25
    expect(framesToRealS(-10, 29.97, 0.13)).toBeCloseTo(-0.043377, 6); // −10/29.97 × 0.13
  });
  it('refuses a non-positive rate or factor', () => {
    expect(() => framesToRealS(1, 0, 1)).toThrow(RangeError);
    expect(() => framesToRealS(1, 30, 0)).toThrow(RangeError);
  });
});

describe('matchStrokes', () => {
  it('matches within 0.15 s real time, one to one, closest first', () => {
    // 100↔102: 2 frames = 0.067 s (match); 305↔300: 5 frames = 0.167 s (> 0.15 s, no match).
    const r = matchStrokes([100, 200, 305], [102, 300], 30, 1);
    expect(r.matches).toEqual([{ detected: 0, label: 0, errorFrames: -2 }]);
    expect(r.falsePositives).toEqual([1, 2]);
    expect(r.missed).toEqual([1]);
    expect(r.precision).toBeCloseTo(1 / 3, 12);
    expect(r.recall).toBe(0.5);
  });
  it('measures the tolerance in real time on a slowed clip', () => {
    // At factor 0.5, 5 frames at 30 fps = 0.083 s real: 305↔300 now matches.
    const r = matchStrokes([100, 200, 305], [102, 300], 30, 0.5);
    expect(r.matches.map((m) => m.errorFrames)).toEqual([-2, 5]);
    expect(r.precision).toBeCloseTo(2 / 3, 12);
    expect(r.recall).toBe(1);
  });
  it('gives a label to one detection only', () => {
    const r = matchStrokes([100, 101], [100], 30, 1);
    expect(r.matches).toEqual([{ detected: 0, label: 0, errorFrames: 0 }]);
    expect(r.falsePositives).toEqual([1]);
  });
  it('reports NaN precision with no detection', () => {
    const r = matchStrokes([], [10], 25, 1);
    expect(r.precision).toBeNaN();
    expect(r.recall).toBe(0);
  });
});
