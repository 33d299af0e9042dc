/**
 * The second pass's frame choice (which window frames BlazePose runs on, at 30 and 60 images/s)
 * and the fill of the frames it skips (second-pass-cadence.ts).
 */
import { describe, expect, it } from 'vitest';
import { DENSE_AFTER_S, DENSE_BEFORE_S, fillSkipped, secondPassRuns, secondPassSparseRate, SPARSE_IMAGES_PER_S } from '../../main/engine/tracking/second-pass-cadence.js';
import type { StrokeWindows } from '../../main/engine/tracking/stroke-windows.js';
import type { BlazePoseResult, Crop } from '../../main/engine/inference/index.js';

const crop: Crop = { cx: 1, cy: 1, side: 1 };
const times = (n: number, fps: number) => Float64Array.from({ length: n }, (_, f) => f / fps);
const windows = (a: number, b: number, peak: number, more: Partial<StrokeWindows> = {}): StrokeWindows => ({ ranges: [[a, b]], contacts: [peak], wholeClip: false, short: false, fastest: false, ...more });
const ran = (run: Uint8Array) => [...run.keys()].filter((f) => run[f]);
const evens = (a: number, b: number, step = 2) => Array.from({ length: Math.floor((b - a) / step) + 1 }, (_, i) => a + i * step);
const range = (a: number, b: number) => evens(a, b, 1);

describe('second-pass frame choice', () => {
  it('dense span: 0.4 s before and 0.2 s after the peak (decided from the analysis spans); off by default (eval lost a contact)', () => {
    expect([DENSE_BEFORE_S, DENSE_AFTER_S, SPARSE_IMAGES_PER_S]).toEqual([0.4, 0.2, 0]);
    const crops = new Array<Crop | undefined>(300).fill(crop);
    expect(ran(secondPassRuns(crops, windows(128, 172, 150), times(300, 30)))).toEqual(range(128, 172));
  });

  it('30 images/s at 15 per s: every image from 0.4 s before to 0.2 s after the peak, every other one elsewhere, both range ends', () => {
    const crops = new Array<Crop | undefined>(300).fill(crop);
    const run = secondPassRuns(crops, windows(128, 172, 150), times(300, 30), 1, 15);
    expect(ran(run)).toEqual([...evens(128, 136), ...range(138, 156), ...evens(158, 172)]);
  });

  it('30 images/s at 30 per s: every image of the window', () => {
    const crops = new Array<Crop | undefined>(300).fill(crop);
    expect(ran(secondPassRuns(crops, windows(128, 172, 150), times(300, 30), 1, 30))).toEqual(range(128, 172));
  });

  it('60 images/s: every image near the peak; every other one at 30 per s and every fourth at 15 per s elsewhere', () => {
    const crops = new Array<Crop | undefined>(600).fill(crop);
    const w = windows(255, 345, 300);
    expect(ran(secondPassRuns(crops, w, times(600, 60), 1, 30))).toEqual([...evens(255, 275), ...range(276, 312), ...evens(314, 344), 345]);
    expect(ran(secondPassRuns(crops, w, times(600, 60), 1, 15))).toEqual([...evens(255, 275, 4), ...range(276, 312), ...evens(316, 340, 4), 344, 345]);
  });

  it('59.94 images/s (frame times not round) at 30 per s: still every other image', () => {
    const crops = new Array<Crop | undefined>(600).fill(crop);
    const t = Float64Array.from({ length: 600 }, (_, f) => (f * 1001) / 60000);
    const run = ran(secondPassRuns(crops, windows(255, 345, 300), t, 1, 30));
    expect(run.filter((f) => f < 270)).toEqual(evens(255, 269));
  });

  it('real time, not video time: a 4× slowed clip at 120 video images/s is dense over 4× the frames', () => {
    const crops = new Array<Crop | undefined>(1200).fill(crop);
    const run = secondPassRuns(crops, windows(400, 800, 600), times(1200, 120), 0.25, 15);
    expect(run.subarray(600 - 192, 600 + 97).every((r) => r === 1)).toBe(true); // 0.4 real s = 1.6 video s = 192 frames
    expect(run[600 - 194]).toBe(0);
  });

  it('every image of a short clip, of the fastest-frame fallback, or at rate 0', () => {
    const crops = new Array<Crop | undefined>(90).fill(crop);
    const t = times(90, 30);
    expect(ran(secondPassRuns(crops, windows(0, 89, 45, { short: true }), t, 1, 15))).toEqual(range(0, 89));
    expect(ran(secondPassRuns(crops, windows(0, 89, 45, { fastest: true }), t, 1, 15))).toEqual(range(0, 89));
    expect(ran(secondPassRuns(crops, windows(0, 89, 45), t, 1, 0))).toEqual(range(0, 89));
  });

  it('frames without a crop (repeated images, no fast pose) are never run; a hole makes its neighbour run', () => {
    const crops = new Array<Crop | undefined>(300).fill(crop);
    crops[130] = undefined; // e.g. a repeated image
    const run = ran(secondPassRuns(crops, windows(128, 137, 150), times(300, 30), 1, 15));
    expect(run).toEqual([128, 129, 131, 133, 135, 137]);
  });

  it('the override SWING_SECOND_PASS_SPARSE_IPS', () => {
    expect(secondPassSparseRate({})).toBe(SPARSE_IMAGES_PER_S);
    expect(secondPassSparseRate({ SWING_SECOND_PASS_SPARSE_IPS: '0' })).toBe(0);
    expect(secondPassSparseRate({ SWING_SECOND_PASS_SPARSE_IPS: '30' })).toBe(30);
    expect(secondPassSparseRate({ SWING_SECOND_PASS_SPARSE_IPS: '-1' })).toBe(SPARSE_IMAGES_PER_S);
    expect(secondPassSparseRate({ SWING_SECOND_PASS_SPARSE_IPS: 'x' })).toBe(SPARSE_IMAGES_PER_S);
  });
});

