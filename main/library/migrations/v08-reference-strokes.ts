import type Database from 'better-sqlite3';

/**
 * v8: `reference_strokes`, a player's reference stroke (main/library/reference-strokes.ts).
 * `stroke_index` is nullable (the session's analysed stroke), and not a foreign key: the strokes
 * of a session are replaced when its analysis is recomputed.
 */
export function migrateReferenceStrokes(db: Database.Database): void {
  db.exec(`
    CREATE TABLE reference_strokes (
      player_id INTEGER PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
      session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      stroke_index INTEGER CHECK (stroke_index IS NULL OR stroke_index >= 0),
      set_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX reference_strokes_session ON reference_strokes (session_id);
  `);
}
