/**
 * The glue between the service and the analysis modules: the pose engine (main/engine), the
 * technique and tennis analyses (main/analysis) and the archive writer (main/archive). Loaded
 * lazily by server.ts (the engine pulls in TensorFlow).
 */
import { analyseStrokes } from '../analysis/index.js';
import { InsufficientPoseError } from '../analysis/index.js';
import { computeTennisStats } from '../analysis/index.js';
import { writeArchive } from '../archive/write.js';
import { ballTimeOutsideClip } from '../contract/fields.js';
import { estimatePose, measuredSecondsPerFrame, NoPersonError, type EngineOptions } from '../engine/index.js';
import { ClipTooLongError, VideoDecodeError } from '../av/index.js';
import type { AnalysisPipeline, RunHooks, TechniqueOutcome } from './pipeline-types.js';
import { warning } from '../contract/warning.js';

/** Player height used for tennis statistics, mm (the task request carries none): adult male median ≈ 1.78 m (WHO/NCD-RisC 2016). */
export const DEFAULT_PLAYER_HEIGHT_MM = 1780;

/**
 * Decoded share of the announced frames below which the clip is reported as truncated (0.9:
 * containers' nb_frames and duration × fps are off by a frame or two, never by 10%).
 */
export const TRUNCATED_SHARE = 0.9;

/** The real pipeline. */
export const techniquePipeline: AnalysisPipeline = {
  secondsPerFrame: measuredSecondsPerFrame,

  async analyseTechnique(videoPath, meta, hooks): Promise<TechniqueOutcome> {
    let pose;
    try {
      pose = await estimatePose(videoPath, {
        signal: hooks.signal,
        playerHeightMm: meta.player_height_mm,
        ...(meta.capture_fps ? { captureFps: meta.capture_fps } : {}),
        ...(meta.player_point ? { playerPoint: meta.player_point } : {}),
        ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
        ...(hooks.onWarning ? { onWarning: hooks.onWarning } : {}),
        ...(hooks.video ? { video: hooks.video } : {}),
        ...(hooks.checkpointDir ? { checkpoint: checkpointOptions(hooks.checkpointDir, hooks) } : {}),
      });
    } catch (err) {
      // Input problems found while decoding are the request's fault: an `error` line, not `failed`.
      if (err instanceof NoPersonError) return { kind: 'no-analysis', message: err.message, warnings: [] };
      if (err instanceof ClipTooLongError) return { kind: 'no-analysis', message: err.message, warnings: [] };
      if (err instanceof VideoDecodeError) return { kind: 'no-analysis', message: `could not decode the video: ${err.message}`, warnings: [] };
      throw err;
    }
    const { pose2d, pose3d, ball, video } = pose;
    // The HTTP route refuses a ball time past the clip before any work (process-route.ts); the
    // in-process path learns the clip's length from the engine's probe, so it is asked here.
    const outside = meta.ball_timestamp === undefined ? undefined : ballTimeOutsideClip(meta.ball_timestamp, video);
    if (outside) return { kind: 'no-analysis', message: `ball_timestamp: ${outside}`, warnings: [] };
    const warnings = [...pose.warnings];
    if (pose2d.frames < TRUNCATED_SHARE * video.frameCount) {
      const w = warning('video-truncated', 'warning', 'The video looks cut short: not all of its frames could be read.', {
        detail: `the video looks truncated: ${pose2d.frames} of the ${video.frameCount} frames its header announces could be decoded`,
      });
      warnings.push(w);
      hooks.onWarning?.(w);
    }
    hooks.onProgress?.(1);
    try {
      const out = analyseStrokes({ pose2d, pose3d, ball, fps: video.fps, width: video.width, height: video.height, meta });
      return { kind: 'done', pose2d, pose3d, ball, result: out.result, warnings: [...warnings, ...out.warnings], video };
    } catch (err) {
      if (err instanceof InsufficientPoseError) return { kind: 'no-analysis', message: err.message, pose2d, pose3d, warnings, video };
      throw err;
    }
  },

  writeTechniqueArchive(outPath, parts) {
    return writeArchive(outPath, parts);
  },

  async tennisStatistics(videoInput, { dominantHand, signal, video: probed, checkpointDir, onProgress }) {
    const { pose2d, pose3d, ball, video } = await estimatePose(videoInput, {
      signal,
      playerHeightMm: DEFAULT_PLAYER_HEIGHT_MM,
      ...(probed ? { video: probed } : {}),
      ...(checkpointDir ? { checkpoint: { dir: checkpointDir } } : {}),
      ...(onProgress ? { onProgress } : {}),
    });
    return computeTennisStats({ pose2d, pose3d, ball, fps: video.fps, width: video.width, height: video.height, dominantHand });
  },
};

/** The engine's checkpoint options of a run (EngineOptions.checkpoint) from its hooks: the folder, the content key when known, the chunk callback. */
function checkpointOptions(dir: string, hooks: RunHooks): NonNullable<EngineOptions['checkpoint']> {
  return {
    dir,
    ...(hooks.clipSha256 ? { clipSha256: hooks.clipSha256 } : {}),
    ...(hooks.checkpointChunkS ? { chunkS: hooks.checkpointChunkS } : {}),
    ...(hooks.onCheckpointChunk ? { onChunk: hooks.onCheckpointChunk } : {}),
  };
}
