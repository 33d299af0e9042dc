import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, parseRetryAfter } from '../../main/api/index.js';
import { startFaultServer, type FaultServer } from '../support/fault-server.js';
import { apiFailure, clientFor } from './helpers.js';

let s: FaultServer;
beforeAll(async () => {
  s = await startFaultServer({ pendingPolls: 1 });
});
afterAll(() => s.close());

const count = (route: string, from = 0): number =>
  s.requests.slice(from).filter((r) => r.route === route).length;
const video = 'https://videos.example.com/clip.mp4';

describe('/api calls against a healthy server', () => {
  it('gets an upload URL pair, keeping extra fields', async () => {
    const t = await clientFor(s).getUploadUrl('serve 1.mov');
    expect(t.contentType).toBe('video/quicktime');
    expect(t.uploadUrl).toContain('/storage/');
    expect((t.raw as { requestId?: string }).requestId).toBe('r-1');
    // The type is normalised before upload-url, so the PUT sends exactly what was signed.
    expect((await clientFor(s).getUploadUrl('A.MP4', ' Video/MP4 ')).contentType).toBe('video/mp4');
  });

  it('checks videos, with per-URL errors', async () => {
    const r = await clientFor(s).checkVideos([video, 'https://videos.example.com/bad.mp4'], 'latest');
    expect(r.data?.[video]?.estimated_compute_time).toBe(42.5);
    expect(r.errors?.['https://videos.example.com/bad.mp4']?.status).toBe(400);
  });

  it('checks upload rules locally with API.md messages, before any request', async () => {
    const before = s.requests.length;
    const c = clientFor(s);
    expect((await apiFailure(c.getUploadUrl('a:b.mp4'))).message).toBe('Invalid characters');
    expect((await apiFailure(c.getUploadUrl(`${'x'.repeat(252)}.mp4`))).message).toBe('Filename too long');
    expect((await apiFailure(c.getUploadUrl('a.mp4', 'text/plain'))).message).toBe('Invalid content type');
    const unsupported = await apiFailure(c.getUploadUrl('a.flv', 'video/x-flv'));
    expect([unsupported.kind, unsupported.message.startsWith('Unsupported video type')]).toEqual([
      'input',
      true,
    ]);
    expect((await apiFailure(c.checkVideos([]))).kind).toBe('input');
    expect(s.requests.length).toBe(before);
  });
});

