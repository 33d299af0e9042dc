/**
 * The persistent job queue running jobs: bad input refused before anything is stored, the remote
 * pipeline and its states, the capture frame rate kept with the session, one job at a time, a
 * failing backend and its retry, a tennis task. A real library (SQLite in a temp home) and the
 * contract fault server on 127.0.0.1 as the "remote" service, with a real clip (queue-fixture.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JobInputError, type JobView } from '../../main/jobs/index.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { RECOMPUTED_LOCALLY_WARNING } from '../../main/library/recompute.js';
import { listSessions } from '../../main/library/sessions.js';
import { getTennisTask } from '../../main/library/tennis-results.js';
import { CLIP, input, useQueueFixture } from './queue-fixture.js';

const fx = useQueueFixture();

describe('JobQueue', () => {
  it('refuses bad input before storing anything', () => {
    const q = fx.queue();
    expect(() => q.enqueueAnalysis(input({ videoPath: join(fx.home, 'missing.mp4') }))).toThrow(/video file not found/);
    expect(() => q.enqueueAnalysis(input({ videoPath: '/etc/hostname' }))).toThrow(/unsupported video extension/);
    expect(() => q.enqueueAnalysis(input({ sport: 'golf' as never }))).toThrow(JobInputError);
    expect(() => q.enqueueAnalysis(input({ player: { name: 'A', dominantHand: 'right', heightMm: 0 } }))).toThrow(/height/);
    expect(fx.jobCount()).toBe(0);
    expect(listSessions(fx.db)).toEqual([]);
  });

  it('runs the remote pipeline: upload, /process with the file, store; states in order', async () => {
    const q = fx.queue();
    const seen: JobView[] = [];
    q.on('job', (j) => seen.push(j));
    q.start();
    const id = q.enqueueAnalysis(input());
    await q.whenIdle();
    const job = q.get(id);
    expect(job?.state).toBe('done');
    const states = seen.map((j) => j.state).filter((s, i, a) => s !== a[i - 1]);
    expect(states).toEqual(['queued', 'uploading', 'analysing', 'storing', 'done']);
    expect(seen.some((j) => j.state === 'uploading' && j.totalBytes !== undefined && j.totalBytes > 0)).toBe(true);
    expect(fx.server.uploads).toHaveLength(1);
    expect(fx.server.processed).toHaveLength(1);
    // The API key goes to the /api host only: never to storage or the technique fx.server.
    for (const r of fx.server.requests) {
      expect(r.headers.authorization).toBe(r.path.startsWith('/api/') ? `Bearer ${fx.server.apiKey}` : undefined);
    }
    expect(fx.server.requests.map((r) => r.route)).toEqual(['upload-url', 'put', 'process']);
    expect(fx.server.processed[0]?.metadata).toMatchObject({ sport: 'pickleball', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1680 });
    const detail = getSessionDetail(fx.db, job?.sessionId ?? -1);
    expect(detail?.player.name).toBe('Ann Example');
    expect(detail?.analysis?.backend).toBe('remote');
    expect(detail?.pose2d?.frames).toBe(30); // the fault server's synthetic done line has 30 frames
  });

  it('keeps the capture frame rate of a remote job with the session, without sending it to the remote service', async () => {
    const q = fx.queue();
    q.start();
    const id = q.enqueueAnalysis(input({ captureFps: 240 }));
    await q.whenIdle();
    const job = q.get(id);
    expect(job?.state).toBe('done');
    expect(fx.server.processed[0]?.metadata).not.toHaveProperty('capture_fps');
    const detail = getSessionDetail(fx.db, job?.sessionId ?? -1);
    expect(detail?.session.captureFps).toBe(240);
    // Measured in real time here, from the stored pose, and the analysis says so.
    expect(detail?.analysis?.captureFps).toBe(240);
    expect(detail?.analysis?.warnings).toContainEqual(RECOMPUTED_LOCALLY_WARNING);
  });

  it('runs several jobs one at a time by default (concurrency 1), oldest first', async () => {
    const q = fx.queue();
    const active = new Set<number>();
    let most = 0;
    const order: number[] = [];
    q.on('job', (j) => {
      if (['uploading', 'analysing', 'storing'].includes(j.state)) {
        if (!active.has(j.id)) order.push(j.id);
        active.add(j.id);
      } else active.delete(j.id);
      most = Math.max(most, active.size);
    });
    const ids = [q.enqueueAnalysis(input()), q.enqueueAnalysis(input()), q.enqueueAnalysis(input())];
    q.start();
    await q.whenIdle();
    expect(ids.map((id) => q.get(id)?.state)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(1);
    expect(order).toEqual(ids);
    expect(listSessions(fx.db)).toHaveLength(3);
    expect(q.list().map((j) => j.id)).toEqual([...ids].reverse());
  });

  it('a failing backend leaves the library unchanged; a retry against a healthy one succeeds', async () => {
    fx.server.plan('process', { type: 'status', status: 500, body: { error: 'Internal server error' } });
    const q = fx.queue();
    q.start();
    const id = q.enqueueAnalysis(input());
    await q.whenIdle();
    const failed = q.get(id);
    expect(failed?.state).toBe('failed');
    expect(failed?.reason).toMatch(/500/);
    expect(failed?.reason).not.toContain('\n');
    expect(failed?.reason).not.toContain(fx.server.apiKey);
    expect(listSessions(fx.db)).toEqual([]);
    expect(fx.libraryFiles()).toEqual([]);
    const staged = existsSync(join(fx.home, 'jobs')) ? readdirSync(join(fx.home, 'jobs')).filter((f) => f !== 'queue.lock') : [];
    expect(staged).toEqual([]); // no staged files left

    const again = q.retry(id); // the fault is used up: the server is healthy now
    await q.whenIdle();
    expect(q.get(again)?.state).toBe('done');
    expect(q.get(id)?.state).toBe('failed');
    expect(listSessions(fx.db)).toHaveLength(1);
  });

  it('runs a tennis task: upload, create, poll, result stored raw', async () => {
    const q = fx.queue();
    q.start();
    const id = q.enqueueTennis({ videoPath: CLIP, backend: 'remote' });
    await q.whenIdle();
    const job = q.get(id);
    expect(job?.state).toBe('done');
    const stored = getTennisTask(fx.db, job?.taskId ?? '');
    expect(stored?.raw).toEqual(JSON.parse(fx.server.resultText(job?.taskId ?? '')));
  });
});
