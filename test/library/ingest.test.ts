import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { basename } from 'node:path';
import { warningText } from '../../main/contract/warning.js';
import { afterAll, describe, expect, it } from 'vitest';
import { readArchive } from '../../main/archive/read.js';
import { buildArchive } from '../../main/archive/write.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { sha256File } from '../../main/library/files.js';
import { sessionArchiveBytes } from '../../main/library/session-archive.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { archiveFileName, libraryPaths } from '../../main/library/paths.js';
import { deleteSession, listSessions } from '../../main/library/sessions.js';
import { sweepOrphans, SWEEP_GRACE_MS } from '../../main/library/sweep.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import { fakeClip, ingestInput, openCreatedLibrary, tempHome } from './helpers.js';

const t = tempHome();
afterAll(t.cleanup);
const db = openCreatedLibrary(t.home);
afterAll(() => db.close());
const paths = libraryPaths(t.home);

function expectSameTrack(a: PoseTrack | null, b: PoseTrack): void {
  expect(a).not.toBeNull();
  if (!a) return;
  expect([a.dims, a.joints, a.frames, a.sourcePath]).toEqual([b.dims, b.joints, b.frames, b.sourcePath]);
  for (const k of ['frameNr', 'timestamps', 'keypoints', 'confidences', 'bbox', 'boxConfidence', 'present'] as const) {
    expect(a[k].constructor).toBe(b[k].constructor);
    expect(Array.from(a[k]), k).toEqual(Array.from(b[k]));
  }
}

const counts = () =>
  Object.fromEntries(
    ['players', 'sessions', 'analyses', 'features', 'feature_categories', 'speed_series', 'poses', 'tags', 'session_tags'].map((n) => [
      n,
      db.prepare(`SELECT count(*) FROM ${n}`).pluck().get() as number,
    ]),
  );
const files = () => [...readdirSync(paths.clipsDir), ...readdirSync(paths.archivesDir)].sort();

