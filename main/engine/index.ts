/**
 * The pose engine's public API, used by the local service (`POST /process`, tennis tasks, video
 * checks): probe a clip, estimate the player's 2D and 3D pose, the measured engine speed.
 */
export type { EngineOptions, PoseEstimate, VideoInfo } from './types.js';
export { estimatePose } from './estimate-pose.js';
export { probeVideo } from './probe.js';
export { measuredSecondsPerFrame } from './runtime/engine-speed.js';
export { NoPersonError, VideoDecodeError, VideoProbeError } from './errors.js';
