/**
 * Runs jobs of one CLI invocation through the persistent queue: opens the library, starts the
 * queue (which first resumes jobs an earlier run left behind), shows progress, waits until the
 * queue is idle, and always stops the queue, the local service and the database. Ctrl-C stops
 * the queue without failing the running jobs: they resume at the next run.
 */
import type { WritableDb } from '../library/db.js';
import { openConfiguredLibrary } from '../settings/library-location.js';
import { JobQueue } from '../jobs/queue.js';
import type { BackendKind, JobView } from '../contract/job.js';
import type { BackendResolver } from '../backends/index.js';
import { progressView } from './progress.js';

/** What a command does inside {@link withQueue}: enqueue jobs, return their ids. */
export type Enqueue = (queue: JobQueue, db: WritableDb) => number[];

/** Result of {@link withQueue}: the final view of each enqueued job, and the open database for reading results. */
export interface QueueRun {
  jobs: JobView[];
  interrupted: boolean;
}

/**
 * Opens the library of `home`, runs `enqueue` (its input errors propagate before anything is
 * stored), waits for the queue, then calls `report` with the database still open.
 * @returns the final views of the enqueued jobs (`interrupted` after Ctrl-C).
 */
export async function withQueue<T>(
  home: string,
  backends: BackendResolver,
  opts: { quiet: boolean; backend: BackendKind },
  enqueue: Enqueue,
  report: (run: QueueRun, db: WritableDb) => T,
): Promise<T> {
  // Fail fast (one line, no job stored) when the remote backend is not usable (no URL or key).
  // The local one needs no set-up: analyses call the pipeline directly and the in-process
  // service starts only when a job needs it (a tennis task).
  if (opts.backend === 'remote') {
    await backends.client('remote').catch(async (err: unknown) => {
      await backends.close();
      throw err;
    });
  }
  const db = openConfiguredLibrary(home);
  const queue = new JobQueue({ db, home, backends });
  const view = progressView(process.stderr, opts.quiet);
  let interrupted = false;
  const onSigint = (): void => {
    interrupted = true;
    void queue.stop();
  };
  try {
    const ids = enqueue(queue, db);
    const mine = new Set(ids);
    const off = queue.on('job', (j) => {
      if (mine.has(j.id)) view.update(j);
    });
    process.once('SIGINT', onSigint);
    queue.start();
    await queue.whenIdle();
    off();
    view.stop();
    const jobs = ids.map((id) => queue.get(id)).filter((j): j is JobView => j !== undefined);
    return report({ jobs, interrupted }, db);
  } finally {
    process.removeListener('SIGINT', onSigint);
    view.stop();
    await queue.stop();
    await backends.close();
    db.close();
  }
}
