/**
 * The same hand-over imported by several processes at once (issue 25, finding 3): real CLI
 * processes (`swing-studio import <zip> --merge-player`) on one library. Each trial holds the
 * library lock in another process until every import has made its temp folder (so each has read
 * the hand-over and found no session yet, before the lock), then lets them go. Exactly one stores
 * the session with the hand-over's drawings; every other one says "already in the library" and
 * stores nothing. Before the fix, every process said "imported as session 1" and the session had
 * the drawings once per process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportSession } from '../../main/export/session-export.js';
import { openLibrary, openLibraryReadonly } from '../../main/library/db.js';
import { saveDrawing } from '../../main/library/drawings.js';
import { libraryPaths } from '../../main/library/paths.js';
import { sessionFixture, type SessionFixture } from './session-fixture.js';
import { handoverTempDirs, holdLibraryLock, startImport, waitFor } from './support/import-processes.js';

const PROCESSES = 3;
const TRIALS = 2;
let fx: SessionFixture;
let zipPath: string;
const scratch = mkdtempSync(join(tmpdir(), 'handover-race-'));

beforeAll(async () => {
  fx = await sessionFixture();
  const base = { text: '', colour: '#39d353', onChart: false };
  saveDrawing(fx.db, fx.sessionId, {
    ...base,
    kind: 'line',
    frameNr: 10,
    fromFrameNr: 5,
    toFrameNr: 20,
    points: [
      { x: 10, y: 10 },
      { x: 300, y: 200 },
    ],
  });
  saveDrawing(fx.db, fx.sessionId, {
    ...base,
    kind: 'text',
    frameNr: 30,
    fromFrameNr: 30,
    toFrameNr: 40,
    points: [{ x: 50, y: 60 }],
    text: 'racket back',
  });
  zipPath = join(scratch, 'handover.zip');
  await exportSession(fx.db, fx.sessionId, 'handover', zipPath);
});
afterAll(() => {
  fx?.close();
  rmSync(scratch, { recursive: true, force: true });
});

it(`${PROCESSES} processes importing one hand-over at once store one session with its 2 drawings (${TRIALS} trials)`, async () => {
  for (let trial = 0; trial < TRIALS; trial++) {
    const home = mkdtempSync(join(scratch, `home-${trial}-`));
    const osTmp = mkdtempSync(join(scratch, `os-tmp-${trial}-`));
    const root = libraryPaths(home).root;
    openLibrary(home).close();
    const lock = await holdLibraryLock(root, scratch);
    const runs = Array.from({ length: PROCESSES }, () => startImport(home, osTmp, zipPath));
    const count = () => {
      const t = handoverTempDirs(root, osTmp);
      return t.library.length + t.os.length;
    };
    await waitFor(
      () => count() === PROCESSES,
      Promise.race(runs.map((r) => r.done)),
      () => `an import exited before the lock was released (${count()} of ${PROCESSES} temp folders)`,
    );
    await lock.release();
    const outs = await Promise.all(runs.map((r) => r.done));

    expect(outs.map((o) => [o.code, o.stderr])).toEqual(outs.map(() => [0, '']));
    const lines = outs.map((o) => o.stdout.trim()).sort();
    expect(lines).toEqual([
      ...Array<string>(PROCESSES - 1).fill('already in the library as session 1'),
      'imported as session 1',
    ]);
    const db = openLibraryReadonly(home);
    try {
      expect(
        db
          .prepare(
            'SELECT (SELECT count(*) FROM sessions) s, (SELECT count(*) FROM drawings) d, (SELECT count(*) FROM players) p, (SELECT count(*) FROM analyses) a',
          )
          .get(),
      ).toEqual({ s: 1, d: 2, p: 1, a: 1 });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
    expect(handoverTempDirs(root, osTmp)).toEqual({ library: [], os: [] });
  }
});
