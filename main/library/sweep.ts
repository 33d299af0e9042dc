/**
 * Removes files of the library folder that no row refers to: clips no session uses, playback
 * proxies no playback_proxies row names, archives no analysis uses, thumbnails no session names,
 * and `.tmp-` leftovers of interrupted atomic writes. This is the second half of the
 * crash-safety argument (README.md): files are written before the transaction that
 * refers to them, so a crash can leave unreferenced files, never rows without files.
 *
 * Two guards keep it from deleting the files of an ingest in flight in another process:
 *  - it runs under the library-folder lock (main/library/lock.ts), which every writer holds from
 *    its first file write to its commit, so the rows it reads include every finished ingest;
 *  - it removes only files older than a grace period ({@link SWEEP_GRACE_MS}), so a writer that
 *    does not take the lock (an older Swing Studio on the same folder) keeps its in-flight files.
 * Only writing openers sweep (the app at start, openLibrary with `sweep: true`); read commands never do.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { TEMP_PREFIX } from '../archive/atomic-file.js';
import type { WritableDb } from './db.js';
import { withLibraryLock } from './lock.js';
import { pathsOf } from './paths.js';

/**
 * Files younger than this are never swept, ms: one hour, far above the longest ingest (hashing
 * and copying a 2 GiB clip, ~40 s at 100 MB/s); an orphan of a crash waits one more start.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

/** Absolute paths removed by a sweep. */
export interface SweepReport {
  removed: string[];
}

/** Options of {@link sweepOrphans}. */
export interface SweepOptions {
  /** Keep files modified less than this many ms ago (default {@link SWEEP_GRACE_MS}; tests pass 0). */
  graceMs?: number;
  /** Clock, ms since the epoch (default Date.now). */
  now?: number;
}

/**
 * Sweeps the clips, archives and thumbnails folders of the library `db` belongs to, holding the library lock.
 * @throws LibraryError `busy` when another process holds the lock past LOCK_WAIT_MS.
 */
export function sweepOrphans(db: WritableDb, opts: SweepOptions = {}): SweepReport {
  const paths = pathsOf(db);
  const cutoff = (opts.now ?? Date.now()) - (opts.graceMs ?? SWEEP_GRACE_MS);
  return withLibraryLock(paths.root, () => {
    const clips = new Set([
      ...(db.prepare('SELECT DISTINCT clip_file FROM sessions').pluck().all() as string[]),
      ...(db.prepare('SELECT proxy_file FROM playback_proxies').pluck().all() as string[]),
    ]);
    const archives = new Set(db.prepare('SELECT archive_file FROM analyses').pluck().all() as string[]);
    const thumbs = new Set(
      (db.prepare('SELECT thumbnail_path FROM sessions WHERE thumbnail_path IS NOT NULL').pluck().all() as string[])
        .filter((p) => dirname(p) === paths.thumbnailsDir)
        .map((p) => basename(p)),
    );
    return {
      removed: [
        ...sweepDir(paths.clipsDir, clips, cutoff),
        ...sweepDir(paths.archivesDir, archives, cutoff),
        ...sweepDir(paths.thumbnailsDir, thumbs, cutoff),
      ],
    };
  });
}

function sweepDir(dir: string, referenced: Set<string>, cutoffMs: number): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(TEMP_PREFIX) && referenced.has(name)) continue;
    const p = join(dir, name);
    const mtime = statSync(p, { throwIfNoEntry: false })?.mtimeMs;
    // mtimeMs keeps the file system's sub-millisecond part, Date.now() does not: a file written
    // in the same millisecond as the sweep started would read as newer than a cutoff of "now"
    // (graceMs 0) without the floor.
    if (mtime === undefined || Math.floor(mtime) > cutoffMs) continue;
    rmSync(p, { force: true, recursive: true });
    removed.push(p);
  }
  return removed;
}
