import type Database from 'better-sqlite3';

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
