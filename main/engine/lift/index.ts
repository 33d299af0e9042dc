/** 2D → 3D lift: BlazePose world landmarks and the learned lift onto the H36M-17 skeleton in metres. See ../README.md. */
export { liftWithLearned } from './learned-3d.js';
