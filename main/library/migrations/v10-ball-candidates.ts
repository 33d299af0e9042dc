import type Database from 'better-sqlite3';

/** v10: `ball_candidates`, the engine's ball candidates of an analysis (main/library/ball-rows.ts). */
export function migrateBallCandidates(db: Database.Database): void {
  db.exec(`
    CREATE TABLE ball_candidates (
      analysis_id INTEGER PRIMARY KEY REFERENCES analyses (id) ON DELETE CASCADE,
      frames INTEGER NOT NULL CHECK (frames >= 0),
      xy BLOB NOT NULL,
      area BLOB NOT NULL
    ) STRICT;
  `);
}
