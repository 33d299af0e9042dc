import type Database from 'better-sqlite3';

/** v3: the job queue (analysis and tennis jobs, their state machine and last safe point). */
export function migrateToVersion3(db: Database.Database): void {
  db.exec(`
    CREATE TABLE jobs (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('analysis', 'tennis')),
      state TEXT NOT NULL CHECK (state IN ('queued', 'uploading', 'analysing', 'storing', 'done', 'failed')),
      reason TEXT NOT NULL DEFAULT '',
      input_json TEXT NOT NULL,
      session_id INTEGER REFERENCES sessions (id) ON DELETE SET NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      safe_point_json TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX jobs_state ON jobs (state, id);
  `);
}
