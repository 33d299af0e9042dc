/**
 * The local object storage: one file per object under `<home>/service/objects/<key>`.
 * Writes stream to a temp file in `<home>/service/tmp`, fsync, then rename into place, so a
 * reader sees the old object or the whole new one, never a partial one.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OBJECT_KEY_RE } from './signing.js';

/** Default cap of one stored object, bytes: 2 GiB (a 10 s 4K clip is ~100 MB; room to spare). */
export const DEFAULT_MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

/** The body was larger than the cap. */
export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Upload larger than the limit of ${limit} bytes`);
    this.name = 'TooLargeError';
  }
}

/** A folder-backed object store. */
export class ObjectStore {
  constructor(
    readonly objectsDir: string,
    readonly tmpDir: string,
  ) {}

  /** Absolute path of `key`. @throws Error when the key is not a valid object key. */
  pathOf(key: string): string {
    if (!OBJECT_KEY_RE.test(key)) throw new Error(`invalid object key: ${key}`);
    return join(this.objectsDir, key);
  }

  /** Size in bytes and mtime of the stored object, or undefined when it does not exist. */
  async stat(key: string): Promise<{ size: number; mtimeMs: number } | undefined> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Creates the folder of `key`'s prefix (used to check storage is writable before signing). */
  ensureFolder(key: string): void {
    mkdirSync(dirname(this.pathOf(key)), { recursive: true, mode: 0o700 });
  }

  /** A fresh temp file path in the tmp folder (same file system as the objects). */
  tempPath(suffix = ''): string {
    return join(this.tmpDir, `${randomUUID()}${suffix}.part`);
  }

  /**
   * Streams `body` into the object `key`: temp file, byte count against `maxBytes`, fsync,
   * atomic rename. On any failure (client gone, too large, disk error) the temp file is removed
   * and nothing is stored.
   * @returns bytes written.
   * @throws TooLargeError past `maxBytes`; the stream's error when it breaks off.
   */
  async put(key: string, body: Readable, maxBytes: number): Promise<number> {
    const final = this.pathOf(key);
    const tmp = this.tempPath();
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done(bytes > maxBytes ? new TooLargeError(maxBytes) : null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(tmp, { mode: 0o600 }));
      const fh = await open(tmp, 'r+');
      try {
        await fh.sync();
      } finally {
        await fh.close();
      }
      mkdirSync(dirname(final), { recursive: true, mode: 0o700 });
      await rename(tmp, final);
      return bytes;
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  /** Moves a finished file (already fsynced, in the tmp folder) into place as `key`. */
  async adopt(key: string, tmpFile: string): Promise<void> {
    const final = this.pathOf(key);
    mkdirSync(dirname(final), { recursive: true, mode: 0o700 });
    await rename(tmpFile, final);
  }

  /** Removes leftovers of uploads cut off by a crash (called on start). */
  clearTemp(): void {
    rmSync(this.tmpDir, { recursive: true, force: true });
    mkdirSync(this.tmpDir, { recursive: true, mode: 0o700 });
  }
}
