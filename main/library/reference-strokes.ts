/**
 * A player's reference stroke: the analysed stroke a coach compares the player's new strokes
 * against by default (Compare with reference). One per player (`reference_strokes`, keyed by
 * player): a session and, for sessions with several strokes, which one (`strokes.idx`, from 1;
 * null = the session's analysed stroke, its ball contact). The session may be another player's
 * (a model stroke). Removed with its player or its session (ON DELETE CASCADE).
 */
import type { ReadableDb, WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import type { RowId } from './library-types.js';

/** A player's reference stroke. */
export interface ReferenceStroke {
  playerId: RowId;
  sessionId: RowId;
  /** The stroke of the session (`strokes.idx`, from 1; session-strokes.ts); null = its analysed stroke. */
  strokeIndex: number | null;
  /** ISO 8601 date-time (UTC) when it was set. */
  setAt: string;
}

interface ReferenceRow {
  player_id: number;
  session_id: number;
  stroke_index: number | null;
  set_at: string;
}

const toReference = (r: ReferenceRow): ReferenceStroke => ({
  playerId: r.player_id,
  sessionId: r.session_id,
  strokeIndex: r.stroke_index,
  setAt: r.set_at,
});

/** The reference stroke of player `playerId`, or null when none is set. */
export function getReferenceStroke(db: ReadableDb, playerId: RowId): ReferenceStroke | null {
  const row = db.prepare('SELECT * FROM reference_strokes WHERE player_id = ?').get(playerId) as
    ReferenceRow | undefined;
  return row ? toReference(row) : null;
}

/** Every player's reference stroke, by player id. */
export function listReferenceStrokes(db: ReadableDb): ReferenceStroke[] {
  return (db.prepare('SELECT * FROM reference_strokes ORDER BY player_id').all() as ReferenceRow[]).map(
    toReference,
  );
}

/**
 * Makes session `sessionId` (its stroke `strokeIndex`, `strokes.idx`; null = its analysed
 * stroke) the reference of player `playerId`, replacing any earlier one. One statement, so it is atomic.
 * @throws LibraryError `not-found` (no such player, session or stroke of the session),
 *   `invalid-input` (the session has no analysis with a 2D pose to compare against, or the
 *   stroke index is not a whole number ≥ 1).
 */
export function setReferenceStroke(
  db: WritableDb,
  playerId: RowId,
  sessionId: RowId,
  strokeIndex: number | null = null,
): ReferenceStroke {
  if (strokeIndex !== null && !(Number.isInteger(strokeIndex) && strokeIndex >= 1)) {
    throw new LibraryError('invalid-input', `stroke index must be a whole number ≥ 1, got ${strokeIndex}`);
  }
  if (!db.prepare('SELECT 1 FROM players WHERE id = ?').get(playerId))
    throw new LibraryError('not-found', `no player with id ${playerId}`);
  if (!db.prepare('SELECT 1 FROM sessions WHERE id = ?').get(sessionId))
    throw new LibraryError('not-found', `no session with id ${sessionId}`);
  const posed = db
    .prepare(
      'SELECT 1 FROM analyses a JOIN poses p ON p.analysis_id = a.id AND p.dims = 2 WHERE a.session_id = ?',
    )
    .get(sessionId);
  if (!posed)
    throw new LibraryError(
      'invalid-input',
      `session ${sessionId} has no analysed pose: it cannot be a reference stroke`,
    );
  if (
    strokeIndex !== null &&
    !db.prepare('SELECT 1 FROM strokes WHERE session_id = ? AND idx = ?').get(sessionId, strokeIndex)
  ) {
    throw new LibraryError('not-found', `session ${sessionId} has no stroke ${strokeIndex}`);
  }
  const row = db
    .prepare(
      `INSERT INTO reference_strokes (player_id, session_id, stroke_index, set_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (player_id) DO UPDATE SET session_id = excluded.session_id, stroke_index = excluded.stroke_index, set_at = excluded.set_at
       RETURNING *`,
    )
    .get(playerId, sessionId, strokeIndex, new Date().toISOString()) as ReferenceRow;
  return toReference(row);
}

/** Removes player `playerId`'s reference stroke. @returns whether there was one. */
export function clearReferenceStroke(db: WritableDb, playerId: RowId): boolean {
  return db.prepare('DELETE FROM reference_strokes WHERE player_id = ?').run(playerId).changes > 0;
}
