/**
 * The hand-over import's temp work (issue 25, finding 11): its temp folder (a full copy of the
 * clip) lives in the library's temp folder, never in the OS temp folder, and is removed when the
 * import ends, imported or refused. A `kill -9` of a real CLI import (held at the library lock,
 * so the kill lands while its temp folder exists) leaves the folder to the library's sweep, which
 * removes it once it is older than the grace period. Before the fix the folder was
 * `swing-handover-*` in the OS temp folder, never cleaned.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importHandover } from '../../main/export/handover-import.js';
import { openLibrary } from '../../main/library/db.js';
import { libraryPaths, pathsOf } from '../../main/library/paths.js';
import { SWEEP_GRACE_MS, sweepOrphans } from '../../main/library/sweep.js';
import { handoverLibraries } from './support/handover-libraries.js';
import { handoverTempDirs, holdLibraryLock, startImport, waitFor } from './support/import-processes.js';

const h = handoverLibraries('handover-temp-');
const scratch = mkdtempSync(join(tmpdir(), 'handover-temp-scratch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `fn` with the OS temp folder (os.tmpdir(), from TMPDIR) set to `dir`. */
async function withOsTmp<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    expect(tmpdir()).toBe(dir);
    return await fn();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

describe('hand-over temp work', () => {
  it('leaves nothing in the OS temp folder or the library temp folder, imported or refused', async () => {
    const osTmp = mkdtempSync(join(scratch, 'os-tmp-'));
    const root = pathsOf(h.db).root;
    const r = await withOsTmp(osTmp, () => importHandover(h.db, h.zipPath));
    expect(r.created).toBe(true);
    expect(readdirSync(osTmp)).toEqual([]);
    expect(readdirSync(join(root, 'tmp'))).toEqual([]);
    // A refused import (the player now exists and no merge was chosen: refused after the clip was probed).
    h.db.prepare('DELETE FROM sessions').run();
    await expect(withOsTmp(osTmp, () => importHandover(h.db, h.zipPath))).rejects.toThrow(
      /already has a player named "Roger Test"/,
    );
    expect(readdirSync(osTmp)).toEqual([]);
    expect(readdirSync(join(root, 'tmp'))).toEqual([]);
  });

  it('a killed import leaves its temp folder in the library, where the sweep removes it after the grace period', async () => {
    const home = mkdtempSync(join(scratch, 'home-'));
    const osTmp = mkdtempSync(join(scratch, 'os-tmp-'));
    const paths = libraryPaths(home);
    const lock = await holdLibraryLock(paths.root, scratch);
    const run = startImport(home, osTmp, h.zipPath);
    try {
      await waitFor(
        () => {
          const t = handoverTempDirs(paths.root, osTmp);
          return t.library.length + t.os.length === 1;
        },
        run.done,
        () => 'the import exited before making its temp folder',
      );
      run.child.kill('SIGKILL');
      expect((await run.done).signal).toBe('SIGKILL');
    } finally {
      await lock.release();
    }
    const left = handoverTempDirs(paths.root, osTmp);
    expect(left.os).toEqual([]);
    expect(left.library).toHaveLength(1);
    const killed = join(paths.tmpDir, left.library[0]!);
    const fresh = join(paths.tmpDir, 'handover-fresh');
    mkdirSync(fresh);

    const db = openLibrary(home);
    try {
      expect(sweepOrphans(db).removed).toEqual([]);
      const hoursAgo = (Date.now() - SWEEP_GRACE_MS - 60_000) / 1000;
      utimesSync(killed, hoursAgo, hoursAgo);
      expect(sweepOrphans(db).removed).toEqual([killed]);
      expect(readdirSync(paths.tmpDir)).toEqual(['handover-fresh']);
    } finally {
      db.close();
    }
  });
});
