/**
 * The technique pipeline's public API: the typed analysis (TechniqueAnalysis) both transports
 * hand on, the engine slot, the vendor done object both ways, the versions, and the pipeline
 * itself loaded on first use (technique-pipeline.ts imports the engine, which loads TensorFlow,
 * so it is never imported statically here). See README.md.
 */
import { lazyPipeline, type AnalysisPipeline } from './pipeline-types.js';

export { createEngineSlot, EngineBusyError, type EngineHolder, type EngineSlot, type EngineSlotState, type EngineUser, type EngineWaitOptions } from './engine-slot.js';
export { lazyPipeline, type AnalysisPipeline, type RunHooks, type TechniqueAnalysis, type TechniqueOutcome } from './pipeline-types.js';
export { analysisFromDone, ballNotStoredWarning, doneObject, DonePoseMissingError } from './done-object.js';
export { COMPUTE_VERSION, versionMetadata } from './versions.js';

/** Imports technique-pipeline.ts (the real pipeline: engine + analysis + archive writer). */
export async function loadTechniquePipeline(): Promise<AnalysisPipeline> {
  return (await import('./technique-pipeline.js')).techniquePipeline;
}

/** A fresh cached loader of the real pipeline (lazyPipeline over {@link loadTechniquePipeline}). */
export function techniquePipelineLoader(): () => Promise<AnalysisPipeline> {
  return lazyPipeline(loadTechniquePipeline);
}
