/**
 * A library at EVERY older schema version migrates to the current one with its rows kept: for
 * each k in 1 … SCHEMA_VERSION − 1 a real SQLite file is taken to version k by the first k
 * migrations, filled with the rows a library of that version holds (a player, a session with
 * tags and a thumbnail stored as an absolute path, an analysis with its feature, category,
 * speed series and 2D pose, a tennis task, and whatever tables version k has: jobs, playback
 * proxies, drawings, a reference stroke, strokes, ball candidates), then opened by the current
 * code (openLibrary migrates it) and read back through the query functions.
 * Tables are found by what exists at version k, not by their numbers.
 */
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { listDrawings } from '../../main/library/drawings.js';
import { getJob } from '../../main/library/jobs.js';
import {
  migrate,
  migrateThumbnailNames,
  MIGRATIONS,
  schemaVersion,
  SCHEMA_VERSION,
} from '../../main/library/migrations/index.js';
import { blobOf, poseToRow } from '../../main/library/pose-blob.js';
import { playbackProxyPath } from '../../main/library/proxies.js';
import { getReferenceStroke } from '../../main/library/reference-strokes.js';
import { listSessions } from '../../main/library/sessions.js';
import { getTennisTask } from '../../main/library/tennis-results.js';
import { BALL_SLOTS } from '../../main/pose/ball-candidates.js';
import { syntheticPoseTrack } from '../support/fixtures.js';
import { rawLibraryDb, tempHome } from './helpers.js';

const t = tempHome();
afterAll(t.cleanup);

const now = '2026-11-20T10:00:00.000Z';
/** The version from which thumbnails are stored by file name. */
const THUMBNAIL_NAMES_VERSION = MIGRATIONS.indexOf(migrateThumbnailNames) + 1;

const hasTable = (db: Database.Database, name: string): boolean =>
  db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
const hasColumn = (db: Database.Database, table: string, column: string): boolean =>
  db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get(table, column) !== undefined;

const feature = JSON.stringify({
  feature_name: 'knee_bend',
  feature_human_readable_name: 'Knee bend',
  level: 'advanced',
  score: 70,
  value: 131.5,
  unit: 'deg',
  event: { name: 'ball_contact', frame_nr: 12, timestamp: 0.4, confidence: 0.8 },
});
const category = JSON.stringify({ average_score: 70, feature_count: 1 });

/** The rows a library at `version` holds (tables that version has). */
function fillAtVersion(db: Database.Database, version: number): void {
  db.prepare(
    `INSERT INTO players (id, name, dominant_hand, height_mm, created_at) VALUES (1, 'Ana Lopez', 'right', 1680, ?)`,
  ).run(now);
  const thumbnail =
    version >= THUMBNAIL_NAMES_VERSION ? 'uid-abc.jpg' : '/old/home/library/thumbnails/uid-abc.jpg';
  db.prepare(
    `INSERT INTO sessions (id, player_id, recorded_at, sport, swing_type, clip_file, clip_sha256, duration_s, fps, width, height, title, notes, thumbnail_path, created_at)
     VALUES (1, 1, '2026-11-01T09:00:00', 'tennis', 'backhand_drive', 'a.mp4', 'a', 2, 30, 1920, 1080, 'Serve day', 'elbow drops', ?, ?)`,
  ).run(thumbnail, now);
  if (hasColumn(db, 'sessions', 'capture_fps'))
    db.prepare('UPDATE sessions SET capture_fps = 120 WHERE id = 1').run();
  db.prepare(`INSERT INTO tags (id, name) VALUES (1, 'clay')`).run();
  db.prepare('INSERT INTO session_tags (session_id, tag_id) VALUES (1, 1)').run();
  db.prepare(
    `INSERT INTO analyses (id, session_id, uid, backend, status, overall_score, contact_frame, contact_ts, archive_file, created_at)
     VALUES (1, 1, 'u1', 'local', 'done', 70, 12, 0.4, 'u1.zip', ?)`,
  ).run(now);
  db.prepare(
    `INSERT INTO features (analysis_id, ord, name, score, value, unit, json) VALUES (1, 0, 'knee_bend', 70, 131.5, 'deg', ?)`,
  ).run(feature);
  db.prepare(
    `INSERT INTO feature_categories (analysis_id, name, average_score, feature_count, json) VALUES (1, 'legs', 70, 1, ?)`,
  ).run(category);
  db.prepare(
    `INSERT INTO speed_series (analysis_id, name, unit, plot_values, json) VALUES (1, 'wrist_speed', 'm/s', ?, '{"unit":"m/s"}')`,
  ).run(blobOf(new Float64Array([1, 2.5, 4])));
  const pose = poseToRow(syntheticPoseTrack(2, { frames: 6 }));
  db.prepare(
    `INSERT INTO poses (analysis_id, dims, joints, frames, source_path, frame_nr, timestamps, keypoints, confidences, bbox, box_confidence, present)
     VALUES (1, @dims, @joints, @frames, @source_path, @frame_nr, @timestamps, @keypoints, @confidences, @bbox, @box_confidence, @present)`,
  ).run(pose);
  db.prepare(
    `INSERT INTO tennis_tasks (session_id, task_id, raw_json, created_at) VALUES (1, 't1', '{"task_id":"t1"}', ?)`,
  ).run(now);
  if (hasTable(db, 'jobs')) {
    db.prepare(
      `INSERT INTO jobs (id, kind, state, reason, input_json, session_id, created_at, updated_at) VALUES (1, 'analysis', 'done', '', '{"clip":"a.mp4"}', 1, ?, ?)`,
    ).run(now, now);
  }
  if (hasTable(db, 'playback_proxies')) {
    db.prepare(
      `INSERT INTO playback_proxies (clip_file, proxy_file, reason, created_at) VALUES ('a.mp4', 'a.proxy.mp4', 'HEVC', ?)`,
    ).run(now);
  }
  if (hasTable(db, 'drawings')) {
    db.prepare(
      `INSERT INTO drawings (session_id, kind, frame_nr, from_frame_nr, to_frame_nr, data_json, created_at, updated_at)
       VALUES (1, 'line', 12, 10, 20, '{"points":[{"x":1,"y":2},{"x":3,"y":4}],"text":"","colour":"#00ff00","onChart":false}', ?, ?)`,
    ).run(now, now);
  }
  if (hasTable(db, 'reference_strokes'))
    db.prepare(
      `INSERT INTO reference_strokes (player_id, session_id, stroke_index, set_at) VALUES (1, 1, NULL, ?)`,
    ).run(now);
  if (hasTable(db, 'strokes')) {
    db.prepare(
      `INSERT INTO strokes (analysis_id, session_id, idx, side, two_handed, swing_type, contact_frame, contact_ts, contact_real_s, confidence, is_primary, overall_score, features_json, extra_json)
       VALUES (1, 1, 1, 'backhand', 0, 'backhand_drive', 12, 0.4, 0.1, 0.8, 1, 70, ?, '{"hand_measured":true}')`,
    ).run(`[${feature}]`);
  }
  if (hasTable(db, 'ball_candidates')) {
    db.prepare('INSERT INTO ball_candidates (analysis_id, frames, xy, area) VALUES (1, 2, ?, ?)').run(
      blobOf(new Float32Array(2 * BALL_SLOTS * 2).fill(1)),
      blobOf(new Float32Array(2 * BALL_SLOTS).fill(5)),
    );
  }
}

