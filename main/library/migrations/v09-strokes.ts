import type Database from 'better-sqlite3';

/**
 * v9: `strokes`, every stroke of an analysis (main/library/session-strokes.ts). Every stored
 * analysis with a ball contact becomes a one-stroke analysis: the session's swing type and its
 * side, the contact of the analysis (real time = video time × fps / capture_fps), confidence =
 * the contact event's (1 when the event has none), the features, categories and chain peaks.
 */
export function migrateStrokes(db: Database.Database): void {
  db.exec(`
    CREATE TABLE strokes (
      id INTEGER PRIMARY KEY,
      analysis_id INTEGER NOT NULL REFERENCES analyses (id) ON DELETE CASCADE,
      session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      idx INTEGER NOT NULL CHECK (idx >= 1),
      side TEXT NOT NULL CHECK (side IN ('forehand', 'backhand', 'serve')),
      two_handed INTEGER NOT NULL CHECK (two_handed IN (0, 1)),
      swing_type TEXT,
      contact_frame INTEGER NOT NULL CHECK (contact_frame >= 0),
      contact_ts REAL NOT NULL,
      contact_real_s REAL NOT NULL,
      confidence REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
      is_primary INTEGER NOT NULL CHECK (is_primary IN (0, 1)),
      overall_score REAL,
      features_json TEXT NOT NULL,
      extra_json TEXT NOT NULL,
      UNIQUE (analysis_id, idx)
    ) STRICT;
    CREATE INDEX strokes_session ON strokes (session_id, idx);
    CREATE INDEX strokes_side ON strokes (side, swing_type);
    INSERT INTO strokes (analysis_id, session_id, idx, side, two_handed, swing_type, contact_frame, contact_ts, contact_real_s,
                         confidence, is_primary, overall_score, features_json, extra_json)
      SELECT a.id, a.session_id, 1,
             CASE s.swing_type WHEN 'backhand_drive' THEN 'backhand' ELSE 'forehand' END, 0,
             CASE WHEN s.swing_type IN ('forehand_drive', 'backhand_drive') THEN s.swing_type END,
             a.contact_frame, a.contact_ts, a.contact_ts * COALESCE(s.fps / s.capture_fps, 1),
             MIN(1, MAX(0, COALESCE((SELECT json_extract(f.json, '$.event.confidence') FROM features f
                              WHERE f.analysis_id = a.id AND json_extract(f.json, '$.event.name') LIKE '%contact%' ORDER BY f.ord LIMIT 1), 1))),
             1, a.overall_score,
             COALESCE((SELECT json_group_array(json(x.json)) FROM (SELECT json FROM features WHERE analysis_id = a.id ORDER BY ord) x), '[]'),
             json_object(
               'hand_measured', json(COALESCE((SELECT CASE json_extract(f.json, '$.event.hand_measured') WHEN 0 THEN 'false' ELSE 'true' END
                                      FROM features f WHERE f.analysis_id = a.id AND json_extract(f.json, '$.event.name') LIKE '%contact%'
                                      ORDER BY f.ord LIMIT 1), 'true')),
               'feature_categories', json(COALESCE((SELECT json_group_object(name, json(json)) FROM feature_categories WHERE analysis_id = a.id), '{}')))
      FROM analyses a JOIN sessions s ON s.id = a.session_id
      WHERE a.contact_frame IS NOT NULL AND a.contact_ts IS NOT NULL AND a.contact_frame >= 0;
  `);
}
