/**
 * Session queries: the filtered list the library browser shows, and the edits a coach makes
 * (title, notes, tags, thumbnail, delete). Lists are ordered newest recording first.
 */
import { dirname, join } from 'node:path';
import type { Sport, SwingType } from '../contract/technique-schema.js';
import type { ReadableDb, WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import { removeFile } from './files.js';
import { withLibraryLock } from './lock.js';
import { pathsOf, thumbnailPathOf, type LibraryPaths } from './paths.js';
import { rowToSession, splitTags, TAG_SEP, type SessionRow } from './rows.js';
import { deleteUnusedTags, replaceTags } from './tags.js';
import type { RowId, Session, SessionFilter, SessionSummary } from './library-types.js';

/** Default and maximum page size of {@link listSessions}. */
export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;

/**
 * Turns free text into an FTS5 query: each word (letters/digits) becomes a quoted prefix term,
 * all terms must match. Returns null when the text has no word (then no text filter applies).
 */
export function ftsQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(' ') : null;
}

interface SummaryRow {
  id: number;
  player_id: number;
  player_name: string;
  recorded_at: string;
  sport: string;
  swing_type: string;
  title: string;
  thumbnail_path: string | null;
  overall_score: number | null;
  tags: string | null;
}

/** `WHERE ...` (or '') and its parameters for a filter, over `sessions s`. */
function filterClause(f: SessionFilter): { whereSql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, param: unknown): void => {
    where.push(clause);
    params.push(param);
  };
  if (f.playerId !== undefined) add('s.player_id = ?', f.playerId);
  if (f.from) add('s.recorded_at >= ?', f.from);
  // '\uffff' sorts after any time suffix, so a date-only `to` includes that whole day.
  if (f.to) add('s.recorded_at <= ?', `${f.to}\uffff`);
  if (f.sport) add('s.sport = ?', f.sport);
  if (f.swingType) add('s.swing_type = ?', f.swingType);
  if (f.tag) add('+s.id IN (SELECT st.session_id FROM tags t JOIN session_tags st ON st.tag_id = t.id WHERE t.name = ? COLLATE NOCASE)', f.tag.trim());
  const q = f.text ? ftsQuery(f.text) : null;
  if (q) add('+s.id IN (SELECT rowid FROM session_search WHERE session_search MATCH ?)', q);
  return { whereSql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

/** SQL and parameters of {@link listSessions} (exported for EXPLAIN QUERY PLAN tests). */
export function listSessionsSql(f: SessionFilter): { sql: string; params: unknown[] } {
  const { whereSql, params } = filterClause(f);
  const limit = Math.min(Math.max(1, Math.floor(f.limit ?? DEFAULT_LIST_LIMIT)), MAX_LIST_LIMIT);
  const offset = Math.max(0, Math.floor(f.offset ?? 0));
  // `+s.id` keeps the planner walking sessions_recorded newest-first and testing membership
  // (stops after one page) instead of seeking every tagged/matching row and sorting them all.
  // The page of ids is chosen first (index order, no per-row subqueries); score and tags are
  // then computed for those rows only. A LIMITed subquery in a join is not flattened by SQLite.
  const sql = `SELECT s.id, s.player_id, p.name AS player_name, s.recorded_at, s.sport, s.swing_type, s.title, s.thumbnail_path,
      (SELECT a.overall_score FROM analyses a WHERE a.session_id = s.id ORDER BY a.id DESC LIMIT 1) AS overall_score,
      (SELECT group_concat(t.name, '${TAG_SEP}') FROM session_tags st JOIN tags t ON t.id = st.tag_id WHERE st.session_id = s.id) AS tags
    FROM (SELECT s.id FROM sessions s ${whereSql} ORDER BY s.recorded_at DESC, s.id DESC LIMIT ${limit} OFFSET ${offset}) AS page
    JOIN sessions s ON s.id = page.id
    JOIN players p ON p.id = s.player_id
    ORDER BY s.recorded_at DESC, s.id DESC`;
  return { sql, params };
}

/**
 * Sessions matching `filter` (every given field must match; `text` searches title, notes and
 * player name by word prefix), newest first, one page (`limit` default 100, max 1000).
 */
export function listSessions(db: ReadableDb, filter: SessionFilter = {}): SessionSummary[] {
  const { sql, params } = listSessionsSql(filter);
  const paths = pathsOf(db);
  return (db.prepare(sql).all(...params) as SummaryRow[]).map((r) => ({
    id: r.id,
    playerId: r.player_id,
    playerName: r.player_name,
    recordedAt: r.recorded_at,
    sport: r.sport as Sport,
    swingType: r.swing_type as SwingType,
    overallScore: r.overall_score,
    title: r.title,
    tags: splitTags(r.tags),
    thumbnailPath: thumbnailPathOf(paths, r.thumbnail_path),
  }));
}

/** Number of sessions matching `filter` (ignores limit/offset), for paging. */
export function countSessions(db: ReadableDb, filter: SessionFilter = {}): number {
  const { whereSql, params } = filterClause(filter);
  return db.prepare(`SELECT count(*) FROM sessions s ${whereSql}`).pluck().get(...params) as number;
}

/** One session with its tags, or null. */
export function getSession(db: ReadableDb, id: RowId): Session | null {
  const row = db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
  if (!row) return null;
  const tags = db
    .prepare(`SELECT group_concat(t.name, '${TAG_SEP}') FROM session_tags st JOIN tags t ON t.id = st.tag_id WHERE st.session_id = ?`)
    .pluck()
    .get(id) as string | null;
  return rowToSession(row, splitTags(tags), pathsOf(db));
}

function requireChange(changes: number, id: RowId): void {
  if (changes === 0) throw new LibraryError('not-found', `no session with id ${id}`);
}

/** Sets a session's title. @throws LibraryError `not-found`. */
export function renameSession(db: WritableDb, id: RowId, title: string): void {
  requireChange(db.prepare('UPDATE sessions SET title = ? WHERE id = ?').run(title.trim(), id).changes, id);
}

/** Sets a session's coach notes. @throws LibraryError `not-found`. */
export function setNotes(db: WritableDb, id: RowId, notes: string): void {
  requireChange(db.prepare('UPDATE sessions SET notes = ? WHERE id = ?').run(notes, id).changes, id);
}

/**
 * Sets a session's thumbnail, a file name in the library's thumbnails folder (thumbnail.ts), or
 * clears it (null). @throws LibraryError `not-found`.
 */
export function setThumbnail(db: WritableDb, id: RowId, fileName: string | null): void {
  requireChange(db.prepare('UPDATE sessions SET thumbnail_path = ? WHERE id = ?').run(fileName, id).changes, id);
}

/**
 * Replaces a session's tags (trimmed, case-duplicates dropped).
 * @throws LibraryError `not-found`, `invalid-input` (control characters, > 64 characters).
 */
export function setTags(db: WritableDb, id: RowId, tags: readonly string[]): void {
  db.transaction(() => {
    requireChange(db.prepare('SELECT 1 FROM sessions WHERE id = ?').all(id).length, id);
    replaceTags(db, id, tags);
  }).immediate();
}

/**
 * Deletes a session: its rows (analyses, features, pose, tags, tennis tasks cascade) in one
 * transaction, then its archives, its thumbnail, and its clip and the clip's playback proxy when no
 * other session uses the same clip.
 * Both run under the library-folder lock (main/library/lock.ts), so an ingest of the same clip
 * in another process cannot commit between the reference check and the unlink.
 * A crash between the two leaves unreferenced files, removed by the next sweep.
 * @throws LibraryError `not-found`, `busy` (lock held elsewhere past LOCK_WAIT_MS).
 */
export function deleteSession(db: WritableDb, id: RowId): void {
  const paths = pathsOf(db);
  withLibraryLock(paths.root, () => deleteLocked(db, id, paths));
}

function deleteLocked(db: WritableDb, id: RowId, paths: LibraryPaths): void {
  const files = db.transaction(() => {
    const row = db.prepare('SELECT clip_file, thumbnail_path FROM sessions WHERE id = ?').get(id) as
      { clip_file: string; thumbnail_path: string | null } | undefined;
    if (row === undefined) throw new LibraryError('not-found', `no session with id ${id}`);
    const clip = row.clip_file;
    // '' = no archive stored (ingest.ts).
    const archives = (db.prepare('SELECT archive_file FROM analyses WHERE session_id = ?').pluck().all(id) as string[]).filter((a) => a !== '');
    db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
    deleteUnusedTags(db);
    const shared = db.prepare('SELECT 1 FROM sessions WHERE clip_file = ? LIMIT 1').get(clip) !== undefined;
    // The copy in clips/ goes when no session COPIED it (a linked session with the same bytes has its own file); the proxy when no session uses the clip.
    const copyKept = db.prepare("SELECT 1 FROM sessions WHERE clip_file = ? AND clip_storage = 'copied' LIMIT 1").get(clip) !== undefined;
    const proxy = shared ? undefined : (db.prepare('DELETE FROM playback_proxies WHERE clip_file = ? RETURNING proxy_file').pluck().get(clip) as string | undefined);
    // A thumbnail is removed only from the library's own folder (a file name there, or a legacy absolute path).
    const thumbPath = thumbnailPathOf(paths, row.thumbnail_path);
    const thumb = thumbPath !== null && dirname(thumbPath) === paths.thumbnailsDir ? [thumbPath] : [];
    const clipFiles = [...(copyKept ? [] : [clip]), ...(proxy ? [proxy] : [])];
    return [...archives.map((a) => join(paths.archivesDir, a)), ...clipFiles.map((f) => join(paths.clipsDir, f)), ...thumb];
  }).immediate();
  for (const f of files) removeFile(f);
}
