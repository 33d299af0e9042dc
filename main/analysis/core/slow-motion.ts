/**
 * Slow motion. With the capture frame rate (`capture_fps`) the analysis runs in real seconds
 * (timebase.ts: real seconds per video second = fps / capture_fps). Without it, a slowed clip
 * shows itself in the stroke's speed: a tennis drive's hand moves several metres per second
 * (the wrist_speed bands, references.ts, from Landlinger et al. 2010's shoulder 2.5–3.0 m/s and
 * racquet 31–33 m/s), so a detected drive whose peak hand speed on the video's clock is a few
 * times below a typical drive's plays slower than life, and the ratio estimates by how much.
 *
 * The ratio alone is a lower bound: on the video's clock the speeds are smoothed over fewer
 * samples (the smoothing window is 1/6 s of the analysis clock, so a capture rate f× higher
 * smooths over f× more samples) and the pose's frame-to-frame jitter adds speed, so a slowed hand
 * reads faster than its real speed ÷ the factor (tennis_forehand_2: 1.8 m/s on the video clock,
 * 5.8 m/s analysed at its 7.7×, not 13.6). So once a cue fires, the factor is CALIBRATED on the
 * analysis itself ({@link calibratedFactor}): the slowing at which the analysis in real time
 * measures the typical drive's hand speed, which is what the coach will see after accepting it.
 * A second cue, the trunk peak's lead before contact (57–75 ms in real forehands, Landlinger et
 * al. 2010; 58–75 ms in world-class serves, Fleisig et al. 2003), catches clips where the hand reads fast (the engine's cut of tennis_forehand_2 whose
 * hitting hand it loses at contact). A cue that fires on a hand speed peak too brief to be a swing
 * gives no guess but says it cannot tell (slow-motion-verdict.ts `judgeSlowMotion`): an abstention is better than a
 * wrong factor. Measured on the labelled strokes: README.md "Slow motion".
 */
import { warning, type Warning } from '../../contract/warning.js';

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

/**
 * Real-time lead of the peak trunk rotation speed before impact, seconds: elite and high-performance
 * forehand means (Landlinger et al. 2010, J Sports Sci Med 9:643–651). The serve's is the same:
 * upper-torso peak 0.058 s (men) and 0.075 s (women) before impact in world-class serves (Fleisig
 * et al. 2003, Sports Biomechanics 2(1):51–64), so the cue holds for a serve too.
 */
export const TRUNK_PEAK_LEAD_S = { elite: 0.057, highPerformance: 0.075 } as const;
/**
 * The second cue: a trunk-peak lead longer than this multiple of the slower group's mean
 * (2.5 × 75 ms = 0.19 s of video; that group's SD was 11 ms), in a drive whose hand stays under
 * {@link LEAD_CUE_MAX_HAND_MPS} on the video clock (without that gate a real-time pickleball dink
 * and a clip with no stroke were taken for slow motion, measured 2026-11-23).
 */
export const SLOW_LEAD_RATIO = 2.5;
/** Hand-speed gate of the trunk-lead cue, m/s on the video clock (the bottom of the beginner wrist_speed band). */
export const LEAD_CUE_MAX_HAND_MPS = 3;

/** Capture rates cameras offer, frames/s: the estimate is rounded to the nearest (in ratio). */
export const COMMON_CAPTURE_FPS = [60, 120, 240, 480, 960] as const;

/** Real seconds per video second for a clip shown at `fps` and recorded at `captureFps` (1 without it). @throws RangeError for a rate ≤ 0. */
export function realSecondsPerVideoSecond(fps: number, captureFps: number | undefined): number {
  if (captureFps === undefined) return 1;
  if (!(captureFps > 0) || !(fps > 0)) throw new RangeError(`capture_fps and fps must be > 0 (got ${captureFps} and ${fps})`);
  return fps / captureFps;
}

/**
 * Slowing factors tried by {@link calibratedFactor}, × (video seconds per real second): 2× to 16×
 * spans 60 fps played at 30 to 480 fps played at 30.
 */
export const CALIBRATION_FACTORS = [2, 3, 4, 6, 8, 12, 16] as const;

/**
 * The slowing at which the analysis measures a typical drive: `peakAt(f)` is the peak hand speed
 * (m/s) the analysis measures when the clip is taken as slowed f× (capture rate = fps × f; 1 is
 * the video's clock), tried at 1 and each of {@link CALIBRATION_FACTORS}; the result is the factor
 * where it first reaches {@link TYPICAL_DRIVE_HAND_MPS}, interpolated linearly in log f between the
 * two factors around it. Null when no factor reaches it or the speed at 1× already does.
 */
export function calibratedFactor(peakAt: (factor: number) => number): number | null {
  let [f0, s0] = [1, peakAt(1)];
  if (!(s0 < TYPICAL_DRIVE_HAND_MPS)) return null;
  for (const f of CALIBRATION_FACTORS) {
    const s = peakAt(f);
    if (s >= TYPICAL_DRIVE_HAND_MPS) {
      const w = Number.isFinite(s0) && s > s0 ? (TYPICAL_DRIVE_HAND_MPS - s0) / (s - s0) : 1;
      return Math.exp(Math.log(f0) + w * (Math.log(f) - Math.log(f0)));
    }
    if (Number.isFinite(s)) [f0, s0] = [f, s];
  }
  return null;
}

