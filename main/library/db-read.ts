/**
 * Opening the library for commands that only read it (`library list`, `library show`, `export`):
 * read-only when the database is there at the code's schema version, so they work on a library
 * folder this process cannot write (a read-only share or backup disk; db.ts openLibraryReadonly
 * reads such a folder from a snapshot). Only when a write is needed first (no database yet, or
 * one that needs a migration) is the library opened writable, and on a read-only folder that is
 * refused with one line saying so.
 */
import { dirname } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { openLibrary, openLibraryReadonly, type ReadableDb } from './db.js';
import { LibraryError } from './errors.js';
import { schemaVersion, SCHEMA_VERSION } from './migrations/index.js';
import { libraryPaths, libraryPathsAt, type LibraryPaths } from './paths.js';
import { isWritableFolder } from './readonly-snapshot.js';

/**
 * The library of `home` (or the folder `root`, see main/settings/library-location.ts) for reading.
 * @throws LibraryError `read-only` when the folder cannot be written and the database is missing
 *   or needs a migration; as openLibrary (`missing-database`, too new, not a database).
 */
export function openLibraryForReading(home: string, root?: string): ReadableDb {
  const paths = root ? libraryPathsAt(root) : libraryPaths(home);
  if (!statSync(paths.dbPath, { throwIfNoEntry: false })?.size)
    return openWritable(home, paths, 'has no library database yet');
  const db = openLibraryReadonly(home, { root: paths.root });
  const version = schemaVersion(db);
  if (version === SCHEMA_VERSION) return db;
  db.close();
  return openWritable(
    home,
    paths,
    `needs an update of its database (schema version ${version} to ${SCHEMA_VERSION})`,
  );
}

/** openLibrary, with a failure caused by a read-only folder said in one line (`state`: what the folder's database needs). */
function openWritable(home: string, paths: LibraryPaths, state: string): ReadableDb {
  try {
    return openLibrary(home, { root: paths.root });
  } catch (err) {
    const folder = existsSync(paths.root) ? paths.root : dirname(paths.root);
    if (err instanceof LibraryError || isWritableFolder(folder)) throw err;
    throw new LibraryError(
      'read-only',
      `the library folder ${paths.root} is read-only and ${state}: open it once where it can be written`,
      { cause: err },
    );
  }
}
