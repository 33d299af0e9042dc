/**
 * Reference strokes (main/library/reference-strokes.ts): the migration on a database of the
 * version before it, and set / replace / clear / cascade on a real library with ingested analyses.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { migrate, migrateReferenceStrokes, MIGRATIONS, schemaVersion } from '../../main/library/migrations/index.js';
import { createPlayer } from '../../main/library/players.js';
import { deleteSession } from '../../main/library/sessions.js';
import { clearReferenceStroke, getReferenceStroke, listReferenceStrokes, setReferenceStroke } from '../../main/library/reference-strokes.js';
import { fakeClip, ingestInput, tempHome } from './helpers.js';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

/** The schema version the reference-stroke migration leads to (its place in the array + 1). */
const VERSION = MIGRATIONS.indexOf(migrateReferenceStrokes) + 1;

function library(): { db: WritableDb; dir: string } {
  const t = tempHome();
  const db = openLibrary(t.home);
  cleanups.push(t.cleanup, () => db.close());
  return { db, dir: t.home };
}

describe('reference strokes migration', () => {
  it('adds the STRICT table to a database of the version before, keeping its rows', () => {
    expect(VERSION).toBeGreaterThan(1);
    const t = tempHome();
    mkdirSync(join(t.home, 'library'));
    const db = new Database(join(t.home, 'library', 'library.sqlite'));
    cleanups.push(t.cleanup, () => db.close());
    db.pragma('foreign_keys = ON');
    migrate(db, VERSION - 1);
    const now = '2026-11-20T10:00:00.000Z';
    db.prepare(`INSERT INTO players (id, name, dominant_hand, height_mm, created_at) VALUES (1, 'Ana', 'right', 1680, ?)`).run(now);
    db.prepare(
      `INSERT INTO sessions (id, player_id, recorded_at, sport, swing_type, clip_file, clip_sha256, duration_s, fps, width, height, title, notes, created_at)
       VALUES (5, 1, '2026-11-01', 'tennis', 'forehand_drive', 'a.mp4', 'a', 3, 30, 1920, 1080, 'x', '', ?)`,
    ).run(now);
    migrate(db, VERSION);
    expect(schemaVersion(db)).toBe(VERSION);
    expect(db.prepare(`SELECT strict FROM pragma_table_list WHERE name = 'reference_strokes'`).pluck().get()).toBe(1);
    expect(db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(1);
    const ins = db.prepare(`INSERT INTO reference_strokes (player_id, session_id, stroke_index, set_at) VALUES (1, 5, ?, ?)`);
    expect(() => ins.run(-1, now)).toThrow(/CHECK/);
    expect(() => ins.run('first', now)).toThrow(/cannot store TEXT/);
    expect(() => db.prepare(`INSERT INTO reference_strokes (player_id, session_id, set_at) VALUES (1, 99, ?)`).run(now)).toThrow(/FOREIGN KEY/);
    ins.run(null, now);
    db.prepare('DELETE FROM sessions WHERE id = 5').run();
    expect(db.prepare('SELECT count(*) FROM reference_strokes').pluck().get()).toBe(0);
  });
});

describe('reference strokes', () => {
  it('sets, replaces, lists and clears a player reference; refuses what cannot be compared', () => {
    const { db, dir } = library();
    const ana = { name: 'Ana Lopez', dominantHand: 'right' as const, heightMm: 1680 };
    const s1 = ingestAnalysis(db, ingestInput({ uid: 'u1', clip: fakeClip(dir, 'a.mp4'), player: ana }));
    const s2 = ingestAnalysis(db, ingestInput({ uid: 'u2', clip: fakeClip(dir, 'b.mp4'), player: ana, seed: 2 }));
    const model = ingestAnalysis(db, ingestInput({ uid: 'u3', clip: fakeClip(dir, 'c.mp4'), player: { name: 'Model Pro', dominantHand: 'right', heightMm: 1880 }, seed: 3 }));
    const anaId = db.prepare('SELECT player_id FROM sessions WHERE id = ?').pluck().get(s1) as number;
    expect(getReferenceStroke(db, anaId)).toBeNull();

    const r1 = setReferenceStroke(db, anaId, s1);
    expect(r1).toMatchObject({ playerId: anaId, sessionId: s1, strokeIndex: null });
    expect(getReferenceStroke(db, anaId)).toEqual(r1);
    // Replaced (one per player), with a stroke index; another player's stroke may be the model.
    const strokes = db.prepare('SELECT idx FROM strokes WHERE session_id = ? ORDER BY idx').pluck().all(model) as number[];
    expect(strokes.length).toBeGreaterThan(0);
    const last = strokes.at(-1)!;
    expect(setReferenceStroke(db, anaId, model, last)).toMatchObject({ sessionId: model, strokeIndex: last });
    expect(listReferenceStrokes(db).map((r) => [r.playerId, r.sessionId, r.strokeIndex])).toEqual([[anaId, model, last]]);
    expect(() => setReferenceStroke(db, anaId, model, last + 1)).toThrow(`session ${model} has no stroke ${last + 1}`);

    expect(() => setReferenceStroke(db, anaId, 999)).toThrow(/no session with id 999/);
    expect(() => setReferenceStroke(db, 999, s1)).toThrow(/no player with id 999/);
    expect(() => setReferenceStroke(db, anaId, s2, 0)).toThrow(/whole number ≥ 1/);
    expect(() => setReferenceStroke(db, anaId, s2, 0.5)).toThrow(/whole number/);
    const bare = createPlayer(db, { name: 'Bo', dominantHand: 'left', heightMm: 1700 });
    db.prepare('DELETE FROM analyses WHERE session_id = ?').run(s2);
    expect(() => setReferenceStroke(db, bare.id, s2)).toThrow(/no analysed pose/);
    expect(getReferenceStroke(db, anaId)?.sessionId).toBe(model); // refusals changed nothing

    // Deleting the reference session removes the reference.
    deleteSession(db, model);
    expect(getReferenceStroke(db, anaId)).toBeNull();
    setReferenceStroke(db, anaId, s1);
    expect(clearReferenceStroke(db, anaId)).toBe(true);
    expect(clearReferenceStroke(db, anaId)).toBe(false);
    expect(getReferenceStroke(db, anaId)).toBeNull();
  });
});
