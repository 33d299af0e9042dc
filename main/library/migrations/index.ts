/**
 * Numbered schema migrations (Signal-Desktop style): one function per version, every pending one
 * run in ONE transaction that ends with `PRAGMA user_version = N`, so a crash leaves the old
 * schema or the new one. Tables are STRICT. A database newer than the code is refused with
 * {@link LibraryTooNewError}. Never edit a shipped migration: add the next one.
 */
import type Database from 'better-sqlite3';
import { LibraryTooNewError } from './errors.js';
import { runMigrations, schemaVersion } from './migration-runner.js';
import { migrateReferenceStrokes } from './reference-strokes.js';
import { migrateStrokes } from './session-strokes.js';
import { migrateBallCandidates } from './ball-rows.js';
import { migrateThumbnailNames } from './thumbnail-names.js';

/**
 * v1: players, sessions, tags, analyses and what they measured (features, categories, speed
 * series, pose blobs), tennis tasks.
 */
export function migrateToVersion1(db: Database.Database): void {
  db.exec(`
    CREATE TABLE players (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL CHECK (length(trim(name)) > 0),
      dominant_hand TEXT NOT NULL CHECK (dominant_hand IN ('left', 'right')),
      height_mm REAL NOT NULL CHECK (height_mm > 0),
      notes TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX players_name ON players (name COLLATE NOCASE);

    CREATE TABLE sessions (
      id INTEGER PRIMARY KEY,
      player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE RESTRICT,
      recorded_at TEXT NOT NULL,
      sport TEXT NOT NULL,
      swing_type TEXT NOT NULL,
      clip_file TEXT NOT NULL,
      clip_sha256 TEXT NOT NULL,
      duration_s REAL NOT NULL,
      fps REAL NOT NULL,
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      title TEXT NOT NULL DEFAULT '',
      notes TEXT NOT NULL DEFAULT '',
      thumbnail_path TEXT,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX sessions_recorded ON sessions (recorded_at, id);
    CREATE INDEX sessions_player_recorded ON sessions (player_id, recorded_at, id);
    CREATE INDEX sessions_clip ON sessions (clip_file);

    CREATE TABLE tags (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL CHECK (length(trim(name)) > 0)
    ) STRICT;
    CREATE UNIQUE INDEX tags_name ON tags (name COLLATE NOCASE);
    CREATE TABLE session_tags (
      session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
      PRIMARY KEY (session_id, tag_id)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX session_tags_tag ON session_tags (tag_id, session_id);

    CREATE TABLE analyses (
      id INTEGER PRIMARY KEY,
      session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      uid TEXT NOT NULL UNIQUE,
      backend TEXT NOT NULL CHECK (backend IN ('local', 'remote')),
      status TEXT NOT NULL CHECK (status IN ('done', 'error', 'failed')),
      pipeline_version TEXT NOT NULL DEFAULT '',
      compute_version TEXT NOT NULL DEFAULT '',
      warnings_json TEXT NOT NULL DEFAULT '[]',
      errors_json TEXT NOT NULL DEFAULT '[]',
      upload_s REAL,
      analysis_s REAL,
      store_s REAL,
      overall_score REAL,
      contact_frame INTEGER,
      contact_ts REAL,
      archive_file TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX analyses_session ON analyses (session_id, id);

    CREATE TABLE features (
      id INTEGER PRIMARY KEY,
      analysis_id INTEGER NOT NULL REFERENCES analyses (id) ON DELETE CASCADE,
      ord INTEGER NOT NULL,
      name TEXT NOT NULL,
      score REAL NOT NULL,
      value REAL NOT NULL,
      unit TEXT,
      json TEXT NOT NULL
    ) STRICT;
    CREATE INDEX features_analysis ON features (analysis_id, ord);
    CREATE INDEX features_name ON features (name, analysis_id);

    CREATE TABLE feature_categories (
      analysis_id INTEGER NOT NULL REFERENCES analyses (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      average_score REAL NOT NULL,
      feature_count INTEGER NOT NULL,
      json TEXT NOT NULL,
      PRIMARY KEY (analysis_id, name)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE speed_series (
      analysis_id INTEGER NOT NULL REFERENCES analyses (id) ON DELETE CASCADE,
      name TEXT NOT NULL CHECK (name IN ('hip', 'shoulder', 'wrist', 'wrist_speed')),
      unit TEXT,
      plot_values BLOB,
      json TEXT NOT NULL,
      PRIMARY KEY (analysis_id, name)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE poses (
      analysis_id INTEGER NOT NULL REFERENCES analyses (id) ON DELETE CASCADE,
      dims INTEGER NOT NULL CHECK (dims IN (2, 3)),
      joints INTEGER NOT NULL,
      frames INTEGER NOT NULL,
      source_path TEXT NOT NULL,
      frame_nr BLOB NOT NULL,
      timestamps BLOB NOT NULL,
      keypoints BLOB NOT NULL,
      confidences BLOB NOT NULL,
      bbox BLOB NOT NULL,
      box_confidence BLOB NOT NULL,
      present BLOB NOT NULL,
      PRIMARY KEY (analysis_id, dims)
    ) STRICT;

    CREATE TABLE tennis_tasks (
      id INTEGER PRIMARY KEY,
      session_id INTEGER REFERENCES sessions (id) ON DELETE CASCADE,
      task_id TEXT NOT NULL UNIQUE,
      raw_json TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX tennis_tasks_session ON tennis_tasks (session_id, id);
  `);
}

