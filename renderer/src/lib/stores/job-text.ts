/**
 * Plain-word descriptions of background jobs for the job list ("Analysing — 63 %").
 */
import { isFinalJobState } from '../../../../main/contract/job.js';
import type { JobView } from '../../../../preload/contract.js';

/** Whether the job is still queued or running (not in a final state, main/contract/job.ts). */
export function isActive(job: JobView): boolean {
  return !isFinalJobState(job.state);
}

/** Percent 0..100 of the current step, rounded. */
export function percent(share: number): number {
  return Math.round(Math.min(1, Math.max(0, share)) * 100);
}

/** One line saying where a job is, e.g. "Uploading — 2.1 of 5.0 MB", "Failed: no player found". */
export function describeJob(job: JobView): string {
  switch (job.state) {
    case 'queued':
      return 'Waiting in the queue';
    case 'uploading':
      if (job.bytes !== undefined && job.totalBytes)
        return `Uploading — ${mb(job.bytes)} of ${mb(job.totalBytes)} MB`;
      return `Uploading — ${percent(job.share)} %`;
    case 'analysing':
      return `Analysing — ${percent(job.share)} %`;
    case 'storing':
      if (job.step === 'playback-copy') return `Making a playable copy — ${percent(job.share)} %`;
      return 'Saving to the library';
    case 'done':
      return 'Done';
    case 'failed':
      return job.reason ? `Failed: ${job.reason}` : 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

function mb(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

/** The clip's file name of an analysis job ('' for other jobs). */
export function jobFileName(job: JobView): string {
  const input = job.input as { videoPath?: unknown };
  return typeof input.videoPath === 'string' ? (input.videoPath.split(/[\\/]/).pop() ?? '') : '';
}

/** Inserts or replaces `job` in `jobs` (by id), newest first. Returns a new array. */
export function upsertJob(jobs: readonly JobView[], job: JobView): JobView[] {
  const rest = jobs.filter((j) => j.id !== job.id);
  return [job, ...rest].sort((a, b) => b.id - a.id);
}

/** Whether a job event is a new progress report (main/contract/job-eta.ts, shared with the CLI's bar). */
export { isNewReport } from '../../../../main/contract/job-eta.js';
