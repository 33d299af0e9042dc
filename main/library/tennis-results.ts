/** Tennis statistics task results (API.md section 4), kept as the raw JSON of `result_url`. */
import type { ReadableDb, WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import { rowToTennisTask, type TennisTaskRow } from './rows.js';
import type { RowId, TennisTaskResult } from './library-types.js';

/**
 * Stores (or replaces) the result of tennis task `taskId`, optionally linked to a session.
 * @throws LibraryError `invalid-input` when `raw` cannot be written as JSON or taskId is empty; `not-found` for an unknown session.
 */
export function saveTennisTask(db: WritableDb, t: { taskId: string; raw: unknown; sessionId?: RowId | null }): TennisTaskResult {
  if (!t.taskId) throw new LibraryError('invalid-input', 'tennis task id is empty');
  const json = JSON.stringify(t.raw);
  if (json === undefined) throw new LibraryError('invalid-input', 'tennis task result is not JSON');
  if (t.sessionId != null && !db.prepare('SELECT 1 FROM sessions WHERE id = ?').get(t.sessionId)) {
    throw new LibraryError('not-found', `no session with id ${t.sessionId}`);
  }
  const row = db
    .prepare(
      `INSERT INTO tennis_tasks (session_id, task_id, raw_json, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (task_id) DO UPDATE SET session_id = excluded.session_id, raw_json = excluded.raw_json RETURNING *`,
    )
    .get(t.sessionId ?? null, t.taskId, json, new Date().toISOString()) as TennisTaskRow;
  return rowToTennisTask(row);
}

/** The stored result of tennis task `taskId`, or null. */
export function getTennisTask(db: ReadableDb, taskId: string): TennisTaskResult | null {
  const row = db.prepare('SELECT * FROM tennis_tasks WHERE task_id = ?').get(taskId) as TennisTaskRow | undefined;
  return row ? rowToTennisTask(row) : null;
}
