import type Database from 'better-sqlite3';

/**
 * v4: a job may end `cancelled` (by the coach) as well as `done` or `failed`. SQLite cannot change
 * a CHECK, so the table is rebuilt; jobs stored before as `failed` with the reason
 * "cancelled by the user" (how the queue recorded a cancel under v3) become `cancelled`.
 */
export function migrateToVersion4(db: Database.Database): void {
  db.exec(`
    CREATE TABLE jobs_v4 (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('analysis', 'tennis')),
      state TEXT NOT NULL CHECK (state IN ('queued', 'uploading', 'analysing', 'storing', 'done', 'failed', 'cancelled')),
      reason TEXT NOT NULL DEFAULT '',
      input_json TEXT NOT NULL,
      session_id INTEGER REFERENCES sessions (id) ON DELETE SET NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      safe_point_json TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    INSERT INTO jobs_v4 (id, kind, state, reason, input_json, session_id, attempts, safe_point_json, created_at, updated_at)
      SELECT id, kind,
             CASE WHEN state = 'failed' AND reason = 'cancelled by the user' THEN 'cancelled' ELSE state END,
             reason, input_json, session_id, attempts, safe_point_json, created_at, updated_at
      FROM jobs;
    DROP TABLE jobs;
    ALTER TABLE jobs_v4 RENAME TO jobs;
    CREATE INDEX jobs_state ON jobs (state, id);
  `);
}
