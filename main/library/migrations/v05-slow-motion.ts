import type Database from 'better-sqlite3';

/**
 * v5: slow motion. `sessions.capture_fps`: the frame rate the camera recorded at, frames/s, as
 * the coach gave it (NULL = real time, what every earlier session was analysed as).
 * `analyses.request_json`: the technique metadata the analysis ran with (API.md request
 * metadata, with our `capture_fps`), so a recompute from the stored pose repeats it (NULL for
 * earlier analyses: rebuilt from the session and player). `analyses.result_extras_json`: the
 * result's fields that have no table of their own (`capture_fps`, `slow_motion_guess`,
 * `distinct_images_per_second`, `features_left_out`, unknown vendor fields); '{}' before v5.
 */
export function migrateToVersion5(db: Database.Database): void {
  db.exec(`
    ALTER TABLE sessions ADD COLUMN capture_fps REAL CHECK (capture_fps IS NULL OR capture_fps > 0);
    ALTER TABLE analyses ADD COLUMN request_json TEXT;
    ALTER TABLE analyses ADD COLUMN result_extras_json TEXT NOT NULL DEFAULT '{}';
  `);
}
