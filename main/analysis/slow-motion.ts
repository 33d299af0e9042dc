/**
 * Slow motion. With the capture frame rate (`capture_fps`) the analysis runs in real seconds
 * (timebase.ts: real seconds per video second = fps / capture_fps). Without it, a slowed clip
 * shows itself in the stroke's speed: a tennis drive's hand moves several metres per second
 * (the wrist_speed bands, references.ts, from Landlinger et al. 2010's shoulder 2.5–3.0 m/s and
 * racquet 31–33 m/s), so a detected drive whose peak hand speed on the video's clock is a few
 * times below a typical drive's plays slower than life, and the ratio estimates by how much.
 *
 * The factor is a lower bound: on the video's clock the speeds are smoothed over fewer samples
 * and the pose's frame-to-frame jitter adds speed, so a slowed hand reads faster than its real
 * speed ÷ the factor. Measured on the labelled strokes (npm run eval, 2026-11-23): tennis_forehand_2
 * (≈ 7.7× by the ball's flight) is guessed 3.8×; tennis_forehand_1 (≈ 3.6×) is not guessed (its
 * hand reads 2.6–3.5 m/s, as fast as a real-time two-handed backhand whose hitting hand is hidden,
 * 2.6 m/s); no real-time stroke (7) is guessed.
 *
 * Earlier rule (until 2026-11-23): the trunk's speed peak leading contact by more than 2.5 × 75 ms
 * of video. On the second-pass pose the trunk peak of tennis_forehand_2 landed 3 frames before
 * contact and the rule stopped firing.
 */

/**
 * Typical peak hand speed of a tennis drive relative to the pelvis, m/s: the middle of the
 * advanced band (5.5–8 m/s) of `wrist_speed` (references.ts, a heuristic between Landlinger et
 * al. 2010's shoulder and racquet speeds). The factor is this divided by the measured peak.
 */
export const TYPICAL_DRIVE_HAND_MPS = 6.75;
/**
 * Smallest estimated slowing that is reported, ×: a factor of 3 means a drive at 2.25 m/s on the
 * video's clock, below the whole beginner band's middle; milder slowing is not told apart from a
 * gentle stroke (a mini-tennis rally ball), so the capture rate must be given then.
 */
export const MIN_GUESS_FACTOR = 3;

/** Capture rates cameras offer, frames/s: the estimate is rounded to the nearest (in ratio). */
export const COMMON_CAPTURE_FPS = [60, 120, 240, 480, 960] as const;

/** Real seconds per video second for a clip shown at `fps` and recorded at `captureFps` (1 without it). @throws RangeError for a rate ≤ 0. */
export function realSecondsPerVideoSecond(fps: number, captureFps: number | undefined): number {
  if (captureFps === undefined) return 1;
  if (!(captureFps > 0) || !(fps > 0)) throw new RangeError(`capture_fps and fps must be > 0 (got ${captureFps} and ${fps})`);
  return fps / captureFps;
}

/** A likely slowed clip: the estimated slowing factor and the capture rate it suggests. */
export interface SlowMotionGuess {
  /** Video seconds per real second, a lower bound (module doc), e.g. 3.8 for a clip slowed about 8×. */
  factor: number;
  /** The common capture rate nearest to fps × factor, frames/s. */
  suggestedCaptureFps: number;
  /** The measured peak hand speed of the stroke on the video's clock, m/s. */
  peakHandMps: number;
}

/**
 * Guesses slow motion of a tennis drive from its peak hand speed on the video's clock
 * (module doc); null when it is ordinary (or unmeasured), or for another sport (pickleball dinks
 * and blocks are slow by design). A heuristic: it misses mild slowing (< {@link MIN_GUESS_FACTOR}×)
 * and would take a very gentle real-time drive for slow motion; the capture rate given by the
 * coach wins.
 */
export function guessSlowMotion(s: { sport: string; peakHandMps: number; fps: number }): SlowMotionGuess | null {
  const { peakHandMps, fps } = s;
  if (s.sport !== 'tennis' || !(peakHandMps > 0) || !(fps > 0)) return null;
  const factor = TYPICAL_DRIVE_HAND_MPS / peakHandMps;
  if (!(factor >= MIN_GUESS_FACTOR)) return null;
  const want = fps * factor;
  const suggestedCaptureFps = COMMON_CAPTURE_FPS.reduce((best, c) => (Math.abs(Math.log(c / want)) < Math.abs(Math.log(best / want)) ? c : best));
  return { factor, suggestedCaptureFps, peakHandMps };
}

/** The warning for a {@link SlowMotionGuess}: what was seen, the source, and what to do. */
export function slowMotionWarning(g: SlowMotionGuess, fps: number): string {
  return (
    `the clip looks slowed down, at least about ${g.factor.toFixed(1)}×: the hand peaked at ${g.peakHandMps.toFixed(1)} m/s on the video's clock, ` +
    `while tennis drives reach about ${TYPICAL_DRIVE_HAND_MPS} m/s (wrist_speed bands after Landlinger et al. 2010); speeds are on the video's clock. If it is slow motion, give its capture frame rate ` +
    `(at least about ${g.suggestedCaptureFps} fps for this ${fps.toFixed(0)} fps file) to measure in real time`
  );
}
