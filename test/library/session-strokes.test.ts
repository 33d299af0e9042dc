/**
 * Strokes in the library (issue 11): the migration that makes every stored analysis a
 * one-stroke analysis (found by what it creates, not by its number), strokes stored with an
 * ingested result, the session detail's strokes and consistency, a recompute replacing them,
 * and the player's per-stroke history.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReadableDb } from '../../main/library/db.js';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { playerStrokeHistory } from '../../main/library/history.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { migrate, MIGRATIONS, schemaVersion } from '../../main/library/migrations/index.js';
import { strokesOfAnalysis } from '../../main/library/session-strokes.js';
import type { Feature, Stroke } from '../../main/contract/technique-schema.js';
import { fakeClip, ingestInput, rawLibraryDb, tempHome } from './helpers.js';

const t = tempHome();
afterAll(t.cleanup);

/** Version that creates the strokes table (its index in MIGRATIONS + 1). */
const STROKES_VERSION = MIGRATIONS.findIndex((m) => m.toString().includes('CREATE TABLE strokes (')) + 1;

const feature = (name: string, value: number, score: number, event: Record<string, unknown>) =>
  JSON.stringify({ feature_name: name, feature_human_readable_name: name, level: 'advanced', score, value, unit: 'deg', event });

describe('strokes migration', () => {
  it('turns each stored analysis with a ball contact into one stroke, from its stored result', () => {
    expect(STROKES_VERSION).toBeGreaterThan(7);
    const db = rawLibraryDb(t.home);
    migrate(db, STROKES_VERSION - 1);
    const now = '2026-11-20T10:00:00.000Z';
    db.prepare(`INSERT INTO players (id, name, dominant_hand, height_mm, created_at) VALUES (1, 'Ana', 'right', 1680, ?)`).run(now);
    const session = db.prepare(
      `INSERT INTO sessions (id, player_id, recorded_at, sport, swing_type, clip_file, clip_sha256, duration_s, fps, width, height, created_at, capture_fps)
       VALUES (?, 1, '2026-11-01', 'tennis', ?, 'a.mp4', 'a', 10, 30, 1920, 1080, ?, ?)`,
    );
    session.run(1, 'backhand_drive', now, 120); // slowed 4×
    session.run(2, 'forehand_drive', now, null);
    const analysis = db.prepare(
      `INSERT INTO analyses (id, session_id, uid, backend, status, overall_score, contact_frame, contact_ts, archive_file, created_at)
       VALUES (?, ?, ?, 'local', 'done', ?, ?, ?, 'x.zip', ?)`,
    );
    analysis.run(10, 1, 'u10', 62.5, 60, 2.0, now);
    analysis.run(11, 2, 'u11', null, null, null, now); // no contact: no stroke
    const ins = db.prepare('INSERT INTO features (analysis_id, ord, name, score, value, unit, json) VALUES (10, ?, ?, ?, ?, ?, ?)');
    ins.run(0, 'unit_turn', 50, 80, 'deg', feature('unit_turn', 80, 50, { name: 'backswing_end', timestamp: 1.5, frame_nr: 45, confidence: 0.4 }));
    ins.run(1, 'knee_flexion_at_contact', 75, 30, 'deg', feature('knee_flexion_at_contact', 30, 75, { name: 'ball_contact', timestamp: 2, frame_nr: 60, confidence: 0.8, hand_measured: false }));
    db.prepare(`INSERT INTO feature_categories (analysis_id, name, average_score, feature_count, json) VALUES (10, 'balance', 75, 1, '{"average_score":75,"feature_count":1,"features":["knee_flexion_at_contact"]}')`).run();

    migrate(db);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(db.prepare(`SELECT strict FROM pragma_table_list WHERE name = 'strokes'`).pluck().get()).toBe(1);
    const strokes = strokesOfAnalysis(db as ReadableDb, 10);
    expect(strokes).toEqual([
      {
        index: 1,
        side: 'backhand',
        twoHanded: false,
        swingType: 'backhand_drive',
        contact: { frameNr: 60, timestamp: 2, realTime: 0.5 },
        confidence: 0.8,
        handMeasured: false,
        overallScore: 62.5,
        features: [JSON.parse(feature('unit_turn', 80, 50, { name: 'backswing_end', timestamp: 1.5, frame_nr: 45, confidence: 0.4 })), JSON.parse(feature('knee_flexion_at_contact', 30, 75, { name: 'ball_contact', timestamp: 2, frame_nr: 60, confidence: 0.8, hand_measured: false }))],
        categories: { balance: { average_score: 75, feature_count: 1, features: ['knee_flexion_at_contact'] } },
        kineticChain: null,
        events: [],
        leftOut: [],
        primary: true,
        cameraView: null, // stored before views were estimated: unknown
        contactSource: 'detected', // v13: no ball time in a stored request
      },
    ]);
    expect(strokesOfAnalysis(db as ReadableDb, 11)).toEqual([]);
    // A stroke row follows its session out.
    db.prepare('DELETE FROM analyses WHERE session_id = 1').run();
    expect(db.prepare('SELECT count(*) FROM strokes').pluck().get()).toBe(0);
    expect(() => db.prepare(`INSERT INTO strokes (analysis_id, session_id, idx, side, two_handed, contact_frame, contact_ts, contact_real_s, confidence, is_primary, features_json, extra_json)
      VALUES (11, 2, 1, 'lob', 0, 1, 0.1, 0.1, 0.5, 1, '[]', '{}')`).run()).toThrow(/CHECK/);
    db.close();
  });
});

