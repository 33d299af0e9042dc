/**
 * The capture frame rate (slow motion) and the words for it, one definition for the contract,
 * the job input, the session page, the PDF report and the feature CSV; no zod, so the renderer
 * imports it as it is. Two clocks: `frame_nr` and `timestamp` are the video's own
 * timeline (what the player shows); with a capture frame rate every speed, time and duration of
 * the result is in real seconds (main/analysis/timebase.ts).
 */

/** Highest capture frame rate accepted, frames/s (high-speed research cameras reach tens of thousands). */
export const MAX_CAPTURE_FPS = 100_000;

/** True when `fps` is an accepted capture frame rate: finite, > 0 and ≤ MAX_CAPTURE_FPS frames/s. */
export function isCaptureFps(fps: number): boolean {
  return Number.isFinite(fps) && fps > 0 && fps <= MAX_CAPTURE_FPS;
}

/**
 * How many times slower than life a clip plays: capture frame rate ÷ playback frame rate
 * (Sports2D's slow-motion factor), e.g. 8 for a 240 fps capture played at 30 fps.
 * @throws RangeError when either rate is not a positive number.
 */
export function slowingFactor(captureFps: number, fps: number): number {
  if (!(captureFps > 0) || !(fps > 0)) throw new RangeError(`frame rates must be > 0 (got capture ${captureFps}, playback ${fps})`);
  return captureFps / fps;
}

/** A frame rate as shown: whole numbers plain ("240"), others to two decimals ("29.97"). */
export function fpsText(fps: number): string {
  return Number.isInteger(fps) ? String(fps) : fps.toFixed(2);
}

/**
 * The capture rate in a few words: "capture 240 fps (8.0× slow motion)" or "real time" without
 * one. `fps` is the clip's playback rate, frames/s.
 */
export function captureRateText(captureFps: number | null, fps: number): string {
  if (captureFps === null) return 'real time';
  const f = slowingFactor(captureFps, fps);
  return Math.abs(f - 1) < 0.005 ? `capture ${fpsText(captureFps)} fps (real time)` : `capture ${fpsText(captureFps)} fps (${f.toFixed(1)}× slow motion)`;
}

/**
 * The sentence that says which clock the analysis' speeds are on, for reports: with the capture
 * rate they are real seconds; without it the clip is taken as real time.
 */
export function clockSentence(captureFps: number | null, fps: number): string {
  return captureFps === null
    ? `Speeds and durations in seconds of the clip (${fpsText(fps)} fps), taken as real time: no capture frame rate was given. Times on the charts are the video's own.`
    : `Speeds and durations in real seconds: recorded at ${captureRateText(captureFps, fps)}, played at ${fpsText(fps)} fps. Times on the charts are the video's own.`;
}