describe('fill of the skipped frames', () => {
  const result = (v: number, score: number, flag: number): BlazePoseResult => ({ xy: new Float32Array(78).fill(v), score: new Float32Array(39).fill(score), world: new Float32Array(117).fill(-v / 10), poseFlag: flag });

  it('linear in time between the run neighbours (2D and world), the smaller score and pose flag', () => {
    const crops = new Array<Crop | undefined>(6).fill(crop);
    const run = Uint8Array.from([1, 0, 0, 1, 0, 0]);
    const out: (BlazePoseResult | undefined)[] = [result(0, 0.9, 0.99), undefined, undefined, result(30, 0.6, 0.8), undefined, undefined];
    const t = Float64Array.from([0, 0.01, 0.03, 0.06, 0.07, 0.08]);
    expect(fillSkipped(out, crops, run, t)).toBe(2);
    expect(out[1]!.xy[0]).toBeCloseTo(5, 5);
    expect(out[2]!.xy[77]).toBeCloseTo(15, 5);
    expect(out[2]!.world[5]).toBeCloseTo(-1.5, 5);
    expect(out[1]!.score[3]).toBeCloseTo(0.6, 6);
    expect(out[1]!.poseFlag).toBeCloseTo(0.8, 6);
    expect(out[4]).toBeUndefined(); // no run frame after it: the fast pass's pose stands
    expect(out[0]!.xy[0]).toBe(0); // run frames untouched
  });

  it('a frame without a crop (repeated image) is not filled; its neighbours still are', () => {
    const crops: (Crop | undefined)[] = [crop, crop, undefined, crop, crop];
    const run = Uint8Array.from([1, 0, 0, 0, 1]);
    const out: (BlazePoseResult | undefined)[] = [result(0, 1, 1), undefined, undefined, undefined, result(40, 1, 1)];
    expect(fillSkipped(out, crops, run, times(5, 30))).toBe(2);
    expect(out[2]).toBeUndefined();
    expect(out[1]!.xy[0]).toBeCloseTo(10, 4);
    expect(out[3]!.xy[0]).toBeCloseTo(30, 4);
  });
});
