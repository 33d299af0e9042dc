/**
 * The persistent task queue under the direct local backend (main/backends/direct-tasks.ts on
 * main/service/service-core.ts), with a stand-in analysis glue whose tennis statistics name the
 * file they were given (so every value can be asserted, and the engine's minutes are not spent):
 * a task queued by one instance completes on a new instance over the same folder (a restart), a
 * task running when its instance stops is re-queued and completes on the next, a clip gone
 * before its task runs fails the task with the reason, a result swept before it was read is an error, and a cancelled wait or job ends at once.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackendResolver } from '../../main/backends/index.js';
import { directTasks, PROGRESS_REPORT_MS } from '../../main/backends/direct-tasks.js';
import { JobQueue } from '../../main/jobs/index.js';
import { openLibrary } from '../../main/library/db.js';
import { openServiceCore, type ServiceCore } from '../../main/service/service-core.js';
import type { AnalysisPipeline } from '../../main/pipeline/pipeline-types.js';
import { getTask } from '../../main/service/task-db.js';
import { nodeSecretBox } from '../../main/settings/api-key.js';
import { mediaPath } from '../support/media.js';

const root = mkdtempSync(join(tmpdir(), 'ss-direct-queue-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const CLIP = mediaPath('tennis_forehand_2.mp4');

/** Stand-in glue: tennis statistics `{file, hand}`; with `hold`, each run waits for its abort signal (and records the abort). */
function glue(hold = false) {
  let begun!: () => void;
  const g = {
    inputs: [] as string[],
    aborts: 0,
    started: new Promise<void>((r) => (begun = r)),
    pipeline: {
      secondsPerFrame: () => 0.05,
      analyseTechnique: () => Promise.reject(new Error('not used')),
      writeTechniqueArchive: () => Promise.resolve(),
      tennisStatistics: (input: string, o: { dominantHand: 'left' | 'right'; signal: AbortSignal; onProgress?: (share: number) => void }) => {
        g.inputs.push(input);
        begun();
        if (!hold) return Promise.resolve({ file: input, hand: o.dominantHand, swing_counts: { total: 1 } });
        return new Promise((_, reject) => o.signal.addEventListener('abort', () => (g.aborts++, reject(o.signal.reason as Error)), { once: true }));
      },
    } satisfies AnalysisPipeline,
  };
  return g;
}

function core(home: string, g: ReturnType<typeof glue>, run = true): ServiceCore {
  const c = openServiceCore({ home, log: () => undefined, pipeline: () => Promise.resolve(g.pipeline) });
  if (run) c.worker.start();
  return c;
}

