/**
 * A clip that looks slowed, without its capture rate (main/analysis/guessed-clock.ts): a synthetic
 * forehand built at 240 images per real second and played as a 30 fps video (8× slow motion; every
 * timestamp × 8). The slow-motion guess fires; the angles, lengths and contact must be those of the
 * analysis at the guessed capture rate, the speeds and the chain timing left out, the speed series
 * on the video's clock, and no capture rate echoed.
 */
import { expect, test } from 'vitest';
import { computeTechniqueResult, type AnalysisInput } from '../../main/analysis/index.js';
import { CLOCK_UNITS } from '../../main/analysis/core/slow-motion.js';
import type { TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { synthTracks } from './support/synthetic.js';

const SLOW = 8;
const META: TechniqueRequestMetadata = { uid: 'slowed-guess', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1750 };

/** The 240 fps synthetic swing as an 8× slowed 30 fps video. */
function slowedClip(): AnalysisInput {
  const t = synthTracks({ kneeFlexDeg: 40, fps: 240 });
  const slow = (tr: typeof t.pose2d) => ({ ...tr, timestamps: tr.timestamps.map((s) => s * SLOW) });
  return { ...t, pose2d: slow(t.pose2d), pose3d: slow(t.pose3d), fps: 240 / SLOW, meta: META };
}

test('angles, lengths and contact on the guessed clock; speeds left out; no capture rate echoed', () => {
  const raw = slowedClip();
  const out = computeTechniqueResult(raw);
  const g = out.result.slow_motion_guess!;
  // The synthetic hand is slower than a real drive's, so the calibrated guess is under 8× (4.4×).
  expect(g.factor).toBeGreaterThanOrEqual(2);
  expect(out.result.capture_fps).toBeUndefined();
  const atGuess = computeTechniqueResult({ ...raw, meta: { ...META, capture_fps: raw.fps * g.factor } });
  expect(out.contact.frame).toBe(atGuess.contact.frame);
  const notClock = atGuess.result.features.filter((f) => !CLOCK_UNITS.has(String(f.unit)));
  expect(notClock.length).toBeGreaterThanOrEqual(5);
  expect(out.result.features.map((f) => f.feature_name)).toEqual(notClock.map((f) => f.feature_name));
  for (const f of notClock) {
    const mine = out.result.features.find((x) => x.feature_name === f.feature_name)!;
    // The result's factor is rounded to 0.1: the analysis ran at the unrounded one.
    expect(Math.abs(mine.value - f.value), f.feature_name).toBeLessThanOrEqual(0.02 * Math.abs(f.value) + 0.5);
  }
  const left = out.result.features_left_out ?? [];
  for (const name of ['pelvis_rotation_speed', 'trunk_rotation_speed', 'wrist_speed', 'kinetic_chain_sequence']) {
    expect(left.find((l) => l.feature_name === name)?.reason, name).toMatch(/^the clip looks slowed down about \d+\.\d×, so speeds and timings on the video's clock are not the player's/);
  }
  expect(out.warnings[0]?.detail).toMatch(/^the clip looks slowed down/);
  // The speed series stay on the video's clock: the hand's peak there is the guessed clock's ÷ the factor.
  const video = out.result.wrist_speed!.peak_speed;
  const real = atGuess.result.wrist_speed!.peak_speed;
  expect(real! / video!).toBeGreaterThan(g.factor / 1.5);
});
