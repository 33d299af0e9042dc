/**
 * The slow-motion guess (slow-motion.ts) of a tennis drive on the video's clock: factor = 6.75 m/s ÷
 * peak hand speed (from 3×), or the trunk peak's lead ÷ 66 ms when it exceeds 0.1875 s with the hand
 * under 3 m/s; the larger wins. Once a cue fires, the factor calibrated on the analysis: where the
 * peak hand speed measured at a slowing factor reaches 6.75 m/s (interpolated in log factor).
 */
import { expect, test } from 'vitest';
import { judgeSlowMotion, MIN_PEAK_FRAMES } from '../../main/analysis/core/slow-motion-verdict.js';
import { calibratedFactor, guessSlowMotion, handPeakRun, slowMotionWarning, TYPICAL_DRIVE_HAND_MPS } from '../../main/analysis/core/slow-motion.js';

const SHORT_LEAD = 0.06; // a real-time lead: the trunk cue is silent

test('a tennis drive at 0.9 m/s on the video clock is guessed 7.5× slowed; 29.97 × 7.5 = 225 → 240 fps', () => {
  const g = guessSlowMotion({ sport: 'tennis', peakHandMps: 0.9, leadVideoS: SHORT_LEAD, fps: 29.97 });
  expect(TYPICAL_DRIVE_HAND_MPS).toBe(6.75);
  expect(g).toMatchObject({ basis: 'hand_speed', suggestedCaptureFps: 240 });
  expect(g?.factor).toBeCloseTo(7.5, 12);
  expect(g?.calibrated).toBe(false);
  expect(slowMotionWarning(g!, 29.97).detail).toMatch(/^the clip looks slowed down, at least about 7\.5×: the hand peaked at 0\.9 m\/s .* \(about 240 fps for this 30 fps file\)/);
});

test('the trunk lead wins when it gives the larger factor: 0.528 s / 66 ms = 8×', () => {
  const g = guessSlowMotion({ sport: 'tennis', peakHandMps: 1.8, leadVideoS: 0.528, fps: 29.97 });
  expect(g?.basis).toBe('trunk_lead');
  expect(g?.factor).toBeCloseTo(8, 12);
  expect(g?.suggestedCaptureFps).toBe(240);
  expect(slowMotionWarning(g!, 29.97).detail).toMatch(/the trunk reached its top rotation speed 528 ms of video before ball contact, while real strokes take 57–75 ms \(forehands: Landlinger et al. 2010; serves 58–75 ms: Fleisig et al. 2003\)/);
  // With the hand at 3 m/s or more the lead cue is gated off (a real-time dink's late trunk peak).
  expect(guessSlowMotion({ sport: 'tennis', peakHandMps: 3.2, leadVideoS: 0.6, fps: 30 })).toBeNull();
});

test('no guess for real-time speeds, at the 3× edge, for pickleball, or without a measured hand', () => {
  expect(guessSlowMotion({ sport: 'tennis', peakHandMps: 6, leadVideoS: SHORT_LEAD, fps: 30 })).toBeNull();
  expect(guessSlowMotion({ sport: 'tennis', peakHandMps: 2.26, leadVideoS: SHORT_LEAD, fps: 30 })).toBeNull(); // 2.99×
  expect(guessSlowMotion({ sport: 'tennis', peakHandMps: 2.25, leadVideoS: SHORT_LEAD, fps: 30 })?.factor).toBeCloseTo(3, 12);
  expect(guessSlowMotion({ sport: 'pickleball', peakHandMps: 0.5, leadVideoS: 0.6, fps: 30 })).toBeNull();
  expect(guessSlowMotion({ sport: 'tennis', peakHandMps: NaN, leadVideoS: 0.6, fps: 30 })).toBeNull();
  expect(guessSlowMotion({ sport: 'tennis', peakHandMps: 0, leadVideoS: 0.6, fps: 30 })).toBeNull();
});

