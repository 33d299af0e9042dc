import type Database from 'better-sqlite3';

/**
 * v7: drawings on the session video (main/drawings/drawing.ts; main/library/drawings.ts). One row
 * per drawing of a session: its kind, the video frame it was made on and the inclusive range of
 * frames it is shown on (frame_nr, decode order from 0), and the rest of the drawing as JSON
 * (points in source-video pixels or joint ids, text, colour, on-chart flag). Removed with their
 * session.
 */
export function migrateToVersion7(db: Database.Database): void {
  db.exec(`
    CREATE TABLE drawings (
      id INTEGER PRIMARY KEY,
      session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('line', 'arrow', 'angle', 'circle', 'pencil', 'text')),
      frame_nr INTEGER NOT NULL CHECK (frame_nr >= 0),
      from_frame_nr INTEGER NOT NULL CHECK (from_frame_nr >= 0 AND from_frame_nr <= frame_nr),
      to_frame_nr INTEGER NOT NULL CHECK (to_frame_nr >= frame_nr),
      data_json TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX drawings_session ON drawings (session_id, frame_nr, id);
  `);
}
