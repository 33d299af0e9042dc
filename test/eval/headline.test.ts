/** Issue 26's per-clip figures and headline (figures.ts, headline.ts) on hand-made clip outcomes. */
import { describe, expect, it } from 'vitest';
import type { CoachRun } from './coach-run.js';
import { DETECTOR, guessRight, measureClip, type GroupedStroke } from './figures.js';
import { aggregateFigures, fitDetectionFloor, locoAsShipped, locoDetectionFloor, typeOrders } from './headline.js';
import { matchStrokes } from './match-strokes.js';
import type { ClipEvents } from './report.js';
import type { StrokeOutcome } from './strokes.js';

const run = (error: string | null, guessedFactor: number | null = null): CoachRun => ({ swingType: 'forehand_drive', captureFps: null, contactFrame: error ? null : 10, strokes: [], guessedFactor, error });

/** A real-time 30 fps clip with labels at `labels` (errors of their window contacts in `errors`) and detections with confidences. */
function clip(name: string, labels: number[], errors: (number | null)[], detections: [number, number][], error: string | null = null): ClipEvents {
  const frames = detections.map(([f]) => f);
  const match = matchStrokes(frames, labels, 30, 1);
  return {
    clip: name,
    fps: 30,
    slowMotionFactor: 1,
    strokes: labels.map((f, i) => ({ label: { contact_frame: f }, errorFrames: errors[i], features: [], group: 'pro', type: 'tennis forehand' }) as unknown as StrokeOutcome),
    detectors: [{ name: DETECTOR, detectedFrames: frames, confidences: detections.map(([, c]) => c), match, sides: match.matches.map(() => ['forehand', 'forehand']) }],
    coach: run(error),
    guessRun: run(error),
  };
}

describe('guessRight', () => {
  it('wants a guess within 1.5× on a clip slowed ≥ 2× and none on a real-time clip', () => {
    expect(guessRight(7.7, 9.4)).toBe(true);
    expect(guessRight(2, 3)).toBe(true); // exactly 1.5×
    expect(guessRight(2, 3.1)).toBe(false);
    expect(guessRight(3.2, null)).toBe(false);
    expect(guessRight(1, null)).toBe(true);
    expect(guessRight(1, 3.2)).toBe(false);
  });
});

describe('typeOrders', () => {
  const s = (type: string, group: GroupedStroke['group'], meanScore: number | null): GroupedStroke => ({ stroke: 'x', type, group, meanScore, high: 0, features: 0 });
  it('tests only types with scored strokes of both groups, unknown strokes aside', () => {
    const t = typeOrders([s('tennis forehand', 'pro', 70), s('tennis forehand', 'pro', 80), s('tennis forehand', 'amateur', 60), s('tennis forehand', 'unknown', 90), s('tennis serve', 'pro', null), s('tennis serve', 'amateur', 50), s('pickleball dink', 'pro', 60), s('pickleball dink', 'amateur', 65)]);
    expect(t).toEqual([
      { type: 'pickleball dink', pro: [60], amateur: [65], ordered: false },
      { type: 'tennis forehand', pro: [70, 80], amateur: [60], ordered: true },
    ]);
  });
});

describe('clip figures and the headline', () => {
  // a: labels 100, 200; detections 101 (0.9), 300 (0.2: a false positive). b: label 50; detection 52 (0.3). c: ends in an error.
  const clips = [clip('a.mp4', [100, 200], [1, 3], [[101, 0.9], [300, 0.2]]), clip('b.mp4', [50], [2], [[52, 0.3]]), clip('c.mp4', [10], [null], [], 'no forehand drive in the clip')];
  it('counts errors, contacts within ±2 frames, precision and recall', () => {
    const h = aggregateFigures(clips.map((c) => measureClip({ detectionFloor: 0 }, c)));
    expect(h.clipsInError).toEqual([1, 3]);
    expect(h.contact).toEqual([2, 4]); // errors 1, 3, 2, none
    expect(h.precision).toEqual([2, 3]);
    expect(h.recall).toEqual([2, 4]);
    expect(h.matchedContact).toEqual([2, 2]);
    expect(h.realTimeNoGuess).toEqual([3, 3]);
  });
  it('drops detections below the floor without re-matching their labels', () => {
    const f = measureClip({ detectionFloor: 0.25 }, clips[0]!);
    expect([f.detected, f.matched]).toEqual([1, 1]);
    expect(measureClip({ detectionFloor: 0.5 }, clips[1]!).matched).toBe(0);
  });
  it('fits the floor on the training clips only: left out differs from in sample', () => {
    // On all clips F1 is best at 0.3 (drops 300, keeps 52). Without a: 0 (nothing to drop). Without b: the candidates
    // are 0, 0.2, 0.9 (b's 0.3 unseen) and 0.9 is best (F1 2/4 against 2/5), which drops b's own detection.
    expect(fitDetectionFloor(clips.map((c) => ({ clip: c.clip, data: c }))).detectionFloor).toBe(0.3);
    const r = locoDetectionFloor(clips);
    expect(r.folds.map((f) => f.constants.detectionFloor)).toEqual([0, 0.9, 0.3]);
    expect([r.inSample.precision, r.inSample.recall]).toEqual([[2, 2], [2, 4]]);
    expect([r.leftOut.precision, r.leftOut.recall]).toEqual([[1, 2], [1, 4]]); // a keeps its false positive, b loses its stroke
    const shipped = locoAsShipped(clips);
    expect(shipped.leftOut).toEqual(shipped.inSample);
  });
});
