import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VideoCheckResponse } from '../../main/contract/api-schema.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { measuredSecondsPerFrame } from '../../main/engine/index.js';
import { mediaPath } from '../support/media.js';
import { api, cutClip, startTestService, tempHome, uploadUrls } from './helpers.js';

type Svc = Awaited<ReturnType<typeof startTestService>>;
let home: ReturnType<typeof tempHome>;
let svc: Svc;
let files: Server;
let filesUrl = '';
const urls: Record<string, string> = {};

async function upload(path: string, name: string): Promise<string> {
  const { uploadUrl, downloadUrl } = await uploadUrls(svc, name);
  const res = await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, body: readFileSync(path) });
  expect(res.status).toBe(200);
  return downloadUrl;
}

beforeAll(async () => {
  home = tempHome();
  svc = await startTestService(home.home, { allowLanHosts: ['127.0.0.1'] });
  const dir = home.home;
  const tennis = cutClip(mediaPath('tennis_forehand_2.mp4'), join(dir, 'tennis.mp4'), 1, 4);
  const small = join(dir, 'small.mp4');
  execFileSync(testFfmpeg(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15', '-t', '5', '-pix_fmt', 'yuv420p', small]);
  writeFileSync(join(dir, 'text.mp4'), 'not a video');
  // The playlist attack (issue 13): an HLS playlist naming another video on this disk.
  writeFileSync(join(dir, 'playlist.mp4'), `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${mediaPath('balance_portrait_60fps_1.mp4')}\n#EXT-X-ENDLIST\n`);
  urls.tennis = await upload(tennis, 'tennis.mp4');
  urls.small = await upload(small, 'small.mp4');
  urls.text = await upload(join(dir, 'text.mp4'), 'text.mp4');
  urls.playlist = await upload(join(dir, 'playlist.mp4'), 'swing.mp4');
  urls.portrait = await upload(mediaPath('balance_portrait_60fps_1.mp4'), 'portrait.mp4');
  urls.missing = (await uploadUrls(svc, 'never.mp4')).downloadUrl;
  // a plain remote host for http(s) URLs that are not ours
  files = createServer((req, res) => {
    const p = req.url === '/tennis.mp4' ? tennis : undefined;
    if (!p) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': statSync(p).size });
    createReadStream(p).pipe(res);
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await svc.close();
  await new Promise((r) => files.close(r));
  home.cleanup();
});

describe('POST /api/videos/check', () => {
  it('judges each URL; unreadable ones go to errors, the rest stay in data', async () => {
    const list = [urls.tennis!, urls.small!, urls.portrait!, urls.text!, urls.missing!, `${filesUrl}/tennis.mp4`, `${filesUrl}/gone.mp4`];
    const r = await api(svc, 'POST', '/api/videos/check', { video_urls: list });
    expect(r.status).toBe(200);
    const body = VideoCheckResponse.parse(r.json);
    const data = body.data ?? {};
    const errors = body.errors ?? {};
    expect(data[urls.tennis!]).toMatchObject({ video_ok: true, fps_check: true, resolution_check: true });
    expect(data[urls.small!]).toMatchObject({ video_ok: true, fps_check: false, resolution_check: false });
    expect(data[urls.portrait!]).toMatchObject({ video_ok: false, fps_check: true, resolution_check: true }); // 1.67 s < 3 s
    expect(data[`${filesUrl}/tennis.mp4`]).toEqual(data[urls.tennis!]);
    const frames = 120; // 4 s at 29.97 fps
    const expected = measuredSecondsPerFrame() * frames + 3;
    expect(data[urls.tennis!]!.estimated_compute_time).toBeGreaterThan(expected - 0.5);
    expect(data[urls.tennis!]!.estimated_compute_time).toBeLessThan(expected + 0.5);
    expect(errors[urls.text!]).toEqual({ status: 400, message: 'Could not extract meta-data from the video' });
    expect(errors[`${filesUrl}/gone.mp4`]).toEqual({ status: 400, message: 'Could not extract meta-data from the video' });
    expect(errors[urls.missing!]).toEqual({ status: 404, message: 'No such object (not uploaded yet)' });
    expect(Object.keys(data).sort()).toEqual([urls.tennis!, urls.small!, urls.portrait!, `${filesUrl}/tennis.mp4`].sort());
  });

  it('refuses an uploaded HLS playlist that names a local video (no facts of that video come back)', async () => {
    const r = await api(svc, 'POST', '/api/videos/check', { video_urls: [urls.playlist] });
    expect(r.status).toBe(200);
    const body = VideoCheckResponse.parse(r.json);
    expect(body.data ?? {}).toEqual({});
    expect(body.errors?.[urls.playlist!]).toEqual({ status: 400, message: 'Could not extract meta-data from the video' });
  });

  it('leaves errors out when every probe worked; accepts version latest', async () => {
    const r = await api(svc, 'POST', '/api/videos/check', { video_urls: [urls.tennis], version: 'latest' });
    expect(r.status).toBe(200);
    expect(r.json.errors).toBeUndefined();
    expect(Object.keys(r.json.data as object)).toEqual([urls.tennis]);
  });

  it.each([
    [{ video_urls: [] }, /video_urls must not be empty/],
    [{}, /video_urls/],
    [{ video_urls: ['a'], version: 'beta' }, /version/],
    [{ video_urls: Array.from({ length: 21 }, (_, i) => `https://x.invalid/${i}.mp4`) }, /at most 20 video_urls/],
  ])('400 for %j', async (body, error) => {
    const r = await api(svc, 'POST', '/api/videos/check', body);
    expect(r.status).toBe(400);
    expect(String(r.json.error)).toMatch(error);
  });

  it('401 without the token', async () => {
    expect((await api(svc, 'POST', '/api/videos/check', { video_urls: [urls.tennis] }, null)).status).toBe(401);
  });
});
