/**
 * Job progress on the terminal. On a TTY stderr: one cli-progress bar per job (upload bytes,
 * then analysis share). Elsewhere (pipes, CI logs) nothing, so a failure stays one stderr line;
 * SWING_STUDIO_PROGRESS=plain prints one plain line per state change instead. The bars' time left
 * counts down between progress reports (redrawn every {@link REDRAW_MS}), as the app's job list does
 * (job-eta.ts `etaCountdownText`).
 * stdout is never used, so `--json` output stays clean.
 */
import cliProgress from 'cli-progress';
import { basename } from 'node:path';
import type { JobView } from '../contract/job.js';
import { etaCountdownText, isNewReport } from '../contract/job-eta.js';

/** Renders job events; stop() clears the bars. */
export interface ProgressView {
  update(job: JobView): void;
  stop(): void;
}

/**
 * The view for this terminal: bars when `stream` is a TTY, plain lines when
 * `env.SWING_STUDIO_PROGRESS` is "plain", none otherwise or when `quiet`.
 */
export function progressView(stream: NodeJS.WriteStream = process.stderr, quiet = false, env: NodeJS.ProcessEnv = process.env): ProgressView {
  if (env.SWING_STUDIO_PROGRESS === 'plain') return lineView(stream);
  if (quiet || !stream.isTTY) return { update: () => undefined, stop: () => undefined };
  return barView(stream);
}

function labelOf(job: JobView): string {
  const path = 'videoPath' in job.input ? job.input.videoPath : undefined;
  return `#${job.id} ${path ? basename(path) : ('videoUrl' in job.input && job.input.videoUrl) || job.kind}`;
}

/** How often the bars redraw between job events, ms: the time left counts down by the second. */
export const REDRAW_MS = 1000;

function barView(stream: NodeJS.WriteStream): ProgressView {
  const multi = new cliProgress.MultiBar(
    {
      stream,
      format: ' {label} |{bar}| {percentage}% {state}{detail}',
      hideCursor: true,
      clearOnComplete: false,
      barsize: 30,
    },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map<number, { bar: cliProgress.SingleBar; job: JobView; reportedAt: number }>();
  let stopped = false;
  const draw = (b: { bar: cliProgress.SingleBar; job: JobView; reportedAt: number }) =>
    b.bar.update(Math.round(b.job.share * 100), { label: labelOf(b.job), state: b.job.state, detail: detailOf(b.job, b.reportedAt, Date.now()) });
  const timer = setInterval(() => bars.forEach(draw), REDRAW_MS);
  timer.unref();
  return {
    update(job) {
      if (stopped) return;
      const b = bars.get(job.id);
      if (!b) {
        const bar = multi.create(100, Math.round(job.share * 100), { label: labelOf(job), state: job.state, detail: detailOf(job) });
        bars.set(job.id, { bar, job, reportedAt: Date.now() });
        return;
      }
      if (isNewReport(b.job, job)) b.reportedAt = Date.now();
      b.job = job;
      draw(b);
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      multi.stop();
    },
  };
}

/**
 * The bar's words after the state: MB sent while uploading, the time left while uploading or
 * analysing ("~3 min left", counted down from the report at `reportedAtMs` to `nowMs`, ms of one
 * clock: job-eta.ts `etaCountdownText`; both default to now, i.e. the report's own estimate),
 * the reason of a failure.
 */
export function detailOf(job: JobView, reportedAtMs = 0, nowMs = reportedAtMs): string {
  const left = job.state === 'uploading' || job.state === 'analysing' ? etaCountdownText(job.etaS, reportedAtMs, nowMs) : '';
  const eta = left ? ` ${left}` : '';
  if (job.state === 'uploading' && job.totalBytes) return ` ${mb(job.bytes ?? 0)}/${mb(job.totalBytes)} MB${eta}`;
  if (job.state === 'failed' && job.reason) return `: ${job.reason}`;
  return eta;
}

function mb(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

function lineView(stream: NodeJS.WriteStream): ProgressView {
  const last = new Map<number, string>();
  return {
    update(job) {
      if (last.get(job.id) === job.state) return;
      last.set(job.id, job.state);
      stream.write(`${labelOf(job)}: ${job.state}${detailOf(job)}\n`);
    },
    stop: () => undefined,
  };
}
