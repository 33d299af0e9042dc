/** Tracking over frames: the player tracker, the BlazePose second pass on the player's crop, left/right swap repair, One Euro smoothing, 2D stroke windows and the ball candidates. See ../README.md. */
export { BallCandidateCollector } from './ball-detect.js';
export { KEYPOINT_ONE_EURO, median3InPlace, oneEuroInPlace } from './one-euro.js';
export { PlayerTracker, scored } from './player-tracker.js';
export type { PrefetchedPose, TrackedPose, TrackerSnapshot } from './player-tracker.js';
export { KeptCrops, runSecondPass, secondPassCrops } from './second-pass.js';
export { strokeWindows } from './stroke-windows.js';
export { DENSE_AFTER_S, DENSE_BEFORE_S, SPARSE_IMAGES_PER_S, fillSkipped, secondPassRuns, secondPassSparseRate } from './second-pass-cadence.js';
export { repairSideSwaps } from './swap-repair.js';
export { poseBox, poseScore, uprightPoint } from './tracker.js';
