/**
 * The job's working folder `<home>/jobs/<id>/` (pose checkpoints, main/engine/pose-checkpoint.ts)
 * across a stop: kept when the queue stops while the job runs (quit, end of a CLI run), so the
 * resumed job finds it; removed when the job ends (done or cancelled).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JobRunner } from '../../main/jobs/index.js';
import { input, until, useQueueFixture } from './queue-fixture.js';

const fx = useQueueFixture();

/** A runner that saves a checkpoint file in its job's folder, then waits until aborted. */
const saveThenWait: JobRunner = async (ctx) => {
  ctx.setState('analysing');
  const dir = join(ctx.home, 'jobs', String(ctx.job.id), 'pose');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'chunk-000000.bin'), 'x');
  await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error), { once: true }));
  return {};
};

describe('the job folder', () => {
  it('is kept when the queue stops and removed when the resumed job ends', async () => {
    const q1 = fx.queue({ runners: { analysis: saveThenWait } });
    const id = q1.enqueueAnalysis(input());
    const file = join(fx.home, 'jobs', String(id), 'pose', 'chunk-000000.bin');
    q1.start();
    await until(() => existsSync(file));
    await q1.stop();
    expect(existsSync(file)).toBe(true);
    let found = false;
    const q2 = fx.queue({ runners: { analysis: () => Promise.resolve(((found = existsSync(file)), {})) } });
    q2.start();
    await q2.whenIdle();
    expect(found).toBe(true);
    expect(q2.get(id)?.state).toBe('done');
    expect(existsSync(join(fx.home, 'jobs', String(id)))).toBe(false);
  });

  it('is removed when the job is cancelled', async () => {
    const q = fx.queue({ runners: { analysis: saveThenWait } });
    const id = q.enqueueAnalysis(input());
    q.start();
    await until(() => existsSync(join(fx.home, 'jobs', String(id), 'pose')));
    q.cancel(id);
    await q.whenIdle();
    expect(q.get(id)?.state).toBe('cancelled');
    expect(existsSync(join(fx.home, 'jobs', String(id)))).toBe(false);
  });
});
