/**
 * Ball candidates in the library (ball-rows.ts): the migration that adds their table (found by
 * what it creates), candidates stored from a done line's `ball_candidates` (our extra) or given
 * as arrays, ones that do not fit the pose left out with a warning, a foreign shape of the field
 * dropped by the contract, and a recompute judging the swings with the stored ball.
 */
import { join } from 'node:path';
import { warningText } from '../../main/contract/warning.js';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import { DoneLine, type TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { loadBallCandidates } from '../../main/library/ball-rows.js';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { migrate, MIGRATIONS } from '../../main/library/migrations/index.js';
import { setCaptureFps } from '../../main/library/recompute.js';
import { BALL_SLOTS, ballFromJson, ballToJson, emptyBallCandidates, type BallCandidates } from '../../main/pose/ball-candidates.js';
import { J } from '../../main/pose/h36m.js';
import { synthTracks } from '../analysis/support/synthetic.js';
import { fakeClip, ingestInput, rawLibraryDb, tempHome } from './helpers.js';

const t = tempHome();
afterAll(t.cleanup);

/** Version that creates the ball_candidates table. */
const BALL_VERSION = MIGRATIONS.findIndex((m) => m.toString().includes('CREATE TABLE ball_candidates (')) + 1;

function candidates(frames: number, blobs: [number, number, number, number][]): BallCandidates {
  const c = emptyBallCandidates(frames);
  const used = new Map<number, number>();
  for (const [f, x, y, area] of blobs) {
    const s = used.get(f) ?? 0;
    used.set(f, s + 1);
    c.xy.set([x, y], (f * BALL_SLOTS + s) * 2);
    c.area[f * BALL_SLOTS + s] = area;
  }
  return c;
}

describe('ball candidates migration and storage', () => {
  it('adds an empty table to a library of the version before', () => {
    expect(BALL_VERSION).toBeGreaterThan(9);
    const db = rawLibraryDb(t.home);
    migrate(db, BALL_VERSION - 1);
    expect(db.prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'ball_candidates'`).pluck().get()).toBe(0);
    migrate(db, BALL_VERSION);
    expect(db.prepare('SELECT count(*) FROM ball_candidates').pluck().get()).toBe(0);
    db.close();
  });

  it("stores a done line's ball_candidates with the analysis, as the JSON said", () => {
    const db = openLibrary(join(t.home, 'lib1'));
    const input = ingestInput({ uid: 'ball-json', clip: fakeClip(t.home, 'a.mp4') });
    const c = candidates(60, [
      [3, 100.5, 200.25, 12],
      [3, 400, 50, 30],
      [10, 7.5, 8.5, 2],
    ]);
    const json = ballToJson(c);
    // Sparse, largest first within a frame, to 0.1 px.
    expect(json).toEqual({ frames: 60, blobs: [[3, 100.5, 200.3, 12], [3, 400, 50, 30], [10, 7.5, 8.5, 2]] });
    const id = ingestAnalysis(db, { ...input, analysis: { ...input.analysis, ball_candidates: json } });
    const analysisId = getSessionDetail(db, id)!.analysis!.id;
    const stored = loadBallCandidates(db, analysisId)!;
    expect(stored.frames).toBe(60);
    expect(Array.from(stored.area.subarray(3 * BALL_SLOTS, 3 * BALL_SLOTS + 2))).toEqual([30, 12]);
    expect(Array.from(stored.xy.subarray(3 * BALL_SLOTS * 2, 3 * BALL_SLOTS * 2 + 4))).toEqual([400, 50, 100.5, Math.fround(200.3)]);
    expect(stored).toEqual(ballFromJson(json));
    db.close();
  });

  it('leaves out candidates that do not fit the pose, with a warning; an analysis without them has no row', () => {
    const db = openLibrary(join(t.home, 'lib2'));
    const input = ingestInput({ uid: 'ball-short', clip: fakeClip(t.home, 'b.mp4') });
    const id = ingestAnalysis(db, { ...input, ball: emptyBallCandidates(59) });
    const d = getSessionDetail(db, id)!;
    expect(d.analysis!.warnings.map((w) => w.detail)).toContain('ball candidates not stored: ball candidates cover 59 frames, the pose 60');
    expect(loadBallCandidates(db, d.analysis!.id)).toBeUndefined();
    const plain = ingestAnalysis(db, ingestInput({ uid: 'no-ball', clip: fakeClip(t.home, 'c.mp4') }));
    expect(loadBallCandidates(db, getSessionDetail(db, plain)!.analysis!.id)).toBeUndefined();
    db.close();
  });

  it('a ball_candidates field of another shape (another service) is dropped, the done line kept', () => {
    const input = ingestInput({ uid: 'foreign', clip: fakeClip(t.home, 'd.mp4') });
    const parsed = DoneLine.parse({ ...input.analysis, ball_candidates: [{ x: 1, y: 2 }] });
    expect(parsed.ball_candidates).toBeUndefined();
    expect(parsed.uid).toBe('foreign');
  });
});

describe('a recompute judges the swings with the stored ball', () => {
  it('the swing the ball flew past stays out after the capture rate changes', () => {
    const db = openLibrary(join(t.home, 'lib3'));
    const tracks = synthTracks({ seconds: 6, swings: [{ t: 1, side: 'forehand' }, { t: 3, side: 'forehand' }, { t: 5, side: 'forehand' }] });
    const meta: TechniqueRequestMetadata = { uid: 'ball-recompute', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1750 };
    const plain = analyseStrokes({ ...tracks, meta });
    const c3 = plain.result.strokes![2]!.contact.frame_nr;
    const k = (c3 * 17 + J.rightWrist) * 2;
    const [hx, hy] = [tracks.pose2d.keypoints[k]!, tracks.pose2d.keypoints[k + 1]!];
    const ball = candidates(tracks.pose2d.frames, Array.from({ length: 21 }, (_, i): [number, number, number, number] => [c3 - 10 + i, hx + 15 * (i - 10), hy - 100, 50]));
    const out = analyseStrokes({ ...tracks, ball, meta });
    expect(out.result.strokes!.length).toBe(2);
    const base = ingestInput({ uid: meta.uid, clip: fakeClip(t.home, 'e.mp4') });
    const id = ingestAnalysis(db, {
      ...base,
      session: { ...base.session, sport: 'tennis', fps: 60, durationS: 6, width: tracks.width, height: tracks.height },
      analysis: { status: 'done', uid: meta.uid, warnings: out.warnings.map(warningText), errors: [], result: out.result },
      pose2d: tracks.pose2d,
      pose3d: tracks.pose3d,
      ball,
      request: meta,
    });
    setCaptureFps(db, id, 120);
    const after = getSessionDetail(db, id)!;
    expect(after.session.captureFps).toBe(120);
    expect(after.strokes.length).toBe(2);
    // On the new clock the swing's contact estimate may move a frame; the ball still rules it out.
    const ruledOut = after.analysis!.warnings.filter((w) => / not counted as a stroke: the ball flies on through frame/.test(w.detail ?? ''));
    expect(ruledOut.length).toBe(1);
    expect(Math.abs(Number(/^swing at frame (\d+)/.exec(ruledOut[0]!.detail!)![1]) - c3)).toBeLessThanOrEqual(2);
    db.close();
  });
});