describe('errors and retries', () => {
  it('retries 500 on an idempotent call, then succeeds', async () => {
    const from = s.requests.length;
    s.plan('check', { type: 'status', status: 500 }, { type: 'status', status: 503 });
    await clientFor(s).checkVideos([video]);
    expect(count('check', from)).toBe(3);
  });

  it('gives up after the configured retries with kind server', async () => {
    const from = s.requests.length;
    s.plan(
      'check',
      ...Array.from({ length: 4 }, () => ({
        type: 'status' as const,
        status: 500,
        body: { error: 'Internal server error' },
      })),
    );
    const err = await apiFailure(clientFor(s).checkVideos([video]));
    expect([err.kind, err.status, err.serverMessage, err.retryable]).toEqual([
      'server',
      500,
      'Internal server error',
      true,
    ]);
    expect(count('check', from)).toBe(4);
  });

  it('honours Retry-After seconds on 429 (server-recorded order and gap)', async () => {
    const from = s.requests.length;
    s.plan('upload-url', {
      type: 'status',
      status: 429,
      headers: { 'Retry-After': '1' },
      body: { error: 'slow down' },
    });
    await clientFor(s).getUploadUrl('a.mp4');
    const seen = s.requests.slice(from).filter((r) => r.route === 'upload-url');
    expect(seen).toHaveLength(2);
    expect(seen[0]!.seq).toBeLessThan(seen[1]!.seq);
    // The backoff alone would be ≤ 5 ms; the server saw the retry only after the 1 s it asked for.
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('parses Retry-After as seconds or HTTP-date', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Fri, 20 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Fri, 20 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('401 → auth, not retried', async () => {
    const from = s.requests.length;
    const err = await apiFailure(clientFor(s, { apiKey: 'wrong-key-abcdef' }).getUploadUrl('a.mp4'));
    expect([err.kind, err.status, err.retryable]).toEqual(['auth', 401, false]);
    expect(count('upload-url', from)).toBe(1);
  });

  it('never puts the API key into an error message', async () => {
    s.plan(
      'check',
      ...Array.from({ length: 4 }, () => ({
        type: 'status' as const,
        status: 500,
        body: { error: `bad token ${s.apiKey}` },
      })),
    );
    const err = await apiFailure(clientFor(s).checkVideos([video]));
    expect(err.message).not.toContain(s.apiKey);
    expect(err.serverMessage).toBe('bad token [redacted]');
  });

  it('a dropped connection is a network error and is retried', async () => {
    const from = s.requests.length;
    s.plan('check', { type: 'destroy' });
    await clientFor(s).checkVideos([video]);
    expect(count('check', from)).toBe(2);
    s.plan('check', { type: 'destroy' });
    const err = await apiFailure(clientFor(s, { retries: 0 }).checkVideos([video]));
    expect([err.kind, err.retryable]).toEqual(['network', true]);
  });

  it('a hanging server ends in timeout; a retry against the healthy server succeeds', async () => {
    s.plan('check', { type: 'hang' });
    const err = await apiFailure(clientFor(s, { timeoutMs: 200, retries: 0 }).checkVideos([video]));
    expect(err.kind).toBe('timeout');
    s.plan('check', { type: 'hang' });
    const r = await clientFor(s, { timeoutMs: 200 }).checkVideos([video]);
    expect(r.data?.[video]?.video_ok).toBe(true);
  });

  it('an answer that breaks the contract → contract, not retried', async () => {
    const from = s.requests.length;
    s.plan('upload-url', { type: 'json', body: { data: { uploadUrl: 'not a url' } } });
    const err = await apiFailure(clientFor(s).getUploadUrl('a.mp4'));
    expect(err.kind).toBe('contract');
    expect(count('upload-url', from)).toBe(1);
  });

  it('cancel → cancelled', async () => {
    s.plan('check', { type: 'hang' });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    const err = await apiFailure(clientFor(s).checkVideos([video], 'stable', ctl.signal));
    expect(err.kind).toBe('cancelled');
  });

  it('rejects a non-http baseUrl', () => {
    expect(() => createApiClient({ baseUrl: 'ftp://x', techniqueUrl: 'http://x' })).toThrow(/http/);
  });
});

describe('tennis tasks', () => {
  it('creates, polls through pending, and downloads the result raw', async () => {
    const c = clientFor(s);
    const { taskId } = await c.createTennisTask({ video_url: video });
    const states: string[] = [];
    const r = await c.waitForTennisTask(taskId, {
      pollIntervalMs: 5,
      onStatus: (st) => states.push(st.state),
    });
    expect(states).toEqual(['pending', 'done']);
    expect(r.resultRaw).toBe(s.resultText(taskId));
    expect(r.result).toEqual({ task_id: taskId, rallies: [{ shots: 7 }, { shots: 3 }], é: 'ü' });
    expect(r.metadata?.compute_version).toBe('v1.4.2');
  });

  it('treats a 404 right after creation as pending', async () => {
    const c = clientFor(s);
    const { taskId } = await c.createTennisTask({ video_url: video });
    s.plan('tennis-get', { type: 'status', status: 404, body: { error: 'Task not found' } });
    const r = await c.waitForTennisTask(taskId, { pollIntervalMs: 5 });
    expect(r.taskId).toBe(taskId);
    const gone = await apiFailure(
      c.waitForTennisTask('00000000-0000-4000-8000-000000000000', { pollIntervalMs: 5, notFoundGraceMs: 0 }),
    );
    expect([gone.kind, gone.status]).toEqual(['input', 404]);
  });

  it('a failed task → server task-failed; the wait limit → timeout', async () => {
    const c = clientFor(s);
    const { taskId } = await c.createTennisTask({ video_url: video });
    s.plan('tennis-get', {
      type: 'json',
      body: { status: 'failed', task_id: taskId, error: 'video unreadable' },
    });
    const failed = await apiFailure(c.waitForTennisTask(taskId, { pollIntervalMs: 5 }));
    expect([failed.kind, failed.code, failed.serverMessage]).toEqual([
      'server',
      'task-failed',
      'video unreadable',
    ]);
    s.plan(
      'tennis-get',
      ...Array.from({ length: 3 }, () => ({
        type: 'json' as const,
        status: 202,
        body: { status: 'in_progress' },
      })),
    );
    const limit = await apiFailure(c.waitForTennisTask(taskId, { pollIntervalMs: 40, maxWaitMs: 50 }));
    expect([limit.kind, limit.code]).toEqual(['timeout', 'task-wait-limit']);
  });

  it('waiting is cancelled by its signal', async () => {
    const c = clientFor(s);
    const { taskId } = await c.createTennisTask({ video_url: video });
    const ctl = new AbortController();
    const err = await apiFailure(
      c.waitForTennisTask(taskId, {
        signal: ctl.signal,
        pollIntervalMs: 10_000,
        onStatus: () => ctl.abort(),
      }),
    );
    expect(err.kind).toBe('cancelled');
  });

  it('create is not retried on 500 but is on 429; accepts other id shapes', async () => {
    const from = s.requests.length;
    s.plan('tennis-create', { type: 'status', status: 500 });
    expect((await apiFailure(clientFor(s).createTennisTask({ video_url: video }))).kind).toBe('server');
    expect(count('tennis-create', from)).toBe(1);
    s.plan(
      'tennis-create',
      { type: 'status', status: 429, headers: { 'Retry-After': '0' } },
      { type: 'json', body: { id: 'abc-1' } },
    );
    expect((await clientFor(s).createTennisTask({ video_url: video })).taskId).toBe('abc-1');
    expect((await apiFailure(clientFor(s).getTennisTask('abc-1'))).kind).toBe('input');
  });
});
