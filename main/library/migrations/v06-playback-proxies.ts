import type Database from 'better-sqlite3';

/**
 * v6: playback proxies. A clip the app's Chromium cannot decode (main/av/chromium-playable.ts)
 * gets an H.264 MP4 copy for the session page (main/library/playback-proxy.ts); the original
 * stays the clip of record for analysis and exports. One row per stored clip (`clip_file`, shared
 * by the sessions with the same bytes): the proxy's file name in the clips folder and why it was
 * made. Rows are removed with the last session of their clip (sessions.ts deleteSession).
 */
export function migrateToVersion6(db: Database.Database): void {
  db.exec(`
    CREATE TABLE playback_proxies (
      clip_file TEXT PRIMARY KEY,
      proxy_file TEXT NOT NULL UNIQUE,
      reason TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
  `);
}
