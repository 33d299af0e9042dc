/** Ingest of a real clip from the shared media, with its facts read by ffprobe. */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { probeVideo } from '../../main/av/index.js';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { mediaPath } from '../support/media.js';
import { ingestInput, tempHome } from './helpers.js';

const t = tempHome();
afterAll(t.cleanup);

it('copies a real clip under its SHA-256 and records its probed facts', async () => {
  const clip = mediaPath('pickleball_rec_1.mp4');
  const info = await probeVideo(clip);
  const db = openLibrary(t.home);
  try {
    const base = ingestInput({ uid: 'real-clip', clip, frames: 300 });
    const id = ingestAnalysis(db, {
      ...base,
      session: { ...base.session, durationS: info.durationS, fps: info.fps, width: info.width, height: info.height },
    });
    const s = getSessionDetail(db, id)?.session;
    const sha = createHash('sha256').update(readFileSync(clip)).digest('hex');
    expect(s).toMatchObject({ clipSha256: sha, width: 1920, height: 1080, fps: 30 });
    expect(s?.durationS).toBeCloseTo(10, 1);
    expect(s?.clipPath.endsWith(`/library/clips/${sha}.mp4`)).toBe(true);
    expect(statSync(s?.clipPath ?? '').size).toBe(2_153_064);
  } finally {
    db.close();
  }
});