/**
 * Share of the peak hand speed that bounds the hand's speed peak measured by {@link handPeakRun}:
 * the contiguous run of samples around the peak at or above it (the peak's full width at half
 * maximum).
 */
export const TRAVEL_PEAK_SHARE = 0.5;

/** The hand's speed peak of a swing: how long it lasts and how far the hand travels in it. */
export interface HandPeakRun {
  /** Time from the first to the last sample at or above half the peak speed, seconds of the series' clock. */
  widthS: number;
  /** Distance the hand travels in that time, metres (speed integrated by trapezoids): the same on any clock. */
  travelM: number;
}

/**
 * The run of samples around `peakIndex` whose speed (m/s, at times `t`, s) is at least
 * {@link TRAVEL_PEAK_SHARE} of the peak's: its duration and the hand's travel in it. NaNs when the
 * peak is not a finite positive sample.
 */
export function handPeakRun(speed: ArrayLike<number>, t: ArrayLike<number>, peakIndex: number): HandPeakRun {
  const peak = speed[peakIndex];
  if (peak === undefined || !Number.isFinite(peak) || !(peak > 0)) return { widthS: NaN, travelM: NaN };
  const floor = TRAVEL_PEAK_SHARE * peak;
  const ok = (i: number) => i >= 0 && i < speed.length && (speed[i] ?? NaN) >= floor;
  let [a, b] = [peakIndex, peakIndex];
  while (ok(a - 1)) a--;
  while (ok(b + 1)) b++;
  let travelM = 0;
  for (let i = a; i < b; i++) travelM += (((speed[i] ?? 0) + (speed[i + 1] ?? 0)) / 2) * ((t[i + 1] ?? 0) - (t[i] ?? 0));
  return { widthS: (t[b] ?? 0) - (t[a] ?? 0), travelM };
}

/** A likely slowed clip: the estimated slowing factor and the capture rate it suggests. */
export interface SlowMotionGuess {
  /**
   * Video seconds per real second, e.g. 9.5 for a clip slowed about 8×: calibrated on the
   * analysis when `calibrated` (module doc), else the firing cue's own estimate (a lower bound
   * for the hand's).
   */
  factor: number;
  /** The ball cue's arcs and unsnapped median factor (basis `ball_flight` only). */
  ballArcs?: number;
  ballFactor?: number;
  /** True when `factor` is {@link calibratedFactor}'s. */
  calibrated: boolean;
  /** The common capture rate nearest to fps × factor, frames/s. */
  suggestedCaptureFps: number;
  /** The measured peak hand speed of the stroke on the video's clock, m/s. */
  peakHandMps: number;
  /** The trunk's peak rotation speed before ball contact on the video's clock, seconds. */
  leadVideoS: number;
  /** Which cue gave the factor: the hand's speed, the trunk peak's lead before contact, or the ball's free flight (strokes/ball-clock.ts). */
  basis: 'hand_speed' | 'trunk_lead' | 'ball_flight';
}

/**
 * The ball's free flight as a clock cue (strokes/ball-clock.ts `ballClock`): the median slowing
 * factor of the clip's ball arcs (video seconds per real second) and each arc's.
 */
export interface BallClockCue {
  factor: number;
  arcs: readonly number[];
}

/**
 * The capture rate a clip shown at `fps` and slowed `factor`× was most likely filmed at, frames/s:
 * the nearest in ratio among the video's own rate (real time) and the {@link COMMON_CAPTURE_FPS}
 * above it. Bounds come from the cameras' rates, not from data: at 30 fps a factor under √2
 * reads real time, √2–2√2 reads 60 fps. @throws RangeError for fps or factor ≤ 0.
 */
export function snapCaptureFps(fps: number, factor: number): number {
  if (!(fps > 0) || !(factor > 0)) throw new RangeError(`fps and factor must be > 0 (got ${fps} and ${factor})`);
  const rates = [fps, ...COMMON_CAPTURE_FPS.filter((c) => c > fps * 1.01)];
  const want = fps * factor;
  return rates.reduce((b, c) => (Math.abs(Math.log(c / want)) < Math.abs(Math.log(b / want)) ? c : b));
}

/**
 * Guesses slow motion of a tennis drive from two cues on the video's clock (module doc): the
 * peak hand speed (factor {@link TYPICAL_DRIVE_HAND_MPS} ÷ peak, from {@link MIN_GUESS_FACTOR}×)
 * and the trunk peak's lead before contact (factor lead ÷ 66 ms, the mean of Landlinger et al.'s
 * two groups, when the lead exceeds {@link SLOW_LEAD_RATIO} × 75 ms and the hand stays under
 * {@link LEAD_CUE_MAX_HAND_MPS}); the larger factor wins (the hand's is a lower bound). Null when
 * neither fires, or for another sport (pickleball dinks and blocks are slow by design). When a cue
 * fires and `peakAt` is given (the analysis' peak hand speed at a slowing factor), the hand's
 * factor is {@link calibratedFactor}'s when it has one (the larger factor still wins). A heuristic:
 * it misses mild slowing and would take a very gentle real-time drive for slow motion; the capture
 * rate given by the coach wins.
 */
