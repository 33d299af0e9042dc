/**
 * Issue 25 finding 1, the app's side: a file chosen in the save dialog (Electron's `saveFile`)
 * inside the Swing Studio folder is refused like the CLI's `--out` (main/export/output-path.ts),
 * with kind `input` and one line, and nothing is written; a file outside it is written. The real
 * app services and handlers (plain Node), a real SQLite library in a temp home.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dispatch } from '../../main/ipc/dispatch.js';
import { openAppServices, type AppServices } from '../../main/ipc/services.js';
import { openLibrary } from '../../main/library/db.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { nodeSecretBox } from '../../main/settings/api-key.js';
import { fakeClip, ingestInput } from '../library/helpers.js';

let home: string;
let outside: string;
let services: AppServices;
let chosen = '';
let sessionId = 0;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'save-dialog-'));
  outside = mkdtempSync(join(tmpdir(), 'save-dialog-out-'));
  const db = openLibrary(home);
  sessionId = ingestAnalysis(db, ingestInput({ uid: 'dialog-1', clip: fakeClip(outside, 'c.mp4') }));
  db.close();
  services = openAppServices({
    home,
    secretBox: nodeSecretBox(home),
    keyProtection: 'file',
    mode: 'electron',
    version: '0.0.0-test',
    mediaUrl: (id, kind) => `swing-media://session/${id}/${kind}`,
    saveFile: () => Promise.resolve(chosen),
  });
});

afterAll(async () => {
  await services?.close();
  rmSync(home, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

it('refuses a save-dialog choice inside the home folder and writes a choice outside it', async () => {
  const dbPath = join(home, 'library', 'library.sqlite');
  const before = createHash('sha256').update(readFileSync(dbPath)).digest('hex');
  chosen = dbPath;
  const refused = await dispatch(services.handlers, 'export.session', { id: sessionId, format: 'csv' });
  expect(refused).toMatchObject({
    ok: false,
    error: {
      kind: 'input',
      message: expect.stringMatching(
        /^refusing to write .*library\.sqlite: it is inside the library folder .*; choose a file outside it$/,
      ) as unknown,
    },
  });
  expect(createHash('sha256').update(readFileSync(dbPath)).digest('hex')).toBe(before);

  chosen = join(home, 'settings-copy.pdf');
  const player = await dispatch(services.handlers, 'export.player', { playerId: 1, format: 'csv' });
  expect(player).toMatchObject({
    ok: false,
    error: { kind: 'input', message: expect.stringMatching(/inside the Swing Studio folder/) as unknown },
  });
  expect(existsSync(chosen)).toBe(false);

  chosen = join(outside, 'features.csv');
  const ok = await dispatch(services.handlers, 'export.session', { id: sessionId, format: 'csv' });
  expect(ok).toMatchObject({ ok: true, value: { files: [chosen] } });
  expect(readFileSync(chosen, 'utf8')).toMatch(/^session_id,player,/);
});
