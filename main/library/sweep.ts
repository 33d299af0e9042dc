/**
 * Removes files of the library folder that no row refers to: clips no session uses, playback
 * proxies no playback_proxies row names, archives no analysis uses, thumbnails no session names,
 * `.tmp-` leftovers of interrupted atomic writes, and what killed writers left in `tmp/`. This is the second half of the
 * crash-safety argument (README.md): files are written before the transaction that
 * refers to them, so a crash can leave unreferenced files, never rows without files.
 *
 * Two guards keep it from deleting the files of an ingest in flight in another process:
 *  - it runs under the library-folder lock (main/library/lock.ts), which every writer holds from
 *    its first file write to its commit, so the rows it reads include every finished ingest;
 *  - it removes only files older than a grace period ({@link SWEEP_GRACE_MS}), so a writer that
 *    does not take the lock (an older Swing Studio on the same folder) keeps its in-flight files.
 * Only writing openers sweep (the app at start, openLibrary with `sweep: true`); read commands never do.
 *
 * Two more keep a lost or replaced database from taking the files with it (issue 25):
 *  - a database created in the same open (openLibrary found no schema) is never swept;
 *  - the bound: when more than {@link SWEEP_MAX_ORPHANS} stored files AND more than
 *    {@link SWEEP_MAX_ORPHAN_SHARE} of all stored files of the three folders would go, none of them
 *    is removed (temp files still are) and the report carries a warning; `force: true` removes
 *    them (the caller asked). Crash residue is a few files per interrupted ingest; a database
 *    restored from an old backup or replaced by another library's orphans most of the folder.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type Database from 'better-sqlite3';
import { TEMP_PREFIX } from '../files/index.js';
import type { WritableDb } from './db.js';
import { storedFileNames } from './files.js';
import { withLibraryLock } from './lock.js';
import { pathsOf, thumbnailPathOf } from './paths.js';

/**
 * Files younger than this are never swept, ms: one hour, far above the longest ingest (hashing
 * and copying a 2 GiB clip, ~40 s at 100 MB/s); an orphan of a crash waits one more start.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

/**
 * The sweep removes any number of orphans up to this many stored files (temp files not counted):
 * the residue of a few interrupted ingests (clip, proxy, archive, thumbnail each).
 */
export const SWEEP_MAX_ORPHANS = 10;
/** Above {@link SWEEP_MAX_ORPHANS}, the largest share (0..1) of the folders' stored files a sweep removes without `force`. */
export const SWEEP_MAX_ORPHAN_SHARE = 0.2;

/** What a sweep did. */
export interface SweepReport {
  /** Absolute paths removed. */
  removed: string[];
  /** Orphans kept by the bound (absolute paths); [] when none were held. */
  held: string[];
  /** One line saying why orphans were held by the bound; null when none were. */
  warning: string | null;
}

/** Options of {@link sweepOrphans}. */
export interface SweepOptions {
  /** Keep files modified less than this many ms ago (default {@link SWEEP_GRACE_MS}; tests pass 0). */
  graceMs?: number;
  /** Clock, ms since the epoch (default Date.now). */
  now?: number;
  /** Remove orphans even past the bound ({@link SWEEP_MAX_ORPHANS}, {@link SWEEP_MAX_ORPHAN_SHARE}): the user asked. */
  force?: boolean;
}

/** Connections whose database openLibrary created (no schema before): never swept. */
const createdInThisOpen = new WeakSet<Database.Database>();

/** Marks `db` as a database created by the open that returned it (db.ts openLibrary). */
export function noteCreatedInThisOpen(db: Database.Database): void {
  createdInThisOpen.add(db);
}

/**
 * Sweeps the clips, archives and thumbnails folders of the library `db` belongs to, holding the
 * library lock. Nothing is removed for a database created in this open, and stored files only
 * within the bound (file comment); the report says what was held.
 * @throws LibraryError `busy` when another process holds the lock past LOCK_WAIT_MS.
 */
export function sweepOrphans(db: WritableDb, opts: SweepOptions = {}): SweepReport {
  const paths = pathsOf(db);
  // A new database names no file: every stored file would read as an orphan (openLibrary creates
  // one only where there are none, db.ts refuseEmptyDatabase; this holds even if that changes).
  if (createdInThisOpen.has(db)) return { removed: [], held: [], warning: null };
  const cutoff = (opts.now ?? Date.now()) - (opts.graceMs ?? SWEEP_GRACE_MS);
  return withLibraryLock(paths.root, () => {
    const clips = new Set([
      ...(db.prepare('SELECT DISTINCT clip_file FROM sessions').pluck().all() as string[]),
      ...(db.prepare('SELECT proxy_file FROM playback_proxies').pluck().all() as string[]),
    ]);
    const archives = new Set(db.prepare('SELECT archive_file FROM analyses').pluck().all() as string[]);
    const thumbs = new Set(
      (db.prepare('SELECT thumbnail_path FROM sessions WHERE thumbnail_path IS NOT NULL').pluck().all() as string[])
        .map((p) => thumbnailPathOf(paths, p)!)
        .filter((p) => dirname(p) === paths.thumbnailsDir)
        .map((p) => basename(p)),
    );
    const folders: Array<[string, Set<string>]> = [
      [paths.clipsDir, clips],
      [paths.archivesDir, archives],
      [paths.thumbnailsDir, thumbs],
    ];
    // Everything in tmp/ is temp work (a hand-over import's folder): older than the grace period, a killed writer's.
    const temps = [...folders, [paths.tmpDir, new Set<string>()] as const].flatMap(([dir, referenced]) => [
      ...orphansOf(dir, referenced, cutoff, true),
      ...(dir === paths.tmpDir ? orphansOf(dir, referenced, cutoff, false) : []),
    ]);
    const orphans = folders.flatMap(([dir, referenced]) => orphansOf(dir, referenced, cutoff, false));
    const stored = folders.reduce((n, [dir]) => n + storedFileNames(dir).length, 0);
    const held = opts.force !== true && orphans.length > SWEEP_MAX_ORPHANS && orphans.length > SWEEP_MAX_ORPHAN_SHARE * stored;
    const removed = held ? temps : [...temps, ...orphans];
    for (const p of removed) rmSync(p, { force: true, recursive: true });
    return {
      removed,
      held: held ? orphans : [],
      warning: held
        ? `sweep held: ${orphans.length} of the library's ${stored} stored files are named by no row (more than ${SWEEP_MAX_ORPHANS} and ${SWEEP_MAX_ORPHAN_SHARE * 100} %); ` +
          'none was removed: was library.sqlite replaced or restored from an older backup?'
        : null,
    };
  });
}

/** Temp files (`temps`) or stored files no row names (`!temps`) of `dir`, older than the cutoff (absolute paths). */
function orphansOf(dir: string, referenced: Set<string>, cutoffMs: number, temps: boolean): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of names) {
    if (name.startsWith(TEMP_PREFIX) !== temps || (!temps && referenced.has(name))) continue;
    const p = join(dir, name);
    const mtime = statSync(p, { throwIfNoEntry: false })?.mtimeMs;
    // mtimeMs keeps the file system's sub-millisecond part, Date.now() does not: a file written
    // in the same millisecond as the sweep started would read as newer than a cutoff of "now"
    // (graceMs 0) without the floor.
    if (mtime === undefined || Math.floor(mtime) > cutoffMs) continue;
    out.push(p);
  }
  return out;
}
