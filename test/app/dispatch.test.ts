/**
 * The dispatcher over the real handlers (temp library, real job queue): typed error kinds for
 * bad input, unknown channels, missing rows, duplicate names, unpicked paths; the API key never
 * in a result; error mapping of thrown values with secrets redacted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../main/api/errors.js';
import { LibraryError } from '../../main/library/errors.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { dispatch } from '../../main/ipc/dispatch.js';
import { HandlerError, toFailure } from '../../main/ipc/errors.js';
import { openAppServices, type AppServices } from '../../main/ipc/services.js';
import { nodeSecretBox } from '../../main/settings/api-key.js';
import type { ApiResult, Channel } from '../../preload/contract.js';
import { fakeClip, ingestInput } from '../library/helpers.js';
import { mediaPath } from '../support/media.js';

const KEY = 'sk-test-7c1f0e5a9b2d4c68';
let home: string;
let app: AppServices;
const events: { event: string; payload: unknown }[] = [];
let sessionId: number;

const call = (channel: string, input?: unknown): Promise<ApiResult<Channel>> =>
  dispatch(app.handlers, channel, input);
function failureOf(r: ApiResult<Channel>): { kind: string; message: string; tip?: string } {
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value)}`);
  return r.error;
}

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'swing-dispatch-'));
  app = openAppServices({
    home,
    secretBox: nodeSecretBox(home),
    keyProtection: 'file',
    mode: 'browser',
    version: '9.9.9',
    mediaUrl: (id, kind) => `http://media.test/${id}/${kind}`,
  });
  app.events.subscribe((event, payload) => events.push({ event, payload }));
  sessionId = ingestAnalysis(
    app.deps.db,
    ingestInput({ uid: 'u1', clip: fakeClip(home, 'a.mp4'), frames: 12 }),
  );
});
afterAll(async () => {
  await app.close();
  rmSync(home, { recursive: true, force: true });
});

describe('dispatch', () => {
  it('answers a valid call with its value', async () => {
    const r = await call('app.info');
    expect(r).toEqual({
      ok: true,
      value: { mode: 'browser', version: '9.9.9', platform: process.platform, canPickFiles: false },
    });
  });

  it('refuses an unknown channel and prototype keys with kind input', async () => {
    expect(failureOf(await call('library.dropAll')).kind).toBe('input');
    expect(failureOf(await call('__proto__')).kind).toBe('input');
    expect(failureOf(await call('constructor')).kind).toBe('input');
  });

  it('refuses bad input with kind input naming the field', async () => {
    const f = failureOf(
      await call('library.createPlayer', { name: 'Ana', dominantHand: 'right', heightMm: 1.7 }),
    );
    expect(f.kind).toBe('input');
    expect(f.message).toBe('library.createPlayer: heightMm: player height must be between 500 and 2800 mm (got 1.7)');
  });

  it('creates a player, emits library.changed, refuses a duplicate name with kind input', async () => {
    const r = await call('library.createPlayer', { name: 'Ben Ito', dominantHand: 'left', heightMm: 1820 });
    expect(r.ok && (r.value as { name: string }).name).toBe('Ben Ito');
    expect(
      events.some((e) => e.event === 'library.changed' && (e.payload as { kind: string }).kind === 'player'),
    ).toBe(true);
    expect(
      failureOf(await call('library.createPlayer', { name: 'ben ito', dominantHand: 'left', heightMm: 1820 }))
        .kind,
    ).toBe('input');
  });

  it('reports missing rows as not-found', async () => {
    expect(failureOf(await call('library.getSession', { id: 999 })).kind).toBe('not-found');
    expect(failureOf(await call('library.renameSession', { id: 999, title: 'x' })).kind).toBe('not-found');
    expect(failureOf(await call('jobs.cancel', { id: 999 })).kind).toBe('not-found');
    expect(failureOf(await call('media.urlFor', { sessionId: 999 })).kind).toBe('not-found');
  });

  it('returns a session with typed-array pose, and media URLs', async () => {
    const r = await call('library.getSession', { id: sessionId });
    if (!r.ok) throw new Error(r.error.message);
    const detail = r.value as { pose2d: { keypoints: unknown; frames: number } };
    expect(detail.pose2d.keypoints).toBeInstanceOf(Float32Array);
    expect(detail.pose2d.frames).toBe(12);
    expect(await call('media.urlFor', { sessionId })).toEqual({
      ok: true,
      value: `http://media.test/${sessionId}/clip`,
    });
    expect(await call('media.urlFor', { sessionId, kind: 'thumbnail' })).toEqual({ ok: true, value: null });
  });

  it('sets a capture frame rate: recomputed analysis, library.changed; bad rates refused by the contract', async () => {
    const id = ingestAnalysis(app.deps.db, ingestInput({ uid: 'u-slow', clip: fakeClip(home, 'slow.mp4'), frames: 60 }));
    expect(await call('library.setCaptureFps', { id, captureFps: 120 })).toEqual({ ok: true, value: null });
    expect(events.some((e) => e.event === 'library.changed' && JSON.stringify(e.payload) === JSON.stringify({ kind: 'session', id, change: 'updated' }))).toBe(true);
    const r = await call('library.getSession', { id });
    if (!r.ok) throw new Error(r.error.message);
    const d = r.value as { session: { captureFps: number | null }; analysis: { captureFps: number | null } };
    expect([d.session.captureFps, d.analysis.captureFps]).toEqual([120, 120]);
    expect(failureOf(await call('library.setCaptureFps', { id, captureFps: 0 })).message).toBe('library.setCaptureFps: captureFps: capture frame rate must be > 0 and at most 100000 frames/s (got 0)');
    expect(failureOf(await call('library.setCaptureFps', { id, captureFps: 'fast' })).kind).toBe('input');
    expect(failureOf(await call('library.setCaptureFps', { id })).kind).toBe('input');
    expect(failureOf(await call('library.setCaptureFps', { id: 999, captureFps: null })).kind).toBe('not-found');
    // The 12-frame session is too short to analyse: refused, its rate unchanged.
    expect(failureOf(await call('library.setCaptureFps', { id: sessionId, captureFps: 240 }))).toMatchObject({ kind: 'input', message: expect.stringMatching(/cannot be recomputed/) as string });
    const first = await call('library.getSession', { id: sessionId });
    expect(first.ok && (first.value as { session: { captureFps: unknown } }).session.captureFps).toBeNull();
  });

  it('refuses paths the user did not pick, checks picked ones', async () => {
    const outside = mediaPath('tennis_forehand_1.mp4');
    const f = failureOf(await call('jobs.check', { paths: [outside] }));
    expect(f.kind).toBe('input');
    expect(f.message).toMatch(/was not chosen in this session/);
    const job = {
      videoPath: '/etc/passwd',
      player: { name: 'A', dominantHand: 'right', heightMm: 1700 },
      sport: 'tennis',
      swingType: 'forehand_drive',
      backend: 'local',
    };
    expect(failureOf(await call('jobs.enqueueAnalysis', [job])).kind).toBe('input');
    await app.picked.add(outside);
    const r = await call('jobs.check', { paths: [outside] });
    if (!r.ok) throw new Error(r.error.message);
    const [check] = r.value as {
      ok: boolean;
      fps: number;
      width: number;
      height: number;
      contentType: string;
    }[];
    expect(check).toMatchObject({ contentType: 'video/mp4' });
    expect(check?.fps).toBeCloseTo(30, 0);
    // Outside the recommended 3–10 s: a warning, not a problem (the clip can still be sent).
    expect(check).toMatchObject({ ok: true, width: 852, height: 480, problems: [] });
    expect((check as unknown as { warnings: { detail?: string }[] }).warnings.map((w) => w.detail)).toEqual([
      'clip is 21.6 s long; 3–10 s around one swing is recommended',
    ]);
  });

  it('reports unreadable and unsupported picked files as problems', async () => {
    const junk = fakeClip(home, 'junk.mp4');
    const text = fakeClip(home, 'notes.txt');
    await app.picked.add(junk);
    await app.picked.add(text);
    const r = await call('jobs.check', { paths: [junk, text] });
    if (!r.ok) throw new Error(r.error.message);
    const [a, b] = r.value as { ok: boolean; problems: string[] }[];
    expect(a?.ok).toBe(false);
    expect(a?.problems[0]).toMatch(/^cannot read the video/);
    expect(b?.ok).toBe(false);
    expect(b?.problems[0]).toMatch(/unsupported video extension ".txt"/);
  });

  it('has no file dialog in browser mode (kind input with a tip)', async () => {
    const f = failureOf(await call('dialog.pickVideos'));
    expect(f.kind).toBe('input');
    expect(f.tip).toMatch(/upload/);
  });

  it('stores the API key but never returns it', async () => {
    const r = await call('settings.setApiKey', { key: KEY });
    expect(r.ok && (r.value as { hasApiKey: boolean }).hasApiKey).toBe(true);
    expect(JSON.stringify(r)).not.toContain(KEY);
    const got = await call('settings.get');
    expect(got.ok).toBe(true);
    expect(JSON.stringify(got)).not.toContain(KEY);
    expect(JSON.stringify(got)).not.toMatch(/window/);
    const upd = await call('settings.update', {
      units: 'imperial',
      remote: { baseUrl: 'http://127.0.0.1:9', techniqueUrl: '' },
    });
    expect(upd.ok && (upd.value as { units: string }).units).toBe('imperial');
  });
});

describe('toFailure', () => {
  it('maps API, library, fs, abort and unknown errors to contract kinds', () => {
    expect(toFailure(new ApiError({ kind: 'timeout', message: 't' })).kind).toBe('network');
    expect(toFailure(new ApiError({ kind: 'auth', message: 'no' }))).toMatchObject({
      kind: 'auth',
      tip: 'Check the API key in Settings.',
    });
    expect(toFailure(new ApiError({ kind: 'contract', message: 'bad json' })).kind).toBe('decode');
    expect(toFailure(new LibraryError('in-use', 'x')).kind).toBe('input');
    expect(toFailure(new LibraryError('too-new', 'x')).kind).toBe('storage');
    expect(toFailure(Object.assign(new Error('disk full'), { code: 'ENOSPC' })).kind).toBe('storage');
    expect(toFailure(Object.assign(new Error('gone'), { code: 'ENOENT' })).kind).toBe('not-found');
    expect(toFailure(new DOMException('stop', 'AbortError')).kind).toBe('cancelled');
    expect(toFailure(new HandlerError('server', 'x', 'tip')).tip).toBe('tip');
    expect(toFailure('weird').kind).toBe('internal');
  });

  it('redacts secrets from message and tip', () => {
    const f = toFailure(
      new ApiError({ kind: 'auth', message: `key ${KEY} refused`, serverMessage: `Bearer ${KEY}` }),
      [KEY],
    );
    expect(f.message).toBe('key [redacted] refused: Bearer [redacted]');
  });
});
