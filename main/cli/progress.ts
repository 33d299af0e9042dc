/**
 * Job progress on the terminal. On a TTY stderr: one cli-progress bar per job (upload bytes,
 * then analysis share). Elsewhere (pipes, CI logs) nothing, so a failure stays one stderr line;
 * SWING_STUDIO_PROGRESS=plain prints one plain line per state change instead.
 * stdout is never used, so `--json` output stays clean.
 */
import cliProgress from 'cli-progress';
import { basename } from 'node:path';
import type { JobView } from '../contract/job.js';
import { etaText } from '../contract/job-eta.js';

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
  const bars = new Map<number, cliProgress.SingleBar>();
  let stopped = false;
  return {
    update(job) {
      if (stopped) return;
      const payload = { label: labelOf(job), state: job.state, detail: detailOf(job) };
      const value = Math.round(job.share * 100);
      let bar = bars.get(job.id);
      if (!bar) {
        bar = multi.create(100, value, payload);
        bars.set(job.id, bar);
      } else bar.update(value, payload);
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      multi.stop();
    },
  };
}

/** The bar's words after the state: MB sent while uploading, the time left while uploading or analysing ("~3 min left", job-eta.ts), the reason of a failure. */
export function detailOf(job: JobView): string {
  const left = job.state === 'uploading' || job.state === 'analysing' ? etaText(job.etaS) : '';
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
