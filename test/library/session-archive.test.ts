// Pose written once: a local analysis (typed, as the direct backend hands it to storing) stores
// its pose only as SQLite BLOBs and no archive ZIP; the archive export derives a valid ZIP with
// the same pose from the BLOBs; an archive stored by an older library is exported as it is.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readArchive } from '../../main/archive/read.js';
import { buildArchive } from '../../main/archive/write.js';
import { exportSession } from '../../main/export/session-export.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestTechniqueAnalysis } from '../../main/library/ingest.js';
import { archiveFileName, libraryPaths } from '../../main/library/paths.js';
import { analysisFromDone } from '../../main/pipeline/index.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import { fakeClip, ingestInput, openCreatedLibrary, tempHome } from './helpers.js';

const t = tempHome();
const outDir = mkdtempSync(join(tmpdir(), 'archive-export-'));
const db = openCreatedLibrary(t.home);
const paths = libraryPaths(t.home);
afterAll(() => {
  db.close();
  t.cleanup();
  rmSync(outDir, { recursive: true, force: true });
});

/** A typed analysis as the direct backend returns it (no done object), ingested like the jobs' storing step. */
function ingestLocal(uid: string, clipName: string): { id: number; pose2d: PoseTrack; pose3d: PoseTrack } {
  const { analysis, pose2d, pose3d, ...rest } = ingestInput({ uid, clip: fakeClip(t.home, clipName) });
  const typed = analysisFromDone({ ...analysis, video_entry_2D_json: undefined, video_entry_3D_json: undefined }, { pose2d, pose3d });
  const id = ingestTechniqueAnalysis(db, { ...rest, analysis: typed });
  return { id, pose2d: pose2d!, pose3d: pose3d! };
}

const same = (a: PoseTrack, b: PoseTrack) => {
  expect(a.frames).toBe(b.frames);
  expect(Array.from(a.keypoints)).toEqual(Array.from(b.keypoints));
  expect(Array.from(a.present)).toEqual(Array.from(b.present));
};

describe('a local analysis stores its pose once (BLOBs)', () => {
  it('writes no archive ZIP; the archive export derives a valid ZIP with the same pose', async () => {
    const { id, pose2d, pose3d } = ingestLocal('local-1', 'a.mp4');
    expect(readdirSync(paths.archivesDir)).toEqual([]);
    const d = getSessionDetail(db, id)!;
    expect(d.analysis?.archivePath).toBeNull();
    const out = join(outDir, 'out-local.zip');
    expect(await exportSession(db, id, 'archive', out, { home: t.home })).toEqual([out]);
    const zip = readArchive(out);
    same(zip.pose2d, pose2d);
    same(zip.pose3d, pose3d);
    const analysis = zip.analysis as { uid: string; status: string; result: { features: unknown[] } };
    expect(analysis).toMatchObject({ uid: 'local-1', status: 'done' });
    expect(analysis.result.features).toEqual(d.features.map(({ id: _i, analysisId: _a, ...f }) => f));
  });

  it('exports the archive an older library stored byte for byte', async () => {
    const { id, pose2d, pose3d } = ingestLocal('old-1', 'b.mp4');
    // As an older library stored it: a file under archives/ named in the row.
    const d = getSessionDetail(db, id)!;
    const stored = join(paths.archivesDir, archiveFileName('old-1'));
    const bytes = buildArchive({ pose2d, pose3d, analysis: { status: 'done', uid: 'old-1', vendor_extra: 42 } });
    writeFileSync(stored, bytes);
    db.prepare('UPDATE analyses SET archive_file = ? WHERE id = ?').run(archiveFileName('old-1'), d.analysis!.id);
    const out = join(outDir, 'out-old.zip');
    await exportSession(db, id, 'archive', out, { home: t.home });
    expect(readFileSync(out).equals(bytes)).toBe(true);
  });
});
