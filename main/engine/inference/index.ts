/** Pose inference: MoveNet and BlazePose models, their crops and worker pool, COCO-17 and BlazePose-33 to H36M-17. See ../README.md. */
export { blazePoseWorldH36m } from './blazepose-h36m.js';
export { BLAZEPOSE_INPUT, blazePoseCropBytes, blazePoseToCoco } from './blazepose.js';
export type { BlazePoseResult, CropBytes } from './blazepose.js';
export { cocoToH36m } from './coco-to-h36m.js';
export { cropWindow, windowBytes } from './crop-input.js';
export type { FrameWindow } from './crop-input.js';
export { InferencePool, inferPlan } from './infer-pool.js';
export type { InferFrame } from './infer-pool.js';
export type { LandmarkModel } from './landmark-models.js';
export type { CocoPose, Crop, Detection } from './movenet.js';
