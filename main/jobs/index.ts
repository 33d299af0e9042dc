/**
 * Public surface of the job queue (see README.md in this folder for states and resume rules).
 */
export {
  JobQueue,
  DEFAULT_ANALYSIS_CONCURRENCY,
  DEFAULT_TENNIS_CONCURRENCY,
  DEFAULT_MAX_ATTEMPTS,
  type JobQueueOptions,
} from './queue.js';
export { JobInputError, checkAnalysisInput, checkTennisInput, checkClipFile } from './validate.js';
export { oneLineReason } from './reason.js';
export { CANCELLED_REASON } from './job-store.js';
export type { JobContext, JobRunner, JobProgress } from './job-context.js';
/** The job model (states, inputs, the stored row and the view) is main/contract/job.ts, re-exported here for the queue's users. */
export {
  FINAL_JOB_STATES,
  type AnalysisJobInput,
  type BackendKind,
  type JobInput,
  type JobKind,
  type JobPlayer,
  type JobState,
  type JobView,
  type SafePoint,
  type TennisJobInput,
} from '../contract/job.js';
export type { BackendResolver } from '../backends/index.js';
