/**
 * The persistent tennis task queue: `<home>/service/tasks.sqlite` (better-sqlite3, WAL, STRICT).
 * Migrations are numbered functions run by the app's one runner (main/library/migration-runner.ts:
 * all pending ones in one IMMEDIATE transaction ending with `PRAGMA user_version = N`); a database
 * newer than this code is refused.
 */
import Database from 'better-sqlite3';
import { runMigrations, type Migration } from '../library/migration-runner.js';
import type { TennisTaskState } from '../contract/api-schema.js';

/** A tennis statistics task as stored. Times are Unix milliseconds. */
export interface TaskRow {
  id: string;
  status: TennisTaskState;
  videoUrl: string;
  version: string;
  readFromOrigin: boolean;
  dominantHand: 'left' | 'right';
  /** How many times a worker started it (restarts re-queue a running task). */
  attempts: number;
  error: string | null;
  /** Object key of the result JSON once done. */
  resultKey: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Runs without the task being finished before the service gives up on it. */
export const MAX_TASK_ATTEMPTS = 3;

type Db = Database.Database;

const MIGRATIONS: readonly Migration[] = [
  function updateToSchemaVersion1(db) {
    db.exec(`
      CREATE TABLE tasks (
        id TEXT PRIMARY KEY,
        status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
        video_url TEXT NOT NULL,
        version TEXT NOT NULL,
        read_from_origin INTEGER NOT NULL CHECK (read_from_origin IN (0, 1)),
        dominant_hand TEXT NOT NULL CHECK (dominant_hand IN ('left', 'right')),
        attempts INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        result_key TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX tasks_by_status ON tasks (status, created_at);
    `);
  },
];

/** The database is newer than this code. */
export class SchemaTooNewError extends Error {
  constructor(found: number, known: number = MIGRATIONS.length) {
    super(`tasks.sqlite has schema version ${found}; this Swing Studio knows up to ${known}. Update the app.`);
    this.name = 'SchemaTooNewError';
  }
}

/** Opens (creating and migrating) the task database. @throws SchemaTooNewError */
export function openTaskDb(path: string): Db {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  try {
    runMigrations(db, MIGRATIONS, (found, known) => new SchemaTooNewError(found, known));
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

interface RawRow {
  id: string;
  status: TennisTaskState;
  video_url: string;
  version: string;
  read_from_origin: number;
  dominant_hand: 'left' | 'right';
  attempts: number;
  error: string | null;
  result_key: string | null;
  created_at: number;
  updated_at: number;
}

function rowToTask(r: RawRow): TaskRow {
  return {
    id: r.id,
    status: r.status,
    videoUrl: r.video_url,
    version: r.version,
    readFromOrigin: r.read_from_origin === 1,
    dominantHand: r.dominant_hand,
    attempts: r.attempts,
    error: r.error,
    resultKey: r.result_key,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Inserts a queued task. */
export function insertTask(
  db: Db,
  t: Pick<TaskRow, 'id' | 'videoUrl' | 'version' | 'readFromOrigin' | 'dominantHand'>,
  now: number,
): void {
  db.prepare(
    `INSERT INTO tasks (id, status, video_url, version, read_from_origin, dominant_hand, created_at, updated_at)
     VALUES (?, 'queued', ?, ?, ?, ?, ?, ?)`,
  ).run(t.id, t.videoUrl, t.version, t.readFromOrigin ? 1 : 0, t.dominantHand, now, now);
}

/** The task with `id`, or undefined. */
export function getTask(db: Db, id: string): TaskRow | undefined {
  const r = db.prepare('SELECT * FROM tasks WHERE id = ?').get(id) as RawRow | undefined;
  return r && rowToTask(r);
}

/** How many tasks wait in the queue (status queued). */
export function countQueued(db: Db): number {
  return db.prepare(`SELECT count(*) FROM tasks WHERE status = 'queued'`).pluck().get() as number;
}

/** Atomically takes the oldest queued task and marks it running (attempts + 1). */
export function claimNextTask(db: Db, now: number): TaskRow | undefined {
  return db.transaction(() => {
    const r = db.prepare(`SELECT * FROM tasks WHERE status = 'queued' ORDER BY created_at, rowid LIMIT 1`).get() as RawRow | undefined;
    if (!r) return undefined;
    db.prepare(`UPDATE tasks SET status = 'running', attempts = attempts + 1, updated_at = ? WHERE id = ?`).run(now, r.id);
    return rowToTask({ ...r, status: 'running', attempts: r.attempts + 1, updated_at: now });
  })();
}

/** Marks a task done with its result object key. */
export function markDone(db: Db, id: string, resultKey: string, now: number): void {
  db.prepare(`UPDATE tasks SET status = 'done', result_key = ?, error = NULL, updated_at = ? WHERE id = ?`).run(resultKey, now, id);
}

/** Marks a task failed with a reason shown to the client. */
export function markFailed(db: Db, id: string, reason: string, now: number): void {
  db.prepare(`UPDATE tasks SET status = 'failed', error = ?, updated_at = ? WHERE id = ?`).run(reason, now, id);
}

/** Puts a running task back in the queue (service stopping mid-task). */
export function requeue(db: Db, id: string, now: number): void {
  db.prepare(`UPDATE tasks SET status = 'queued', updated_at = ? WHERE id = ? AND status = 'running'`).run(now, id);
}

/**
 * On start: tasks left `running` by a crash are re-queued, or failed with a reason once they
 * have been started {@link MAX_TASK_ATTEMPTS} times. @returns counts of both.
 */
export function recoverInterrupted(db: Db, now: number): { requeued: number; failed: number } {
  return db.transaction(() => {
    const failed = db
      .prepare(`UPDATE tasks SET status = 'failed', error = ?, updated_at = ? WHERE status = 'running' AND attempts >= ?`)
      .run(`Task was interrupted ${MAX_TASK_ATTEMPTS} times (service stopped while it ran); giving up`, now, MAX_TASK_ATTEMPTS).changes;
    const requeued = db.prepare(`UPDATE tasks SET status = 'queued', updated_at = ? WHERE status = 'running'`).run(now).changes;
    return { requeued, failed };
  })();
}