describe('ingestAnalysis', () => {
  const clip = fakeClip(t.home, 'Serve.MP4');
  const input = ingestInput({ uid: 'uid-roundtrip', clip, frames: 300, tags: ['serve', 'Lesson 3'], notes: 'keep the elbow up' });

  it('stores everything and getSessionDetail gives it back exactly', () => {
    const id = ingestAnalysis(db, input);
    const d = getSessionDetail(db, id);
    if (!d) throw new Error('no detail');
    const done = input.analysis;
    const sha = sha256File(clip);
    expect(d.session).toMatchObject({
      id,
      recordedAt: '2026-11-20T10:15:00',
      sport: 'pickleball',
      swingType: 'forehand_drive',
      clipSha256: sha,
      clipPath: `${paths.clipsDir}/${sha}.mp4`,
      durationS: 10,
      fps: 30,
      width: 1920,
      height: 1080,
      title: 'Forehand drills',
      notes: 'keep the elbow up',
      tags: ['Lesson 3', 'serve'],
    });
    expect(sha256File(d.session.clipPath)).toBe(sha);
    expect(d.player).toMatchObject({ name: 'Ana Lopez', dominantHand: 'right', heightMm: 1680 });
    expect(d.analysis).toMatchObject({
      uid: 'uid-roundtrip',
      backend: 'local',
      status: 'done',
      pipelineVersion: 'stable',
      computeVersion: 'v1.4.2',
      errors: [],
      timings: { uploadS: 0, analysisS: 12.5, storeS: 0.2 },
      archivePath: null, // no archive stored: the pose BLOBs are the source of truth (main/library/ingest.ts)
    });
    const mean = done.result.features.reduce((s, f) => s + f.score, 0) / done.result.features.length;
    expect(d.analysis?.overallScore).toBeCloseTo(mean, 10);
    expect(d.features.map(({ id: _i, analysisId: _a, ...f }) => f)).toEqual(done.result.features);
    expect(d.categories).toEqual(done.result.feature_categories);
    expect(d.kineticChain).toEqual(done.result.kinetic_chain?.speed_dict);
    expect(d.wristSpeed).toEqual(done.result.wrist_speed);
    expectSameTrack(d.pose2d, input.pose2d as PoseTrack);
    expectSameTrack(d.pose3d, input.pose3d as PoseTrack);
    const contactFeature = done.result.features.find((f) => f.event.name === 'contact');
    expect(d.contact).toEqual({ frameNr: contactFeature?.event.frame_nr, timestamp: contactFeature?.event.timestamp });
    expect(d.analysis?.warnings.map(warningText)).toEqual(done.warnings);
    expect(d.notes).toBe('keep the elbow up');
    expect(readdirSync(paths.archivesDir)).toEqual([]);
    // The archive export derives it from the BLOBs (main/library/session-archive.ts).
    const archive = readArchive(sessionArchiveBytes(db, d));
    expectSameTrack(archive.pose2d, input.pose2d as PoseTrack);
    expectSameTrack(archive.pose3d, input.pose3d as PoseTrack);
    expect((archive.analysis as { result: { features: unknown } }).result.features).toEqual(done.result.features);
    expect(archive.analysis.uid).toBe('uid-roundtrip');
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('ingesting the same uid again changes nothing', () => {
    const before = counts();
    const fileList = files();
    const first = listSessions(db)[0]?.id;
    expect(ingestAnalysis(db, { ...input, session: { ...input.session, title: 'other' } })).toBe(first);
    expect(counts()).toEqual(before);
    expect(files()).toEqual(fileList);
  });

  it('shares a clip between sessions and deletes files only when unused', () => {
    const sameBytes = fakeClip(t.home, 'copy.mp4', readFileSync(clip));
    const secondInput = ingestInput({ uid: 'uid-second', clip: sameBytes, player: { name: 'ana lopez', dominantHand: 'left', heightMm: 1 } });
    // A received archive (as a remote service's) is stored under the uid's name and deleted with its session.
    const received = buildArchive({ pose2d: secondInput.pose2d as PoseTrack, pose3d: secondInput.pose3d as PoseTrack, analysis: secondInput.analysis });
    const second = ingestAnalysis(db, { ...secondInput, archiveBytes: received });
    const [newer, older] = [second, listSessions(db).find((s) => s.id !== second)?.id ?? -1];
    expect(counts().players).toBe(1); // same player reused by name, ignoring case
    expect(readdirSync(paths.clipsDir)).toHaveLength(1);
    deleteSession(db, older);
    expect(readdirSync(paths.clipsDir)).toHaveLength(1);
    expect(readdirSync(paths.archivesDir)).toEqual([archiveFileName('uid-second')]);
    deleteSession(db, newer);
    expect(files()).toEqual([]);
    expect(counts()).toMatchObject({ sessions: 0, analyses: 0, features: 0, poses: 0, speed_series: 0, tags: 0, session_tags: 0 });
  });

  it('stores no unreadable vendor archive, with a warning; the export derives one from the stored pose', () => {
    const id = ingestAnalysis(db, { ...ingestInput({ uid: 'uid-bad-archive', clip: fakeClip(t.home, 'b.mov') }), archiveBytes: Buffer.from('not a zip') });
    const d = getSessionDetail(db, id);
    expect(d?.analysis?.warnings.at(-1)?.detail).toMatch(/^the analysis archive was unreadable \(not-a-zip: /);
    expect(d?.analysis?.archivePath).toBeNull();
    expect(readArchive(sessionArchiveBytes(db, d!)).pose2d.frames).toBe(60);
    expect(basename(d?.session.clipPath ?? '')).toMatch(/^[0-9a-f]{64}\.mov$/);
  });

  it('keeps a readable vendor archive byte for byte, and decodes pose from the done line when none is given', () => {
    const base = ingestInput({ uid: 'uid-vendor', clip: fakeClip(t.home, 'v.mp4') });
    const vendor = buildArchive({ pose2d: base.pose2d as PoseTrack, pose3d: base.pose3d as PoseTrack, analysis: { ...base.analysis, vendor_extra: 1 } });
    const id = ingestAnalysis(db, { ...base, pose2d: undefined, pose3d: undefined, archiveBytes: vendor });
    const d = getSessionDetail(db, id);
    expect(readFileSync(d?.analysis?.archivePath ?? '')).toEqual(vendor);
    expect(d?.analysis?.warnings.map(warningText)).toEqual(base.analysis.warnings);
    expect(d?.pose2d?.frames).toBe(60);
    expect(d?.pose2d?.present[0]).toBe(0);
    expect(d?.pose2d?.keypoints[17 * 2 * 5 + 3]).toBeCloseTo(base.pose2d?.keypoints[17 * 2 * 5 + 3] ?? NaN, 1);
  });

  it('rejects bad session facts before writing any file', () => {
    const before = files();
    const bad = ingestInput({ uid: 'uid-bad', clip: fakeClip(t.home, 'c.mp4') });
    expect(() => ingestAnalysis(db, { ...bad, session: { ...bad.session, recordedAt: 'yesterday' } })).toThrow(/recordedAt must be an ISO 8601/);
    expect(() => ingestAnalysis(db, { ...bad, session: { ...bad.session, fps: 0 } })).toThrow(/fps must be > 0/);
    expect(() => ingestAnalysis(db, { ...bad, player: 999 })).toThrow(/no player with id 999/);
    expect(files()).toEqual(before);
  });

  it('sweeps files no row refers to and temp leftovers', () => {
    fakeClip(paths.clipsDir, 'deadbeef.mp4');
    fakeClip(paths.archivesDir, '.tmp-123-x.zip');
    const kept = files();
    expect(sweepOrphans(db).removed).toEqual([]); // younger than the grace period: kept
    const report = sweepOrphans(db, { now: Date.now() + SWEEP_GRACE_MS + 1000 });
    expect(report.removed.map((p) => basename(p)).sort()).toEqual(['.tmp-123-x.zip', 'deadbeef.mp4']);
    expect(files()).toEqual(kept.filter((n) => n !== 'deadbeef.mp4' && n !== '.tmp-123-x.zip'));
  });

  it('with no grace period sweeps an orphan written in the same millisecond as the sweep', () => {
    // A file's mtime has a sub-millisecond part that Date.now() lacks: written at 0.6 ms past
    // the millisecond the sweep reads as "now", it is not newer than that cutoff.
    const orphan = fakeClip(paths.clipsDir, 'cafebabe.mp4');
    const whenS = 1_760_000_000.1236;
    utimesSync(orphan, whenS, whenS);
    expect(statSync(orphan).mtimeMs % 1).toBeGreaterThan(0.5);
    const report = sweepOrphans(db, { now: Math.floor(whenS * 1000), graceMs: 0 });
    expect(report.removed).toEqual([orphan]);
  });
});
