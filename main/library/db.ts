/**
 * Opening the library database (better-sqlite3): WAL journal, foreign keys on, a busy timeout,
 * synchronous FULL (a committed ingest survives power loss), pending migrations run, and (only
 * when asked, by the app at start) orphan files swept under the library lock. Read-only and writable connections are different branded types (Signal-Desktop
 * style): every write function takes a {@link WritableDb}, so a read path cannot write.
 */
import { mkdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { LibraryTooNewError } from './errors.js';
import { migrate, schemaVersion, SCHEMA_VERSION } from './migrations.js';
import { libraryPaths, libraryPathsAt, type LibraryPaths } from './paths.js';
import { sweepOrphans } from './sweep.js';

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
 * @param home the Swing Studio home folder, from swingStudioHome() (main/config/home.ts).
 * @throws LibraryTooNewError when the database is newer than this code; better-sqlite3's
 *   SqliteError when the file is not a database; LibraryError `busy` (sweep only) when another
 *   process holds the library lock past LOCK_WAIT_MS.
 */
export function openLibrary(home: string, opts: OpenOptions = {}): WritableDb {
  const paths = opts.root ? libraryPathsAt(opts.root) : libraryPaths(home);
  ensureFolders(paths);
  const db = new Database(paths.dbPath);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('synchronous = FULL');
    migrate(db);
    if (opts.sweep === true) sweepOrphans(db as WritableDb);
  } catch (err) {
    db.close();
    throw err;
  }
  return db as WritableDb;
}

/**
 * Opens an existing library read-only (no migration, no sweep).
 * @throws LibraryTooNewError when newer than this code; SqliteError when missing.
 */
export function openLibraryReadonly(home: string): ReadableDb {
  const db = new Database(libraryPaths(home).dbPath, { readonly: true, fileMustExist: true });
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const v = schemaVersion(db);
  if (v > SCHEMA_VERSION) {
    db.close();
    throw new LibraryTooNewError(v, SCHEMA_VERSION);
  }
  return db as ReadableDb;
}

function ensureFolders(paths: LibraryPaths): void {
  for (const dir of [paths.root, paths.clipsDir, paths.archivesDir]) mkdirSync(dir, { recursive: true, mode: 0o700 });
}
