/**
 * Public surface of the job queue (see README.md in this folder for states and resume rules).
 */
export { JobQueue, DEFAULT_ANALYSIS_CONCURRENCY, DEFAULT_TENNIS_CONCURRENCY, DEFAULT_MAX_ATTEMPTS, type JobQueueOptions } from './queue.js';
export { JobInputError, checkAnalysisInput, checkTennisInput, checkClipFile } from './validate.js';
export { oneLineReason } from './reason.js';
export { CANCELLED_REASON, type SafePoint } from './job-store.js';
export type { JobContext, JobRunner, JobProgress } from './context.js';
export {
  FINAL_STATES,
  type AnalysisJobInput,
  type BackendKind,
  type JobInput,
  type JobKind,
  type JobPlayer,
  type JobState,
  type JobView,
  type TennisJobInput,
} from './types.js';
export type { BackendResolver } from '../backends/index.js';
