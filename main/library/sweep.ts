/**
 * Removes files of the library folder that no row refers to: clips no session uses, archives
 * no analysis uses, and `.tmp-` leftovers of interrupted atomic writes. This is the second half
 * of the crash-safety argument (README.md): files are written before the transaction that
 * refers to them, so a crash can leave unreferenced files, never rows without files.
 * Runs when the library is opened, before any ingest of this process; the library has one
 * writing process (the app), so no other ingest can be between its file writes and its commit.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { TEMP_PREFIX } from '../archive/atomic-file.js';
import type { WritableDb } from './db.js';
import { pathsOf } from './paths.js';

/** Absolute paths removed by a sweep. */
export interface SweepReport {
  removed: string[];
}

/** Sweeps the clips and archives folders of the library `db` belongs to. */
export function sweepOrphans(db: WritableDb): SweepReport {
  const paths = pathsOf(db);
  const clips = new Set((db.prepare('SELECT DISTINCT clip_file FROM sessions').pluck().all() as string[]));
  const archives = new Set((db.prepare('SELECT archive_file FROM analyses').pluck().all() as string[]));
  const removed = [...sweepDir(paths.clipsDir, clips), ...sweepDir(paths.archivesDir, archives)];
  return { removed };
}

function sweepDir(dir: string, referenced: Set<string>): string[] {
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
    rmSync(p, { force: true, recursive: true });
    removed.push(p);
  }
  return removed;
}
