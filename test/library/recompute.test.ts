/**
 * The editable capture frame rate end to end on a real analysed clip (a 3 s cut of
 * tennis_forehand_2.mp4, test/support/analysed-clip.ts) in a real library: ingest → set the
 * capture rate → the analysis is recomputed from the stored pose, exactly as an analysis given
 * the rate from the start: same stroke, real-time speeds, session/pose/archive otherwise
 * unchanged, database intact; back to real time gives the first analysis again.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTechniqueResult } from '../../main/analysis/technique.js';
import { probeVideo } from '../../main/engine/probe.js';
import type { WritableDb } from '../../main/library/db.js';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { LibraryError } from '../../main/library/errors.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { replaceAnalysisWarnings, setCaptureFps } from '../../main/library/recompute.js';
import type { SessionDetail } from '../../main/library/types.js';
import { analysedClip, ANALYSED_CLIP_META } from '../support/analysed-clip.js';
import { tempHome } from './helpers.js';

const t = tempHome();
let db: WritableDb;
let id: number;
let before: SessionDetail;

/** Units of the speed features (per second: measured on the real clock with a capture rate). */
const SPEED_UNITS = new Set(['deg/s', 'm/s']);

beforeAll(async () => {
  const { clipPath, done } = await analysedClip();
  const video = await probeVideo(clipPath);
  db = openLibrary(t.home);
  id = ingestAnalysis(db, {
    player: { name: 'Roger Federer', dominantHand: 'right', heightMm: 1850 },
    session: { sourceClipPath: clipPath, recordedAt: '2026-11-20', sport: 'tennis', swingType: 'forehand_drive', durationS: video.durationS, fps: video.fps, width: video.width, height: video.height },
    analysis: done,
    backend: 'local',
    request: { ...ANALYSED_CLIP_META },
  });
  before = getSessionDetail(db, id)!;
}, 300_000);
afterAll(() => {
  db?.close();
  t.cleanup();
});

/** The warnings the pose engine gave (the stored warnings the analysis of the done line did not add). */
function engineWarnings(d: SessionDetail): string[] {
  const analysis = computeTechniqueResult({
    pose2d: d.pose2d!, pose3d: d.pose3d!, fps: d.session.fps, width: d.session.width, height: d.session.height, meta: { ...ANALYSED_CLIP_META },
  });
  return replaceAnalysisWarnings(d.analysis!.warnings, analysis.warnings, []);
}

function integrity(): void {
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(db.pragma('foreign_key_check')).toEqual([]);
}

describe('setCaptureFps', () => {
  it('stores real time (null) at ingest and the analysis as measured on the video clock', () => {
    expect(before.session.captureFps).toBeNull();
    expect(before.analysis?.captureFps).toBeNull();
    expect(before.contact).not.toBeNull();
    expect(before.features.length).toBeGreaterThan(5);
  });

  it('recomputes from the stored pose: the analysis with the capture rate from the start, same stroke, real-time speeds', () => {
    const archive = readFileSync(before.analysis!.archivePath);
    const out = setCaptureFps(db, id, 240);
    const after = getSessionDetail(db, id)!;
    expect(out).toMatchObject({ sessionId: id, captureFps: 240, analysisId: before.analysis!.id });
    expect(after.session).toEqual({ ...before.session, captureFps: 240 });
    expect(after.player).toEqual(before.player);
    expect(after.analysis).toMatchObject({ id: before.analysis!.id, uid: before.analysis!.uid, captureFps: 240, slowMotionGuess: null });

    // Exactly what analysing the stored pose with capture_fps = 240 from the start gives.
    const direct = computeTechniqueResult({
      pose2d: before.pose2d!, pose3d: before.pose3d!, fps: before.session.fps, width: before.session.width, height: before.session.height,
      meta: { ...ANALYSED_CLIP_META, capture_fps: 240 },
    });
    expect(after.features.map(({ id: _i, analysisId: _a, ...f }) => f)).toEqual(direct.result.features);
    expect(after.contact).toEqual({ frameNr: direct.contact.frame, timestamp: direct.contact.timestamp });
    expect(after.analysis!.warnings).toEqual([...engineWarnings(before), ...direct.warnings]);

    // Same stroke: ball contact within one frame (the label's uncertainty, ±1 frame); the
    // analysis measures in real time, so its smoothing and event windows (seconds) now span 8×
    // more frames and the contact may move by one.
    expect(Math.abs(after.contact!.frameNr - before.contact!.frameNr)).toBeLessThanOrEqual(1);
    // New speeds: real-time speeds are several times the video-clock ones (not exactly 8×: the
    // real-time smoothing flattens the peaks more, see main/analysis/README.md "Slow motion").
    for (const f of after.features.filter((x) => SPEED_UNITS.has(String(x.unit)))) {
      const b = before.features.find((x) => x.feature_name === f.feature_name)!;
      expect(f.value / b.value, f.feature_name).toBeGreaterThan(2);
      expect(f.value / b.value, f.feature_name).toBeLessThan(8.5);
    }
    expect(after.pose2d!.keypoints).toEqual(before.pose2d!.keypoints);
    expect(after.pose3d!.keypoints).toEqual(before.pose3d!.keypoints);
    expect(readFileSync(after.analysis!.archivePath).equals(archive)).toBe(true);
    integrity();
  });

  it('back to real time gives the first analysis again', () => {
    setCaptureFps(db, id, null);
    const again = getSessionDetail(db, id)!;
    expect(again.session.captureFps).toBeNull();
    expect(again.analysis?.captureFps).toBeNull();
    expect(again.contact).toEqual(before.contact);
    expect(again.analysis?.slowMotionGuess).toEqual(before.analysis?.slowMotionGuess);
    // The stored pose went through the done line's JSON (values rounded): equal to 0.5 %.
    for (const [i, f] of again.features.entries()) {
      const b = before.features[i]!;
      expect([f.feature_name, f.event.frame_nr]).toEqual([b.feature_name, b.event.frame_nr]);
      expect(Math.abs(f.value - b.value), f.feature_name).toBeLessThanOrEqual(5e-3 * Math.abs(b.value) + 1e-2);
    }
    integrity();
  });

  it('refuses a rate out of range and an unknown session, changing nothing', () => {
    for (const bad of [0, -25, Number.NaN, 200_000]) expect(() => setCaptureFps(db, id, bad)).toThrow(LibraryError);
    expect(() => setCaptureFps(db, 999, 240)).toThrow(/no session with id 999/);
    expect(getSessionDetail(db, id)!.session.captureFps).toBeNull();
  });
});

describe('replaceAnalysisWarnings', () => {
  it('replaces the previous analysis warnings once each, keeping the engine and library ones in order', () => {
    expect(replaceAnalysisWarnings(['engine', 'old', 'lib', 'old'], ['old'], ['new'])).toEqual(['engine', 'lib', 'old', 'new']);
    expect(replaceAnalysisWarnings(['engine'], [], ['a', 'b'])).toEqual(['engine', 'a', 'b']);
  });
});
