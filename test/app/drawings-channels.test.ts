/**
 * The drawing channels through the dispatcher over the real handlers and a temp library: input
 * validated in main with the contract's zod schema (bad drawings and smuggled fields refused as
 * `input`), save / list / replace / delete, `not-found` for another session's drawing, and a
 * `library.changed` event after each write.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { dispatch } from '../../main/ipc/dispatch.js';
import { openAppServices, type AppServices } from '../../main/ipc/services.js';
import { nodeSecretBox } from '../../main/settings/api-key.js';
import type { ApiResult, Channel, Drawing } from '../../preload/contract.js';
import { fakeClip, ingestInput } from '../library/helpers.js';

let home: string;
let app: AppServices;
let sessionId: number;
const events: unknown[] = [];

const call = (channel: string, input?: unknown): Promise<ApiResult<Channel>> => dispatch(app.handlers, channel, input);

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'swing-drawings-ipc-'));
  app = openAppServices({ home, secretBox: nodeSecretBox(home), keyProtection: 'file', mode: 'browser', version: '9.9.9', mediaUrl: (id, kind) => `http://media.test/${id}/${kind}` });
  app.events.subscribe((event, payload) => events.push({ event, payload }));
  sessionId = ingestAnalysis(app.deps.db, ingestInput({ uid: 'draw-ipc', clip: fakeClip(home, 'a.mp4'), frames: 12 }));
});
afterAll(async () => {
  await app.close();
  rmSync(home, { recursive: true, force: true });
});

const angle = { kind: 'angle', frameNr: 5, fromFrameNr: 0, toFrameNr: 11, points: [{ joint: 14 }, { joint: 15 }, { joint: 16 }], colour: '#ffcc00', onChart: true };

describe('drawing channels', () => {
  it('refuses bad drawings with the schema message, before any handler runs', async () => {
    const cases: [unknown, RegExp][] = [
      [{ sessionId, drawing: { ...angle, points: [{ joint: 14 }] } }, /an angle has 3 points, got 1/],
      [{ sessionId, drawing: { ...angle, points: [{ joint: 99 }, { joint: 15 }, { joint: 16 }] } }, /points/],
      [{ sessionId, drawing: { ...angle, kind: 'circle' } }, /circle has 2 points|only lines, arrows and angles can follow joints/],
      [{ sessionId, drawing: angle, clipPath: '/etc/passwd' }, /clipPath|unrecognized/i],
      [{ sessionId: -1, drawing: angle }, /sessionId/],
    ];
    for (const [input, message] of cases) {
      const r = await call('library.saveDrawing', input);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.kind).toBe('input');
        expect(r.error.message).toMatch(message);
      }
    }
    expect((await call('library.listDrawings', { sessionId })) as unknown).toEqual({ ok: true, value: [] });
  });

  it('saves, lists, replaces and deletes, announcing each change', async () => {
    events.length = 0;
    const saved = await call('library.saveDrawing', { sessionId, drawing: angle });
    if (!saved.ok) throw new Error(saved.error.message);
    const d = saved.value as Drawing;
    expect(d).toMatchObject({ ...angle, text: '', sessionId });
    const moved = await call('library.saveDrawing', { sessionId, id: d.id, drawing: { ...angle, toFrameNr: 8 } });
    expect(moved.ok && (moved.value as Drawing).toFrameNr).toBe(8);
    const listed = await call('library.listDrawings', { sessionId });
    expect(listed.ok && (listed.value as Drawing[]).map((x) => [x.id, x.toFrameNr])).toEqual([[d.id, 8]]);
    const wrong = await call('library.deleteDrawing', { sessionId: sessionId + 1, id: d.id });
    expect(!wrong.ok && wrong.error.kind).toBe('not-found');
    expect((await call('library.deleteDrawing', { sessionId, id: d.id })).ok).toBe(true);
    expect(events).toEqual(Array(3).fill({ event: 'library.changed', payload: { kind: 'session', id: sessionId, change: 'updated' } }));
  });
});
