/**
 * From the engine's per-frame results (frame-store.ts, filled by estimate-pose.ts) to its
 * tracks: the raw 2D track in source pixels, left/right swaps repaired, smoothed, and the 3D
 * lift with the second pass's learned poses fused in.
 */
import { cadenceOf } from '../pose/frame-cadence.js';
import { createPoseTrack, selectFrames, spreadFrames, type PoseTrack } from '../pose/pose-track.js';
import { cocoToH36m } from './inference/index.js';
import { liftWithLearned } from './lift/index.js';
import { repairSideSwaps, KEYPOINT_ONE_EURO, median3InPlace, oneEuroInPlace, } from './tracking/index.js';
import type { FrameStore } from './frame-store.js';
import type { PoseEstimate } from './pose-estimate-types.js';
import { leftRightRepairedWarning, repeatedFramesWarning } from './warnings.js';
import type { Warning } from '../contract/warning.js';

/**
 * The smoothed 2D track and the 3D lift from the per-frame results: left/right swaps repaired
 * (swap-repair.ts), then smoothed and lifted. Repair, smoothing and the lift run on
 * the distinct images at their true times (frame-cadence.ts); each repeated frame then gets its
 * original's pose exactly, which is how later readers find repeats again.
 */
export function finishTracks(results: FrameStore, videoPath: string, video: PoseEstimate['video'], size: { width: number; height: number }, heightMm: number, warn: (w: Warning) => void) {
  const raw = buildTrack2d(results, videoPath, video.width / size.width, video.height / size.height);
  const cadence = cadenceOf(results.repeatFlags(), raw.timestamps, video.fps);
  const repairSwaps = (t: PoseTrack) => {
    const { repairedFrames } = repairSideSwaps(t);
    if (repairedFrames > 0) warn(leftRightRepairedWarning(repairedFrames, t.frames));
  };
  const learned = (f: number) => results.learned(f);
  if (cadence.repeated === 0) {
    repairSwaps(raw);
    smoothTrack(raw);
    return { pose2d: raw, pose3d: liftWithLearned(raw, learned, heightMm, video.fps) };
  }
  warn(repeatedFramesWarning(cadence.repeated, results.length, cadence.imagesPerSecond, video.fps));
  const sub = selectFrames(raw, cadence.distinct, cadence.times);
  repairSwaps(sub);
  smoothTrack(sub);
  const pose2d = spreadFrames(sub, cadence.distinct, raw);
  return { pose2d, pose3d: liftWithLearned(pose2d, learned, heightMm, video.fps) };
}

/** The raw 2D track (H36M-17) of the results, keypoints and boxes scaled by (sx, sy) to source pixels. */
export function buildTrack2d(results: FrameStore, sourcePath: string, sx: number, sy: number): PoseTrack {
  const t = createPoseTrack(results.length, 2, 17, sourcePath);
  for (let f = 0; f < results.length; f++) {
    t.timestamps[f] = results.t(f);
    const found = results.found(f);
    if (!found) continue;
    t.present[f] = 1;
    cocoToH36m(found.pose, sx, sy, t.keypoints.subarray(f * 34, f * 34 + 34), t.confidences.subarray(f * 17, f * 17 + 17));
    const [x, y, w, h] = found.box;
    t.bbox.set([x * sx, y * sy, w * sx, h * sy], f * 4);
    t.boxConfidence[f] = found.score;
  }
  return t;
}

/** Median of 3 then One Euro filter on every joint coordinate, in units of the player's median box height. */
function smoothTrack(t: PoseTrack): void {
  const heights = Array.from({ length: t.frames }, (_, f) => t.bbox[f * 4 + 3] ?? NaN).filter(Number.isFinite).sort((a, b) => a - b);
  const unit = heights[heights.length >> 1] ?? 1;
  const series = new Float64Array(t.frames);
  for (let k = 0; k < t.joints * 2; k++) {
    for (let f = 0; f < t.frames; f++) series[f] = t.present[f] ? (t.keypoints[f * t.joints * 2 + k] ?? NaN) / unit : NaN;
    median3InPlace(series);
    oneEuroInPlace(series, t.timestamps, KEYPOINT_ONE_EURO);
    for (let f = 0; f < t.frames; f++) if (t.present[f]) t.keypoints[f * t.joints * 2 + k] = (series[f] ?? NaN) * unit;
  }
}
