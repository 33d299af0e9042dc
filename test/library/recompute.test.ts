/**
 * The editable capture frame rate end to end on a real analysed clip (a 3 s cut of
 * tennis_forehand_2.mp4, about 8× slowed: labels/strokes.json; test/support/analysed-clip.ts)
 * in a real library (SQLite in a temp folder):
 * - as delivered (contact detected): setting the capture rate recomputes the analysis from the
 *   stored pose exactly as an analysis given the rate from the start; session, pose and archive
 *   otherwise unchanged; database intact; back to real time gives the first analysis again;
 * - with the coach's ball contact in the request (ball_timestamp at the labelled contact, frame
 *   121 of the source ±1 = frame 37 of the cut): the same stroke (same contact frame_nr), the
 *   angles and distances at contact unchanged, the speeds higher (real time).
 */
import { readFileSync } from 'node:fs';
import { fromText, warning, warningText, type Warning } from '../../main/contract/warning.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import type { DoneLine, TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { probeVideo } from '../../main/av/index.js';
import type { WritableDb } from '../../main/library/db.js';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { LibraryError } from '../../main/library/errors.js';
import { ingestAnalysis, type IngestInput } from '../../main/library/ingest.js';
import { replaceAnalysisWarnings, setCaptureFps } from '../../main/library/recompute.js';
import type { SessionDetail } from '../../main/library/library-types.js';
import { poseTrackFromJson } from '../../main/pose/pose-track.js';
import { analysedClip, ANALYSED_CLIP_META } from '../support/analysed-clip.js';
import { tempHome } from './helpers.js';

const t = tempHome();
let db: WritableDb;
let detectedId: number;
let givenId: number;
let before: SessionDetail;
/** The labelled contact of the cut: frame 37 at 29.97 fps, seconds of video. */
const LABELLED_CONTACT_S = 37 / (30000 / 1001);
const GIVEN: TechniqueRequestMetadata = { ...ANALYSED_CLIP_META, uid: 'given-contact', ball_timestamp: LABELLED_CONTACT_S };

/** Units of the speed features (per second: measured on the real clock with a capture rate). */
const SPEED_UNITS = new Set(['deg/s', 'm/s']);

beforeAll(async () => {
  const { clipPath, done } = await analysedClip();
  const video = await probeVideo(clipPath);
  db = openLibrary(t.home);
  const base = (analysis: DoneLine, request: TechniqueRequestMetadata): IngestInput => ({
    player: { name: 'Roger Federer', dominantHand: 'right', heightMm: 1850 },
    session: { sourceClipPath: clipPath, recordedAt: '2026-11-20', sport: 'tennis', swingType: 'forehand_drive', durationS: video.durationS, fps: video.fps, width: video.width, height: video.height },
    analysis,
    backend: 'local',
    request,
  });
  detectedId = ingestAnalysis(db, base(done, { ...ANALYSED_CLIP_META }));
  // The same pose analysed with the coach's ball contact, as the service would have answered.
  const [pose2d, pose3d] = [poseTrackFromJson(done.video_entry_2D_json), poseTrackFromJson(done.video_entry_3D_json)];
  const given = analyseStrokes({ pose2d, pose3d, fps: video.fps, width: video.width, height: video.height, meta: GIVEN });
  givenId = ingestAnalysis(db, base({ ...done, uid: GIVEN.uid, result: given.result, warnings: given.warnings.map(warningText) }, GIVEN));
  before = getSessionDetail(db, detectedId)!;
}, 300_000);
afterAll(() => {
  db?.close();
  t.cleanup();
});

/** The warnings the pose engine gave (the stored warnings the analysis of the done line did not add). */
function engineWarnings(d: SessionDetail): Warning[] {
  const analysis = analyseStrokes({
    pose2d: d.pose2d!, pose3d: d.pose3d!, fps: d.session.fps, width: d.session.width, height: d.session.height, meta: { ...ANALYSED_CLIP_META },
  });
  return replaceAnalysisWarnings(d.analysis!.warnings, analysis.warnings, []);
}

function integrity(): void {
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(db.pragma('foreign_key_check')).toEqual([]);
}

