/**
 * Hostile pose in a hand-over (issue 25 findings 4 and 5, as found): a real session's hand-over
 * whose archive.zip is replaced (manifest checksum updated, so only the pose is wrong) by one
 * holding 3 million empty frames, 5-joint poses, a NaN keypoint, 60 2D frames against 3 3D
 * frames, or frame numbers -5 and 999995. Each import is refused with one line naming the
 * cause, and nothing is stored (before: imported, exit 0, or 3.3 GB then "string or blob too
 * big"). The untouched hand-over still imports.
 */
import { createHash } from 'node:crypto';
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';
import { ArchiveError } from '../../main/archive/errors.js';
import { readArchive } from '../../main/archive/read.js';
import { buildArchive } from '../../main/archive/write.js';
import { importHandover } from '../../main/export/handover-import.js';
import { createPoseTrack, selectFrames, type PoseTrack } from '../../main/pose/pose-track.js';
import { handoverLibraries, rewrittenZip } from '../export/support/handover-libraries.js';

const h = handoverLibraries('handover-pose-');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The hand-over with its archive.zip replaced by `archive(original)`, checksum updated. */
function withArchive(archive: (a: ReturnType<typeof readArchive>) => Buffer): string {
  return rewrittenZip(h.zipPath, h.home, (e) => {
    e.set('archive.zip', archive(readArchive(e.get('archive.zip')!)));
    const m = JSON.parse(e.get('manifest.json')!.toString()) as { sha256: Record<string, string> };
    m.sha256['archive.zip'] = sha(e.get('archive.zip')!);
    e.set('manifest.json', Buffer.from(JSON.stringify(m)));
  });
}

const rebuilt = (a: ReturnType<typeof readArchive>, pose2d: PoseTrack, pose3d: PoseTrack) =>
  buildArchive({ pose2d, pose3d, analysis: a.analysis });

/** Imports `zip`, expects an ArchiveError of one line matching `message`, and an empty library. */
async function refused(zip: string, message: RegExp): Promise<void> {
  const err = await importHandover(h.db, zip).catch((x: unknown) => x);
  expect(err).toBeInstanceOf(ArchiveError);
  expect((err as Error).message).toMatch(message);
  expect((err as Error).message).not.toContain('\n');
  expect(
    h.db.prepare('SELECT (SELECT count(*) FROM sessions) s, (SELECT count(*) FROM players) p').get(),
  ).toEqual({ s: 0, p: 0 });
}

describe('a hand-over with hostile pose entries', () => {
  it('3 million empty frames (6 MB of pose, 12 KB zipped): refused by the frame count', async () => {
    const empty = Buffer.alloc(3_000_000 * 2, Buffer.from([0x22, 0x00]));
    const zip = withArchive((a) => {
      const z = new AdmZip();
      z.addFile('video_entry_2d.pb', empty);
      z.addFile('video_entry_3d.pb', empty);
      z.addFile('technique_analysis.json', Buffer.from(JSON.stringify(a.analysis)));
      return z.toBuffer();
    });
    await refused(zip, /^video_entry_2d\.pb: 3000000 pose frames, more than the clip can have \(/);
  });

  it('5-joint poses: refused', async () => {
    const five = (t: PoseTrack) => {
      const out = createPoseTrack(t.frames, t.dims, 5);
      out.present.fill(1);
      out.keypoints.fill(1);
      return out;
    };
    await refused(
      withArchive((a) => rebuilt(a, five(a.pose2d), five(a.pose3d))),
      /^video_entry_2d\.pb: 5 joints per frame; pose tracks must be H36M-17$/,
    );
  });

  it('a NaN keypoint where the player is present: refused', async () => {
    const zip = withArchive((a) => {
      const f = a.pose3d.present.indexOf(1);
      a.pose3d.keypoints[f * 51 + 5] = NaN;
      return rebuilt(a, a.pose2d, a.pose3d);
    });
    await refused(
      zip,
      /^video_entry_3d\.pb: frame \d+ joint 1: keypoint value NaN is not a finite 32-bit number$/,
    );
  });

  it('60 2D frames against 3 3D frames: refused', async () => {
    const zip = withArchive((a) =>
      rebuilt(
        a,
        selectFrames(
          a.pose2d,
          Int32Array.from({ length: 60 }, (_, i) => i),
        ),
        selectFrames(a.pose3d, Int32Array.of(0, 1, 2)),
      ),
    );
    await refused(
      zip,
      /^video_entry_2d\.pb and video_entry_3d\.pb: the 2D pose has 60 frames but the 3D pose has 3$/,
    );
  });

  for (const nr of [-5, 999_995]) {
    it(`frame number ${nr}: refused`, async () => {
      const zip = withArchive((a) => {
        a.pose2d.frameNr[3] = nr;
        a.pose3d.frameNr[3] = nr;
        return rebuilt(a, a.pose2d, a.pose3d);
      });
      await refused(
        zip,
        new RegExp(`^video_entry_2d\\.pb: frame number ${nr} is outside the clip \\(0 to \\d+; `),
      );
    });
  }

  it('the untouched hand-over (our own writer) still imports', async () => {
    expect((await importHandover(h.db, h.zipPath)).created).toBe(true);
  });
});
