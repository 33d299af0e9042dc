/**
 * Opening the library database (better-sqlite3): WAL journal, foreign keys on, a busy timeout,
 * synchronous FULL (a committed ingest survives power loss), pending migrations run, and (only
 * when asked, by the app at start) orphan files swept under the library lock. Read-only and writable connections are different branded types (Signal-Desktop
 * style): every write function takes a {@link WritableDb}, so a read path cannot write.
 */
import { mkdirSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { LibraryError, LibraryTooNewError } from './errors.js';
import { storedFileCounts, type StoredFileCounts } from './files.js';
import { migrate, schemaVersion, SCHEMA_VERSION } from './migrations/index.js';
import { libraryPaths, libraryPathsAt, type LibraryPaths } from './paths.js';
import { openSnapshotIfReadOnly } from './readonly-snapshot.js';
import { noteCreatedInThisOpen, sweepOrphans } from './sweep.js';

declare const readBrand: unique symbol;
declare const writeBrand: unique symbol;

/** A connection that may be read from (read-only or writable). */
export type ReadableDb = Database.Database & { readonly [readBrand]: true };
/** A connection that may also be written to. Assignable to {@link ReadableDb}. */
export type WritableDb = ReadableDb & { readonly [writeBrand]: true };

/** How long a statement waits for another connection's lock before SQLITE_BUSY, ms. */
export const BUSY_TIMEOUT_MS = 5000;

/** Options of {@link openLibrary}. */
export interface OpenOptions {
  /**
   * Remove files no row refers to and leftover temp files, older than SWEEP_GRACE_MS, under the
   * library lock (main/library/sweep.ts). Default false: read commands never sweep.
   */
  sweep?: boolean;
  /** The library folder; default `<home>/library` (settings.libraryDir, see main/settings/library-location.ts). */
  root?: string;
}

/**
 * Opens (creating when needed) the writable library under `home`
 * (`<home>/library/library.sqlite`), migrates it and, with `sweep: true`, sweeps orphan files.
 * A database is created only in a folder without stored files: a missing or empty database
 * (no schema yet) beside clips, archives or thumbnails is refused (see {@link refuseEmptyDatabase}).
 * @param home the Swing Studio home folder, from swingStudioHome() (main/config/home.ts).
 * @throws LibraryError `missing-database` for a missing or empty database beside stored files
 *   (nothing is created or deleted); LibraryTooNewError when the database is newer than this
 *   code; better-sqlite3's SqliteError when the file is not a database; LibraryError `busy`
 *   (sweep only) when another process holds the library lock past LOCK_WAIT_MS.
 */
export function openLibrary(home: string, opts: OpenOptions = {}): WritableDb {
  const paths = opts.root ? libraryPathsAt(opts.root) : libraryPaths(home);
  if (statSync(paths.dbPath, { throwIfNoEntry: false }) === undefined) refuseEmptyDatabase(paths, 'missing');
  ensureFolders(paths);
  const db = new Database(paths.dbPath);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Read before anything is written: a 0-byte or schema-less file reads as version 0.
    if (schemaVersion(db) === 0) refuseEmptyDatabase(paths, 'empty');
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = FULL');
    if (migrate(db) === 0) noteCreatedInThisOpen(db);
    if (opts.sweep === true) sweepOrphans(db as WritableDb);
  } catch (err) {
    db.close();
    throw err;
  }
  return db as WritableDb;
}

/**
 * Refuses to start an empty library in a folder that holds stored files: a missing or empty
 * `library.sqlite` beside clips, archives or thumbnails means the database was lost, not that
 * the library is new, and a fresh schema there would make every file an orphan for the sweep.
 * Returns (nothing to refuse) when the folders hold no stored file (temp files do not count).
 * @throws LibraryError `missing-database`: one line with what was found and how to recover.
 */
export function refuseEmptyDatabase(paths: LibraryPaths, state: 'missing' | 'empty'): void {
  const found = storedFileCounts(paths);
  if (found.clips + found.archives + found.thumbnails === 0) return;
  throw new LibraryError(
    'missing-database',
    `the library database ${paths.dbPath} is ${state} but ${paths.root} holds ${describeCounts(found)}: ` +
      'restore library.sqlite from a backup (the files are kept; nothing was created or deleted)',
  );
}

function describeCounts(c: StoredFileCounts): string {
  const part = (n: number, what: string) => `${n} ${what} file${n === 1 ? '' : 's'}`;
  return `${part(c.clips, 'clip')}, ${part(c.archives, 'archive')} and ${part(c.thumbnails, 'thumbnail')}`;
}

/**
 * Opens an existing library read-only (no migration, no sweep). When the library folder cannot
 * be written (a WAL database needs its -shm file beside it), the database is read from a private
 * snapshot copy instead (readonly-snapshot.ts), bound to the library folder so file paths
 * still resolve there.
 * @param home the Swing Studio home folder; `root` overrides the library folder as in openLibrary.
 * @throws LibraryTooNewError when newer than this code; SqliteError when missing.
 */
export function openLibraryReadonly(home: string, opts: Pick<OpenOptions, 'root'> = {}): ReadableDb {
  const paths = opts.root ? libraryPathsAt(opts.root) : libraryPaths(home);
  let db = new Database(paths.dbPath, { readonly: true, fileMustExist: true });
  let v: number;
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    v = schemaVersion(db);
  } catch (err) {
    db.close();
    db = openSnapshotIfReadOnly(paths, err);
    v = schemaVersion(db);
  }
  if (v > SCHEMA_VERSION) {
    db.close();
    throw new LibraryTooNewError(v, SCHEMA_VERSION);
  }
  return db as ReadableDb;
}

function ensureFolders(paths: LibraryPaths): void {
  for (const dir of [paths.root, paths.clipsDir, paths.archivesDir]) mkdirSync(dir, { recursive: true, mode: 0o700 });
}