/**
 * v2: full-text search over session title, notes and player name (FTS5, unicode61 tokenizer
 * without diacritics), kept in step by triggers and filled from existing rows.
 */
export function migrateToVersion2(db: Database.Database): void {
  db.exec(`
    CREATE VIRTUAL TABLE session_search USING fts5 (title, notes, player_name, tokenize = 'unicode61 remove_diacritics 2');
    INSERT INTO session_search (rowid, title, notes, player_name)
      SELECT s.id, s.title, s.notes, p.name FROM sessions s JOIN players p ON p.id = s.player_id;
    CREATE TRIGGER sessions_search_insert AFTER INSERT ON sessions BEGIN
      INSERT INTO session_search (rowid, title, notes, player_name)
        VALUES (new.id, new.title, new.notes, (SELECT name FROM players WHERE id = new.player_id));
    END;
    CREATE TRIGGER sessions_search_update AFTER UPDATE OF title, notes, player_id ON sessions BEGIN
      DELETE FROM session_search WHERE rowid = old.id;
      INSERT INTO session_search (rowid, title, notes, player_name)
        VALUES (new.id, new.title, new.notes, (SELECT name FROM players WHERE id = new.player_id));
    END;
    CREATE TRIGGER sessions_search_delete AFTER DELETE ON sessions BEGIN
      DELETE FROM session_search WHERE rowid = old.id;
    END;
    CREATE TRIGGER players_search_rename AFTER UPDATE OF name ON players WHEN old.name IS NOT new.name BEGIN
      UPDATE session_search SET player_name = new.name
        WHERE rowid IN (SELECT id FROM sessions WHERE player_id = new.id);
    END;
  `);
}

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

/**
 * v6: playback proxies. A clip the app's Chromium cannot decode (main/media/chromium-playable.ts)
 * gets an H.264 MP4 copy for the session page (main/library/playback-proxy.ts); the original
 * stays the clip of record for analysis and exports. One row per stored clip (`clip_file`, shared
 * by the sessions with the same bytes): the proxy's file name in the clips folder and why it was
 * made. Rows are removed with the last session of their clip (sessions.ts deleteSession).
 */
export function migrateToVersion6(db: Database.Database): void {
  db.exec(`
    CREATE TABLE playback_proxies (
      clip_file TEXT PRIMARY KEY,
      proxy_file TEXT NOT NULL UNIQUE,
      reason TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
  `);
}

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

/** Every migration, index i migrating to version i + 1. */
export const MIGRATIONS: ReadonlyArray<(db: Database.Database) => void> = [migrateToVersion1, migrateToVersion2, migrateToVersion3, migrateToVersion4, migrateToVersion5, migrateToVersion6, migrateToVersion7, migrateReferenceStrokes, migrateStrokes, migrateBallCandidates, migrateThumbnailNames];

/** Schema version this code writes (the highest migration). */
export const SCHEMA_VERSION = MIGRATIONS.length;

export { schemaVersion };

/**
 * Runs every migration between the database's version and `target` (default: the latest) in
 * one IMMEDIATE transaction ending with `PRAGMA user_version = target` (migration-runner.ts).
 * @returns the version before migrating.
 * @throws LibraryTooNewError when the database is newer than this code.
 */
export function migrate(db: Database.Database, target: number = SCHEMA_VERSION): number {
  return runMigrations(db, MIGRATIONS, (found, known) => new LibraryTooNewError(found, known), target);
}
