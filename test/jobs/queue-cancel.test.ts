/**
 * Cancelling in the persistent job queue: a queued job, a running one (its request aborted,
 * nothing stored), and stop() leaving a running job to resume at the next start. A real library
 * (SQLite in a temp home) and the contract fault server on 127.0.0.1 as the "remote" service,
 * with a real clip (queue-fixture.ts).
 */
import { describe, expect, it } from 'vitest';
import { listSessions } from '../../main/library/sessions.js';
import { input, until, useQueueFixture } from './queue-fixture.js';

const fx = useQueueFixture();

describe('JobQueue', () => {
  it('cancels a queued job; stop() leaves a running job to resume at the next start', async () => {
    const q0 = fx.queue();
    const cancelled = q0.enqueueAnalysis(input());
    q0.cancel(cancelled);
    expect(q0.get(cancelled)?.state).toBe('cancelled');

    fx.server.plan('process', { type: 'hang' });
    const q1 = fx.queue();
    const id = q1.enqueueAnalysis(input());
    q1.start();
    await until(() => fx.server.requests.some((r) => r.route === 'process')); // /process reached the server, which hangs
    await q1.stop();
    expect(q1.get(id)?.state).toBe('analysing'); // interrupted, not failed

    const q2 = fx.queue();
    q2.start();
    await q2.whenIdle();
    expect(q2.get(id)?.state).toBe('done');
    expect(q2.get(cancelled)?.state).toBe('cancelled'); // never run
    expect(listSessions(fx.db)).toHaveLength(1);
  });

  it('cancels a running job: its request is aborted and nothing is stored', async () => {
    fx.server.plan('process', { type: 'hang' });
    const q = fx.queue();
    q.start();
    const id = q.enqueueAnalysis(input());
    await until(() => fx.server.requests.some((r) => r.route === 'process'));
    q.cancel(id);
    await q.whenIdle();
    expect(q.get(id)?.state).toBe('cancelled');
    expect(q.get(id)?.reason).toBe('cancelled by the user');
    expect(listSessions(fx.db)).toEqual([]);
    expect(fx.libraryFiles()).toEqual([]);
  });
});