const COUNTED = [
  'players',
  'sessions',
  'tags',
  'session_tags',
  'analyses',
  'features',
  'feature_categories',
  'speed_series',
  'poses',
  'tennis_tasks',
];

describe('a library at each older version migrates with its rows', () => {
  it('has older versions to test', () => expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(11));

  for (let k = 1; k < SCHEMA_VERSION; k++) {
    it(`from version ${k}`, () => {
      const home = `${t.home}/v${k}`;
      const raw = rawLibraryDb(home, 'library');
      migrate(raw, k);
      expect(schemaVersion(raw)).toBe(k);
      fillAtVersion(raw, k);
      const had = {
        jobs: hasTable(raw, 'jobs'),
        proxies: hasTable(raw, 'playback_proxies'),
        drawings: hasTable(raw, 'drawings'),
        ball: hasTable(raw, 'ball_candidates'),
        reference: hasTable(raw, 'reference_strokes'),
        captureFps: hasColumn(raw, 'sessions', 'capture_fps'),
      };
      raw.close();

      const db = openLibrary(home);
      try {
        expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
        for (const table of COUNTED)
          expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(1);

        const d = getSessionDetail(db, 1);
        expect(d?.player.name).toBe('Ana Lopez');
        expect(d?.session.title).toBe('Serve day');
        expect(d?.session.tags).toEqual(['clay']);
        expect(d?.session.captureFps).toBe(had.captureFps ? 120 : null);
        expect(db.prepare('SELECT thumbnail_path FROM sessions WHERE id = 1').pluck().get()).toBe(
          'uid-abc.jpg',
        );
        expect(d?.analysis?.uid).toBe('u1');
        expect(d?.contact).toEqual({ frameNr: 12, timestamp: 0.4 });
        expect(d?.features.map((f) => [f.feature_name, f.value])).toEqual([['knee_bend', 131.5]]);
        expect(Object.keys(d?.categories ?? {})).toEqual(['legs']);
        expect(d?.wristSpeed?.plot_values).toEqual([1, 2.5, 4]);
        expect(d?.pose2d?.frames).toBe(6);
        expect(d?.tennisTask).not.toBeNull();
        expect(getTennisTask(db, 't1')).not.toBeNull();
        // the strokes table is filled from the analysis by its migration, or held the row stored at k
        expect(
          d?.strokes.map((s) => [s.index, s.side, s.swingType, s.contact.frameNr, s.confidence]),
        ).toEqual([[1, 'backhand', 'backhand_drive', 12, 0.8]]);
        expect(listSessions(db, { text: 'elbow' }).map((s) => s.id)).toEqual([1]);

        expect(getJob(db, 1)?.state ?? null).toBe(had.jobs ? 'done' : null);
        expect(playbackProxyPath(db, 'a.mp4') !== null).toBe(had.proxies);
        expect(listDrawings(db, 1).map((x) => [x.kind, x.frameNr])).toEqual(
          had.drawings ? [['line', 12]] : [],
        );
        expect(getReferenceStroke(db, 1)?.sessionId ?? null).toBe(had.reference ? 1 : null);
        expect(d?.ball?.frames ?? null).toBe(had.ball ? 2 : null);
      } finally {
        db.close();
      }
    });
  }
});
