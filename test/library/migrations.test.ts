import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openLibrary, openLibraryReadonly } from '../../main/library/db.js';
import { LibraryTooNewError } from '../../main/library/errors.js';
import { listSessionsSql } from '../../main/library/sessions.js';
import { migrate, schemaVersion, SCHEMA_VERSION } from '../../main/library/migrations/index.js';
import { libraryPaths } from '../../main/library/paths.js';
import { rawLibraryDb, tempHome } from './helpers.js';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

function rawDb(): Database.Database {
  const t = tempHome();
  const db = rawLibraryDb(t.home, 'library');
  cleanups.push(() => db.close(), t.cleanup);
  return db;
}

function tables(db: Database.Database): Array<{ name: string; strict: number }> {
  return db.prepare(`SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%' AND type = 'table' ORDER BY name`).all() as Array<{ name: string; strict: number }>;
}

const now = '2026-11-20T10:00:00.000Z';

describe('migrations', () => {
  it('v1 creates the STRICT core tables', () => {
    const db = rawDb();
    expect(migrate(db, 1)).toBe(0);
    expect(schemaVersion(db)).toBe(1);
    const t = tables(db);
    expect(t.map((x) => x.name)).toEqual(['analyses', 'feature_categories', 'features', 'players', 'poses', 'session_tags', 'sessions', 'speed_series', 'tags', 'tennis_tasks']);
    expect(t.every((x) => x.strict === 1)).toBe(true);
    db.prepare(`INSERT INTO players (name, dominant_hand, height_mm, created_at) VALUES ('Ana', 'right', 1680, ?)`).run(now);
    expect(() => db.prepare(`INSERT INTO players (name, dominant_hand, height_mm, created_at) VALUES ('ANA', 'left', 1700, ?)`).run(now)).toThrow(/UNIQUE/);
    expect(() => db.prepare(`INSERT INTO players (name, dominant_hand, height_mm, created_at) VALUES ('Bo', 'both', 1700, ?)`).run(now)).toThrow(/CHECK/);
    expect(() => db.prepare(`INSERT INTO players (name, dominant_hand, height_mm, created_at) VALUES ('Bo', 'left', 'tall', ?)`).run(now)).toThrow(/cannot store TEXT value in REAL column/);
  });

  it('v2 adds session search, filled from existing rows and kept in step by triggers', () => {
    const db = rawDb();
    migrate(db, 1);
    db.prepare(`INSERT INTO players (id, name, dominant_hand, height_mm, created_at) VALUES (1, 'Ana Lopez', 'right', 1680, ?)`).run(now);
    const insSession = db.prepare(
      `INSERT INTO sessions (player_id, recorded_at, sport, swing_type, clip_file, clip_sha256, duration_s, fps, width, height, title, notes, created_at)
       VALUES (1, '2026-11-01', 'tennis', 'forehand_drive', 'a.mp4', 'a', 10, 30, 1920, 1080, ?, ?, ?)`,
    );
    insSession.run('Serve day', 'elbow drops', now);
    migrate(db, 2);
    expect(schemaVersion(db)).toBe(2);
    const match = (q: string) => db.prepare('SELECT rowid FROM session_search WHERE session_search MATCH ?').pluck().all(q);
    expect(match('elbow')).toEqual([1]);
    expect(match('lopez')).toEqual([1]);
    insSession.run('Backhand', 'footwork', now);
    expect(match('footwork')).toEqual([2]);
    db.prepare(`UPDATE players SET name = 'Ana Garcia' WHERE id = 1`).run();
    expect(match('garcia')).toEqual([1, 2]);
    db.prepare('DELETE FROM sessions WHERE id = 1').run();
    expect(match('garcia')).toEqual([2]);
  });

  it('v3 adds the job queue table', () => {
    const db = rawDb();
    migrate(db, 2);
    migrate(db, 3);
    expect(schemaVersion(db)).toBe(3);
    expect(tables(db).find((t) => t.name === 'jobs')).toEqual({ name: 'jobs', strict: 1 });
    db.prepare(`INSERT INTO jobs (kind, state, input_json, created_at, updated_at) VALUES ('analysis', 'queued', '{}', ?, ?)`).run(now, now);
    expect(() => db.prepare(`INSERT INTO jobs (kind, state, input_json, created_at, updated_at) VALUES ('analysis', 'paused', '{}', ?, ?)`).run(now, now)).toThrow(/CHECK/);
  });

  it('v4 allows cancelled jobs and turns v3 cancels (failed + "cancelled by the user") into them', () => {
    const db = rawDb();
    migrate(db, 3);
    const ins = db.prepare(`INSERT INTO jobs (kind, state, reason, input_json, created_at, updated_at) VALUES ('analysis', ?, ?, '{}', ?, ?)`);
    ins.run('failed', 'cancelled by the user', now, now);
    ins.run('failed', 'server answered 500', now, now);
    ins.run('queued', '', now, now);
    migrate(db, 4);
    expect(schemaVersion(db)).toBe(4);
    expect(db.prepare('SELECT id, state, reason FROM jobs ORDER BY id').all()).toEqual([
      { id: 1, state: 'cancelled', reason: 'cancelled by the user' },
      { id: 2, state: 'failed', reason: 'server answered 500' },
      { id: 3, state: 'queued', reason: '' },
    ]);
    expect(tables(db).find((t) => t.name === 'jobs')).toEqual({ name: 'jobs', strict: 1 });
    expect(() => ins.run('paused', '', now, now)).toThrow(/CHECK/);
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'jobs'`).pluck().all()).toEqual(['jobs_state']);
  });

  it('v5 adds the capture frame rate (NULL = real time for existing sessions), the request and the result extras', () => {
    const db = rawDb();
    migrate(db, 4);
    db.prepare(`INSERT INTO players (id, name, dominant_hand, height_mm, created_at) VALUES (1, 'Ana', 'right', 1680, ?)`).run(now);
    const insSession = db.prepare(
      `INSERT INTO sessions (player_id, recorded_at, sport, swing_type, clip_file, clip_sha256, duration_s, fps, width, height, created_at)
       VALUES (1, '2026-11-01', 'tennis', 'forehand_drive', 'a.mp4', 'a', 10, 30, 1920, 1080, ?)`,
    );
    insSession.run(now);
    db.prepare(`INSERT INTO analyses (session_id, uid, backend, status, archive_file, created_at) VALUES (1, 'u1', 'local', 'done', 'u1.zip', ?)`).run(now);
    migrate(db, 5);
    expect(schemaVersion(db)).toBe(5);
    expect(db.prepare('SELECT capture_fps FROM sessions WHERE id = 1').pluck().get()).toBeNull();
    expect(db.prepare('SELECT request_json, result_extras_json FROM analyses WHERE id = 1').get()).toEqual({ request_json: null, result_extras_json: '{}' });
    db.prepare('UPDATE sessions SET capture_fps = 240 WHERE id = 1').run();
    expect(db.prepare('SELECT capture_fps FROM sessions WHERE id = 1').pluck().get()).toBe(240);
    expect(() => db.prepare('UPDATE sessions SET capture_fps = 0 WHERE id = 1').run()).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE sessions SET capture_fps = 'fast' WHERE id = 1`).run()).toThrow(/cannot store TEXT value in REAL column/);
    expect(tables(db).every((x) => x.strict === 1)).toBe(true);
  });

  it('runs all pending migrations in one transaction: a failing one leaves the old version', () => {
    const db = rawDb();
    migrate(db, 1);
    db.exec('CREATE TABLE jobs (x INTEGER) STRICT'); // makes v3 fail after v2 ran
    expect(() => migrate(db)).toThrow(/already exists/);
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db).some((t) => t.name === 'session_search')).toBe(false);
  });

  it('refuses a database newer than the code', () => {
    const t = tempHome();
    cleanups.push(t.cleanup);
    openLibrary(t.home).close();
    const db = new Database(libraryPaths(t.home).dbPath);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openLibrary(t.home)).toThrow(LibraryTooNewError);
    expect(() => openLibraryReadonly(t.home)).toThrow(`schema version ${SCHEMA_VERSION + 1}, this Swing Studio knows up to ${SCHEMA_VERSION}`);
  });

  it('opens with WAL, foreign keys and a busy timeout', () => {
    const t = tempHome();
    cleanups.push(t.cleanup);
    const db = openLibrary(t.home);
    cleanups.push(() => db.close());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
  });
});

