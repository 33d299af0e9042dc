/**
 * Atomic small-file writes: temp file in the same folder + fsync + rename, so a crash leaves
 * either the old or the new content, never a torn file.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes `data` to `path` atomically with the given mode (default 0600, owner only), creating
 * the parent folder (0700) when missing.
 * @throws the file system error (ENOSPC, EACCES…) after removing the temp file.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = openSync(tmp, 'w', mode);
    try {
      if (typeof data === 'string') writeSync(fd, data);
      else writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
    chmodSync(path, mode);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