describe('direct tennis tasks in the persistent queue', () => {
  it('a task queued by one instance completes on a new instance over the same folder', async () => {
    const home = join(root, 'restart');
    const g = glue();
    const first = core(home, g, false); // the process stops before its worker takes the task
    const t1 = directTasks(first);
    const request = { video_url: t1.fileUrl!(CLIP), dominant_hand: 'left' }; // our documented extra field
    const { taskId } = await t1.createTennisTask(request);
    expect(getTask(first.db, taskId)?.status).toBe('queued');
    await first.close();

    const second = core(home, g);
    try {
      const statuses: string[] = [];
      const r = await directTasks(second).waitForTennisTask(taskId, { onStatus: (s) => statuses.push(s.state) });
      expect(r.result).toEqual({ file: CLIP, hand: 'left', swing_counts: { total: 1 } });
      expect(JSON.parse(r.resultRaw)).toEqual(r.result);
      expect(r.metadata).toEqual({ pipeline_version: 'stable', compute_version: expect.any(String) as string });
      expect(g.inputs).toEqual([CLIP]); // read where it lies, no copy
      expect(statuses.at(-1)).toBe('done');
      expect(getTask(second.db, taskId)).toMatchObject({ status: 'done', attempts: 1 });
      // A job resumed after the retention sweep took the result (24 h) gets a clear error.
      rmSync(second.ctx.store.pathOf(`results/${taskId}.json`));
      await expect(directTasks(second).waitForTennisTask(taskId)).rejects.toMatchObject({ kind: 'server', code: 'task-result-gone' });
    } finally {
      await second.close();
    }
  });

  it('a task running when its instance stops is re-queued and completes on the next one', async () => {
    const home = join(root, 'stopped');
    const holding = glue(true);
    const first = core(home, holding);
    const { taskId } = await directTasks(first).createTennisTask({ video_url: directTasks(first).fileUrl!(CLIP) });
    await holding.started;
    expect(getTask(first.db, taskId)?.status).toBe('running');
    await first.close();
    expect(holding.aborts).toBe(1);

    const g = glue();
    const second = core(home, g);
    try {
      const r = await directTasks(second).waitForTennisTask(taskId);
      expect(r.result).toMatchObject({ file: CLIP, hand: 'right' });
      expect(getTask(second.db, taskId)).toMatchObject({ status: 'done', attempts: 2 });
    } finally {
      await second.close();
    }
  });

  it('a clip gone before its task runs fails the task with the reason', async () => {
    const home = join(root, 'gone');
    const clip = join(root, 'gone.mp4');
    copyFileSync(CLIP, clip);
    const g = glue();
    const first = core(home, g, false);
    const t = directTasks(first);
    const { taskId } = await t.createTennisTask({ video_url: t.fileUrl!(clip) });
    rmSync(clip);
    first.worker.start();
    try {
      const err = await t.waitForTennisTask(taskId).catch((e: unknown) => e);
      expect(err).toMatchObject({ name: 'ApiError', kind: 'server', code: 'task-failed', serverMessage: `No such file: ${clip}` });
      expect(g.inputs).toEqual([]);
    } finally {
      await first.close();
    }
  });

  it('a cancelled wait ends at once, and a cancelled tennis job ends cancelled', async () => {
    const home = join(root, 'cancel');
    const holding = glue(true);
    const backends = createBackendResolver({ home, secretBox: nodeSecretBox(home), env: {}, localService: { log: () => undefined, pipeline: () => Promise.resolve(holding.pipeline) } });
    const db = openLibrary(home);
    const queue = new JobQueue({ db, home, backends });
    try {
      const t = await backends.tasks!('local');
      const { taskId } = await t.createTennisTask({ video_url: t.fileUrl!(CLIP) });
      await holding.started;
      const ac = new AbortController();
      const waiting = t.waitForTennisTask(taskId, { signal: ac.signal });
      ac.abort();
      await expect(waiting).rejects.toMatchObject({ name: 'ApiError', kind: 'cancelled' });

      queue.start();
      const id = queue.enqueueTennis({ videoPath: CLIP, backend: 'local' });
      for (let i = 0; i < 1000 && queue.get(id)?.state !== 'analysing'; i++) await new Promise((r) => setTimeout(r, 10));
      expect(queue.get(id)?.state).toBe('analysing');
      queue.cancel(id);
      await queue.whenIdle();
      expect(queue.get(id)).toMatchObject({ state: 'cancelled', reason: 'cancelled by the user' });
    } finally {
      await queue.stop();
      await backends.close();
      db.close();
    }
    expect(holding.aborts).toBe(1); // the running task, aborted (and re-queued) when the backends closed
  });

  it('a waiter without a wait limit reports the running task\'s share until the worker settles it', async () => {
    const home = join(root, 'progress');
    let finish!: () => void;
    let report!: (share: number) => void;
    const reporting = glue();
    const running = new Promise<void>((r) => (finish = r));
    let begun!: () => void;
    const started = new Promise<void>((r) => (begun = r));
    reporting.pipeline.tennisStatistics = (input, o) => {
      report = (x) => o.onProgress?.(x);
      begun();
      return running.then(() => ({ file: input, hand: o.dominantHand, swing_counts: { total: 1 } }));
    };
    const c = core(home, reporting);
    try {
      const t = directTasks(c);
      const { taskId } = await t.createTennisTask({ video_url: t.fileUrl!(CLIP) });
      await started;
      report(0.4);
      const shares: number[] = [];
      const waiting = t.waitForTennisTask(taskId, { onStatus: (x) => x.state === 'pending' && x.share !== undefined && shares.push(x.share) });
      await new Promise((r) => setTimeout(r, PROGRESS_REPORT_MS * 1.5)); // at least one tick
      report(0.7);
      await new Promise((r) => setTimeout(r, PROGRESS_REPORT_MS * 1.5));
      finish();
      const done = await waiting;
      expect(done.result).toMatchObject({ swing_counts: { total: 1 } });
      expect(shares[0]).toBe(0.4);
      expect(shares).toContain(0.7);
      expect([...shares].sort((a, b) => a - b)).toEqual(shares); // never backwards
    } finally {
      await c.close();
    }
  });
});
