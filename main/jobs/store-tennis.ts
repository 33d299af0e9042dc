/** The `storing` step of a tennis job: the result JSON, raw, into the library's tennis_tasks table. */
import type { WritableDb } from '../library/db.js';
import { saveTennisTask } from '../library/tennis-results.js';

/**
 * Stores (or replaces) a task's result.
 * @throws LibraryError `not-found` when the session is gone, `invalid-input` when not JSON.
 */
export function storeTennisResult(db: WritableDb, r: { taskId: string; sessionId: number | null; raw: unknown }): void {
  saveTennisTask(db, { taskId: r.taskId, raw: r.raw, sessionId: r.sessionId });
}