export function guessSlowMotion(s: { sport: string; peakHandMps: number; leadVideoS: number; fps: number; peakAt?: (factor: number) => number }): SlowMotionGuess | null {
  const { peakHandMps, leadVideoS, fps } = s;
  if (s.sport !== 'tennis' || !(peakHandMps > 0) || !(fps > 0)) return null;
  const byHand = TYPICAL_DRIVE_HAND_MPS / peakHandMps;
  const leadCue = leadVideoS > SLOW_LEAD_RATIO * TRUNK_PEAK_LEAD_S.highPerformance && peakHandMps < LEAD_CUE_MAX_HAND_MPS;
  const byLead = leadCue ? leadVideoS / ((TRUNK_PEAK_LEAD_S.elite + TRUNK_PEAK_LEAD_S.highPerformance) / 2) : NaN;
  if (!(byHand >= MIN_GUESS_FACTOR) && !(byLead >= MIN_GUESS_FACTOR)) return null;
  // A cue fired: the hand's factor calibrated on the analysis replaces its plain ratio; the larger
  // factor still wins (the trunk cue exists for clips whose hand reads fast, e.g. lost at contact).
  const calibrated = s.peakAt ? calibratedFactor(s.peakAt) : null;
  const hand = calibrated ?? byHand;
  const candidates = [
    ...(hand >= MIN_GUESS_FACTOR ? [{ factor: hand, calibrated: calibrated !== null, basis: 'hand_speed' as const }] : []),
    ...(byLead >= MIN_GUESS_FACTOR ? [{ factor: byLead, calibrated: false, basis: 'trunk_lead' as const }] : []),
  ];
  const best = candidates.sort((x, y) => y.factor - x.factor)[0];
  if (!best) return null;
  const want = fps * best.factor;
  const suggestedCaptureFps = COMMON_CAPTURE_FPS.reduce((b, c) => (Math.abs(Math.log(c / want)) < Math.abs(Math.log(b / want)) ? c : b));
  return { ...best, suggestedCaptureFps, peakHandMps, leadVideoS };
}

function why(g: SlowMotionGuess): string {
  if (g.basis === 'ball_flight')
    return `the ball falls about ${(g.ballFactor ?? g.factor).toFixed(1)}× slower than gravity in ${g.ballArcs ?? 0} arcs of its flight (measured against the ball's own size)`;
  return g.basis === 'hand_speed'
    ? `the hand peaked at ${g.peakHandMps.toFixed(1)} m/s on the video's clock, while tennis drives reach about ${TYPICAL_DRIVE_HAND_MPS} m/s (wrist_speed bands after Landlinger et al. 2010)`
    : `the trunk reached its top rotation speed ${Math.round(g.leadVideoS * 1000)} ms of video before ball contact, while real strokes take 57–75 ms (forehands: Landlinger et al. 2010; serves 58–75 ms: Fleisig et al. 2003)`;
}

/** The warning (code 'slow-motion-guessed') for a {@link SlowMotionGuess}: the message and tip for a coach, the detail says what was seen, the source, and what to do. */
export function slowMotionWarning(g: SlowMotionGuess, fps: number): Warning {
  const size = g.calibrated
    ? `about ${g.factor.toFixed(1)}× (analysed at that slowing, the hand peaks at a typical drive's speed)`
    : g.basis === 'ball_flight'
      ? `about ${g.factor.toFixed(1)}×`
      : `at least about ${g.factor.toFixed(1)}×`;
  return warning('slow-motion-guessed', 'notice', 'The clip looks like slow motion, so its speeds and timings are not scored.', {
    tip: `If it is slow motion, give its capture frame rate (about ${g.suggestedCaptureFps} fps) to measure them.`,
    detail:
      `the clip looks slowed down, ${size}: ${why(g)}; speeds and timings on the video's clock are not scored. If it is slow motion, give its capture frame rate ` +
      `(about ${g.suggestedCaptureFps} fps for this ${fps.toFixed(0)} fps file) to measure in real time`,
  });
}

/** Units of the features measured on the clock (speeds, and the kinetic chain's timing, s): read on a slowed video's clock they are not the player's. */
export const CLOCK_UNITS: ReadonlySet<string> = new Set(['deg/s', 'm/s', 's']);

/**
 * Why a feature measured on the clock ({@link CLOCK_UNITS}) is left out of a clip that looks
 * slowed ({@link guessSlowMotion}): on the video's clock a slowed professional reads as a beginner,
 * so the number is not scored (issue 8 §5: unreliable inputs are left out, not scored); the
 * capture rate, or "treat as slow motion", measures it in real time.
 */
export function slowedClockReason(g: SlowMotionGuess): string {
  return `the clip looks slowed down about ${g.factor.toFixed(1)}×, so speeds and timings on the video's clock are not the player's; give its capture frame rate (about ${g.suggestedCaptureFps} fps) to measure it`;
}