/** A stroke of a synthetic result: the done line's features with another contact and scores shifted. */
function strokeOf(features: Feature[], index: number, frame: number, shift: number, side: Stroke['side'] = 'forehand'): Stroke {
  const fs = features.map((f) => ({ ...f, value: f.value + shift }));
  return {
    index,
    side,
    two_handed: false,
    swing_type: side === 'serve' ? null : `${side}_drive` as Stroke['swing_type'],
    contact: { frame_nr: frame, timestamp: frame / 30, real_time: frame / 30 },
    confidence: 0.9,
    hand_measured: true,
    features: side === 'forehand' ? fs : [],
    feature_categories: {},
    ...(side === 'forehand' ? { overall_score: 50 + index } : {}),
    kinetic_chain: { hip: { peak_index: frame - 3, peak_speed: 300, unit: 'deg/s' }, shoulder: { peak_index: frame - 2, peak_speed: 500, unit: 'deg/s' }, wrist: { peak_index: frame, peak_speed: 8, unit: 'm/s' } },
  };
}

describe('strokes of ingested analyses', () => {
  const db = openLibrary(join(t.home, 'lib'));
  afterAll(() => db.close());
  const clipDir = join(t.home, 'clips-src');
  mkdirSync(clipDir, { recursive: true });

  it('a result without strokes (the vendor) is stored as one stroke: the analysed one', () => {
    const input = ingestInput({ uid: 'plain', clip: fakeClip(clipDir, 'a.mp4') });
    const id = ingestAnalysis(db, input);
    const d = getSessionDetail(db, id)!;
    expect(d.strokes).toHaveLength(1);
    expect(d.strokes[0]).toMatchObject({ index: 1, side: 'forehand', swingType: 'forehand_drive', primary: true, contact: { frameNr: d.contact!.frameNr, timestamp: d.contact!.timestamp } });
    expect(d.strokes[0]!.features).toEqual(input.analysis.result.features);
    expect(d.consistency.every((c) => c.n === 1 && c.sd === 0)).toBe(true);
  });

  it('a result with strokes keeps them all; detail gives their consistency; history per session with spread', () => {
    const input = ingestInput({ uid: 'many', clip: fakeClip(clipDir, 'b.mp4'), swingType: 'forehand_drive' });
    const features = input.analysis.result.features;
    const strokes = [strokeOf(features, 1, 10, 0), strokeOf(features, 2, 25, 0, 'backhand'), strokeOf(features, 3, 40, 2)];
    const id = ingestAnalysis(db, { ...input, analysis: { ...input.analysis, result: { ...input.analysis.result, strokes, stroke_index: 3 } } });
    const d = getSessionDetail(db, id)!;
    expect(d.strokes.map((s) => [s.index, s.side, s.primary, s.features.length > 0, s.overallScore])).toEqual([
      [1, 'forehand', false, true, 51],
      [2, 'backhand', false, false, null],
      [3, 'forehand', true, true, 53],
    ]);
    expect(d.strokes[2]!.kineticChain!.wrist).toEqual({ peak_index: 40, peak_speed: 8, unit: 'm/s' });
    // Two forehands whose values differ by 2: mean = value + 1, sample SD = √2 ≈ 1.414.
    const first = d.consistency[0]!;
    expect(first).toMatchObject({ feature: features[0]!.feature_name, n: 2, mean: Math.round((features[0]!.value + 1) * 1000) / 1000, sd: 1.414 });
    // The result's strokes are stored once: in their table, not again in the result extras.
    expect(db.prepare('SELECT result_extras_json FROM analyses WHERE session_id = ?').pluck().get(id)).not.toContain('"strokes"');

    const h = playerStrokeHistory(db, d.player.id, { featureName: features[0]!.feature_name });
    const mine = h.filter((p) => p.sessionId === id);
    expect(mine).toEqual([
      expect.objectContaining({ side: 'forehand', n: 2, sd: 1.414, mean: first.mean, swingType: 'forehand_drive' }),
    ]);
    expect(playerStrokeHistory(db, d.player.id, { side: 'backhand' })).toEqual([]);
  });

  it('each stroke keeps its camera view (columns camera_view, camera_heading_deg); a stroke without one reads unknown', () => {
    const input = ingestInput({ uid: 'views', clip: fakeClip(clipDir, 'c.mp4'), swingType: 'forehand_drive' });
    const features = input.analysis.result.features;
    const strokes: Stroke[] = [{ ...strokeOf(features, 1, 10, 0), camera_view: { view: 'behind', heading_deg: 168 } }, strokeOf(features, 2, 40, 1)];
    const id = ingestAnalysis(db, { ...input, analysis: { ...input.analysis, result: { ...input.analysis.result, strokes, stroke_index: 1 } } });
    const d = getSessionDetail(db, id)!;
    expect(d.strokes.map((s) => s.cameraView)).toEqual([{ view: 'behind', heading_deg: 168 }, null]);
    expect(db.prepare('SELECT camera_view, camera_heading_deg FROM strokes WHERE session_id = ? ORDER BY idx').raw().all(id)).toEqual([['behind', 168], [null, null]]);
    // Stored once, in its columns, not again in the stroke's extra JSON.
    expect(db.prepare('SELECT extra_json FROM strokes WHERE session_id = ? AND idx = 1').pluck().get(id)).not.toContain('camera_view');
  });
});
