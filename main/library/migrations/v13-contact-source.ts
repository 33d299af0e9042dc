/**
 * The migration that stores where each stroke's contact came from (issue 27 "Coach in the
 * loop"): `strokes.contact_source` — 'detected' (the stroke detector's), 'ball' (the ball time
 * the analysis was given: `analyze --ball-time`, the app's ball contact) or 'coach' (set by a
 * correction, main/library/stroke-corrections.ts). Strokes stored before are 'ball' for the
 * analysed stroke of an analysis whose stored request has a `ball_timestamp`, else 'detected'.
 * Version 13 of the library (index.ts).
 */
import type Database from 'better-sqlite3';

/** v13: adds `strokes.contact_source` and fills it as known (inside the migration's transaction). */
export function migrateContactSource(db: Database.Database): void {
  db.exec(`
    ALTER TABLE strokes ADD COLUMN contact_source TEXT NOT NULL DEFAULT 'detected' CHECK (contact_source IN ('detected', 'ball', 'coach'));
    UPDATE strokes SET contact_source = 'ball'
      WHERE is_primary = 1 AND analysis_id IN (
        SELECT id FROM analyses WHERE request_json IS NOT NULL AND json_extract(request_json, '$.ball_timestamp') IS NOT NULL);
  `);
}
