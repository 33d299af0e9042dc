/**
 * Clips kept in place (issue 29 "Big files in the library"): a session may LINK the coach's own
 * video instead of copying it into `clips/` (schema v14, migrations/v14-linked-clips.ts). The
 * library stores the absolute path, the content hash (SHA-256, computed while reading the file
 * once), and the size and modification time it had, so a moved, missing or changed file is
 * noticed ({@link checkClip}) and the coach can point to where it is now ({@link locateClip}:
 * accepted only when the chosen file's hash equals the stored one).
 *
 * Decided: when the same bytes are already copied in the library (`clips/<sha256>.<ext>`), a
 * keep-in-place import uses that copy (stored as 'copied'): no second copy is written and there is
 * nothing to locate later. The media route serves a linked file only at the path the library holds
 * (main/media/session-files.ts), never a path the renderer names.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ReadableDb, WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import { sha256File, type StoredClip } from './files.js';
import { withLibraryLock } from './lock.js';
import { clipFileName, pathsOf, type LibraryPaths } from './paths.js';
import type { ClipStorage, RowId } from './library-types.js';

/**
 * Links `source` as a session's clip: reads it once for its SHA-256 (not at all when `hashed`, from
 * {@link hashClip}, still matches the file's size and time), copies nothing. When the same
 * content is already stored in clips/ that copy is returned instead (`link` absent).
 * @throws LibraryError `invalid-input` when the file cannot be read or changed while it was read.
 */
export function linkClip(paths: LibraryPaths, source: string, hashed?: ClipHash): StoredClip {
  const path = resolve(source);
  const before = fileFacts(path);
  // A hash read before (asynchronously, hashClip) stands while the file's size and time are unchanged.
  const sha256 = hashed && sameFacts(hashed, before) ? hashed.sha256 : sha256File(path);
  const after = fileFacts(path);
  if (!sameFacts(before, after)) {
    throw new LibraryError('invalid-input', `the video ${path} changed while it was being read; try again when it is complete`);
  }
  const fileName = clipFileName(sha256, path);
  const copy = join(paths.clipsDir, fileName);
  if (existsSync(copy)) return { sha256, fileName, path: copy, copied: false };
  return { sha256, fileName, path, copied: false, link: after };
}

/** A file's SHA-256 (lowercase hex) with the size (bytes) and modification time (ms since 1970) it had when it was read. */
export interface ClipHash {
  sha256: string;
  sizeBytes: number;
  mtimeMs: number;
}

/**
 * Hashes a video asynchronously, streamed once, before a keep-in-place ingest (main/jobs storing
 * step): the synchronous ingest then reuses the hash instead of blocking the main process while a
 * multi-GB file is read ({@link linkClip}).
 * @throws LibraryError `invalid-input` when the file cannot be read or changed while it was read.
 */
export async function hashClip(source: string): Promise<ClipHash> {
  const path = resolve(source);
  const before = fileFacts(path);
  const sha256 = await sha256FileStreamed(path).catch((err: unknown) => {
    throw new LibraryError('invalid-input', `cannot read clip ${path} (${(err as Error).message})`, { cause: err });
  });
  const after = fileFacts(path);
  if (!sameFacts(before, after)) throw new LibraryError('invalid-input', `the video ${path} changed while it was being read; try again when it is complete`);
  return { sha256, ...after };
}

function sameFacts(a: { sizeBytes: number; mtimeMs: number }, b: { sizeBytes: number; mtimeMs: number }): boolean {
  return a.sizeBytes === b.sizeBytes && a.mtimeMs === b.mtimeMs;
}

/** Size (bytes) and modification time (ms since 1970) of a file. @throws LibraryError `invalid-input` when it cannot be read. */
function fileFacts(path: string): { sizeBytes: number; mtimeMs: number } {
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new Error('not a regular file');
    return { sizeBytes: st.size, mtimeMs: st.mtimeMs };
  } catch (err) {
    throw new LibraryError('invalid-input', `cannot read clip ${path} (${(err as Error).message})`, { cause: err });
  }
}

/**
 * Where a session's clip is and whether it is there: `ok`, `missing` (no file at the path) or
 * `changed` (a file whose size differs, or whose modification time differs and whose content hash
 * no longer matches the stored one).
 */
export interface ClipCheck {
  sessionId: RowId;
  storage: ClipStorage;
  /** Absolute path of the clip: in the library's clips folder, or the linked file. */
  path: string;
  state: 'ok' | 'missing' | 'changed';
}

/** The session's clip columns. */
interface ClipRow {
  clip_file: string;
  clip_sha256: string;
  clip_storage: ClipStorage;
  clip_link_path: string | null;
  clip_size: number | null;
  clip_mtime_ms: number | null;
}