test('calibration: the factor where the analysed peak hand speed reaches 6.75 m/s, interpolated in log factor', () => {
  // Measured shape (tennis_forehand_2, 2026-11-23): 1.77 m/s at 1×, 6.06 at 8×, 6.72 at 10×.
  // Here 6 m/s at 8× and 7.5 m/s at 12×: w = (6.75 − 6) / (7.5 − 6) = 0.5, factor = exp(mean of
  // ln 8 and ln 12) = √96 = 9.798.
  const speeds: Record<number, number> = { 1: 1.8, 2: 3, 3: 3.7, 4: 4.2, 6: 4.8, 8: 6, 12: 7.5, 16: 8.5 };
  expect(calibratedFactor((f) => speeds[f]!)).toBeCloseTo(Math.sqrt(96), 9);
  // A failed analysis at one factor is skipped: 6 m/s at 6× (8× NaN) to 7.5 at 12×: w = 0.5 → √72.
  expect(calibratedFactor((f) => (f === 8 ? NaN : { ...speeds, 6: 6 }[f]!))).toBeCloseTo(Math.sqrt(72), 9);
  expect(calibratedFactor(() => 7)).toBeNull(); // already typical on the video clock
  expect(calibratedFactor((f) => f * 0.1)).toBeNull(); // never reaches it by 16×

  const g = guessSlowMotion({ sport: 'tennis', peakHandMps: 1.8, leadVideoS: SHORT_LEAD, fps: 29.97, peakAt: (f) => speeds[f]! });
  expect(g).toMatchObject({ basis: 'hand_speed', calibrated: true, suggestedCaptureFps: 240 }); // 29.97 × 9.8 = 294 → 240
  expect(g?.factor).toBeCloseTo(Math.sqrt(96), 9);
  expect(slowMotionWarning(g!, 29.97).detail).toMatch(/^the clip looks slowed down, about 9\.8× \(analysed at that slowing, the hand peaks at a typical drive's speed\): the hand peaked at 1\.8 m\/s/);
  // The calibration only sizes a guess a cue made: a real-time speed gets none.
  expect(guessSlowMotion({ sport: 'tennis', peakHandMps: 6, leadVideoS: SHORT_LEAD, fps: 30, peakAt: (f) => speeds[f]! })).toBeNull();
});

test('the hand peak run: width at half the peak and the travel in it, the same on any clock', () => {
  // 30 fps: speeds 0, 1, 2, 4, 2, 1, 0 m/s; at or above 2 m/s: samples 2–4 (2 intervals, 1/15 s).
  const v = [0, 1, 2, 4, 2, 1, 0];
  const t = v.map((_, i) => i / 30);
  const r = handPeakRun(v, t, 3);
  expect(r.widthS).toBeCloseTo(2 / 30, 12);
  expect(r.travelM).toBeCloseTo((3 + 3) / 30, 12); // trapezoids (2+4)/2 and (4+2)/2, each 1/30 s
  // The same motion slowed 4× (speeds ÷ 4, times × 4) travels as far.
  expect(handPeakRun(v.map((x) => x / 4), t.map((x) => x * 4), 3).travelM).toBeCloseTo(r.travelM, 12);
  expect(handPeakRun(v, t, 0).widthS).toBeNaN(); // a zero "peak"
});

test('a guess whose hand peak lasts under 2 frames is withheld with the cannot-tell warning; a lasting one is kept', () => {
  const slowHand = { sport: 'tennis', peakHandMps: 1.2, leadVideoS: SHORT_LEAD, fps: 30 };
  // One interval above half the peak: a pose jump, not a swing (the 2.0× stock clip's 8.1× guess).
  const spike = judgeSlowMotion({ ...slowHand, peak: { widthS: 1 / 30, travelM: 0.04 } });
  expect(spike.guess).toBeNull();
  expect(spike.cannotTell).toMatchObject({ code: 'slow-motion-unknown', severity: 'notice', message: 'Could not tell whether this clip is slowed down; give the capture frame rate if it is.' });
  expect(spike.cannotTell?.detail).toMatch(/speed peak lasted 1\.0 frame \(fewer than 2\)/);
  // Two intervals and more: the guess stands (tennis_forehand_2's peak lasts 4.4 frames).
  for (const frames of [MIN_PEAK_FRAMES, 4.4, 19]) {
    const kept = judgeSlowMotion({ ...slowHand, peak: { widthS: frames / 30, travelM: 0.2 } });
    expect(kept.cannotTell).toBeNull();
    expect(kept.guess?.factor).toBeCloseTo(6.75 / 1.2, 12);
  }
  // No cue, no warning either way: a real-time hand with a one-frame peak reads real time.
  expect(judgeSlowMotion({ ...slowHand, peakHandMps: 6, peak: { widthS: 1 / 30, travelM: 0.2 } })).toEqual({ guess: null, cannotTell: null });
  // Without a measured peak the guess is guessSlowMotion's.
  expect(judgeSlowMotion(slowHand).guess).toEqual(guessSlowMotion(slowHand));
});

test('a real-time clip never gets a guess from the judge, whatever its peak width (speeds of 3–12 m/s on 25–60 fps)', () => {
  for (const fps of [25, 30, 60])
    for (const peakHandMps of [3, 4.5, 6, 9, 12])
      for (const frames of [1, 2, 5, 10]) {
        const v = judgeSlowMotion({ sport: 'tennis', peakHandMps, leadVideoS: SHORT_LEAD, fps, peak: { widthS: frames / fps, travelM: 1 } });
        expect(v.guess).toBeNull();
        expect(v.cannotTell).toBeNull();
      }
});
