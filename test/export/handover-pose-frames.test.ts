/**
 * The hand-over import checks the archive's pose against the clip it stores (issue 25, finding 5,
 * import side): the probe's frame count goes to the pose checks (main/pose/pose-checks.ts,
 * through readArchive's `clipFrames`), so a pose whose frame numbers lie past the end of the real
 * 3 s clip is refused with one line, and nothing is stored. Without the clip's count only the
 * engine's decode cap would bound them, and the shifted pose would be stored.
 */
import { createHash } from 'node:crypto';
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';
import { ArchiveError } from '../../main/archive/errors.js';
import { readArchive } from '../../main/archive/read.js';
import { buildArchive } from '../../main/archive/write.js';
import { probeVideo } from '../../main/av/index.js';
import { importHandover } from '../../main/export/handover-import.js';
import { handoverLibraries, rewrittenZip } from './support/handover-libraries.js';

const h = handoverLibraries('handover-pose-frames-');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('hand-over pose against the clip', () => {
  it('refuses a pose whose frame numbers lie past the probed clip, and stores nothing', async () => {
    const frames = (await probeVideo(h.fx.clipPath)).frameCount;
    expect(frames).toBeGreaterThan(60);
    const shift = frames + 100;
    const zip = rewrittenZip(h.zipPath, h.home, (e) => {
      const archive = readArchive(e.get('archive.zip')!);
      for (const t of [archive.pose2d, archive.pose3d]) t.frameNr = t.frameNr.map((n) => n + shift);
      e.set(
        'archive.zip',
        buildArchive({ pose2d: archive.pose2d, pose3d: archive.pose3d, analysis: archive.analysis }),
      );
      const m = JSON.parse(e.get('manifest.json')!.toString()) as { sha256: Record<string, string> };
      m.sha256['archive.zip'] = sha(e.get('archive.zip')!);
      e.set('manifest.json', Buffer.from(JSON.stringify(m)));
    });
    // The shifted archive itself is well formed: only the clip's own frame count refuses it.
    expect(() => readArchive(new AdmZip(zip).getEntry('archive.zip')!.getData())).not.toThrow();
    const err = await importHandover(h.db, zip).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(ArchiveError);
    expect((err as Error).message).toMatch(
      new RegExp(`frame number ${shift} is outside the clip .*the clip has ${frames} frames`),
    );
    expect((err as Error).message).not.toContain('\n');
    expect(
      h.db.prepare('SELECT (SELECT count(*) FROM sessions) s, (SELECT count(*) FROM players) p').get(),
    ).toEqual({ s: 0, p: 0 });
  });
});