describe('setCaptureFps, contact detected', () => {
  it('stores real time (null) at ingest and the analysis as measured on the video clock', () => {
    expect(before.session.captureFps).toBeNull();
    expect(before.analysis?.captureFps).toBeNull();
    expect(before.contact).not.toBeNull();
    expect(before.features.length).toBeGreaterThanOrEqual(4);
    // Looking slowed, it is measured on the guessed clock (main/analysis/slowed-clip.ts): what is
    // not a speed is what the analysis at the capture rate measures, and the same is left out.
    const at240 = analyseStrokes({
      pose2d: before.pose2d!, pose3d: before.pose3d!, fps: before.session.fps, width: before.session.width, height: before.session.height,
      meta: { ...ANALYSED_CLIP_META, capture_fps: 240 },
    });
    const notSpeed = (names: string[]) => names.filter((n) => !['pelvis_rotation_speed', 'trunk_rotation_speed', 'wrist_speed', 'kinetic_chain_sequence'].includes(n)).sort();
    expect(notSpeed(before.features.map((f) => f.feature_name))).toEqual(notSpeed(at240.result.features.map((f) => f.feature_name)));
    expect(notSpeed(before.leftOut.map((l) => l.feature_name))).toEqual(notSpeed((at240.result.features_left_out ?? []).map((l) => l.feature_name)));
  });

  it('recomputes from the stored pose exactly as an analysis given the rate from the start', () => {
    // A local analysis stores no archive (the pose BLOBs are the source of truth); one stored stays as it is.
    const archivePath = before.analysis!.archivePath;
    const archive = archivePath === null ? null : readFileSync(archivePath);
    const out = setCaptureFps(db, detectedId, 240);
    const after = getSessionDetail(db, detectedId)!;
    expect(out).toMatchObject({ sessionId: detectedId, captureFps: 240, analysisId: before.analysis!.id });
    expect(after.session).toEqual({ ...before.session, captureFps: 240 });
    expect(after.player).toEqual(before.player);
    expect(after.analysis).toMatchObject({ id: before.analysis!.id, uid: before.analysis!.uid, captureFps: 240, slowMotionGuess: null });

    const direct = analyseStrokes({
      pose2d: before.pose2d!, pose3d: before.pose3d!, fps: before.session.fps, width: before.session.width, height: before.session.height,
      meta: { ...ANALYSED_CLIP_META, capture_fps: 240 },
    });
    expect(after.features.map(({ id: _i, analysisId: _a, ...f }) => f)).toEqual(direct.result.features);
    expect(after.contact).toEqual({ frameNr: direct.contact.frame, timestamp: direct.contact.timestamp });
    expect(out.contact).toEqual(after.contact);
    // The strokes are recomputed with the rest: contacts and real times on the new clock.
    expect(after.strokes.map((s) => [s.contact.frameNr, s.contact.realTime, s.primary])).toEqual(
      direct.result.strokes!.map((s) => [s.contact.frame_nr, s.contact.real_time, s.index === direct.result.stroke_index]),
    );
    expect(after.strokes.find((s) => s.primary)!.features).toEqual(direct.result.features);
    expect(after.analysis!.warnings).toEqual([...engineWarnings(before), ...direct.warnings]);
    expect(after.pose2d!.keypoints).toEqual(before.pose2d!.keypoints);
    expect(after.pose3d!.keypoints).toEqual(before.pose3d!.keypoints);
    expect(after.analysis!.archivePath).toBe(archivePath);
    if (archivePath !== null) expect(readFileSync(archivePath).equals(archive!)).toBe(true);
    integrity();
  });

  it('back to real time gives the first analysis again', () => {
    setCaptureFps(db, detectedId, null);
    const again = getSessionDetail(db, detectedId)!;
    expect(again.session.captureFps).toBeNull();
    expect(again.analysis?.captureFps).toBeNull();
    expect(again.contact).toEqual(before.contact);
    expect(again.analysis?.slowMotionGuess).toEqual(before.analysis?.slowMotionGuess);
    // The stored pose went through the done line's JSON (values rounded): equal to 0.5 %.
    expect(again.features.map((f) => [f.feature_name, f.event.frame_nr])).toEqual(before.features.map((f) => [f.feature_name, f.event.frame_nr]));
    for (const [i, f] of again.features.entries()) {
      const b = before.features[i]!;
      expect(Math.abs(f.value - b.value), f.feature_name).toBeLessThanOrEqual(5e-3 * Math.abs(b.value) + 1e-2);
    }
    integrity();
  });

  it('refuses a rate out of range and an unknown session, changing nothing', () => {
    for (const bad of [0, -25, Number.NaN, 200_000]) expect(() => setCaptureFps(db, detectedId, bad)).toThrow(LibraryError);
    expect(() => setCaptureFps(db, 999, 240)).toThrow(/no session with id 999/);
    expect(getSessionDetail(db, detectedId)!.session.captureFps).toBeNull();
  });
});

