/**
 * The migration that lets a session keep its clip where the coach has it (issue 29 "Big files in
 * the library"): `sessions.clip_storage` is 'copied' (the clip is `clips/<clip_file>`, as every
 * session stored before) or 'linked' (the library holds the absolute path of the coach's file in
 * `clip_link_path`, with the size in bytes and modification time in ms it had when it was hashed:
 * `clip_size`, `clip_mtime_ms`, so a changed file is noticed without reading it). A linked row
 * keeps `clip_file` = `<sha256>.<ext>`, the name its copy would have, so playback proxies stay
 * keyed by it (proxies.ts). Existing sessions become 'copied' with NULL link columns: old
 * libraries open unchanged. Version 14 of the library (index.ts).
 */
import type Database from 'better-sqlite3';

/** v14: adds the clip-storage columns to `sessions` (inside the migration's transaction). */
export function migrateLinkedClips(db: Database.Database): void {
  db.exec(`
    ALTER TABLE sessions ADD COLUMN clip_storage TEXT NOT NULL DEFAULT 'copied' CHECK (clip_storage IN ('copied', 'linked'));
    ALTER TABLE sessions ADD COLUMN clip_link_path TEXT CHECK ((clip_link_path IS NULL) = (clip_storage = 'copied'));
    ALTER TABLE sessions ADD COLUMN clip_size INTEGER CHECK (clip_size IS NULL OR clip_size >= 0);
    ALTER TABLE sessions ADD COLUMN clip_mtime_ms REAL;
  `);
}
