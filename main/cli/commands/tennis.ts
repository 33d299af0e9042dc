/**
 * `swing-studio tennis <video>`: a tennis statistics task (API.md sections 1, 3, 4) through the
 * job queue: upload to the backend's storage, create the task, poll, store the raw result in
 * the library (attached to --session when given). Prints the task id and the result's top-level
 * keys, or with --json the raw result on stdout.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { checkClipFile, checkTennisInput } from '../../jobs/validate.js';
import { getTennisTask } from '../../library/tennis-results.js';
import { addBackendOptions, backendsFor, type BackendOptions } from '../backend-options.js';
import { rowId } from '../options.js';
import { withQueue } from '../run-jobs.js';

interface TennisOptions extends BackendOptions {
  session?: number;
  json?: boolean;
}

/** Registers `tennis`. */
export function registerTennis(program: Command): void {
  const cmd = program
    .command('tennis')
    .description('run a tennis statistics task on a clip (or an http(s) URL) and store its result')
    .argument('<video>', 'clip file or http(s) URL')
    .option('--session <id>', 'library session the result belongs to', rowId)
    .option('--json', 'print the raw result JSON on stdout')
    .showHelpAfterError(false);
  addBackendOptions(cmd).action(async (video: string, opts: TennisOptions) => {
    const isUrl = /^https?:\/\//i.test(video);
    if (!isUrl) checkClipFile(video); // a bad file fails before anything starts
    const { home, kind, backends } = backendsFor(opts);
    const ok = await withQueue(
      home,
      backends,
      { quiet: Boolean(opts.json) && !process.stderr.isTTY, backend: kind },
      (queue) => [
        queue.enqueueTennis(
          checkTennisInput({
            backend: kind,
            ...(isUrl ? { videoUrl: video } : { videoPath: resolve(video) }),
            ...(opts.session !== undefined ? { sessionId: opts.session } : {}),
          }),
        ),
      ],
      ({ jobs, interrupted }, db) => {
        const job = jobs[0];
        const stored = job?.state === 'done' && job.taskId ? getTennisTask(db, job.taskId) : null;
        if (!job || !stored) {
          const why = interrupted ? 'interrupted; it resumes at the next run' : job?.reason || job?.state || 'not run';
          process.stderr.write(`swing-studio: ${video}: ${why}\n`);
          return false;
        }
        if (opts.json) process.stdout.write(`${JSON.stringify(stored.raw, null, 2)}\n`);
        else {
          const keys = typeof stored.raw === 'object' && stored.raw !== null ? Object.keys(stored.raw).join(', ') : typeof stored.raw;
          process.stdout.write(`tennis task ${stored.taskId} done (stored as result ${stored.id}${stored.sessionId ? `, session ${stored.sessionId}` : ''}); result fields: ${keys}\n`);
        }
        return true;
      },
    );
    if (!ok) process.exitCode = 1;
  });
}
