/**
 * Slow motion. With the capture frame rate (`capture_fps`) the analysis runs in real seconds
 * (timebase.ts: real seconds per video second = fps / capture_fps). Without it, a slowed clip
 * shows itself in the stroke's timing: in real forehands the trunk reaches its top rotation speed
 * 57 ms (ATP professionals) to 75 ms (high-performance players) before impact (Landlinger et al.
 * 2010, J Sports Sci Med 9:643–651, 400 Hz motion capture). A lead far longer than that on the
 * video's clock means the clip plays slower than life; the ratio estimates by how much.
 */

/** Real-time lead of the peak trunk rotation speed before impact, seconds: elite and high-performance means (Landlinger et al. 2010). */
export const TRUNK_PEAK_LEAD_S = { elite: 0.057, highPerformance: 0.075 } as const;
/**
 * A lead longer than this multiple of the slower group's mean is taken for slow motion: 2.5 ×
 * 75 ms = 0.19 s, far above what real-time strokes show (the high-performance group's SD was
 * 11 ms; an arm-led beginner's swing has a shorter lead, not a longer one). Slowing by less than
 * about 3× is therefore not detected; the capture rate must be given then.
 */
export const SLOW_LEAD_RATIO = 2.5;
/**
 * Only a tennis drive whose peak hand speed on the video's clock is below this (m/s) is
 * considered: the bottom of the beginner band of `wrist_speed` (references.ts); a real-time drive
 * that slow is not a full stroke. Measured on the shared clips (2026-11-23): without the gate a
 * real-time pickleball dink (trunk peak 0.9 s before contact, hand 2.1 m/s) and a clip with no
 * stroke were taken for 14× and 4× slow motion; pickleball strokes are left out entirely (dinks
 * and blocks are slow by design).
 */
export const SLOW_HAND_MAX_MPS = 3;
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
  /** Video seconds per real second, e.g. 7.6 for a clip slowed about 8×. */
  factor: number;
  /** The common capture rate nearest to fps × factor, frames/s. */
  suggestedCaptureFps: number;
  /** The measured lead of the trunk peak before contact, seconds of video. */
  leadVideoS: number;
}

/**
 * Guesses slow motion of a tennis drive from the trunk peak's lead before contact and the peak
 * hand speed, both on the video's clock; null when they are ordinary (or unmeasured), or for
 * another sport. Factor = lead / mean of the two groups' leads (66 ms). A heuristic: it misses
 * mild slowing (< about 3×) and says so nowhere else; the capture rate given by the coach wins.
 */
export function guessSlowMotion(s: { sport: string; leadVideoS: number; peakHandMps: number; fps: number }): SlowMotionGuess | null {
  const { leadVideoS, fps } = s;
  if (s.sport !== 'tennis' || !(s.peakHandMps < SLOW_HAND_MAX_MPS)) return null;
  if (!(leadVideoS > SLOW_LEAD_RATIO * TRUNK_PEAK_LEAD_S.highPerformance) || !(fps > 0)) return null;
  const factor = leadVideoS / ((TRUNK_PEAK_LEAD_S.elite + TRUNK_PEAK_LEAD_S.highPerformance) / 2);
  const want = fps * factor;
  const suggestedCaptureFps = COMMON_CAPTURE_FPS.reduce((best, c) => (Math.abs(Math.log(c / want)) < Math.abs(Math.log(best / want)) ? c : best));
  return { factor, suggestedCaptureFps, leadVideoS };
}

/** The warning for a {@link SlowMotionGuess}: what was seen, the source, and what to do. */
export function slowMotionWarning(g: SlowMotionGuess, fps: number): string {
  const ms = Math.round(g.leadVideoS * 1000);
  return (
    `the clip looks slowed down about ${g.factor.toFixed(1)}×: the trunk reached its top rotation speed ${ms} ms of video before ball contact, ` +
    `while real forehands take 57–75 ms (Landlinger et al. 2010); speeds are on the video's clock. If it is slow motion, give its capture frame rate ` +
    `(about ${g.suggestedCaptureFps} fps for this ${fps.toFixed(0)} fps file) to measure in real time`
  );
}
