/**
 * Issue 25 finding 2: a missing or emptied library.sqlite beside stored clips and archives was
 * opened as a fresh, empty library, and the app's start-up sweep then deleted every clip,
 * archive and thumbnail as orphans. Now the open refuses with what it found and how to recover,
 * keeps every file and creates nothing; a sweep never runs against a database created in the
 * same open and holds back when it would remove more than its bound.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLibrary } from '../../main/library/db.js';
import { LibraryError } from '../../main/library/errors.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { libraryPaths } from '../../main/library/paths.js';
import { listSessions } from '../../main/library/sessions.js';
import { sweepOrphans, SWEEP_MAX_ORPHANS } from '../../main/library/sweep.js';
import { fakeClip, ingestInput, openCreatedLibrary, tempHome } from './helpers.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A home whose library holds `n` sessions (n clips, n archives) and one thumbnail file; the connection is closed. */
function libraryWith(n: number): { home: string; files: () => string[] } {
  const t = tempHome();
  cleanups.push(t.cleanup);
  const db = openLibrary(t.home);
  for (let i = 0; i < n; i++)
    // With received archives (a local analysis stores none), so each session has its archive file.
    ingestAnalysis(db, ingestInput({ uid: `lost-${i}`, clip: fakeClip(t.home, `c${i}.mp4`), archive: true }));
  db.close();
  const paths = libraryPaths(t.home);
  mkdirSync(paths.thumbnailsDir);
  writeFileSync(join(paths.thumbnailsDir, 'thumb.jpg'), 'jpeg');
  const files = () =>
    [paths.clipsDir, paths.archivesDir, paths.thumbnailsDir]
      .flatMap((d) => readdirSync(d).map((f) => join(d, f)))
      .sort();
  return { home: t.home, files };
}

/** Runs `fn` and returns the LibraryError it throws. */
function refusal(fn: () => unknown): LibraryError {
  try {
    fn();
  } catch (err) {
    if (err instanceof LibraryError) return err;
    throw err;
  }
  throw new Error('expected a LibraryError');
}

describe('a missing or empty database beside stored files', () => {
  it('an emptied library.sqlite is refused with what was found; every file is kept', () => {
    const lib = libraryWith(3);
    const before = lib.files();
    const dbPath = libraryPaths(lib.home).dbPath;
    rmSync(`${dbPath}-wal`, { force: true });
    rmSync(`${dbPath}-shm`, { force: true });
    truncateSync(dbPath, 0);
    const err = refusal(() => openLibrary(lib.home, { sweep: true }));
    expect(err.code).toBe('missing-database');
    expect(err.message).toBe(
      `the library database ${dbPath} is empty but ${libraryPaths(lib.home).root} holds 3 clip files, 3 archive files and 1 thumbnail file: ` +
        'restore library.sqlite from a backup (the files are kept; nothing was created or deleted)',
    );
    expect(err.message).not.toContain('\n');
    expect(lib.files()).toEqual(before);
  });

  it('a deleted library.sqlite is refused and not created again', () => {
    const lib = libraryWith(2);
    const before = lib.files();
    const dbPath = libraryPaths(lib.home).dbPath;
    for (const f of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) rmSync(f, { force: true });
    const err = refusal(() => openLibrary(lib.home));
    expect(err.code).toBe('missing-database');
    expect(err.message).toMatch(
      / is missing but .* holds 2 clip files, 2 archive files and 1 thumbnail file: restore library\.sqlite from a backup/,
    );
    expect(existsSync(dbPath)).toBe(false);
    expect(lib.files()).toEqual(before);
  });

  it('a fresh home (no stored files) still opens as an empty library', () => {
    const t = tempHome();
    cleanups.push(t.cleanup);
    const db = openLibrary(t.home, { sweep: true });
    expect(listSessions(db)).toEqual([]);
    db.close();
  });
});

describe('the sweep', () => {
  it('never runs against a database created in the same open', () => {
    const t = tempHome();
    cleanups.push(t.cleanup);
    const paths = libraryPaths(t.home);
    // Only a temp leftover (no stored file, so the open creates the database): old enough to go.
    openLibrary(t.home).close();
    rmSync(paths.dbPath);
    rmSync(`${paths.dbPath}-wal`, { force: true });
    rmSync(`${paths.dbPath}-shm`, { force: true });
    const leftover = join(paths.clipsDir, '.tmp-old-clip.mp4');
    writeFileSync(leftover, 'x');
    utimesSync(leftover, 1_700_000_000, 1_700_000_000);
    const fresh = openLibrary(t.home);
    expect(sweepOrphans(fresh, { graceMs: 0 })).toEqual({ removed: [], held: [], warning: null });
    expect(existsSync(leftover)).toBe(true);
    fresh.close();
    const again = openLibrary(t.home); // an existing database: swept as before
    expect(sweepOrphans(again, { graceMs: 0 }).removed).toEqual([leftover]);
    again.close();
  });

  it(`holds the orphans when more than ${SWEEP_MAX_ORPHANS} and more than 20 % of the stored files would go`, () => {
    const lib = libraryWith(8); // 8 clips + 8 archives + 1 thumbnail = 17 stored files
    const before = lib.files();
    const db = openCreatedLibrary(lib.home);
    // A database that names none of them (replaced, or restored from an older backup).
    db.exec('DELETE FROM sessions');
    const report = sweepOrphans(db, { graceMs: 0 });
    expect(report.removed).toEqual([]);
    expect(report.held.sort()).toEqual(before);
    expect(report.warning).toBe(
      "sweep held: 17 of the library's 17 stored files are named by no row (more than 10 and 20 %); none was removed: was library.sqlite replaced or restored from an older backup?",
    );
    expect(lib.files()).toEqual(before);
    // Asked (force), it removes them.
    expect(sweepOrphans(db, { graceMs: 0, force: true }).removed.sort()).toEqual(before);
    db.close();
  });

  it('removes crash residue within the bound (a few orphans beside many named files)', () => {
    const lib = libraryWith(30);
    const db = openCreatedLibrary(lib.home);
    const paths = libraryPaths(lib.home);
    const orphans = Array.from({ length: 12 }, (_, i) => fakeClip(paths.clipsDir, `orphan-${i}.mp4`)).sort(); // 12 of 73: above 10, below 20 %
    expect(sweepOrphans(db, { graceMs: 0 }).removed.sort()).toEqual(
      orphans.concat(join(paths.thumbnailsDir, 'thumb.jpg')).sort(),
    );
    expect(listSessions(db)).toHaveLength(30);
    db.close();
  });
});
