// The CLI summary (`swing-studio analyze` at the end, `library show`) comes from a summary query:
// the same JSON as from the full detail, without reading the pose BLOBs back.
import { afterAll, describe, expect, it } from 'vitest';
import { sessionJson } from '../../main/cli/session-json.js';
import { featureTable } from '../../main/cli/tables.js';
import { getSessionDetail, getSessionSummaryDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { fakeClip, ingestInput, openCreatedLibrary, tempHome } from '../library/helpers.js';

const t = tempHome();
const db = openCreatedLibrary(t.home);
afterAll(() => {
  db.close();
  t.cleanup();
});

describe('CLI session summary', () => {
  it('prints what the full detail prints, with pose frame counts from a small query', () => {
    const id = ingestAnalysis(db, ingestInput({ uid: 'summary-1', clip: fakeClip(t.home, 'a.mp4'), frames: 90 }));
    const full = getSessionDetail(db, id)!;
    const summary = getSessionSummaryDetail(db, id)!;
    expect(summary.pose2d).toBeNull();
    expect(summary.pose3d).toBeNull();
    expect(summary.ball).toBeUndefined();
    expect(summary.poseFrames).toEqual({ pose2d: 90, pose3d: 90 });
    expect(sessionJson(summary)).toEqual(sessionJson(full));
    expect(featureTable(summary)).toBe(featureTable(full));
  });

  it("names the hand-above-the-head stroke by sport: a serve in tennis, an overhead in pickleball (whose serve is underhand)", () => {
    const id = ingestAnalysis(db, ingestInput({ uid: 'summary-sides', clip: fakeClip(t.home, 'sides.mp4'), frames: 60 }));
    const d = getSessionSummaryDetail(db, id)!;
    const first = d.strokes[0]!;
    const strokes = [first, { ...first, index: 2, primary: false, side: 'serve' as const }];
    const line = (sport: 'tennis' | 'pickleball') => featureTable({ ...d, session: { ...d.session, sport }, strokes }).split('\n').find((l) => l.startsWith('Strokes:'));
    expect(line('tennis')).toMatch(/, 2 serve \d/);
    expect(line('pickleball')).toMatch(/, 2 overhead \d/);
    // Without a score: a stroke with its events (a serve) reads "events only", one only detected "not analysed".
    const unscored = [{ ...first, overallScore: null, events: [{ name: 'contact', timestamp: 0.5, frame_nr: 15 }] }, { ...first, index: 2, primary: false, side: 'serve' as const, overallScore: null, events: [] }];
    const text = featureTable({ ...d, session: { ...d.session, sport: 'tennis' }, strokes: unscored }).split('\n').find((l) => l.startsWith('Strokes:'));
    expect(text).toMatch(/^Strokes: 1\* forehand [\d.]+ s \(events only[;)].*, 2 serve [\d.]+ s \(not analysed[;)]/);
  });

  it('summarises the strokes of a long session in one line (from 21 on, as the PDF): counts by side, the best and worst 3', () => {
    const id = ingestAnalysis(db, ingestInput({ uid: 'summary-long', clip: fakeClip(t.home, 'long.mp4'), frames: 60 }));
    const d = getSessionSummaryDetail(db, id)!;
    const first = d.strokes[0]!;
    const many = Array.from({ length: 25 }, (_, i) => ({ ...first, index: i + 1, primary: i === 0, side: i % 5 === 4 ? ('backhand' as const) : ('forehand' as const), overallScore: 40 + i, contact: { ...first.contact, timestamp: i * 2 } }));
    const line = featureTable({ ...d, strokes: many }).split('\n').find((l) => l.startsWith('Strokes:'));
    expect(line).toMatch(/^Strokes: 25 \(20 forehands, 5 backhands\), \d+ analysed; best: 25 backhand 48\.00 s \(64\.0[;)].*, 24 forehand 46\.00 s \(63\.0[;)].*, 23 forehand 44\.00 s \(62\.0[;)].*; worst: 1\* forehand 0\.00 s \(40\.0[;)].*; every stroke: --json$/);
    // The shown stroke neither best nor worst: named too.
    const mid = many.map((s) => ({ ...s, primary: s.index === 12 }));
    expect(featureTable({ ...d, strokes: mid }).split('\n').find((l) => l.startsWith('Strokes:'))).toMatch(/; shown: 12\* forehand 22\.00 s \(51\.0[;)].*; every stroke: --json$/);
    // 20 strokes: listed one by one.
    expect(featureTable({ ...d, strokes: many.slice(0, 20) }).split('\n').find((l) => l.startsWith('Strokes:'))).toMatch(/^Strokes: 1\* forehand 0\.00 s .*, 20 backhand 38\.00 s /);
  });

  it('does not read the pose BLOBs (a session whose BLOBs are unreadable still summarises)', () => {
    const id = ingestAnalysis(db, ingestInput({ uid: 'summary-2', clip: fakeClip(t.home, 'b.mp4'), frames: 30 }));
    const before = sessionJson(getSessionSummaryDetail(db, id)!);
    const analysisId = getSessionSummaryDetail(db, id)!.analysis!.id;
    // Truncated BLOBs: decoding them throws, so reading them would show.
    db.prepare("UPDATE poses SET keypoints = x'00', timestamps = x'00' WHERE analysis_id = ?").run(analysisId);
    expect(() => getSessionDetail(db, id)).toThrow();
    expect(sessionJson(getSessionSummaryDetail(db, id)!)).toEqual(before);
  });
});

describe("an angle's view error (issue 26 item 4)", () => {
  it('is stored with the feature and printed after its value in the CLI table', () => {
    const input = ingestInput({ uid: 'summary-3', clip: fakeClip(t.home, 'c.mp4'), frames: 30 });
    const f = input.analysis.result.features[0]!;
    input.analysis.result.features[0] = { ...f, unit: 'deg', value: 25, uncertainty: 20.8 };
    const id = ingestAnalysis(db, input);
    const stored = getSessionDetail(db, id)!.features.find((x) => x.feature_name === f.feature_name)!;
    expect(stored.uncertainty).toBe(20.8);
    expect(featureTable(getSessionDetail(db, id)!)).toMatch(new RegExp(`${f.feature_human_readable_name}\\s+│\\s+25.0 deg ± 21 │`));
  });
});
