/**
 * File layout of the library inside the Swing Studio home folder:
 * `<home>/library/library.sqlite` (+ -wal, -shm), `<home>/library/clips/<sha256>.<ext>`,
 * `<home>/library/archives/uid-<sha256(uid)[:32]>.zip`, `<home>/library/thumbnails/uid-<sha256(uid)[:32]>.jpg`
 * (rows of older libraries keep the names they were stored under, e.g. `<uid>.zip`). The database
 * stores file NAMES only; absolute paths are made from the database's own location, so the
 * library folder can be moved or copied as a whole.
 */
import { createHash } from 'node:crypto';
import { dirname, extname, isAbsolute, join } from 'node:path';
import type Database from 'better-sqlite3';

/** Absolute paths of the library's database and folders. */
export interface LibraryPaths {
  root: string;
  dbPath: string;
  clipsDir: string;
  archivesDir: string;
  /** Contact-frame thumbnails of the library cards (main/library/thumbnail.ts). */
  thumbnailsDir: string;
  /**
   * Temp work of library writers (a hand-over import's folder with its clip copy,
   * main/export/handover-import.ts), on the library's own disk; each writer removes its own,
   * the sweep (sweep.ts) what a killed one left.
   */
  tmpDir: string;
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
    tmpDir: join(root, 'tmp'),
  };
}

/** Library folders of connections whose database file is not in the library folder (read-only snapshots, readonly-snapshot.ts). */
const boundRoots = new WeakMap<Database.Database, string>();

/** Records that `db` (a snapshot copy of a library's database) belongs to the library folder `root`. */
export function bindLibraryRoot(db: Database.Database, root: string): void {
  boundRoots.set(db, root);
}

/** Paths of the library a connection belongs to (the folder holding the database file, or the one bound by {@link bindLibraryRoot}). */
export function pathsOf(db: Database.Database): LibraryPaths {
  return libraryPathsAt(boundRoots.get(db) ?? dirname(db.name));
}

/** Stored clip file name `<sha256>.<ext>`; ext from the source (lowercase), ".mp4" when it has none usable. */
export function clipFileName(sha256: string, sourcePath: string): string {
  const ext = extname(sourcePath).toLowerCase();
  return `${sha256}${/^\.[a-z0-9]{1,8}$/.test(ext) ? ext : '.mp4'}`;
}

/**
 * The file-name stem of an analysis's files: `uid-` + the first 32 hex digits (128 bits) of the
 * SHA-256 of the uid's UTF-8 bytes, lowercase. Independent of how the uid is spelled: `abc` and
 * `ABC` get names that differ in more than case, so they stay two files on a case-insensitive
 * file system (macOS, Windows), and no uid can name a path outside the folder.
 */
export function uidFileStem(uid: string): string {
  return `uid-${createHash('sha256').update(uid, 'utf8').digest('hex').slice(0, 32)}`;
}

/**
 * Archive file name of a NEW analysis: `<uidFileStem(uid)>.zip`. Rows of older libraries keep
 * the name they were stored under (`<uid>.zip` for uids that were safe file names), read from
 * `analyses.archive_file`.
 */
export function archiveFileName(uid: string): string {
  return `${uidFileStem(uid)}.zip`;
}

/** Thumbnail file name of a NEW thumbnail of the analysis `uid`: `<uidFileStem(uid)>.jpg` (stored in `sessions.thumbnail_path`). */
export function thumbnailFileName(uid: string): string {
  return `${uidFileStem(uid)}.jpg`;
}

/**
 * Absolute path of a session's thumbnail from its `sessions.thumbnail_path` value: a file name
 * (what the library stores since the thumbnail-names migration) is resolved in this library's
 * thumbnails folder; an absolute path (left by that migration only when it was not in a
 * `thumbnails` folder) is returned as it is; null stays null.
 */
export function thumbnailPathOf(paths: LibraryPaths, stored: string | null): string | null {
  if (stored === null) return null;
  return isAbsolute(stored) || /[\\/]/.test(stored) ? stored : join(paths.thumbnailsDir, stored);
}
