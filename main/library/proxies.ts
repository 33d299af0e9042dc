/**
 * The library's playback proxies (schema v6, table `playback_proxies`): for a stored clip the app
 * cannot play, the H.264 MP4 the session page plays instead (main/library/playback-proxy.ts makes
 * it). The proxy lives next to its clip as `clips/<sha256>.proxy.mp4`; the clip file stays the
 * clip of record (analysis, exports, reports). Same crash-safety order as ingest: the file is
 * copied atomically before the row that names it is committed, both under the library lock, and
 * a proxy file no row names is swept (sweep.ts).
 */
import { basename, extname, join } from 'node:path';
import { copyFileAtomic } from '../files/index.js';
import type { ReadableDb, WritableDb } from './db.js';
import { withLibraryLock } from './lock.js';
import { pathsOf } from './paths.js';

/** File name of the proxy of the stored clip `clipFile` (`<sha256>.<ext>` → `<sha256>.proxy.mp4`). */
export function proxyFileName(clipFile: string): string {
  return `${basename(clipFile, extname(clipFile))}.proxy.mp4`;
}

/**
 * Stores `sourcePath` (a finished proxy, e.g. in a job's staging folder) as the proxy of the
 * stored clip `clipFile`, when a session still uses that clip.
 * @returns the proxy's absolute path in the library, or null when no session uses the clip.
 * @throws LibraryError `busy` (lock); fs errors (disk full).
 */
export function storePlaybackProxy(db: WritableDb, clipFile: string, sourcePath: string, reason: string): string | null {
  const paths = pathsOf(db);
  return withLibraryLock(paths.root, () => {
    if (!db.prepare('SELECT 1 FROM sessions WHERE clip_file = ? LIMIT 1').get(clipFile)) return null;
    const name = proxyFileName(clipFile);
    const target = join(paths.clipsDir, name);
    copyFileAtomic(sourcePath, target);
    db.prepare(
      `INSERT INTO playback_proxies (clip_file, proxy_file, reason, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (clip_file) DO UPDATE SET proxy_file = excluded.proxy_file, reason = excluded.reason, created_at = excluded.created_at`,
    ).run(clipFile, name, reason, new Date().toISOString());
    return target;
  });
}

/**
 * Absolute path of the proxy of the stored clip `clipFile`, or null when it has none (or the
 * database predates schema v6: a read-only open does not migrate).
 */
export function playbackProxyPath(db: ReadableDb, clipFile: string): string | null {
  let name: string | undefined;
  try {
    name = db.prepare('SELECT proxy_file FROM playback_proxies WHERE clip_file = ?').pluck().get(clipFile) as string | undefined;
  } catch (err) {
    if (/no such table/.test((err as Error).message)) return null;
    throw err;
  }
  return name === undefined ? null : join(pathsOf(db).clipsDir, name);
}
