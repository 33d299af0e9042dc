/**
 * The analysis clock. A pose track's `timestamps` are the video's own timeline (what the player
 * shows, what `frame_nr`/`timestamp` in the result refer to). Speeds and durations need another
 * clock: the distinct images (a clip that repeats frames shows 20 images a second in a 29.97 fps
 * file: see main/pose/frame-cadence.ts) at their true capture times, in real seconds (a slowed clip
 * runs `realSecondsPerVideoSecond` < 1). This module builds both in one place: the tracks reduced
 * to their distinct images (each keeping its video timestamp and frame_nr), the analysis clock of
 * those images, and the rate windows are sized by.
 */
import { cadenceOf, repeatsFromPose } from '../../pose/frame-cadence.js';
import { videoTimes } from '../../pose/frame-time.js';
import { selectFrames, type PoseTrack } from '../../pose/pose-track.js';

/** The tracks the analysis measures on, and its clock. */
export interface AnalysisTimebase {
  pose2d: PoseTrack;
  pose3d: PoseTrack;
  /** Seconds of real time per kept frame (strictly increasing). */
  clock: Float64Array;
  /** Kept frames per second of the clock (sizes smoothing and gap windows). */
  rate: number;
  /** Index in the input tracks of each kept frame. */
  kept: Int32Array;
  /** Frames dropped as repeats of the image before them. */
  repeated: number;
  /** Distinct images per second of video (what the warning reports). */
  imagesPerVideoSecond: number;
}

/**
 * The analysis timebase of a pair of tracks (same frames). When the clip converts a cadence
 * (frame-cadence.ts `isCadenceConversion`), repeated images (exact pose copies, as the engine
 * writes them) are dropped; the rest keep their video timestamps and frame numbers,
 * and get the analysis clock: their (evenly re-timed when the clip converts a cadence) video
 * time × `realSecondsPerVideoSecond`.
 * @throws RangeError when `fps` or `realSecondsPerVideoSecond` is not a positive number.
 */
export function analysisTimebase(pose2d: PoseTrack, pose3d: PoseTrack, fps: number, realSecondsPerVideoSecond = 1): AnalysisTimebase {
  if (!(fps > 0) || !Number.isFinite(fps)) throw new RangeError(`fps must be a positive number, got ${fps}`);
  if (!(realSecondsPerVideoSecond > 0) || !Number.isFinite(realSecondsPerVideoSecond)) {
    throw new RangeError(`real seconds per video second must be a positive number, got ${realSecondsPerVideoSecond}`);
  }
  const ts = videoTimes(pose3d, fps);
  const cadence = cadenceOf(repeatsFromPose(pose2d), ts, fps);
  // Only a cadence conversion is measured on its distinct images: an isolated pair of equal poses
  // (a player standing still in a quantised pose) is not a repeated image worth re-timing for.
  const same = !cadence.conversion;
  const kept = cadence.distinct;
  return {
    pose2d: same ? pose2d : selectFrames(pose2d, kept),
    pose3d: same ? pose3d : selectFrames(pose3d, kept),
    clock: (same ? ts : cadence.times).map((t) => t * realSecondsPerVideoSecond),
    rate: (same ? fps : cadence.imagesPerSecond) / realSecondsPerVideoSecond,
    kept: same ? Int32Array.from({ length: pose2d.frames }, (_, f) => f) : kept,
    repeated: same ? 0 : cadence.repeated,
    imagesPerVideoSecond: same ? fps : cadence.imagesPerSecond,
  };
}

/** A per-kept-frame series spread back over all frames of the input (a repeat takes its original's value). */
export function spreadToFrames(values: ArrayLike<number>, kept: Int32Array, frames: number): Float64Array {
  const out = new Float64Array(frames).fill(NaN);
  let i = -1;
  for (let f = 0; f < frames; f++) {
    while (i + 1 < kept.length && kept[i + 1]! <= f) i++;
    if (i >= 0) out[f] = values[i]!;
  }
  return out;
}
