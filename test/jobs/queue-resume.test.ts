/**
 * The persistent job queue after a restart or a crash: a queued job kept, an interrupted one
 * resumed (reusing a valid upload) or failed after too many attempts, and jobs of another live
 * process's queue lock left alone. A real library (SQLite in a temp home) and the contract fault
 * server on 127.0.0.1 as the "remote" service, with a real clip (queue-fixture.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { warningText } from '../../main/contract/warning.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queueLockPath } from '../../main/jobs/queue-lock.js';
import { openLibrary } from '../../main/library/db.js';
import { listSessions } from '../../main/library/sessions.js';
import { input, useQueueFixture } from './queue-fixture.js';

const fx = useQueueFixture();

describe('JobQueue', () => {
  it('persists a queued job across a restart and runs it in the next queue', async () => {
    const first = fx.queue();
    const id = first.enqueueAnalysis(input()); // never started: like a quit right after enqueue
    await first.stop();
    fx.db.close();
    fx.db = openLibrary(fx.home);
    const second = fx.queue();
    expect(second.get(id)?.state).toBe('queued');
    second.start();
    await second.whenIdle();
    const job = second.get(id);
    expect(job?.state).toBe('done');
    expect(listSessions(fx.db).map((s) => s.id)).toEqual([job?.sessionId]);
  });

  it('resumes a job killed while analysing, reusing a still-valid upload', async () => {
    const q0 = fx.queue();
    const id = q0.enqueueAnalysis(input());
    const issuedAt = new Date().toISOString();
    const url = `${fx.server.url}/storage/prior/clip.mp4?X-Amz-Expires=86400`;
    // What a killed process leaves behind: state analysing, one attempt, the upload safe point.
    fx.db.prepare(`UPDATE jobs SET state = 'analysing', attempts = 1, safe_point_json = ? WHERE id = ?`).run(
      JSON.stringify({ upload: { uploadUrl: url, downloadUrl: url, issuedAt } }),
      id,
    );
    const q = fx.queue();
    q.start();
    await q.whenIdle();
    const job = q.get(id);
    expect(job?.state).toBe('done');
    expect(job?.attempts).toBe(2);
    expect(job?.warnings.map(warningText).join(' ')).toMatch(/interrupted while analysing/);
    expect(job?.warnings.map((w) => w.code)).toContain('job-resumed');
    expect(fx.server.uploads).toHaveLength(0); // no second upload
    expect(fx.server.processed).toHaveLength(1); // /process run again
  });

  it('leaves jobs that look interrupted alone while another live process holds the queue lock', async () => {
    const q0 = fx.queue();
    const id = q0.enqueueAnalysis(input());
    fx.db.prepare(`UPDATE jobs SET state = 'analysing', attempts = 1 WHERE id = ?`).run(id);
    mkdirSync(join(fx.home, 'jobs'), { recursive: true });
    writeFileSync(queueLockPath(fx.home), `${process.ppid}\n`); // a live process that is not us
    const q1 = fx.queue();
    q1.start();
    await q1.whenIdle();
    expect(q1.get(id)?.state).toBe('analysing'); // the other process's job: not re-queued
    await q1.stop();
    expect(readFileSync(queueLockPath(fx.home), 'utf8').trim()).toBe(String(process.ppid)); // not ours to remove

    writeFileSync(queueLockPath(fx.home), '999999999\n'); // a dead process: stale lock
    const q2 = fx.queue();
    q2.start();
    expect(readFileSync(queueLockPath(fx.home), 'utf8').trim()).toBe(String(process.pid));
    await q2.whenIdle();
    expect(q2.get(id)?.state).toBe('done');
    await q2.stop();
    expect(existsSync(queueLockPath(fx.home))).toBe(false);
  });

  it('fails with the reason a job interrupted too often, storing nothing', async () => {
    const q0 = fx.queue();
    const id = q0.enqueueAnalysis(input());
    fx.db.prepare(`UPDATE jobs SET state = 'storing', attempts = 3 WHERE id = ?`).run(id);
    const q = fx.queue();
    q.start();
    await q.whenIdle();
    const job = q.get(id);
    expect(job?.state).toBe('failed');
    expect(job?.reason).toMatch(/interrupted while storing after 3 attempts/);
    expect(fx.server.requests).toHaveLength(0);
    expect(listSessions(fx.db)).toEqual([]);
  });
});
