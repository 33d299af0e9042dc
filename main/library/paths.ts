/**
 * File layout of the library inside the Swing Studio home folder:
 * `<home>/library/library.sqlite` (+ -wal, -shm), `<home>/library/clips/<sha256>.<ext>`,
 * `<home>/library/archives/<uid>.zip`, `<home>/library/thumbnails/<uid>.jpg`. The database stores file NAMES only; absolute paths are
 * made from the database's own location, so the library folder can be moved as a whole.
 */
import { createHash } from 'node:crypto';
import { dirname, extname, join } from 'node:path';
import type Database from 'better-sqlite3';

/** Absolute paths of the library's database and folders. */
export interface LibraryPaths {
  root: string;
  dbPath: string;
  clipsDir: string;
  archivesDir: string;
  /** Contact-frame thumbnails of the library cards (main/library/thumbnail.ts). */
  thumbnailsDir: string;
}

/** Paths of the library under the home folder `home` (from swingStudioHome(), main/config/home.ts). */
export function libraryPaths(home: string): LibraryPaths {
  return libraryPathsAt(join(home, 'library'));
}

/** Paths of a library whose root folder is `root`. */
export function libraryPathsAt(root: string): LibraryPaths {
  return {
    root,
    dbPath: join(root, 'library.sqlite'),
    clipsDir: join(root, 'clips'),
    archivesDir: join(root, 'archives'),
    thumbnailsDir: join(root, 'thumbnails'),
  };
}

/** Paths of the library a connection belongs to (the folder holding the database file). */
export function pathsOf(db: Database.Database): LibraryPaths {
  return libraryPathsAt(dirname(db.name));
}

/** Stored clip file name `<sha256>.<ext>`; ext from the source (lowercase), ".mp4" when it has none usable. */
export function clipFileName(sha256: string, sourcePath: string): string {
  const ext = extname(sourcePath).toLowerCase();
  return `${sha256}${/^\.[a-z0-9]{1,8}$/.test(ext) ? ext : '.mp4'}`;
}

/**
 * Archive file name of an analysis: `<uid>.zip` when the uid is a safe file name
 * (letters, digits, `.`, `_`, `-`, at most 128, not starting with a dot); otherwise
 * `uid-<sha256(uid) first 32 hex>.zip`, so no uid can name a path outside the folder.
 */
export function archiveFileName(uid: string): string {
  if (/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(uid)) return `${uid}.zip`;
  return `uid-${createHash('sha256').update(uid).digest('hex').slice(0, 32)}.zip`;
}
