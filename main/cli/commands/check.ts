/**
 * `swing-studio check <url-or-file…>`: asks the backend whether videos qualify for analysis
 * (API.md endpoint 2). Files are checked where they lie on the local backend (direct, no HTTP:
 * main/backends/direct-tasks.ts); other backends get them uploaded to their storage first
 * (upload-url + presigned PUT) and check them by their downloadUrl. Exit code 0 when every video is ok, 1
 * otherwise (a probe error or a failed check), 2 on bad usage.
 */
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { TaskClient } from '../../backends/direct-tasks.js';
import type { VideoCheckResponse } from '../../contract/api-schema.js';
import { checkClipFile } from '../../jobs/validate.js';
import { addBackendOptions, backendsFor, type BackendOptions } from '../backend-options.js';

interface CheckOptions extends BackendOptions {
  json?: boolean;
}

/** One input's outcome. */
interface CheckRow {
  input: string;
  url: string;
  ok: boolean;
  result?: NonNullable<VideoCheckResponse['data']>[string];
  error?: { status: number; message: string };
}

/** Registers `check`. */
export function registerCheck(program: Command): void {
  const cmd = program
    .command('check')
    .description('check whether videos (URLs or files, files are uploaded first) qualify for analysis')
    .argument('<url-or-file...>', 'http(s) URLs or video files')
    .option('--json', 'print the results as JSON on stdout')
    .showHelpAfterError(false);
  addBackendOptions(cmd).action(async (inputs: string[], opts: CheckOptions) => {
    const { kind, backends } = backendsFor(opts);
    try {
      const client: TaskClient = backends.tasks ? await backends.tasks(kind) : await backends.client(kind);
      const urls: string[] = [];
      for (const input of inputs) {
        if (/^https?:\/\//i.test(input)) urls.push(input);
        else {
          const clip = checkClipFile(input);
          urls.push(client.fileUrl?.(clip.path) ?? (await (await backends.client(kind)).uploadVideo(clip.path, { contentType: clip.contentType })).downloadUrl);
        }
      }
      const res = await client.checkVideos(urls);
      const rows: CheckRow[] = inputs.map((input, i) => rowOf(input, urls[i] ?? '', res));
      if (opts.json) process.stdout.write(`${JSON.stringify(rows.map(jsonRow), null, 2)}\n`);
      else for (const r of rows) process.stdout.write(`${textRow(r)}\n`);
      const bad = rows.filter((r) => !r.ok);
      if (bad.length > 0) {
        process.stderr.write(`swing-studio: ${bad.length} of ${rows.length} video(s) did not pass the check\n`);
        process.exitCode = 1;
      }
    } finally {
      await backends.close();
    }
  });
}

function rowOf(input: string, url: string, res: VideoCheckResponse): CheckRow {
  const result = res.data?.[url];
  const error = res.errors?.[url];
  if (result) return { input, url, ok: result.video_ok && result.fps_check && result.resolution_check, result };
  return { input, url, ok: false, error: error ?? { status: 0, message: 'no result for this URL in the answer' } };
}

function jsonRow(r: CheckRow): object {
  const { url: _url, ...rest } = r; // presigned URLs carry signatures: not printed
  return rest;
}

function textRow(r: CheckRow): string {
  const name = /^https?:/i.test(r.input) ? r.input : basename(r.input);
  if (!r.result) return `${name}: error ${r.error?.status ?? ''} ${r.error?.message ?? ''}`.trim();
  const c = r.result;
  return `${name}: ${r.ok ? 'ok' : 'NOT ok'} (video ${yes(c.video_ok)}, fps ${yes(c.fps_check)}, resolution ${yes(c.resolution_check)}, estimated compute ${c.estimated_compute_time.toFixed(1)} s)`;
}

function yes(b: boolean): string {
  return b ? 'ok' : 'fail';
}
