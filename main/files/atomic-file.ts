/**
 * Crash-safe file writes, the one implementation of the app (library, archives, exports,
 * settings, API key, service secrets, queue lock, client downloads): write to a temp name in the
 * target's folder (owner-only, 0600), fsync the file, rename over the target, fsync the folder.
 * After a crash the target is either the old file or the complete new one, never a torn mix
 * (POSIX rename(2) is atomic within one file system). Temp names start with `.tmp-` so a sweep
 * can recognise and remove leftovers.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Prefix of every temp file written by this module. */
export const TEMP_PREFIX = '.tmp-';

/** A fresh temp path next to `target` (same folder, so the final rename stays atomic). */
export function tempPathFor(target: string): string {
  return join(dirname(target), `${TEMP_PREFIX}${randomBytes(6).toString('hex')}-${basename(target)}`);
}

/** fsync a folder so a rename inside it survives power loss. Ignored where folders cannot be opened (Windows). */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open or fsync folders; NTFS journals the rename itself.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** fsync a file by path. */
function fsyncPath(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The first step of every atomic write: the parent folder when asked, the result's mode and a fresh temp path. */
function beginAtomic(target: string, opts: AtomicWriteOptions): { tmp: string; mode: number } {
  if (opts.mkdirs) mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  return { tmp: tempPathFor(target), mode: opts.mode ?? 0o600 };
}

/**
 * The last step of every atomic write, once the temp file is complete and fsynced: rename it over
 * `target`, set `mode` (open's mode is masked by the umask; undefined keeps the copy's own), fsync
 * the folder. A failed rename or chmod removes the temp file.
 * @throws the underlying fs error.
 */
function commitAtomic(tmp: string, target: string, mode: number | undefined): void {
  try {
    renameSync(tmp, target);
    if (mode !== undefined && mode !== 0o600) chmodSync(target, mode);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  fsyncDir(dirname(target));
}

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** File mode of the result (default 0600, owner only). */
  mode?: number;
  /** Create the parent folder (0700) when missing (default false: a missing folder is ENOENT). */
  mkdirs?: boolean;
}

/**
 * Writes `data` (bytes, or text as UTF-8) to `target` atomically (temp + fsync + rename + folder fsync).
 * @throws the underlying fs error (ENOENT when the folder is missing and `mkdirs` is off, ENOSPC, ...); the temp file is removed.
 */
export function writeFileAtomic(
  target: string,
  data: Uint8Array | string,
  opts: AtomicWriteOptions = {},
): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const { tmp, mode } = beginAtomic(target, opts);
  try {
    const fd = openSync(tmp, 'wx', mode);
    try {
      let off = 0;
      while (off < bytes.byteLength) off += writeSync(fd, bytes, off, bytes.byteLength - off);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  commitAtomic(tmp, target, mode);
}

/**
 * Writes the chunks of `source` (a Readable or any async iterable of bytes) to `target`
 * atomically, as {@link writeFileAtomic} does, holding one chunk at a time (the whole file is
 * never in memory: the technique archive of a long clip, main/archive/write.ts).
 * @throws the source's error or the underlying fs error (ENOENT, ENOSPC, ...); the temp file is removed and `target` is untouched.
 */
export async function writeStreamAtomic(
  target: string,
  source: AsyncIterable<Uint8Array>,
  opts: AtomicWriteOptions = {},
): Promise<void> {
  const { tmp, mode } = beginAtomic(target, opts);
  try {
    const fh = await open(tmp, 'wx', mode);
    try {
      for await (const chunk of source) {
        let off = 0;
        while (off < chunk.byteLength)
          off += (await fh.write(chunk, off, chunk.byteLength - off)).bytesWritten;
      }
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  commitAtomic(tmp, target, mode);
}

/**
 * Copies the file `source` to `target` atomically (copy to temp + fsync + rename + folder fsync).
 * @throws the underlying fs error; the temp file is removed.
 */
export function copyFileAtomic(source: string, target: string): void {
  const tmp = tempPathFor(target);
  try {
    copyFileSync(source, tmp);
    fsyncPath(tmp);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  commitAtomic(tmp, target, undefined);
}
