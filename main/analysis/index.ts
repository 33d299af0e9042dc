/**
 * Biomechanics analysis of the local service: technique features, kinetic chain and wrist
 * speed of one stroke (API.md technique `result`), and tennis statistics of a rally clip.
 * Inputs are the engine's H36M-17 PoseTracks (2D pixels, 3D metres). See README.md.
 */
export { computeTechniqueResult, FEATURES, MIN_USABLE_S } from './technique/swing-technique.js';
export type { AnalysisInput, TechniqueOutput } from './technique/swing-technique.js';
export { InsufficientPoseError } from './core/errors.js';
export { computeTennisStats, TENNIS_STATS_SCHEMA_VERSION } from './tennis-stats.js';
export type { TennisStats, TennisSwing, TennisStatsInput } from './tennis-stats.js';
export { REFERENCES } from './technique/references.js';
export type { FeatureName } from './technique/references.js';
