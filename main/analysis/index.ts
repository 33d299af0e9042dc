/**
 * Biomechanics analysis of the local service: technique features, kinetic chain and wrist
 * speed of one stroke (API.md technique `result`), the strokes of a clip, and tennis statistics
 * of a rally clip. Inputs are the engine's H36M-17 PoseTracks (2D pixels, 3D metres). See
 * README.md. The module's public API: code outside main/analysis imports only this file (the
 * lint boundary rule in eslint.config.js); core/, technique/ and strokes/ each export theirs
 * through their own index.ts.
 */
export { analyseStrokes } from './stroke-analysis.js';
export { analyseCoachStroke } from './stroke-correction.js';
export type { CoachStroke, CoachStrokeAnalysis } from './stroke-correction.js';
export { analyseKeptStrokes } from './kept-strokes.js';
export type { KeptStrokesAnalysis } from './kept-strokes.js';
export { computeTechniqueResult, FEATURES, featureConsistency, MIN_USABLE_S, REFERENCES } from './technique/index.js';
export { bodyHeadingDeg, cameraViewOf, VIEW_BLIND_FEATURES, viewOfHeading } from './technique/index.js';
export type { AnalysisInput, FeatureName, TechniqueOutput } from './technique/index.js';
export { angleAt, InsufficientPoseError } from './core/index.js';
export { computeTennisStats, TENNIS_STATS_SCHEMA_VERSION } from './tennis-stats.js';
export type { TennisStats, TennisSwing, TennisStatsInput } from './tennis-stats.js';
export { ANALYSIS_WARNING_CODES } from './warning-codes.js';
