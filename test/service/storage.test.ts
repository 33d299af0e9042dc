import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { putChunked } from '../support/put-chunked.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadUrlResponse } from '../../main/contract/api-schema.js';
import { OBJECT_MAX_AGE_MS } from '../../main/service/retention.js';
import { planRange } from '../../main/media/range.js';
import { api, startTestService, tempHome, uploadUrls } from './helpers.js';

type Svc = Awaited<ReturnType<typeof startTestService>>;

let home: ReturnType<typeof tempHome>;
let svc: Svc;
let clock = Date.now();

beforeAll(async () => {
  home = tempHome();
  svc = await startTestService(home.home, { now: () => clock, maxUploadBytes: 4 * 1024 * 1024 });
});
afterAll(async () => {
  await svc.close();
  home.cleanup();
});

function put(url: string, body: Buffer, type = 'video/mp4'): Promise<Response> {
  return fetch(url, { method: 'PUT', headers: { 'Content-Type': type }, body });
}

/** Flips one character of the signature in a presigned URL. */
function flipSig(url: string): string {
  const u = new URL(url);
  const sig = u.searchParams.get('sig') ?? '';
  u.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
  return u.toString();
}

describe('auth of /api', () => {
  it('401 {error} without a token and with a wrong one', async () => {
    const none = await api(svc, 'POST', '/api/video/upload-url', { fileName: 'a.mp4', contentType: 'video/mp4' }, null);
    expect(none.status).toBe(401);
    expect(none.json.error).toMatch(/Authorization/);
    const wrong = await api(svc, 'POST', '/api/video/upload-url', { fileName: 'a.mp4', contentType: 'video/mp4' }, 'x'.repeat(64));
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: 'Invalid auth token' });
    const task = await api(svc, 'GET', '/api/statistics/tennis/00000000-0000-4000-8000-000000000000', undefined, 'nope');
    expect(task.status).toBe(401);
  });

  it('keeps the token and the signing secret in 0600 files under <home>/service', () => {
    expect(svc.tokenPath).toBe(join(home.home, 'service', 'token'));
    expect(statSync(svc.tokenPath).mode & 0o777).toBe(0o600);
    expect(statSync(join(home.home, 'service', 'signing-secret')).mode & 0o777).toBe(0o600);
    expect(svc.token).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('POST /api/video/upload-url', () => {
  it('answers a presigned pair that validates against the contract', async () => {
    const r = await api(svc, 'POST', '/api/video/upload-url', { fileName: 'My serve.MP4', contentType: 'video/mp4' });
    expect(r.status).toBe(200);
    const body = UploadUrlResponse.parse(r.json);
    expect(body.data.uploadUrl).toContain(`${svc.baseUrl}/storage/videos/`);
    const exp = Number(new URL(body.data.uploadUrl).searchParams.get('exp'));
    expect(exp).toBe(Math.floor(clock / 1000) + 24 * 3600);
  });

  const cases: Array<[{ fileName: string; contentType: string }, string]> = [
    [{ fileName: 'a.mp4', contentType: 'image/png' }, 'Invalid content type'],
    [{ fileName: 'a.ogv', contentType: 'video/ogg' }, 'Unsupported video type. Allowed types: video/mp4, video/quicktime, video/x-msvideo, video/webm, video/x-matroska'],
    [{ fileName: `${'a'.repeat(252)}.mp4`, contentType: 'video/mp4' }, 'Filename too long'],
    ...['<', '>', ':', '"', '/', '\\', '|', '?', '*'].map((c): [{ fileName: string; contentType: string }, string] => [
      { fileName: `a${c}b.mp4`, contentType: 'video/mp4' },
      'Invalid characters',
    ]),
  ];
  it.each(cases)('400 for %j: %s', async (body, error) => {
    const r = await api(svc, 'POST', '/api/video/upload-url', body);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error });
  });

  it('400 for a missing field and for a body that is not JSON', async () => {
    const r = await api(svc, 'POST', '/api/video/upload-url', { fileName: 'a.mp4' });
    expect(r.status).toBe(400);
    expect(String(r.json.error)).toMatch(/contentType/);
    const res = await fetch(`${svc.baseUrl}/api/video/upload-url`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${svc.token}`, 'Content-Type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
  });

  it('500 "Internal server error" with no details when storage is not writable', async () => {
    const h = tempHome();
    const s = await startTestService(h.home);
    const objects = join(h.home, 'service', 'objects');
    rmSync(objects, { recursive: true });
    writeFileSync(objects, 'not a folder');
    const r = await api(s, 'POST', '/api/video/upload-url', { fileName: 'a.mp4', contentType: 'video/mp4' });
    expect(r.status).toBe(500);
    expect(r.json).toEqual({ error: 'Internal server error' });
    expect(s.logs.join('\n')).toMatch(/ENOTDIR|EEXIST/);
    expect(JSON.stringify(r.json)).not.toContain(h.home);
    await s.close();
    h.cleanup();
  });
});

describe('object storage', () => {
  it('PUT then GET, HEAD and Range requests', async () => {
    const { uploadUrl, downloadUrl } = await uploadUrls(svc, 'clip.mp4');
    const bytes = randomBytes(10_000);
    const p = await put(uploadUrl, bytes);
    expect(p.status).toBe(200);
    const whole = await fetch(downloadUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await fetch(downloadUrl, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/10000');
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await fetch(downloadUrl, { headers: { Range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(9990))).toBe(true);

    const open = await fetch(downloadUrl, { headers: { Range: 'bytes=9995-' } });
    expect(Buffer.from(await open.arrayBuffer()).equals(bytes.subarray(9995))).toBe(true);

    const bad = await fetch(downloadUrl, { headers: { Range: 'bytes=10000-10010' } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */10000');
    await bad.arrayBuffer();

    // The one range parser (main/media/range.ts) decides as the media protocol does: 416 for an
    // invalid range, the whole object for several ranges or another unit.
    for (const [range, status] of [['bytes=5-2', 416], ['bytes=0-1,5-6', 200], ['items=0-3', 200]] as const) {
      const r = await fetch(downloadUrl, { headers: { Range: range } });
      expect(r.status, range).toBe(status);
      expect(planRange(range, 10000).kind, range).toBe(status === 416 ? 'unsatisfiable' : 'full');
      await r.arrayBuffer();
    }

    const head = await fetch(downloadUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10000');
  });

  it('403 for an expired URL, a flipped signature byte, the wrong method, the wrong Content-Type', async () => {
    const { uploadUrl, downloadUrl } = await uploadUrls(svc, 'clip.mp4');
    expect((await put(flipSig(uploadUrl), Buffer.from('x'))).status).toBe(403);
    expect((await put(downloadUrl, Buffer.from('x'))).status).toBe(403); // GET URL used for PUT
    const wrongType = await put(uploadUrl, Buffer.from('x'), 'video/quicktime');
    expect(wrongType.status).toBe(403);
    expect(((await wrongType.json()) as { error: string }).error).toMatch(/Content-Type must be video\/mp4/);
    expect((await put(uploadUrl, Buffer.from('abc'))).status).toBe(200);
    expect((await fetch(flipSig(downloadUrl))).status).toBe(403);
    expect((await fetch(uploadUrl)).status).toBe(403); // PUT URL used for GET
    const tampered = new URL(downloadUrl);
    tampered.searchParams.set('exp', String(Number(tampered.searchParams.get('exp')) + 3600));
    expect((await fetch(tampered)).status).toBe(403);
    const noSig = new URL(downloadUrl);
    noSig.search = '';
    expect((await fetch(noSig)).status).toBe(403);

    const saved = clock;
    clock += 24 * 3600 * 1000 + 1000;
    try {
      const expired = await fetch(downloadUrl);
      expect(expired.status).toBe(403);
      expect(await expired.json()).toEqual({ error: 'Presigned URL has expired' });
      expect((await put(uploadUrl, Buffer.from('x'))).status).toBe(403);
    } finally {
      clock = saved;
    }
    expect((await fetch(downloadUrl)).status).toBe(200);
  });

  it('404 for an object not uploaded yet and for keys outside the storage layout', async () => {
    const { downloadUrl } = await uploadUrls(svc, 'later.mp4');
    expect((await fetch(downloadUrl)).status).toBe(404);
    const query = new URL(downloadUrl).search;
    for (const path of ['/storage/%E0%A4%A', '/storage/videos/..%2F..%2Ftoken', '/storage/token', '/storage/']) {
      expect((await fetch(`${svc.baseUrl}${path}${query}`)).status, path).toBe(404);
    }
  });

  it('413 over the size cap: declared up front, and counted while streaming (chunked)', async () => {
    const { uploadUrl, downloadUrl } = await uploadUrls(svc, 'big.mp4');
    const big = Buffer.alloc(4 * 1024 * 1024 + 1);
    expect((await put(uploadUrl, big)).status).toBe(413);
    expect(await putChunked(uploadUrl, big)).toBe(413);
    expect((await fetch(downloadUrl)).status).toBe(404);
    expect(readdirSync(join(home.home, 'service', 'tmp'))).toEqual([]);
  });

  it('a PUT cut off mid-body leaves no partial object and no temp file', async () => {
    const { uploadUrl, downloadUrl } = await uploadUrls(svc, 'cut.mp4');
    await new Promise<void>((resolve) => {
      const req = request(uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'video/mp4', 'Content-Length': 200_000 } });
      req.on('error', () => resolve());
      req.write(randomBytes(100_000), () => setTimeout(() => req.destroy(), 100));
      req.on('close', () => resolve());
    });
    const tmp = join(home.home, 'service', 'tmp');
    for (let i = 0; i < 50 && readdirSync(tmp).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(readdirSync(tmp)).toEqual([]);
    expect((await fetch(downloadUrl)).status).toBe(404);
    // the service keeps serving
    expect((await api(svc, 'POST', '/api/video/upload-url', { fileName: 'a.mp4', contentType: 'video/mp4' })).status).toBe(200);
  });

  it('two uploads at once both land intact', async () => {
    const a = await uploadUrls(svc, 'a.mov', 'video/quicktime');
    const b = await uploadUrls(svc, 'b.mkv', 'video/x-matroska');
    const da = randomBytes(1_500_000);
    const db = randomBytes(1_200_000);
    const [ra, rb] = await Promise.all([put(a.uploadUrl, da, 'video/quicktime'), put(b.uploadUrl, db, 'video/x-matroska')]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(Buffer.from(await (await fetch(a.downloadUrl)).arrayBuffer()).equals(da)).toBe(true);
    expect(Buffer.from(await (await fetch(b.downloadUrl)).arrayBuffer()).equals(db)).toBe(true);
  });

  it('a restart keeps the token and the signing secret: old URLs still work', async () => {
    const h = tempHome();
    const first = await startTestService(h.home);
    const { uploadUrl, downloadUrl } = await uploadUrls(first, 'keep.mp4');
    await first.close();
    mkdirSync(join(h.home, 'service'), { recursive: true });
    const second = await startTestService(h.home, { port: Number(new URL(first.baseUrl).port) });
    expect(second.token).toBe(first.token);
    expect((await put(uploadUrl, Buffer.from('kept'))).status).toBe(200);
    expect(await (await fetch(downloadUrl)).text()).toBe('kept');
    await second.close();
    h.cleanup();
  });
});

describe('retention (issue 13, finding 7)', () => {
  it('removes stored objects older than the 24 h URL lifetime at start, keeps younger ones', async () => {
    const h = tempHome();
    const first = await startTestService(h.home, { runTasks: false });
    const old = await uploadUrls(first, 'old.mp4');
    const young = await uploadUrls(first, 'young.mp4');
    for (const u of [old, young]) expect((await fetch(u.uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, body: 'abc' })).status).toBe(200);
    await first.close();
    const oldPath = join(h.home, 'service', 'objects', new URL(old.downloadUrl).pathname.slice('/storage/'.length));
    const day = new Date(Date.now() - OBJECT_MAX_AGE_MS - 60_000);
    utimesSync(oldPath, day, day);
    const second = await startTestService(h.home, { runTasks: false });
    try {
      const on = (u: string) => `${second.baseUrl}${new URL(u).pathname}${new URL(u).search}`;
      expect((await fetch(on(old.downloadUrl))).status).toBe(404);
      expect((await fetch(on(young.downloadUrl))).status).toBe(200);
      expect(second.logs.join('\n')).toMatch(/retention: removed 1 stored object/);
    } finally {
      await second.close();
      h.cleanup();
    }
  });
});
