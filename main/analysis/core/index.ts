/** Analysis core: pose access (measured joints, vectors), signals, kinematics, the analysis clock (timebase, slow motion), swing input checks, movement and scene cuts. Pure functions over H36M-17 PoseTracks; no I/O. See ../README.md. */
export { InsufficientPoseError } from './errors.js';
export { handPeakTime } from './hand-peak-time.js';
export { clipEdgeSamples, computeKinematics, handPlaneOf, pictureScale } from './kinematics.js';
export type { Kinematics } from './kinematics.js';
export { estimateMovement } from './movement.js';
export { MIN_CONFIDENCE, joint2, joint3, jointValid, jointsConfidence, missingJoints } from './pose-access.js';
export type { PosePair } from './pose-access.js';
export { angleAt, angleDiffDeg, mid, norm, sub } from '../../pose/vec3.js';
export type { Vec3 } from '../../pose/vec3.js';
export { sceneCuts } from './scene-cuts.js';
export { argmax, centralDiff, fitParabola, median, peakTime, savitzkyGolay, smoothingWindow } from './signal.js';
export { CLOCK_UNITS, guessSlowMotion, handPeakRun, realSecondsPerVideoSecond, slowMotionWarning, slowedClockReason, snapCaptureFps } from './slow-motion.js';
export type { BallClockCue, HandPeakRun, SlowMotionGuess } from './slow-motion.js';
export { ballArcsAgree, judgeSlowMotion, type SlowMotionVerdict } from './slow-motion-verdict.js';
export { checkPair, inferTwoHanded, usableFrames } from './swing-input.js';
export { analysisTimebase, spreadToFrames } from './timebase.js';
export type { AnalysisTimebase } from './timebase.js';
