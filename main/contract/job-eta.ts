/**
 * The words for a job's estimated time left (JobView.etaS, main/contract/job.ts), one text for
 * the CLI's progress line and the app's job list, and the job list's countdown between two
 * progress reports. No run-time imports: the renderer imports it.
 */
import type { JobView } from './job.js';

/** What the job list says once a countdown has run out before the next report came: the job is late, not done. */
export const ETA_RAN_OUT_TEXT = 'finishing…';

/**
 * "~40 s left", "~3 min left", "~1 h 20 min left" for `etaS` real seconds: up to 50 s in
 * steps of 10 s (at least 10 s), under an hour in whole minutes rounded up, above in hours and
 * minutes. '' for a value that is not a finite number ≥ 0.
 */
export function etaText(etaS: number | undefined): string {
  if (etaS === undefined || !Number.isFinite(etaS) || etaS < 0) return '';
  const tens = Math.max(10, Math.ceil(etaS / 10) * 10);
  if (tens < 60) return `~${tens} s left`;
  const min = Math.ceil(etaS / 60);
  if (min < 60) return `~${min} min left`;
  const h = Math.floor(min / 60);
  const rest = min - 60 * h;
  return rest === 0 ? `~${h} h left` : `~${h} h ${rest} min left`;
}

/**
 * The time left, real seconds, `nowMs` (ms, one clock with `reportedAtMs`) after a progress
 * report at `reportedAtMs` said `etaS` seconds: `etaS` minus the seconds since, at least 0.
 * undefined when `etaS` is not a finite number ≥ 0 (no estimate yet). A clock that went back
 * (`nowMs` < `reportedAtMs`) counts as no time passed.
 * Decided: the job list counts the estimate down between reports (sparse reports, e.g. a quiet
 * second pass, would otherwise leave "~N min left" frozen); each new report starts it afresh.
 */
export function etaLeftS(etaS: number | undefined, reportedAtMs: number, nowMs: number): number | undefined {
  if (etaS === undefined || !Number.isFinite(etaS) || etaS < 0) return undefined;
  return Math.max(0, etaS - Math.max(0, nowMs - reportedAtMs) / 1000);
}

/**
 * The job list's words for an estimate counted down since its report ({@link etaLeftS}):
 * {@link etaText} of the time left, {@link ETA_RAN_OUT_TEXT} once it is down to 0 (never a
 * negative time, nor "~10 s left" for ever), '' without an estimate.
 * Decided: a floor text rather than hiding the line: the coach sees the job is still on its last stretch.
 */
export function etaCountdownText(etaS: number | undefined, reportedAtMs: number, nowMs: number): string {
  const left = etaLeftS(etaS, reportedAtMs, nowMs);
  if (left === undefined) return '';
  return left > 0 ? etaText(left) : ETA_RAN_OUT_TEXT;
}

/**
 * Whether `job` (an event) carries a new progress report of the job shown as `before`: a new job,
 * another state, share or `etaS`. An event that repeats them (e.g. a new warning) is not one, so
 * the ETA countdown is not started afresh from an old estimate. Used by the job list and the CLI's bar.
 */
export function isNewReport<T extends Pick<JobView, 'state' | 'share' | 'etaS'>>(before: T | undefined, job: T): boolean {
  return !before || before.state !== job.state || before.share !== job.share || before.etaS !== job.etaS;
}
