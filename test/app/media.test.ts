/**
 * The media route (main/media): path confinement (`..`, absolute paths, symlinks out of the
 * library, non-media files) and Range answers (206 with the exact bytes, 416), on a real clip.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRange } from '../../main/media/range.js';
import { answerMedia, type MediaAccess } from '../../main/media/resolve.js';
import { sendMediaAnswer } from '../../main/media/http.js';
import { PickedFiles } from '../../main/media/picked.js';
import { mediaPath } from '../support/media.js';

let root: string;
let access: MediaAccess;
let clipBytes: Buffer;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'swing-media-'));
  const lib = join(root, 'library');
  mkdirSync(join(lib, 'clips'), { recursive: true });
  // A copy of a real clip in a temp library (tests never write into the repo).
  copyFileSync(mediaPath('tennis_forehand_1.mp4'), join(lib, 'clips', 'a b.mp4'));
  clipBytes = readFileSync(join(lib, 'clips', 'a b.mp4'));
  writeFileSync(join(root, 'secret.mp4'), 'outside');
  writeFileSync(join(lib, 'library.db'), 'sqlite');
  symlinkSync(join(root, 'secret.mp4'), join(lib, 'clips', 'escape.mp4'));
  access = {
    libraryDir: lib,
    picked: new PickedFiles(),
    sessionFile: (id, kind) =>
      id === 7 && kind === 'clip'
        ? join(lib, 'clips', 'a b.mp4')
        : id === 8
          ? join(root, 'secret.mp4')
          : null,
  };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('planRange', () => {
  it('plans single ranges and ignores what it cannot honour', () => {
    expect(planRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(planRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(planRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(planRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(planRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(planRange('bytes=50-5000', 100)).toEqual({ kind: 'partial', start: 50, end: 99 });
    expect(planRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(planRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(planRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'full' });
    expect(planRange('bytes=9-3', 100)).toEqual({ kind: 'unsatisfiable' }); // RFC 9110 §14.1.1 invalid → 416, as the service
    expect(planRange('items=0-3', 100)).toEqual({ kind: 'full' });
  });
});

describe('answerMedia confinement', () => {
  it.each([
    ['/library/../secret.mp4', 403],
    ['/library/clips/..%2F..%2Fsecret.mp4', 403],
    ['/library/%2Fetc%2Fpasswd', 403],
    ['/library//etc/passwd', 403],
    ['/library/clips/escape.mp4', 403],
    ['/library/library.db', 403],
    ['/library/clips/missing.mp4', 404],
    ['/session/8/clip', 403],
    ['/session/9/clip', 404],
    ['/picked/00000000-0000-0000-0000-000000000000', 404],
    ['/etc/passwd', 404],
    ['/library/%E0%A4%A', 400],
  ])('%s → %i', async (path, status) => {
    const a = await answerMedia('GET', path, undefined, access);
    expect(a.status).toBe(status);
    expect(a.body).toBeNull();
  });

  it('serves a library clip and a session clip whole with its type', async () => {
    const a = await answerMedia('GET', '/library/clips/a%20b.mp4', undefined, access);
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe('video/mp4');
    expect(a.headers['content-length']).toBe(String(clipBytes.length));
    expect((await answerMedia('GET', '/session/7/clip', undefined, access)).status).toBe(200);
    expect((await answerMedia('POST', '/session/7/clip', undefined, access)).status).toBe(405);
  });

  it('serves a picked file outside the library by its id only', async () => {
    const entry = await access.picked.add(mediaPath('tennis_forehand_2.mp4'));
    const a = await answerMedia('HEAD', `/picked/${entry.id}`, 'bytes=0-99', access);
    expect(a.status).toBe(206);
    expect(a.headers['content-range']).toBe(`bytes 0-99/${entry.sizeBytes}`);
    expect(a.body).toBeNull();
  });
});

describe('media over real HTTP', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      void answerMedia(
        req.method ?? 'GET',
        new URL(req.url ?? '/', 'http://x').pathname,
        req.headers.range,
        access,
      ).then((a) => sendMediaAnswer(a, res));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('answers Range with 206 and exactly the asked bytes', async () => {
    const res = await fetch(`${base}/session/7/clip`, { headers: { range: 'bytes=1000-1999' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${clipBytes.length}`);
    const got = Buffer.from(await res.arrayBuffer());
    expect(got.length).toBe(1000);
    expect(got.equals(clipBytes.subarray(1000, 2000))).toBe(true);
  });

  it('answers an open-ended tail range and a suffix range', async () => {
    const tail = await fetch(`${base}/session/7/clip`, {
      headers: { range: `bytes=${clipBytes.length - 10}-` },
    });
    expect(Buffer.from(await tail.arrayBuffer()).equals(clipBytes.subarray(clipBytes.length - 10))).toBe(
      true,
    );
    const suffix = await fetch(`${base}/session/7/clip`, { headers: { range: 'bytes=-4' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(clipBytes.subarray(clipBytes.length - 4))).toBe(
      true,
    );
  });

  it('answers 416 with the size for a range past the end', async () => {
    const res = await fetch(`${base}/session/7/clip`, { headers: { range: `bytes=${clipBytes.length}-` } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${clipBytes.length}`);
  });

  it('refuses traversal over the wire', async () => {
    const res = await fetch(`${base}/library/clips/escape.mp4`);
    expect(res.status).toBe(403);
  });
});
