/** Strokes in a clip: swing detection (hand-speed peaks), forehand/backhand side call, ball flight and ball-racket evidence, the clip's stroke list (clipStrokes). See ../README.md. */
export { clipStrokes } from './clip-strokes.js';
export type { ClipStroke, ClipStrokes } from './clip-strokes.js';
export { ballEvidenceRank, MIN_PEAK_HAND_SPEED, MIN_RELATIVE_SCORE, MIN_STROKE_GAP_S, strokeContact } from './strokes.js';
export type { BallEvidence, StrokeSide, StrokeSideBasis } from './strokes.js';
export { DETECTION_PARAMS } from './detection-params.js';
export { BALL_CLOCK_PARAMS, ballClock, type BallClockParams, type PlayerScale } from './ball-clock.js';
export type { DetectionParams } from './detection-params.js';
