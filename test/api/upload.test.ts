import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presignedExpiry, type UploadProgress } from '../../main/api/index.js';
import { archiveFixture } from '../support/fault-zip.js';
import { startFaultServer, type FaultServer } from '../support/fault-server.js';
import { mediaPath } from '../support/media.js';
import { apiFailure, clientFor, metadata } from './helpers.js';

let s: FaultServer;
let dir: string;
beforeAll(async () => {
  s = await startFaultServer({ techniqueToken: 'tech-token-42' });
  dir = mkdtempSync(join(tmpdir(), 'api-upload-'));
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const clip = (): string => mediaPath('tennis_forehand_2.mp4');
const size = (): number => statSync(clip()).size;

describe('presigned PUT', () => {
  it('streams the file with its content type and length, reporting progress', async () => {
    const progress: UploadProgress[] = [];
    const up = await clientFor(s).uploadVideo(clip(), { onProgress: (p) => progress.push(p) });
    expect(up.bytes).toBe(size());
    expect(up.attempts).toBe(1);
    const rec = s.uploads.at(-1)!;
    expect(rec).toMatchObject({ bytes: size(), contentType: 'video/mp4', contentLength: size() });
    expect(progress.at(-1)).toMatchObject({ bytes: size(), total: size() });
    expect(progress.every((p, i) => i === 0 || p.bytes >= progress[i - 1]!.bytes)).toBe(true);
    expect(progress.at(-1)!.rateBytesPerS).toBeGreaterThan(0);
  });

  it('is cancelled by its signal', async () => {
    // Aborted at the first progress event: the 2 MB body cannot be complete, so no answer can win.
    const ctl = new AbortController();
    const err = await apiFailure(
      clientFor(s).uploadVideo(clip(), { signal: ctl.signal, onProgress: () => ctl.abort() }),
    );
    expect(err.kind).toBe('cancelled');
  });

  it('refuses an expired URL before sending anything', async () => {
    const c = clientFor(s);
    const t = await c.getUploadUrl('a.mp4');
    const puts = s.uploads.length;
    const day = 24 * 3600 * 1000;
    const old = await apiFailure(
      c.putPresigned({ url: t.uploadUrl, issuedAt: Date.now() - day - 1000 }, clip(), {
        contentType: 'video/mp4',
      }),
    );
    expect([old.kind, old.code]).toEqual(['input', 'presigned-url-expired']);
    expect(old.message).not.toContain('X-Amz-Signature');
    const amz = `${s.url}/storage/x.mp4?X-Amz-Date=20261101T000000Z&X-Amz-Expires=3600`;
    const short = await apiFailure(
      c.putPresigned({ url: amz, issuedAt: Date.now() }, clip(), { contentType: 'video/mp4' }),
    );
    expect(short.code).toBe('presigned-url-expired');
    expect(s.uploads.length).toBe(puts);
  });

  it('an early refusal from storage ends the PUT with its status kind', async () => {
    s.plan('put', { type: 'status', status: 413, early: true, body: { error: 'Entity too large' } });
    const err = await apiFailure(clientFor(s).uploadVideo(clip()));
    expect([err.kind, err.status, err.serverMessage, err.retryable]).toEqual([
      'input',
      413,
      'Entity too large',
      false,
    ]);
  });

  it('reads expiry from the URL query', () => {
    const at = Date.parse('2026-11-20T10:00:00Z');
    expect(
      presignedExpiry({
        url: 'https://s/x?X-Amz-Date=20261120T100000Z&X-Amz-Expires=600',
        issuedAt: at + 5000,
      }),
    ).toBe(at + 600_000);
    expect(presignedExpiry({ url: 'https://s/x?exp=1795000000', issuedAt: at })).toBe(
      Math.min(1795000000 * 1000, at + 86_400_000),
    );
    expect(presignedExpiry({ url: 'https://s/x?expires=60', issuedAt: at })).toBe(at + 60_000);
    expect(presignedExpiry({ url: 'https://s/x', issuedAt: at })).toBe(at + 86_400_000);
  });

  it('after bytes were sent, retries the PUT with a fresh URL pair', async () => {
    const from = s.requests.length;
    s.plan('put', { type: 'status', status: 500 }, { type: 'destroy' });
    const up = await clientFor(s).uploadVideo(clip());
    expect(up.attempts).toBe(3);
    const seen = s.requests.slice(from);
    expect(seen.filter((r) => r.route === 'upload-url')).toHaveLength(3);
    const puts = seen.filter((r) => r.route === 'put').map((r) => r.path);
    expect(new Set(puts).size).toBe(3);
    expect(s.uploads.at(-1)!.bytes).toBe(size());
  });
});

describe('Authorization header', () => {
  it('goes to /api routes only; the technique token to /process only', async () => {
    const from = s.requests.length;
    const c = clientFor(s, { techniqueToken: 'tech-token-42' });
    const up = await c.uploadVideo(clip());
    await c.checkVideos([up.downloadUrl]);
    const { taskId } = await c.createTennisTask({ video_url: up.downloadUrl });
    await c.waitForTennisTask(taskId, { pollIntervalMs: 5 });
    await c.processVideo(clip(), metadata('auth-1'));
    await c.download(`${s.url}/archives/good.zip`, join(dir, 'a.zip'));
    await c.download(up.downloadUrl, join(dir, 'v.mp4'));
    const seen = s.requests.slice(from);
    const routes = new Set(seen.map((r) => r.route));
    expect(routes).toEqual(
      new Set([
        'upload-url',
        'put',
        'check',
        'tennis-create',
        'tennis-get',
        'result',
        'process',
        'archive',
        'storage-get',
      ]),
    );
    for (const r of seen) {
      const expected = r.path.startsWith('/api/')
        ? `Bearer ${s.apiKey}`
        : r.route === 'process'
          ? 'Bearer tech-token-42'
          : undefined;
      expect([r.route, r.headers.authorization]).toEqual([r.route, expected]);
    }
  });

  it('sends no technique Authorization when no token is configured', async () => {
    const from = s.requests.length;
    const err = await apiFailure(clientFor(s).processVideo(clip(), metadata('auth-2')));
    expect(err.kind).toBe('auth');
    expect(s.requests.slice(from).map((r) => r.headers.authorization)).toEqual([undefined]);
  });
});

describe('downloads', () => {
  it('streams an archive to a file atomically', async () => {
    const dest = join(dir, 'good.zip');
    const n = await clientFor(s).download(`${s.url}/archives/good.zip`, dest);
    expect(readFileSync(dest).equals(archiveFixture('good'))).toBe(true);
    expect(n).toBe(statSync(dest).size);
  });

  it('leaves no file behind on failure', async () => {
    const dest = join(dir, 'missing.zip');
    const err = await apiFailure(clientFor(s).download(`${s.url}/archives/nope.zip`, dest));
    expect([err.kind, err.status]).toEqual(['input', 404]);
    expect(readdirSync(dir).filter((f) => f.includes('missing'))).toEqual([]);
    s.plan('archive', { type: 'status', status: 500 });
    writeFileSync(join(dir, 'keep.zip'), 'old');
    await clientFor(s).download(`${s.url}/archives/good.zip`, join(dir, 'keep.zip'));
    expect(statSync(join(dir, 'keep.zip')).size).toBe(archiveFixture('good').length);
  });

  it('refuses a body over maxBytes', async () => {
    const err = await apiFailure(
      clientFor(s).download(`${s.url}/archives/good.zip`, join(dir, 'big.zip'), { maxBytes: 100 }),
    );
    expect([err.kind, err.code]).toEqual(['contract', 'too-large']);
    expect(readdirSync(dir).filter((f) => f.includes('big'))).toEqual([]);
  });
});
