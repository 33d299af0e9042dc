/**
 * The kinetic chain's peaks (chain.ts): near the clip's ends, a speed still highest where the
 * clip's smoothing window is cut short is not reported as a peak, and the feature says why; a
 * peak's time uncertainty spans the samples that tie with it.
 */
import { describe, expect, test } from 'vitest';
import { computeChain, peakSpread } from '../../main/analysis/technique/chain.js';
import type { Kinematics } from '../../main/analysis/core/kinematics.js';
import { peakMissingReason } from '../../main/analysis/technique/measure.js';
import type { SwingPhases } from '../../main/analysis/technique/phases.js';

const N = 60;
const t = Float64Array.from({ length: N }, (_, i) => i / 60);
/** A speed peaking at sample `peak` (Gaussian, σ 4 samples), deg/s or m/s. */
const bump = (peak: number, height: number) => Float64Array.from({ length: N }, (_, i) => height * Math.exp(-(((i - peak) / 4) ** 2) / 2));

function kin(hipPeak: number): Kinematics {
  return {
    t,
    videoT: t,
    pelvisYaw: Float64Array.from(t, (s) => 100 * s), // turning one way: the forward-swing direction is +
    trunkYaw: Float64Array.from(t, (s) => 100 * s),
    pelvisOmega: bump(hipPeak, 300),
    trunkOmega: bump(30, 500),
    hand: [],
    handPlane: [],
    handSpeed: bump(40, 20),
    handPoint: 'dominant_wrist',
    smoothHalf: 5, // 11-sample window at 60 fps: samples 0–2 and 57–59 are not searched
    gaps: [],
  };
}
const event = (index: number) => ({ index, t: t[index]!, confidence: 1, handMeasured: true, basis: 'rule' as const });
const phases = { contact: event(40), contactDetected: true, backswingEnd: event(0), followThroughEnd: event(55) } as unknown as SwingPhases;

describe('computeChain near the clip start', () => {
  test('a hip speed that peaks inside the clip keeps its peak', () => {
    const ch = computeChain(kin(12), phases);
    expect(ch.hip.peakIndex).toBe(12);
    expect(ch.hip.cutByClip).toBeUndefined();
    expect(ch.shoulder.peakIndex).toBe(30);
    expect(ch.wrist.peakIndex).toBe(40);
  });
  test('a hip speed highest at the first frames (peak before the clip) has no peak, and says why', () => {
    const ch = computeChain(kin(-5), phases);
    expect(ch.hip.peakIndex).toBe(-1);
    expect(ch.hip.cutByClip).toBe('start');
    expect(peakMissingReason(ch.hip, 'hip rotation')).toMatch(/^the clip starts too close to ball contact: the hip rotation speed is still highest where the clip begins/);
    expect(ch.shoulder.peakIndex).toBe(30);
  });
  test('a peak on the first searched sample when the forward swing starts later is a peak', () => {
    const later = { ...phases, backswingEnd: event(12) } as SwingPhases;
    const ch = computeChain(kin(-5), later);
    expect(ch.hip.peakIndex).toBe(12); // the window's own start, not the clip's edge
    expect(ch.hip.cutByClip).toBeUndefined();
  });
});

describe('peakSpread: the uncertainty of a peak time', () => {
  const t = Float64Array.from({ length: 9 }, (_, i) => i / 100);
  // Peak 10 at sample 3; its parabola (9.5, 10, 9.2) puts the peak at 0.03 − 0.1154 × 0.01 s.
  const top = 0.03 - (0.5 * (9.5 - 9.2)) / 1.3 / 100;
  test('a second hump within 10 % of the peak makes the peak time as uncertain as their distance', () => {
    const v = [0, 5, 9.5, 10, 9.2, 3, 0, 9.1, 2];
    expect(peakSpread(v, t, 0, 8, 3, 0.005)).toBeCloseTo(0.07 - top, 9);
  });
  test('a single peak is known to its own flat top, and never better than the floor', () => {
    const v = [0, 5, 9.5, 10, 9.2, 3, 0, 8.9, 2];
    expect(peakSpread(v, t, 0, 8, 3, 0.005)).toBeCloseTo(0.04 - top, 9);
    expect(peakSpread(v, t, 0, 8, 3, 0.02)).toBe(0.02);
  });
  test('samples outside the search do not count', () => {
    const v = [0, 5, 9.5, 10, 9.2, 3, 0, 9.1, 2];
    expect(peakSpread(v, t, 0, 6, 3, 0.005)).toBeCloseTo(0.04 - top, 9);
  });
});