function clipRow(db: ReadableDb, sessionId: RowId): ClipRow {
  const row = db.prepare('SELECT clip_file, clip_sha256, clip_storage, clip_link_path, clip_size, clip_mtime_ms FROM sessions WHERE id = ?').get(sessionId) as ClipRow | undefined;
  if (!row) throw new LibraryError('not-found', `no session with id ${sessionId}`);
  return row;
}

/** SHA-256 of a file, lowercase hex, streamed once (asynchronous: does not block the main process on a multi-GB file). */
export async function sha256FileStreamed(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Checks that a session's clip is where the library says. A linked file whose size and
 * modification time are as stored is `ok` without reading it; one with the same size but another
 * modification time is hashed: the same content is `ok` (and the new time stored, so it is not
 * read again), other content `changed`.
 * @throws LibraryError `not-found` (no such session), `busy` (lock).
 */
export async function checkClip(db: WritableDb, sessionId: RowId): Promise<ClipCheck> {
  const row = clipRow(db, sessionId);
  if (row.clip_storage === 'copied' || row.clip_link_path === null) {
    const path = join(pathsOf(db).clipsDir, row.clip_file);
    return { sessionId, storage: 'copied', path, state: existsSync(path) ? 'ok' : 'missing' };
  }
  const path = row.clip_link_path;
  const seen = { sessionId, storage: 'linked' as const, path };
  const st = await stat(path).catch(() => null);
  if (!st?.isFile()) return { ...seen, state: 'missing' };
  if (st.size === row.clip_size && st.mtimeMs === row.clip_mtime_ms) return { ...seen, state: 'ok' };
  if (row.clip_size !== null && st.size !== row.clip_size) return { ...seen, state: 'changed' };
  const sha = await sha256FileStreamed(path).catch(() => null);
  if (sha !== row.clip_sha256) return { ...seen, state: 'changed' };
  storeLink(db, sessionId, path, row.clip_sha256, { sizeBytes: st.size, mtimeMs: st.mtimeMs });
  return { ...seen, state: 'ok' };
}

/**
 * Points a linked session at `path`, where the coach says its video is now: accepted only when
 * the file's SHA-256 (read once) equals the stored one; then the path, size and modification time
 * are stored in one transaction.
 * @returns the clip check after the change (`ok`).
 * @throws LibraryError `invalid-input` with one line when the file is not the session's video (other
 *   content) or cannot be read, or the session's clip is copied into the library; `not-found`; `busy`.
 */
export async function locateClip(db: WritableDb, sessionId: RowId, path: string): Promise<ClipCheck> {
  const row = clipRow(db, sessionId);
  if (row.clip_storage !== 'linked') throw new LibraryError('invalid-input', "this session's video is copied into the library; there is nothing to locate");
  const abs = resolve(path);
  const st = await stat(abs).catch(() => null);
  if (!st?.isFile()) throw new LibraryError('invalid-input', `cannot read ${abs}`);
  const sha = await sha256FileStreamed(abs).catch((err: unknown) => {
    throw new LibraryError('invalid-input', `cannot read ${abs} (${(err as Error).message})`, { cause: err });
  });
  if (sha !== row.clip_sha256) throw new LibraryError('invalid-input', "That file is not this session's video (its content differs); choose the original video.");
  storeLink(db, sessionId, abs, row.clip_sha256, { sizeBytes: st.size, mtimeMs: st.mtimeMs });
  return { sessionId, storage: 'linked', path: abs, state: 'ok' };
}

/** Stores a linked clip's path, size and time, only while the session still links the same content (one transaction, library lock). */
function storeLink(db: WritableDb, sessionId: RowId, path: string, sha256: string, facts: { sizeBytes: number; mtimeMs: number }): void {
  withLibraryLock(pathsOf(db).root, () => {
    db.prepare(`UPDATE sessions SET clip_link_path = ?, clip_size = ?, clip_mtime_ms = ? WHERE id = ? AND clip_storage = 'linked' AND clip_sha256 = ?`)
      .run(path, facts.sizeBytes, facts.mtimeMs, sessionId, sha256);
  });
}

/**
 * The session's `clip_file`: the stored clip's name in clips/ (`<sha256>.<ext>`), which is also the
 * key of its playback proxy for a linked clip (whose path's own name differs). Null for an unknown session.
 */
export function storedClipFile(db: ReadableDb, sessionId: RowId): string | null {
  return (db.prepare('SELECT clip_file FROM sessions WHERE id = ?').pluck().get(sessionId) as string | undefined) ?? null;
}
