/**
 * The result of a clip that looks slowed (slow-motion.ts `guessSlowMotion` fired; no capture
 * rate given): its angles, lengths and events are measured on the GUESSED clock, its speeds and
 * timings are left out.
 *
 * Why the guessed clock: smoothing (1/6 s), gap bridging (0.25 s) and the event searches (swing
 * windows 0.3 s, backswing walk-back) are sized in real seconds. On the video's clock of an 8×
 * slowed clip they span an eighth of the motion they were sized for, so the end of the backswing
 * lands on a wiggle and the features measured there move (measured with `npm run eval`,
 * 2026-11-23, "Slow motion guessed": on the labelled slowed strokes, analysed without their
 * capture rate, the features not on the clock that get the level the analysis with the labels'
 * rate gives: 18/24 on the video's clock, 22/24 on the guessed clock; tennis_forehand_1 frame
 * 472's hip–shoulder separation 32° on the video's clock, 47° on both the others). The guessed
 * factor is a heuristic but far nearer the truth than 1 (within 1.5× of the label on the slowed
 * strokes it fires on), so everything that does not scale with the clock is measured on it; what
 * does (deg/s, m/s, s) is still left out: a guess is not a measurement.
 *
 * The speed series (kinetic_chain, wrist_speed) stay on the video's clock, as the warning and the
 * left-out reasons say ("speeds and timings on the video's clock are not scored").
 */
import type { LeftOutFeature, TechniqueResult } from '../../contract/technique-schema.js';
import { aggregateCategories, leftOutWarning, recordLeftOut } from './build.js';
import { sameWarning } from '../../contract/warning.js';
import { slowedClockReason, slowMotionWarning, type SlowMotionGuess } from '../core/index.js';
import type { TechniqueOutput } from './swing-technique.js';

/**
 * The output for a slowed-looking clip: `guessed` (the same analysis with capture_fps = fps ×
 * guess.factor) with its capture rate removed, the guess recorded, the features on the clock
 * (`onClock`: feature_name → human-readable name, those whose unit is in slow-motion.ts
 * CLOCK_UNITS) left out with {@link slowedClockReason} whether `guessed` measured them or not,
 * and the speed series of `video` (the analysis on the video's clock). When `guessed` measured
 * nothing but clock features, `video` is returned as it is (a result needs one feature).
 * @param fps the video's frame rate, frames/s (for the warning's suggested capture rate).
 */
export function onGuessedClock(video: TechniqueOutput, guessed: TechniqueOutput, g: SlowMotionGuess, fps: number, onClock: ReadonlyMap<string, string>): TechniqueOutput {
  const features = guessed.result.features.filter((f) => !onClock.has(f.feature_name));
  if (features.length === 0) return video;
  // The left-out warnings of the clock features are found from features_left_out (never by reading the text).
  const dropped = (guessed.result.features_left_out ?? []).filter((l) => onClock.has(l.feature_name)).map(leftOutWarning);
  const warnings = [slowMotionWarning(g, fps), ...guessed.warnings.filter((w) => !dropped.some((d) => sameWarning(d, w)))];
  const leftOut: LeftOutFeature[] = (guessed.result.features_left_out ?? []).filter((l) => !onClock.has(l.feature_name));
  for (const [name, human] of onClock) recordLeftOut({ feature_name: name, feature_human_readable_name: human, reason: slowedClockReason(g) }, warnings, leftOut);
  const { capture_fps: _rate, ...rest } = guessed.result;
  const result: TechniqueResult = {
    ...rest,
    features,
    feature_categories: aggregateCategories(features),
    kinetic_chain: video.result.kinetic_chain,
    wrist_speed: video.result.wrist_speed,
    features_left_out: leftOut,
    slow_motion_guess: { factor: Math.round(g.factor * 10) / 10, suggested_capture_fps: g.suggestedCaptureFps },
  };
  return { ...guessed, result, warnings };
}
