/**
 * Entry point of the pose engine for the local service (`POST /process`): one call from a
 * video file to the player's 2D and 3D pose. Re-exports the engine's public API.
 */
import { estimatePose } from './estimate-pose.js';
import { loadMoveNet } from './movenet.js';
import type { EngineOptions, PoseEstimate } from './types.js';

export type { EngineOptions, PoseEstimate, VideoInfo } from './types.js';
export { estimatePose } from './estimate-pose.js';
export { probeVideo } from './probe.js';
export { measuredSecondsPerFrame } from './engine-speed.js';
export { NoPersonError, VideoDecodeError, VideoProbeError } from './errors.js';

/**
 * Analyses the pose in a local video file: probe, decode, track the swinging player, 2D + 3D.
 * Same as {@link estimatePose}; kept as the service's single entry point.
 * @throws RangeError (bad playerHeightMm) | VideoProbeError | VideoDecodeError | NoPersonError | the signal's reason when aborted.
 */
export function analyzeVideo(videoPath: string, opts: EngineOptions): Promise<PoseEstimate> {
  return estimatePose(videoPath, opts);
}

/**
 * Loads and warms the pose models (tfjs wasm backend, multipose, the crop model) so the first
 * request does not pay 0.4-0.8 s of set-up (test/bench/engine.ts). Safe to call more than once; the service can call it
 * at start-up without awaiting it.
 * @throws Error when the model files cannot be read.
 */
export async function preloadEngine(cropModel: 'movenet-lightning' | 'movenet-thunder' = 'movenet-lightning'): Promise<void> {
  await loadMoveNet(cropModel);
}
