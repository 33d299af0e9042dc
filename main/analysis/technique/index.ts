/** Technique of one swing: ball-contact candidates, swing phases and their confidence, the scored features (arm, body, rotation), kinetic chain, references and scoring, consistency across strokes; computeTechniqueResult builds API.md's technique result. See ../README.md. */
export { featureConsistency, meanScore } from './consistency.js';
export { CANDIDATE_WINDOW_S, UNMEASURED_FACTOR, contactCandidates, handMeasuredMask } from './contact-candidates.js';
export type { ContactCandidate, ContactEvidence } from './contact-candidates.js';
export { REFERENCES } from './references.js';
export { bodyHeadingDeg, cameraViewOf, VIEW_BANDS_DEG, VIEW_BLIND_FEATURES, VIEW_WINDOW_S, viewOfHeading } from './camera-view.js';
export { viewUncertaintyDeg, withViewUncertainty } from './view-uncertainty.js';
export type { FeatureName } from './references.js';
export { FEATURES, MIN_USABLE_S, computeTechniqueResult } from './swing-technique.js';
export type { AnalysisInput, TechniqueOptions, TechniqueOutput } from './swing-technique.js';
export { findServePhases, SERVE_STAGE_NAMES } from './serve-phases.js';
export type { ServeEventName, ServeInput, ServePhases, ServeStageName } from './serve-phases.js';
