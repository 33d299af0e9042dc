/**
 * Where a session's clip and thumbnail are on disk, for the media route and media.urlFor.
 * The clip is what the session page plays: the clip's playback proxy when it has one
 * (main/library/proxies.ts: a clip Chromium cannot decode), else the library's clip
 * (main/library/sessions.ts). Exports read Session.clipPath, the original. The thumbnail path is
 * the `sessions.thumbnail_path` column (a file name in the library's thumbnails folder, set by
 * setThumbnail) resolved in the library the connection reads (paths.ts thumbnailPathOf).
 * A clip kept in place (linked, main/library/linked-clips.ts) lies outside the library folder: it
 * is answered as a {@link LinkedMediaFile}, the path the library holds, which the media route serves
 * without the folder confinement (the route names only a session id, never a path).
 */
import type { ReadableDb } from '../library/db.js';
import { pathsOf, thumbnailPathOf } from '../library/paths.js';
import { playbackProxyPath } from '../library/proxies.js';
import { getSession } from '../library/sessions.js';
import { storedClipFile } from '../library/linked-clips.js';
import type { LinkedMediaFile } from './resolve.js';

/**
 * Absolute path of the clip the session page plays (proxy or original) or of the thumbnail; a
 * linked original as `{linkedPath}`.
 * @returns null when the session does not exist or has no thumbnail.
 */
export function sessionFile(db: ReadableDb, sessionId: number, kind: 'clip' | 'thumbnail'): string | LinkedMediaFile | null {
  if (kind === 'clip') {
    const session = getSession(db, sessionId);
    const clipFile = storedClipFile(db, sessionId);
    if (!session || clipFile === null) return null;
    const proxy = playbackProxyPath(db, clipFile);
    if (proxy !== null) return proxy;
    return session.clipStorage === 'linked' ? { linkedPath: session.clipPath } : session.clipPath;
  }
  const row = db.prepare('SELECT thumbnail_path FROM sessions WHERE id = ?').get(sessionId) as
    { thumbnail_path: string | null } | undefined;
  return thumbnailPathOf(pathsOf(db), row?.thumbnail_path ?? null);
}
