import { readFileSync, statSync, createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TennisTaskDone } from '../../main/contract/api-schema.js';
import { mediaPath } from '../support/media.js';
import { api, cutClip, startTestService, tempHome, uploadUrls } from './helpers.js';

type Svc = Awaited<ReturnType<typeof startTestService>>;
let home: ReturnType<typeof tempHome>;
let clip = '';
let files: Server;
let filesUrl = '';

beforeAll(async () => {
  home = tempHome();
  clip = cutClip(mediaPath('tennis_forehand_2.mp4'), join(home.home, 'tennis.mp4'), 1.5, 2);
  // A plain video host, with Range support as real hosts have (ffmpeg seeks to the mp4 index).
  files = createServer((req, res) => {
    if (req.url !== '/tennis.mp4') return res.writeHead(404).end();
    const size = statSync(clip).size;
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    const end = m?.[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    const headers = { 'Content-Type': 'video/mp4', 'Accept-Ranges': 'bytes', 'Content-Length': end - start + 1 };
    res.writeHead(m ? 206 : 200, m ? { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}` } : headers);
    createReadStream(clip, { start, end }).pipe(res);
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => files.close(r));
  home.cleanup();
});

async function uploadClip(svc: Svc): Promise<string> {
  const { uploadUrl, downloadUrl } = await uploadUrls(svc, 'tennis.mp4');
  expect((await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, body: readFileSync(clip) })).status).toBe(200);
  return downloadUrl;
}

async function createTask(svc: Svc, body: object): Promise<string> {
  const r = await api(svc, 'POST', '/api/statistics/tennis', body);
  expect(r.status).toBe(202);
  return (r.json.data as { task_id: string }).task_id;
}

/** Polls the task until it leaves queued/running (bounded: 600 polls × 100 ms). */
async function settle(svc: Svc, id: string): Promise<{ status: number; json: Record<string, unknown> }> {
  for (let i = 0; i < 600; i++) {
    const r = await api(svc, 'GET', `/api/statistics/tennis/${id}`);
    if (r.status !== 202) return r;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`task ${id} did not finish`);
}

async function expectDone(svc: Svc, id: string): Promise<Record<string, unknown>> {
  const r = await settle(svc, id);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.status, JSON.stringify(r.json)).toBeUndefined();
  const done = TennisTaskDone.parse(r.json);
  expect(done.metadata).toEqual({ pipeline_version: 'stable', compute_version: 'v0.1.0' });
  const res = await fetch(done.data!.result_url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json');
  return (await res.json()) as Record<string, unknown>;
}

describe('tennis tasks run for real', () => {
  it('read_video_from_origin false keeps a stored copy, true removes it after the task; a missing or refused one fails with a generic reason', async () => {
    const blocked = await startTestService(home.home, { runTasks: true });
    try {
      // Without the LAN opt-in a loopback host is refused before any request reaches it.
      const refused = await createTask(blocked, { video_url: `${filesUrl}/tennis.mp4` });
      expect(await settle(blocked, refused)).toEqual({ status: 200, json: { status: 'failed', task_id: refused, error: 'Could not download the video' } });
      expect(blocked.logs.join('\n')).toMatch(/is not a public internet host/);
      expect(() => statSync(join(home.home, 'service', 'objects', 'videos', `task-${refused}.video`))).toThrow(/ENOENT/);
    } finally {
      await blocked.close();
    }
    const svc = await startTestService(home.home, { allowLanHosts: ['127.0.0.1'] });
    try {
      const direct = await createTask(svc, { video_url: `${filesUrl}/tennis.mp4`, read_video_from_origin: true });
      await expectDone(svc, direct);
      expect(() => statSync(join(home.home, 'service', 'objects', 'videos', `task-${direct}.video`))).toThrow(/ENOENT/);
      const id = await createTask(svc, { video_url: `${filesUrl}/tennis.mp4`, read_video_from_origin: false, dominant_hand: 'right' });
      await expectDone(svc, id);
      expect(statSync(join(home.home, 'service', 'objects', 'videos', `task-${id}.video`)).size).toBe(statSync(clip).size);
      const gone = await createTask(svc, { video_url: `${filesUrl}/gone.mp4`, read_video_from_origin: false });
      const r = await settle(svc, gone);
      expect(r).toEqual({ status: 200, json: { status: 'failed', task_id: gone, error: 'Could not download the video' } });
      expect(svc.logs.join('\n')).toMatch(/gone\.mp4: HTTP 404/);
      expect(() => statSync(join(home.home, 'service', 'objects', 'videos', `task-${gone}.video`))).toThrow(/ENOENT/);
    } finally {
      await svc.close();
    }
  });

  it('fails a task whose uploaded video is an HLS playlist naming a local clip, with the generic reason', async () => {
    const svc = await startTestService(home.home);
    try {
      const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${clip}\n#EXT-X-ENDLIST\n`;
      const { uploadUrl, downloadUrl } = await uploadUrls(svc, 'swing.mp4');
      expect((await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, body: playlist })).status).toBe(200);
      const id = await createTask(svc, { video_url: downloadUrl });
      expect(await settle(svc, id)).toEqual({ status: 200, json: { status: 'failed', task_id: id, error: 'Could not extract meta-data from the video' } });
    } finally {
      await svc.close();
    }
  });

  it('a task accepted before a restart completes after it (queued, and stopped mid-run)', async () => {
    const first = await startTestService(home.home, { runTasks: false });
    const port = Number(new URL(first.baseUrl).port);
    const url = await uploadClip(first);
    const queued = await createTask(first, { video_url: url });
    await first.close();

    // A service on another port still reads the stored file (signature verifies).
    const second = await startTestService(home.home);
    const midRun = await createTask(second, { video_url: url });
    for (let i = 0; i < 600; i++) {
      const r = await api(second, 'GET', `/api/statistics/tennis/${midRun}`);
      if (r.json.status === 'running' && r.json.task_id === midRun) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    await expectDone(second, queued);
    expect((await api(second, 'GET', `/api/statistics/tennis/${midRun}`)).json.status).toBe('running');
    await second.close(); // stops mid-task: re-queued

    const third = await startTestService(home.home, { port });
    try {
      const stats = await expectDone(third, midRun);
      expect(stats).toHaveProperty('swings');
      expect(stats).toHaveProperty('warnings');
      await expectDone(third, queued);
    } finally {
      await third.close();
    }
  });
});
