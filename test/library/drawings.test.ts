/**
 * Drawings of a session in the library: the migration that adds the table (found by what it
 * creates, not by its number), the stored round trip, replace and undo-delete under the same id,
 * refusals, and removal with the session.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openLibrary, openLibraryReadonly } from '../../main/library/db.js';
import { deleteDrawing, listDrawings, saveDrawing } from '../../main/library/drawings.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { migrate, MIGRATIONS, schemaVersion } from '../../main/library/migrations/index.js';
import { deleteSession } from '../../main/library/sessions.js';
import type { DrawingData } from '../../main/drawings/drawing.js';
import { fakeClip, ingestInput, rawLibraryDb, tempHome } from './helpers.js';

const t = tempHome();
afterAll(t.cleanup);

/** Version that creates the drawings table (its index in MIGRATIONS + 1). */
const DRAWINGS_VERSION = MIGRATIONS.findIndex((m) => m.toString().includes('CREATE TABLE drawings')) + 1;

const angle: DrawingData = {
  kind: 'angle',
  frameNr: 30,
  fromFrameNr: 10,
  toFrameNr: 50,
  points: [{ joint: 1 }, { joint: 2 }, { joint: 3 }],
  text: '',
  colour: '#ffcc00',
  onChart: true,
};

describe('drawings migration', () => {
  it('adds a STRICT drawings table that keeps earlier sessions and cascades from them', () => {
    expect(DRAWINGS_VERSION).toBeGreaterThan(6);
    const db = rawLibraryDb(t.home);
    migrate(db, DRAWINGS_VERSION - 1);
    const now = '2026-11-20T10:00:00.000Z';
    db.prepare(`INSERT INTO players (id, name, dominant_hand, height_mm, created_at) VALUES (1, 'Ana', 'right', 1680, ?)`).run(now);
    db.prepare(
      `INSERT INTO sessions (id, player_id, recorded_at, sport, swing_type, clip_file, clip_sha256, duration_s, fps, width, height, created_at)
       VALUES (1, 1, '2026-11-01', 'tennis', 'forehand_drive', 'a.mp4', 'a', 10, 30, 1920, 1080, ?)`,
    ).run(now);
    migrate(db, DRAWINGS_VERSION);
    expect(schemaVersion(db)).toBe(DRAWINGS_VERSION);
    expect(db.prepare(`SELECT strict FROM pragma_table_list WHERE name = 'drawings'`).pluck().get()).toBe(1);
    const ins = db.prepare(`INSERT INTO drawings (session_id, kind, frame_nr, from_frame_nr, to_frame_nr, data_json, created_at, updated_at) VALUES (1, ?, ?, ?, ?, '{}', ?, ?)`);
    ins.run('angle', 5, 0, 9, now, now);
    expect(() => ins.run('spiral', 5, 0, 9, now, now)).toThrow(/CHECK/);
    expect(() => ins.run('line', 5, 6, 9, now, now)).toThrow(/CHECK/);
    expect(() => ins.run('line', 5, 0, 4, now, now)).toThrow(/CHECK/);
    expect(() => ins.run('line', 'five', 0, 9, now, now)).toThrow(/cannot store TEXT value in INTEGER column/);
    db.prepare('DELETE FROM sessions WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) FROM drawings').pluck().get()).toBe(0);
    db.close();
  });
});

describe('drawings of a session', () => {
  const db = openLibrary(t.home);
  afterAll(() => db.close());
  const a = ingestAnalysis(db, ingestInput({ uid: 'draw-a', clip: fakeClip(t.home, 'a.mp4') }));
  const b = ingestAnalysis(db, ingestInput({ uid: 'draw-b', clip: fakeClip(t.home, 'b.mp4') }));

  it('stores, lists by frame, replaces, and puts a deleted drawing back under its id', () => {
    const line = saveDrawing(db, a, { kind: 'line', frameNr: 40, fromFrameNr: 20, toFrameNr: 60, points: [{ x: 10.5, y: 20 }, { x: 300, y: 20.25 }], text: '', colour: '#00ff00', onChart: false });
    const ang = saveDrawing(db, a, angle);
    expect(ang).toMatchObject({ ...angle, sessionId: a });
    expect(listDrawings(db, a).map((d) => [d.id, d.kind])).toEqual([[ang.id, 'angle'], [line.id, 'line']]);
    expect(listDrawings(db, b)).toEqual([]);

    const moved = saveDrawing(db, a, { ...angle, fromFrameNr: 0, toFrameNr: 59 }, ang.id);
    expect(moved).toMatchObject({ id: ang.id, fromFrameNr: 0, toFrameNr: 59, createdAt: ang.createdAt });
    deleteDrawing(db, a, ang.id);
    expect(listDrawings(db, a).map((d) => d.id)).toEqual([line.id]);
    const back = saveDrawing(db, a, angle, ang.id);
    expect(back.id).toBe(ang.id);
    expect(listDrawings(db, a).find((d) => d.id === ang.id)?.points).toEqual(angle.points);
    expect(listDrawings(openLibraryReadonly(t.home), a)).toHaveLength(2);
  });

  it('refuses bad drawings, unknown sessions and drawings of another session', () => {
    expect(() => saveDrawing(db, a, { ...angle, points: [{ joint: 1 }] })).toThrow(/not a valid drawing: drawing: an angle has 3 points, got 1/);
    expect(() => saveDrawing(db, a, { ...angle, colour: 'yellow' })).toThrow(/colour: colour must be #rrggbb/);
    expect(() => saveDrawing(db, 9999, angle)).toThrow(/no session with id 9999/);
    const [first] = listDrawings(db, a);
    expect(() => saveDrawing(db, b, angle, first!.id)).toThrow(`drawing ${first!.id} belongs to another session`);
    expect(() => deleteDrawing(db, b, first!.id)).toThrow(`session ${b} has no drawing ${first!.id}`);
    expect(listDrawings(db, a)).toHaveLength(2);
  });

  it('goes with its session', () => {
    deleteSession(db, a);
    expect(db.prepare('SELECT count(*) FROM drawings').pluck().get()).toBe(0);
  });
});
