/**
 * Where a session's clip and thumbnail are on disk, for the media route and media.urlFor.
 * The clip comes from the library's Session (main/library/sessions.ts); the thumbnail path is
 * the `sessions.thumbnail_path` column (absolute, set by setThumbnail).
 */
import type { ReadableDb } from '../library/db.js';
import { getSession } from '../library/sessions.js';

/**
 * Absolute path of a session's clip or thumbnail.
 * @returns null when the session does not exist or has no thumbnail.
 */
export function sessionFile(db: ReadableDb, sessionId: number, kind: 'clip' | 'thumbnail'): string | null {
  if (kind === 'clip') return getSession(db, sessionId)?.clipPath ?? null;
  const row = db.prepare('SELECT thumbnail_path FROM sessions WHERE id = ?').get(sessionId) as
    { thumbnail_path: string | null } | undefined;
  return row?.thumbnail_path ?? null;
}