describe('query plans of hot queries', () => {
  function plan(db: Database.Database, sql: string, params: unknown[]): string {
    return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail).join('\n');
  }

  it('use the intended indexes', () => {
    const t = tempHome();
    cleanups.push(t.cleanup);
    const db = openLibrary(t.home);
    cleanups.push(() => db.close());
    const all = listSessionsSql({});
    expect(plan(db, all.sql, all.params)).toMatch(/SCAN s USING COVERING INDEX sessions_recorded/);
    const byTag = listSessionsSql({ tag: 'serve', text: 'elbow' });
    expect(plan(db, byTag.sql, byTag.params)).toMatch(/SCAN s USING COVERING INDEX sessions_recorded[\s\S]*SEARCH st USING COVERING INDEX session_tags_tag \(tag_id=\?\)/);
    const byPlayer = listSessionsSql({ playerId: 1 });
    expect(plan(db, byPlayer.sql, byPlayer.params)).toMatch(/SEARCH s USING COVERING INDEX sessions_player_recorded \(player_id=\?\)/);
    const p = plan(db, all.sql, all.params);
    expect(p).toMatch(/SEARCH a USING (COVERING )?INDEX analyses_session \(session_id=\?\)/);
    expect(p).toMatch(/SEARCH st USING PRIMARY KEY \(session_id=\?\)/);
    expect(plan(db, 'SELECT id, json FROM features WHERE analysis_id = ? ORDER BY ord', [1])).toMatch(/SEARCH features USING INDEX features_analysis \(analysis_id=\?\)/);
    expect(plan(db, 'SELECT session_id FROM analyses WHERE uid = ?', ['x'])).toMatch(/SEARCH analyses USING INDEX sqlite_autoindex_analyses_1 \(uid=\?\)/);
    expect(plan(db, 'SELECT 1 FROM sessions WHERE clip_file = ? LIMIT 1', ['a'])).toMatch(/SEARCH sessions USING COVERING INDEX sessions_clip \(clip_file=\?\)/);
    expect(plan(db, `SELECT id FROM jobs WHERE state = 'queued' ORDER BY id LIMIT 1`, [])).toMatch(/SEARCH jobs USING COVERING INDEX jobs_state \(state=\?\)/);
  });
});
