/**
 * The slow-motion guess (slow-motion.ts) from a drive's peak hand speed on the video's clock:
 * factor = 6.75 m/s ÷ peak, reported from 3× on, tennis only.
 */
import { expect, test } from 'vitest';
import { guessSlowMotion, slowMotionWarning, TYPICAL_DRIVE_HAND_MPS } from '../../main/analysis/slow-motion.js';

test('a tennis drive at 0.9 m/s on the video clock is guessed 7.5× slowed; 29.97 × 7.5 = 225 → 240 fps', () => {
  const g = guessSlowMotion({ sport: 'tennis', peakHandMps: 0.9, fps: 29.97 });
  expect(TYPICAL_DRIVE_HAND_MPS).toBe(6.75);
  expect(g?.factor).toBeCloseTo(7.5, 12);
  expect(g?.suggestedCaptureFps).toBe(240);
  expect(slowMotionWarning(g!, 29.97)).toMatch(/^the clip looks slowed down, at least about 7\.5×: the hand peaked at 0\.9 m\/s .* \(at least about 240 fps for this 30 fps file\)/);
});

test('no guess for real-time speeds, at the 3× edge, for pickleball, or without a measured hand', () => {
  expect(guessSlowMotion({ sport: 'tennis', peakHandMps: 6, fps: 30 })).toBeNull();
  expect(guessSlowMotion({ sport: 'tennis', peakHandMps: 2.26, fps: 30 })).toBeNull(); // 2.99×
  expect(guessSlowMotion({ sport: 'tennis', peakHandMps: 2.25, fps: 30 })?.factor).toBeCloseTo(3, 12);
  expect(guessSlowMotion({ sport: 'pickleball', peakHandMps: 0.5, fps: 30 })).toBeNull();
  expect(guessSlowMotion({ sport: 'tennis', peakHandMps: NaN, fps: 30 })).toBeNull();
  expect(guessSlowMotion({ sport: 'tennis', peakHandMps: 0, fps: 30 })).toBeNull();
});
