/**
 * The persistent job queue against a real library (SQLite in a temp home) and a real HTTP
 * backend on 127.0.0.1: the contract fault server as the "remote" service (fast synthetic
 * analyses, planned faults) with a real clip file.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBackendResolver, type BackendResolver } from '../../main/backends/index.js';
import { JobQueue, JobInputError, type AnalysisJobInput, type JobView } from '../../main/jobs/index.js';
import { queueLockPath } from '../../main/jobs/queue-lock.js';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { RECOMPUTED_LOCALLY_WARNING } from '../../main/library/recompute.js';
import { listSessions } from '../../main/library/sessions.js';
import { getTennisTask } from '../../main/library/tennis.js';
import { nodeSecretBox } from '../../main/settings/api-key.js';
import { startFaultServer, type FaultServer } from '../support/fault-server.js';
import { mediaPath } from '../support/media.js';

const CLIP = mediaPath('balance_portrait_60fps_1.mp4');

let home: string;
let server: FaultServer;
let db: WritableDb;
let backends: BackendResolver;
const queues: JobQueue[] = [];

function resolver(): BackendResolver {
  return createBackendResolver({
    home,
    secretBox: nodeSecretBox(home),
    env: { SWING_STUDIO_API_KEY: server.apiKey },
    remote: { baseUrl: server.url, techniqueUrl: server.url },
  });
}

function queue(extra: Partial<ConstructorParameters<typeof JobQueue>[0]> = {}): JobQueue {
  const q = new JobQueue({ db, home, backends, ...extra });
  queues.push(q);
  return q;
}

function input(over: Partial<AnalysisJobInput> = {}): AnalysisJobInput {
  return {
    videoPath: CLIP,
    player: { name: 'Ann Example', dominantHand: 'right', heightMm: 1680 },
    sport: 'pickleball',
    swingType: 'forehand_drive',
    backend: 'remote',
    ...over,
  };
}

function libraryFiles(): string[] {
  const root = join(home, 'library');
  return ['clips', 'archives'].flatMap((d) => {
    try {
      return readdirSync(join(root, d));
    } catch {
      return [];
    }
  });
}

/** Resolves once `cond` holds (checked every 20 ms). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 20));
}

function jobCount(): number {
  return db.prepare('SELECT COUNT(*) FROM jobs').pluck().get() as number;
}

beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), 'ss-jobs-'));
  server = await startFaultServer();
  db = openLibrary(home);
  backends = resolver();
});

afterEach(async () => {
  for (const q of queues.splice(0)) await q.stop();
  await backends.close();
  db.close();
  await server.close();
  rmSync(home, { recursive: true, force: true });
});

describe('JobQueue', () => {
  it('refuses bad input before storing anything', () => {
    const q = queue();
    expect(() => q.enqueueAnalysis(input({ videoPath: join(home, 'missing.mp4') }))).toThrow(/video file not found/);
    expect(() => q.enqueueAnalysis(input({ videoPath: '/etc/hostname' }))).toThrow(/unsupported video extension/);
    expect(() => q.enqueueAnalysis(input({ sport: 'golf' as never }))).toThrow(JobInputError);
    expect(() => q.enqueueAnalysis(input({ player: { name: 'A', dominantHand: 'right', heightMm: 0 } }))).toThrow(/height/);
    expect(jobCount()).toBe(0);
    expect(listSessions(db)).toEqual([]);
  });

  it('runs the remote pipeline: upload, /process with the file, store; states in order', async () => {
    const q = queue();
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
    expect(server.uploads).toHaveLength(1);
    expect(server.processed).toHaveLength(1);
    // The API key goes to the /api host only: never to storage or the technique server.
    for (const r of server.requests) {
      expect(r.headers.authorization).toBe(r.path.startsWith('/api/') ? `Bearer ${server.apiKey}` : undefined);
    }
    expect(server.requests.map((r) => r.route)).toEqual(['upload-url', 'put', 'process']);
    expect(server.processed[0]?.metadata).toMatchObject({ sport: 'pickleball', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1680 });
    const detail = getSessionDetail(db, job?.sessionId ?? -1);
    expect(detail?.player.name).toBe('Ann Example');
    expect(detail?.analysis?.backend).toBe('remote');
    expect(detail?.pose2d?.frames).toBe(30); // the fault server's synthetic done line has 30 frames
  });

  it('keeps the capture frame rate of a remote job with the session, without sending it to the remote service', async () => {
    const q = queue();
    q.start();
    const id = q.enqueueAnalysis(input({ captureFps: 240 }));
    await q.whenIdle();
    const job = q.get(id);
    expect(job?.state).toBe('done');
    expect(server.processed[0]?.metadata).not.toHaveProperty('capture_fps');
    const detail = getSessionDetail(db, job?.sessionId ?? -1);
    expect(detail?.session.captureFps).toBe(240);
    // Measured in real time here, from the stored pose, and the analysis says so.
    expect(detail?.analysis?.captureFps).toBe(240);
    expect(detail?.analysis?.warnings).toContain(RECOMPUTED_LOCALLY_WARNING);
  });

  it('runs several jobs one at a time by default (concurrency 1), oldest first', async () => {
    const q = queue();
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
    expect(listSessions(db)).toHaveLength(3);
    expect(q.list().map((j) => j.id)).toEqual([...ids].reverse());
  });

  it('persists a queued job across a restart and runs it in the next queue', async () => {
    const first = queue();
    const id = first.enqueueAnalysis(input()); // never started: like a quit right after enqueue
    await first.stop();
    db.close();
    db = openLibrary(home);
    const second = queue();
    expect(second.get(id)?.state).toBe('queued');
    second.start();
    await second.whenIdle();
    const job = second.get(id);
    expect(job?.state).toBe('done');
    expect(listSessions(db).map((s) => s.id)).toEqual([job?.sessionId]);
  });

  it('resumes a job killed while analysing, reusing a still-valid upload', async () => {
    const q0 = queue();
    const id = q0.enqueueAnalysis(input());
    const issuedAt = new Date().toISOString();
    const url = `${server.url}/storage/prior/clip.mp4?X-Amz-Expires=86400`;
    // What a killed process leaves behind: state analysing, one attempt, the upload safe point.
    db.prepare(`UPDATE jobs SET state = 'analysing', attempts = 1, safe_point_json = ? WHERE id = ?`).run(
      JSON.stringify({ upload: { uploadUrl: url, downloadUrl: url, issuedAt } }),
      id,
    );
    const q = queue();
    q.start();
    await q.whenIdle();
    const job = q.get(id);
    expect(job?.state).toBe('done');
    expect(job?.attempts).toBe(2);
    expect(job?.warnings.join(' ')).toMatch(/interrupted while analysing/);
    expect(server.uploads).toHaveLength(0); // no second upload
    expect(server.processed).toHaveLength(1); // /process run again
  });

  it('leaves jobs that look interrupted alone while another live process holds the queue lock', async () => {
    const q0 = queue();
    const id = q0.enqueueAnalysis(input());
    db.prepare(`UPDATE jobs SET state = 'analysing', attempts = 1 WHERE id = ?`).run(id);
    mkdirSync(join(home, 'jobs'), { recursive: true });
    writeFileSync(queueLockPath(home), `${process.ppid}\n`); // a live process that is not us
    const q1 = queue();
    q1.start();
    await q1.whenIdle();
    expect(q1.get(id)?.state).toBe('analysing'); // the other process's job: not re-queued
    await q1.stop();
    expect(readFileSync(queueLockPath(home), 'utf8').trim()).toBe(String(process.ppid)); // not ours to remove

    writeFileSync(queueLockPath(home), '999999999\n'); // a dead process: stale lock
    const q2 = queue();
    q2.start();
    expect(readFileSync(queueLockPath(home), 'utf8').trim()).toBe(String(process.pid));
    await q2.whenIdle();
    expect(q2.get(id)?.state).toBe('done');
    await q2.stop();
    expect(existsSync(queueLockPath(home))).toBe(false);
  });

  it('fails with the reason a job interrupted too often, storing nothing', async () => {
    const q0 = queue();
    const id = q0.enqueueAnalysis(input());
    db.prepare(`UPDATE jobs SET state = 'storing', attempts = 3 WHERE id = ?`).run(id);
    const q = queue();
    q.start();
    await q.whenIdle();
    const job = q.get(id);
    expect(job?.state).toBe('failed');
    expect(job?.reason).toMatch(/interrupted while storing after 3 attempts/);
    expect(server.requests).toHaveLength(0);
    expect(listSessions(db)).toEqual([]);
  });

  it('a failing backend leaves the library unchanged; a retry against a healthy one succeeds', async () => {
    server.plan('process', { type: 'status', status: 500, body: { error: 'Internal server error' } });
    const q = queue();
    q.start();
    const id = q.enqueueAnalysis(input());
    await q.whenIdle();
    const failed = q.get(id);
    expect(failed?.state).toBe('failed');
    expect(failed?.reason).toMatch(/500/);
    expect(failed?.reason).not.toContain('\n');
    expect(failed?.reason).not.toContain(server.apiKey);
    expect(listSessions(db)).toEqual([]);
    expect(libraryFiles()).toEqual([]);
    const staged = existsSync(join(home, 'jobs')) ? readdirSync(join(home, 'jobs')).filter((f) => f !== 'queue.lock') : [];
    expect(staged).toEqual([]); // no staged files left

    const again = q.retry(id); // the fault is used up: the server is healthy now
    await q.whenIdle();
    expect(q.get(again)?.state).toBe('done');
    expect(q.get(id)?.state).toBe('failed');
    expect(listSessions(db)).toHaveLength(1);
  });

  it('cancels a queued job; stop() leaves a running job to resume at the next start', async () => {
    const q0 = queue();
    const cancelled = q0.enqueueAnalysis(input());
    q0.cancel(cancelled);
    expect(q0.get(cancelled)?.state).toBe('cancelled');

    server.plan('process', { type: 'hang' });
    const q1 = queue();
    const id = q1.enqueueAnalysis(input());
    q1.start();
    await until(() => server.requests.some((r) => r.route === 'process')); // /process reached the server, which hangs
    await q1.stop();
    expect(q1.get(id)?.state).toBe('analysing'); // interrupted, not failed

    const q2 = queue();
    q2.start();
    await q2.whenIdle();
    expect(q2.get(id)?.state).toBe('done');
    expect(q2.get(cancelled)?.state).toBe('cancelled'); // never run
    expect(listSessions(db)).toHaveLength(1);
  });

  it('cancels a running job: its request is aborted and nothing is stored', async () => {
    server.plan('process', { type: 'hang' });
    const q = queue();
    q.start();
    const id = q.enqueueAnalysis(input());
    await until(() => server.requests.some((r) => r.route === 'process'));
    q.cancel(id);
    await q.whenIdle();
    expect(q.get(id)?.state).toBe('cancelled');
    expect(q.get(id)?.reason).toBe('cancelled by the user');
    expect(listSessions(db)).toEqual([]);
    expect(libraryFiles()).toEqual([]);
  });

  it('runs a tennis task: upload, create, poll, result stored raw', async () => {
    const q = queue();
    q.start();
    const id = q.enqueueTennis({ videoPath: CLIP, backend: 'remote' });
    await q.whenIdle();
    const job = q.get(id);
    expect(job?.state).toBe('done');
    const stored = getTennisTask(db, job?.taskId ?? '');
    expect(stored?.raw).toEqual(JSON.parse(server.resultText(job?.taskId ?? '')));
  });
});