describe('setCaptureFps, ball contact given by the coach', () => {
  it('keeps the stroke: same contact frame, angles and distances at contact within 2° / 3 cm, speeds now real time', () => {
    const b = getSessionDetail(db, givenId)!;
    setCaptureFps(db, givenId, 240);
    const a = getSessionDetail(db, givenId)!;
    expect(Math.abs(b.contact!.frameNr - 37)).toBeLessThanOrEqual(1); // the given time lands on the labelled frame
    expect(a.contact).toEqual(b.contact);
    const atContact = b.features.filter((f) => f.event.name === 'ball_contact' && !SPEED_UNITS.has(String(f.unit)));
    expect(atContact.length).toBeGreaterThanOrEqual(3);
    // Same frame; the values were measured on the guessed clock (≈ 8.9×) and now at 240 fps (8×):
    // those read on smoothed series (the hand's direction of travel) move a little with the clock.
    for (const f of atContact) {
      const g = a.features.find((x) => x.feature_name === f.feature_name)!;
      expect(g.event.frame_nr, f.feature_name).toBe(f.event.frame_nr);
      expect(Math.abs(g.value - f.value), f.feature_name).toBeLessThanOrEqual(f.unit === 'deg' ? 2 : 0.03);
    }
    // Looking slowed, the clip's speeds were left out (not scored on the video's clock), saying
    // why; at 240 fps they are measured.
    expect(b.analysis?.slowMotionGuess?.suggestedCaptureFps).toBeGreaterThanOrEqual(240);
    expect(b.features.filter((f) => SPEED_UNITS.has(String(f.unit)))).toEqual([]);
    const slowed = b.leftOut.filter((l) => l.reason.startsWith('the clip looks slowed down about'));
    expect(slowed.map((l) => l.feature_name)).toEqual(expect.arrayContaining(['wrist_speed', 'pelvis_rotation_speed', 'trunk_rotation_speed']));
    const speeds = a.features.filter((f) => SPEED_UNITS.has(String(f.unit)));
    expect(speeds.length).toBeGreaterThanOrEqual(2);
    for (const f of speeds) expect(slowed.map((l) => l.feature_name), f.feature_name).toContain(f.feature_name);
    expect(a.analysis?.slowMotionGuess).toBeNull();
    integrity();
  });
});

describe('replaceAnalysisWarnings', () => {
  it('replaces the previous analysis warnings once each, keeping the engine and library ones in order', () => {
    const w = (text: string) => fromText(text, 'legacy');
    const texts = (ws: Warning[]) => ws.map((x) => x.message);
    expect(texts(replaceAnalysisWarnings([w('engine'), w('old'), w('lib'), w('old')], [w('old')], [w('new')]))).toEqual(['engine', 'lib', 'old', 'new']);
    expect(texts(replaceAnalysisWarnings([w('engine')], [], [w('a'), w('b')]))).toEqual(['engine', 'a', 'b']);
  });
  it('drops every stored warning of the analysis by its code, even one whose text the current code no longer gives', () => {
    const engine = warning('pose-low-confidence', 'warning', 'The player was hard to see.');
    const stale = warning('feature-left-out', 'warning', 'A feature was left out.', { detail: 'pelvis_rotation_speed left out: worded by an older version' });
    const next = warning('feature-left-out', 'warning', 'A feature was left out.', { detail: 'pelvis_rotation_speed left out: the hips read 1387°/s' });
    // The previous analysis recomputed today does not give the stale text, so it cannot be matched on it.
    expect(replaceAnalysisWarnings([engine, stale], [next], [next])).toEqual([engine, next]);
  });
  it('matches a legacy string stored before typed warnings on the typed warning\'s detail', () => {
    const typed = warning('series-gap', 'notice', 'The hand was not seen in some frames.', { detail: 'no hand measurement in frames 1–2' });
    const stored = [fromText('engine', 'legacy'), fromText('no hand measurement in frames 1–2', 'legacy')];
    expect(replaceAnalysisWarnings(stored, [typed], [typed])).toEqual([stored[0], typed]);
  });
});
