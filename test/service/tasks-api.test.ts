import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TennisTaskCreated, TennisTaskPending } from '../../main/contract/api-schema.js';
import { openTaskDb, SchemaTooNewError } from '../../main/service/task-db.js';
import { api, startTestService, tempHome, uploadUrls } from './helpers.js';

type Svc = Awaited<ReturnType<typeof startTestService>>;
let home: ReturnType<typeof tempHome>;
let svc: Svc;

beforeAll(async () => {
  home = tempHome();
  svc = await startTestService(home.home, { runTasks: false });
});
afterAll(async () => {
  await svc.close();
  home.cleanup();
});

describe('tennis task API (queue only, worker off)', () => {
  it('creates a queued task and reports it pending with 202', async () => {
    const created = await api(svc, 'POST', '/api/statistics/tennis', { video_url: 'https://example.invalid/clip.mp4', version: 'stable' });
    expect(created.status).toBe(202);
    const id = TennisTaskCreated.parse(created.json).data.task_id;
    expect(created.json).toEqual({ data: { task_id: id, status: 'queued' } });
    const got = await api(svc, 'GET', `/api/statistics/tennis/${id}`);
    expect(got.status).toBe(202);
    expect(TennisTaskPending.parse(got.json)).toEqual({ status: 'queued', task_id: id });
  });

  it('400 for a non-UUID id, 404 for an unknown one', async () => {
    const bad = await api(svc, 'GET', '/api/statistics/tennis/not-a-uuid');
    expect(bad).toEqual({ status: 400, json: { error: 'task_id must be a UUID' } });
    const unknown = await api(svc, 'GET', '/api/statistics/tennis/6f1c2a53-2b6e-4c1e-9a55-0c4d1b7e9f10');
    expect(unknown).toEqual({ status: 404, json: { error: 'No such task' } });
  });

  it('400 for a bad body: no video_url, unknown version, bad read_video_from_origin, not a URL', async () => {
    for (const body of [
      { version: 'stable' },
      { video_url: 'https://x.invalid/a.mp4', version: 'beta' },
      { video_url: 'https://x.invalid/a.mp4', read_video_from_origin: 'yes' },
      { video_url: 'ftp://x.invalid/a.mp4' },
      { video_url: 'not a url' },
    ]) {
      const r = await api(svc, 'POST', '/api/statistics/tennis', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.json.error).toBe('string');
    }
  });

  it('checks our own storage URLs at once: 404 not uploaded, 403 tampered', async () => {
    const { downloadUrl } = await uploadUrls(svc, 'x.mp4');
    expect((await api(svc, 'POST', '/api/statistics/tennis', { video_url: downloadUrl })).status).toBe(404);
    // Flip the signature's first character to a different one (a fixed '0' left it unchanged 1 time in 16).
    const tampered = downloadUrl.replace(/sig=(.)/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect(tampered).not.toBe(downloadUrl);
    expect((await api(svc, 'POST', '/api/statistics/tennis', { video_url: tampered })).status).toBe(403);
  });

  it('405 for a wrong method, 404 for an unknown path', async () => {
    expect((await api(svc, 'GET', '/api/video/upload-url')).status).toBe(405);
    expect((await api(svc, 'GET', '/api/nope')).status).toBe(404);
  });
});

describe('start-up', () => {
  it('rejects when the port is taken, and the home can be used again right after', async () => {
    const port = Number(new URL(svc.baseUrl).port);
    const h = tempHome();
    await expect(startTestService(h.home, { port })).rejects.toThrow(/EADDRINUSE/);
    const again = await startTestService(h.home);
    await again.close();
    h.cleanup();
  });
});

describe('task database', () => {
  it('is WAL with a STRICT tasks table and refuses a newer schema', () => {
    const h = tempHome();
    const path = join(h.home, 'tasks.sqlite');
    const db = openTaskDb(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    const sql = (db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'tasks'`).get() as { sql: string }).sql;
    expect(sql).toMatch(/STRICT/);
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT * FROM tasks WHERE status = 'queued' ORDER BY created_at LIMIT 1`).all();
    expect(JSON.stringify(plan)).toContain('tasks_by_status');
    db.close();
    const raw = new Database(path);
    raw.pragma('user_version = 99');
    raw.close();
    expect(() => openTaskDb(path)).toThrow(SchemaTooNewError);
    h.cleanup();
  });
});
