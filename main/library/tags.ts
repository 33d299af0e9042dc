/** Session tags: a shared vocabulary (`tags`, unique ignoring case) linked by `session_tags`. */
import type { WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import { TAG_SEP } from './rows.js';
import type { RowId } from './library-types.js';

/**
 * Trims, drops empties and case-duplicates (first spelling wins).
 * @throws LibraryError `invalid-input` for a tag containing a control character or over 64 characters.
 */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of tags) {
    const t = raw.trim();
    if (t === '') continue;
    // eslint-disable-next-line no-control-regex
    if (t.includes(TAG_SEP) || /[\u0000-\u001f]/.test(t) || t.length > 64) {
      throw new LibraryError('invalid-input', `tag "${t}" is longer than 64 characters or has a control character`);
    }
    if (!seen.has(t.toLowerCase())) seen.set(t.toLowerCase(), t);
  }
  return [...seen.values()];
}

/**
 * Replaces a session's tags (call inside a transaction, or use setTags of sessions.ts), and
 * removes tags no session uses any more.
 */
export function replaceTags(db: WritableDb, sessionId: RowId, tags: readonly string[]): void {
  db.prepare('DELETE FROM session_tags WHERE session_id = ?').run(sessionId);
  const upsert = db.prepare('INSERT INTO tags (name) VALUES (?) ON CONFLICT (name COLLATE NOCASE) DO UPDATE SET name = name RETURNING id');
  const link = db.prepare('INSERT OR IGNORE INTO session_tags (session_id, tag_id) VALUES (?, ?)');
  for (const t of normaliseTags(tags)) link.run(sessionId, upsert.pluck().get(t));
  deleteUnusedTags(db);
}

/** Removes tags no session uses. */
export function deleteUnusedTags(db: WritableDb): void {
  db.prepare('DELETE FROM tags WHERE NOT EXISTS (SELECT 1 FROM session_tags st WHERE st.tag_id = tags.id)').run();
}
