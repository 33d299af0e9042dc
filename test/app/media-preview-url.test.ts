/**
 * `media.previewUrl` (New analysis: the chosen video's preview on which the coach clicks the
 * person to analyse) over the real handlers: a path never chosen is refused (kind input); a picked
 * file gets its `/picked/<id>` URL, which the media route serves with ranges; a file in the library
 * folder is registered for it; a composition without a picked-file URL answers input.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../main/ipc/dispatch.js';
import { openAppServices, type AppServices } from '../../main/ipc/services.js';
import { pathsOf } from '../../main/library/paths.js';
import { answerMedia } from '../../main/media/resolve.js';
import { nodeSecretBox } from '../../main/settings/api-key.js';
import { mediaPath } from '../support/media.js';

const CLIP = mediaPath('tennis_forehand_1.mp4');
let home: string;
let app: AppServices;
let bare: AppServices;

function open(dir: string, withPreview: boolean): AppServices {
  return openAppServices({
    home: dir,
    secretBox: nodeSecretBox(dir),
    keyProtection: 'file',
    mode: 'browser',
    version: '9.9.9',
    mediaUrl: (id, kind) => `http://media.test/session/${id}/${kind}`,
    ...(withPreview ? { pickedMediaUrl: (id: string) => `http://media.test/picked/${id}` } : {}),
  });
}

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'swing-preview-url-'));
  mkdirSync(join(home, 'bare'));
  app = open(home, true);
  bare = open(join(home, 'bare'), false);
});
afterAll(async () => {
  await app.close();
  await bare.close();
  rmSync(home, { recursive: true, force: true });
});

describe('media.previewUrl', () => {
  it('refuses a path the coach did not choose', async () => {
    const r = await dispatch(app.handlers, 'media.previewUrl', { path: CLIP });
    expect(r.ok ? null : r.error).toMatchObject({ kind: 'input', message: expect.stringMatching(/not chosen in this session/) as string });
  });

  it('answers the picked file’s URL, which the media route serves with ranges', async () => {
    const entry = await app.picked.add(CLIP);
    const r = await dispatch(app.handlers, 'media.previewUrl', { path: CLIP });
    expect(r).toEqual({ ok: true, value: `http://media.test/picked/${entry.id}` });
    const access = { libraryDir: pathsOf(app.deps.db).root, picked: app.picked, sessionFile: () => null };
    const answer = await answerMedia('GET', `/picked/${entry.id}`, 'bytes=0-99', access);
    expect(answer.status).toBe(206);
    expect(answer.headers['content-type']).toBe('video/mp4');
  });

  it('previews a file inside the library folder (registered for its URL)', async () => {
    const inLibrary = join(pathsOf(app.deps.db).root, 'preview-me.mp4');
    copyFileSync(CLIP, inLibrary);
    const r = await dispatch(app.handlers, 'media.previewUrl', { path: inLibrary });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatch(/^http:\/\/media\.test\/picked\/[0-9a-f-]{36}$/);
  });

  it('answers input where the app has no picked-file URL', async () => {
    await bare.picked.add(CLIP);
    const r = await dispatch(bare.handlers, 'media.previewUrl', { path: CLIP });
    expect(r.ok ? null : r.error.kind).toBe('input');
  });
});
