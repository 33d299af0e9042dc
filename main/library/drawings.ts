/**
 * The drawings of a session (schema v7, table `drawings`; the shape is main/drawings/drawing.ts).
 * Reads are plain queries; every write runs in one IMMEDIATE transaction under the library lock,
 * as the other writers of session rows that may race a session delete do (recompute.ts,
 * sessions.ts deleteSession), so a drawing is never written for a session being deleted.
 */
import type { Drawing, DrawingData } from '../drawings/drawing.js';
import { DrawingDataSchema } from '../drawings/schema.js';
import type { ReadableDb, WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import { withLibraryLock } from './lock.js';
import { pathsOf } from './paths.js';
import type { RowId } from './library-types.js';

interface DrawingRow {
  id: number;
  session_id: number;
  kind: string;
  frame_nr: number;
  from_frame_nr: number;
  to_frame_nr: number;
  data_json: string;
  created_at: string;
  updated_at: string;
}

/** The JSON column: what the columns do not hold. */
type DrawingJson = Pick<DrawingData, 'points' | 'text' | 'colour' | 'onChart'>;

function rowToDrawing(r: DrawingRow): Drawing {
  const j = JSON.parse(r.data_json) as DrawingJson;
  return {
    id: r.id,
    sessionId: r.session_id,
    kind: r.kind as Drawing['kind'],
    frameNr: r.frame_nr,
    fromFrameNr: r.from_frame_nr,
    toFrameNr: r.to_frame_nr,
    points: j.points,
    text: j.text,
    colour: j.colour,
    onChart: j.onChart,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/**
 * The drawings of session `sessionId`, by frame then id; [] when it has none (or the database
 * predates schema v7: a read-only open does not migrate).
 */
export function listDrawings(db: ReadableDb, sessionId: RowId): Drawing[] {
  try {
    const rows = db.prepare('SELECT * FROM drawings WHERE session_id = ? ORDER BY frame_nr, id').all(sessionId) as DrawingRow[];
    return rows.map(rowToDrawing);
  } catch (err) {
    if (/no such table: drawings/.test((err as Error).message)) return [];
    throw err;
  }
}

/**
 * Stores a drawing of session `sessionId`: a new one without `id`; with `id`, replaces that
 * drawing, or puts it back under the same id when it was deleted (undo of a delete).
 * `data` is validated again with the drawing schema (callers other than IPC exist: tests, CLI).
 * @returns the stored drawing.
 * @throws LibraryError `not-found` (no such session), `invalid-input` (a bad drawing, or `id`
 *   belongs to another session's drawing), `busy` (lock).
 */
export function saveDrawing(db: WritableDb, sessionId: RowId, data: DrawingData, id?: RowId): Drawing {
  const parsed = DrawingDataSchema.safeParse(data);
  if (!parsed.success) throw new LibraryError('invalid-input', `not a valid drawing: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'drawing'}: ${i.message}`).join('; ')}`);
  const d = parsed.data;
  const json = JSON.stringify({ points: d.points, text: d.text, colour: d.colour, onChart: d.onChart } satisfies DrawingJson);
  return withLibraryLock(pathsOf(db).root, () =>
    db
      .transaction((): Drawing => {
        if (!db.prepare('SELECT 1 FROM sessions WHERE id = ?').get(sessionId)) throw new LibraryError('not-found', `no session with id ${sessionId}`);
        const now = new Date().toISOString();
        const cols = [d.kind, d.frameNr, d.fromFrameNr, d.toFrameNr, json] as const;
        let rowId: number;
        const owner = id === undefined ? undefined : (db.prepare('SELECT session_id FROM drawings WHERE id = ?').pluck().get(id) as number | undefined);
        if (id !== undefined && owner !== undefined && owner !== sessionId) {
          throw new LibraryError('invalid-input', `drawing ${id} belongs to another session`);
        }
        if (id !== undefined && owner === sessionId) {
          db.prepare('UPDATE drawings SET kind = ?, frame_nr = ?, from_frame_nr = ?, to_frame_nr = ?, data_json = ?, updated_at = ? WHERE id = ?').run(...cols, now, id);
          rowId = id;
        } else {
          const info = db
            .prepare('INSERT INTO drawings (id, session_id, kind, frame_nr, from_frame_nr, to_frame_nr, data_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
            .run(id ?? null, sessionId, ...cols, now, now);
          rowId = Number(info.lastInsertRowid);
        }
        return rowToDrawing(db.prepare('SELECT * FROM drawings WHERE id = ?').get(rowId) as DrawingRow);
      })
      .immediate(),
  );
}

/**
 * Deletes drawing `id` of session `sessionId`.
 * @throws LibraryError `not-found` when the session has no such drawing, `busy` (lock).
 */
export function deleteDrawing(db: WritableDb, sessionId: RowId, id: RowId): void {
  withLibraryLock(pathsOf(db).root, () =>
    db
      .transaction(() => {
        const info = db.prepare('DELETE FROM drawings WHERE id = ? AND session_id = ?').run(id, sessionId);
        if (info.changes === 0) throw new LibraryError('not-found', `session ${sessionId} has no drawing ${id}`);
      })
      .immediate(),
  );
}
