/**
 * Engine speed on this machine, seconds per decoded frame, for `estimated_compute_time`
 * (video check). Starts from a calibration measured with test/bench/engine.ts on the 2-core
 * build machine (tennis_forehand_2.mp4, 1080p: see README) and is replaced by an exponential
 * average of the speed of real runs of estimatePose in this process.
 */

/**
 * Seconds per frame of estimatePose with movenet-lightning on the 2-core build machine:
 * test/bench/engine.ts measured 6.75 s for the 300 frames of tennis_forehand_2.mp4 (22.5 ms)
 * while other builds were running (load 4-6); rounded up to 30 ms so estimates err long.
 */
export const CALIBRATED_SECONDS_PER_FRAME = 0.03;

let measured: number | undefined;

/** Engine seconds per frame on this machine (calibration until a run has been measured). */
export function measuredSecondsPerFrame(): number {
  return measured ?? CALIBRATED_SECONDS_PER_FRAME;
}

/** Records a run: `seconds` of wall time for `frames` frames (ignored when frames < 10). */
export function recordEngineRun(seconds: number, frames: number): void {
  if (frames < 10 || !(seconds > 0)) return;
  const spf = seconds / frames;
  measured = measured === undefined ? spf : 0.7 * measured + 0.3 * spf;
}
