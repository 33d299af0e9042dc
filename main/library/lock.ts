/**
 * The library-folder lock: one writer at a time changes the library's files. Every step that
 * writes or removes a clip or archive holds it from its first file write to its commit (ingest,
 * hand-over import, session delete) and the orphan sweep holds it while it reads the rows and
 * deletes, so a sweep can never see the files of an ingest whose rows are not committed yet.
 *
 * The lock is an OS file lock: an exclusive SQLite transaction (`BEGIN EXCLUSIVE`, rollback
 * journal) on `<library>/library.lock`, taken through better-sqlite3. SQLite locks the file with
 * fcntl(2) record locks on POSIX and LockFileEx on Windows, so the operating system releases it
 * when the holding process dies (no stale-lock guess), and threads of one process are told apart
 * by SQLite's own inode lock table. A mkdir/mtime lock (proper-lockfile) was not used: its
 * staleness check needs a timer that a long synchronous clip copy blocks, so a second process
 * could take the lock from a live holder, and a crashed holder blocks everyone until the stale
 * time runs out.
 *
 * The lock is re-entrant inside one process (a nested call runs at once); `fn` must be
 * synchronous, so no other code of this process can run while it is held.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { LibraryError } from './errors.js';

/** File name of the lock inside the library folder (never swept: the sweep reads clips/ and archives/ only). */
export const LOCK_FILE = 'library.lock';

/**
 * How long a writer waits for the lock before giving up, ms. 60 s covers the longest step that
 * holds it: copying a 2 GiB clip (the upload cap, main/contract/upload-rules.ts) at ~100 MB/s
 * takes ~20 s, plus hashing it.
 */
export const LOCK_WAIT_MS = 60_000;

interface Held {
  db: Database.Database;
  depth: number;
}

const held = new Map<string, Held>();

/**
 * Runs `fn` while holding the library-folder lock of the library at `root`.
 * @param root the library folder (LibraryPaths.root, main/library/paths.ts); created when missing.
 * @param fn synchronous work; its result is returned.
 * @param waitMs longest wait for another holder, ms (default {@link LOCK_WAIT_MS}).
 * @throws LibraryError `busy` when another process holds the lock longer than `waitMs`;
 *   TypeError when `fn` returns a promise (the lock would be released before the work ends);
 *   whatever `fn` throws (the lock is released first).
 */
export function withLibraryLock<T>(root: string, fn: () => T, waitMs: number = LOCK_WAIT_MS): T {
  const key = resolve(root);
  const mine = held.get(key) ?? acquire(key, waitMs);
  mine.depth++;
  try {
    const out = fn();
    if (out instanceof Promise) throw new TypeError('withLibraryLock: fn must be synchronous');
    return out;
  } finally {
    if (--mine.depth === 0) {
      held.delete(key);
      release(mine.db);
    }
  }
}

/** True while this process holds the lock of the library at `root`. */
export function holdsLibraryLock(root: string): boolean {
  return held.has(resolve(root));
}

function acquire(root: string, waitMs: number): Held {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const db = new Database(join(root, LOCK_FILE));
  try {
    db.pragma(`busy_timeout = ${Math.max(0, Math.round(waitMs))}`);
    db.pragma('journal_mode = DELETE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') {
      throw new LibraryError('busy', `another Swing Studio process kept the library at ${root} locked for over ${Math.round(waitMs / 1000)} s; try again`, { cause: err });
    }
    throw err;
  }
  const h: Held = { db, depth: 0 };
  held.set(root, h);
  return h;
}

function release(db: Database.Database): void {
  try {
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}
