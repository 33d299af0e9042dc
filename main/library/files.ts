/**
 * The library's files: clips stored under their content hash (shared by sessions with the same
 * bytes) and analysis archives under a hash of their uid (paths.ts). Every write is atomic (temp + fsync + rename,
 * main/files/atomic-file.ts); files are written BEFORE the transaction that refers to them.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncDir, tempPathFor, TEMP_PREFIX } from '../files/index.js';
import { LibraryError } from './errors.js';
import { clipFileName, type LibraryPaths } from './paths.js';

/**
 * SHA-256 of a file, lowercase hex, read in 1 MiB chunks (synchronous: ingest runs inside one
 * synchronous call).
 * @throws LibraryError `invalid-input` when the file cannot be read.
 */
export function sha256File(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw new LibraryError('invalid-input', `cannot read clip ${path} (${(err as Error).message})`, { cause: err });
  }
  try {
    return hashAndCopy(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The one read loop of the library's clips: reads the open file `src` to its end in 1 MiB chunks,
 * hashes each and, when `out` (an open file) is given, writes it there too. Returns the SHA-256,
 * lowercase hex. Decided: one loop for hash-only (linked clips) and hash-while-copy (copied clips).
 * @throws the underlying fs error (read error, disk full); closing both files is the caller's.
 */
function hashAndCopy(src: number, out?: number): string {
  const hash = createHash('sha256');
  const buf = Buffer.allocUnsafe(1 << 20);
  for (;;) {
    const n = readSync(src, buf, 0, buf.length, null);
    if (n === 0) break;
    hash.update(buf.subarray(0, n));
    if (out !== undefined) for (let off = 0; off < n; ) off += writeSync(out, buf, off, n - off);
  }
  return hash.digest('hex');
}

/** A clip stored in the library. */
export interface StoredClip {
  sha256: string;
  /** File name inside the clips folder, `<sha256>.<ext>` (for a linked clip: the name its copy would have, the proxies' key). */
  fileName: string;
  /** Absolute path: in the clips folder, or the coach's own file for a linked clip. */
  path: string;
  /** True when this call copied it (false: the same content was already there, or the clip is linked). */
  copied: boolean;
  /** A linked clip (kept in place, linked-clips.ts): its size in bytes and modification time in ms when it was hashed. */
  link?: { sizeBytes: number; mtimeMs: number };
}

/**
 * Copies `source` into the clips folder under its content hash, unless the same content is there
 * already. The file is read ONCE: each 1 MiB chunk is hashed and written to a temp file in the
 * clips folder, which is fsynced and renamed to `<sha256>.<ext>` (or removed when that name exists).
 * Decided: hash while copying, so a multi-GB clip is not read twice (issue 29 item 4).
 * @throws LibraryError `invalid-input` when the source cannot be read; fs errors (disk full), the temp file removed.
 */
export function storeClip(paths: LibraryPaths, source: string): StoredClip {
  let src: number;
  try {
    src = openSync(source, 'r');
  } catch (err) {
    throw new LibraryError('invalid-input', `cannot read clip ${source} (${(err as Error).message})`, { cause: err });
  }
  const tmp = tempPathFor(join(paths.clipsDir, clipFileName('incoming', source)));
  let sha256: string;
  try {
    const out = openSync(tmp, 'wx', 0o600);
    try {
      sha256 = hashAndCopy(src, out);
      fsyncSync(out);
    } finally {
      closeSync(out);
    }
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  } finally {
    closeSync(src);
  }
  const fileName = clipFileName(sha256, source);
  const path = join(paths.clipsDir, fileName);
  if (existsSync(path)) {
    rmSync(tmp, { force: true });
    return { sha256, fileName, path, copied: false };
  }
  try {
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  fsyncDir(paths.clipsDir);
  return { sha256, fileName, path, copied: true };
}

/** Removes a file, ignoring one that is already gone. */
export function removeFile(path: string): void {
  rmSync(path, { force: true });
}

/** How many stored files (temp files of interrupted writes not counted) each library folder holds. */
export interface StoredFileCounts {
  /** Clips and playback proxies in clips/. */
  clips: number;
  archives: number;
  thumbnails: number;
}

/** Counts the stored files of the library's clips, archives and thumbnails folders (a missing folder counts 0). */
export function storedFileCounts(paths: LibraryPaths): StoredFileCounts {
  const count = (dir: string) => storedFileNames(dir).length;
  return { clips: count(paths.clipsDir), archives: count(paths.archivesDir), thumbnails: count(paths.thumbnailsDir) };
}

/** Names in `dir` that are not temp files (`.tmp-…`, main/files/atomic-file.ts); [] when the folder is missing or unreadable. */
export function storedFileNames(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => !n.startsWith(TEMP_PREFIX));
  } catch {
    return [];
  }
}
