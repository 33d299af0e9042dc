/**
 * Reading a library whose folder cannot be written (a read-only share, a backup disk mounted
 * read-only, a folder of another user). The library database is in WAL mode, and SQLite opens a
 * WAL database, even read-only, only where it can create the `-shm` file beside it (or with the
 * `immutable` URI parameter, which better-sqlite3's build does not accept: SQLITE_USE_URI=0).
 * So such a library is read from a private snapshot: the database file (and its `-wal`, when
 * one was left) copied into a fresh temp folder, opened read-only there and bound to the
 * library folder (paths.ts bindLibraryRoot), so clip, archive and thumbnail paths still resolve
 * in the library folder. Nobody can write a read-only folder, so the copy is the library as it
 * is. Costs one copy of the database file per open (disk, not memory); the temp folder is
 * removed when the connection is closed, or when the process exits.
 */
import { accessSync, constants, copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { bindLibraryRoot, type LibraryPaths } from './paths.js';

/** SQLite result codes of a read-only open that failed because the folder is not writable. */
const READ_ONLY_FOLDER_CODES = new Set([
  'SQLITE_READONLY_DIRECTORY',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_READONLY_RECOVERY',
  'SQLITE_READONLY_CANTINIT',
]);

/** Snapshot folders not yet removed (their connections are open). */
const liveSnapshots = new Set<string>();
let exitHook = false;

/** Whether the current process may create files in `dir`. */
export function isWritableFolder(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * After a read-only open of `paths.dbPath` failed with `err`: when the cause is a library folder
 * this process cannot write, opens a snapshot of the database (see the file comment) and
 * returns it; otherwise rethrows `err`.
 * @throws `err` when the folder is writable or the failure is another one; fs errors of the copy.
 */
export function openSnapshotIfReadOnly(paths: LibraryPaths, err: unknown): Database.Database {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !READ_ONLY_FOLDER_CODES.has(code) || isWritableFolder(paths.root))
    throw err;
  const dir = mkdtempSync(join(tmpdir(), 'swing-studio-readonly-'));
  try {
    const copy = join(dir, 'library.sqlite');
    copyFileSync(paths.dbPath, copy);
    if (existsSync(`${paths.dbPath}-wal`)) copyFileSync(`${paths.dbPath}-wal`, `${copy}-wal`);
    const db = new Database(copy, { readonly: true, fileMustExist: true });
    bindLibraryRoot(db, paths.root);
    removeOnClose(db, dir);
    return db;
  } catch (copyErr) {
    rmSync(dir, { recursive: true, force: true });
    throw copyErr;
  }
}

function removeOnClose(db: Database.Database, dir: string): void {
  liveSnapshots.add(dir);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const d of liveSnapshots) rmSync(d, { recursive: true, force: true });
    });
  }
  const close = db.close.bind(db);
  db.close = () => {
    close();
    rmSync(dir, { recursive: true, force: true });
    liveSnapshots.delete(dir);
    return db;
  };
}
