/**
 * Where a session's clip and thumbnail are on disk, for the media route and media.urlFor.
 * The clip is what the session page plays: the clip's playback proxy when it has one
 * (main/library/proxies.ts: a clip Chromium cannot decode), else the library's clip
 * (main/library/sessions.ts). Exports read Session.clipPath, the original. The thumbnail path is
 * the `sessions.thumbnail_path` column (a file name in the library's thumbnails folder, set by
 * setThumbnail) resolved in the library the connection reads (paths.ts thumbnailPathOf).
 */
import type { ReadableDb } from '../library/db.js';
import { basename } from 'node:path';
import { pathsOf, thumbnailPathOf } from '../library/paths.js';
import { playbackProxyPath } from '../library/proxies.js';
import { getSession } from '../library/sessions.js';

/**
 * Absolute path of the clip the session page plays (proxy or original) or of the thumbnail.
 * @returns null when the session does not exist or has no thumbnail.
 */
export function sessionFile(db: ReadableDb, sessionId: number, kind: 'clip' | 'thumbnail'): string | null {
  if (kind === 'clip') {
    const clip = getSession(db, sessionId)?.clipPath;
    return clip === undefined ? null : (playbackProxyPath(db, basename(clip)) ?? clip);
  }
  const row = db.prepare('SELECT thumbnail_path FROM sessions WHERE id = ?').get(sessionId) as
    { thumbnail_path: string | null } | undefined;
  return thumbnailPathOf(pathsOf(db), row?.thumbnail_path ?? null);
}
