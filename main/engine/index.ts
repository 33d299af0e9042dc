/**
 * The pose engine's public API, used by the analysis pipeline (main/pipeline/: `POST /process`,
 * tennis tasks, the direct local backend) and video checks: estimate the player's 2D and 3D pose
 * from a clip's frames (read through main/av/), the measured engine speed. Probing a clip and the
 * media errors are main/av/index.ts's.
 */
export type { EngineOptions, PoseEstimate } from './pose-estimate-types.js';
export { estimatePose } from './estimate-pose.js';
export { measuredSecondsPerFrame } from './runtime/index.js';
/** `inferProviderView()`: the pose models' execution provider for Settings (SWING_INFER_PROVIDER, this machine's plan, the last analysis's). */
export { inferProviderView } from './runtime/index.js';
export { NoPersonError } from './errors.js';
