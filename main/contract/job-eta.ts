/**
 * The words for a job's estimated time left (JobView.etaS, main/contract/job.ts), one text for
 * the CLI's progress line and the app's job list. No run-time imports: the renderer imports it.
 */

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
