/**
 * A job that keeps its video in place (issue 29 item 4, job input `clipStorage: 'linked'`): the
 * session links the coach's file (hashed before the ingest, main/jobs/storing-step.ts) and nothing
 * is copied into clips/; the same job without the field copies as before. Real library, the
 * contract fault server as the remote service (queue-fixture.ts), a shared clip copied to a temp
 * folder at test time.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getSessionDetail } from '../../main/library/detail.js';
import { sha256File } from '../../main/library/files.js';
import { mediaPath } from '../support/media.js';
import { input, useQueueFixture } from './queue-fixture.js';

const fx = useQueueFixture();

describe('JobQueue with a video kept in place', () => {
  it('links the video instead of copying it, and copies when not asked', async () => {
    const video = join(fx.home, 'practice.mp4');
    copyFileSync(mediaPath('tennis_forehand_1.mp4'), video);
    const q = fx.queue();
    q.start();
    const linked = q.enqueueAnalysis(input({ videoPath: video, clipStorage: 'linked' }));
    await q.whenIdle();
    expect(q.get(linked)?.state).toBe('done');
    const s = getSessionDetail(fx.db, q.get(linked)?.sessionId ?? -1)?.session;
    expect(s).toMatchObject({ clipStorage: 'linked', clipPath: video, clipSha256: sha256File(video) });
    expect(fx.libraryFiles().filter((f) => f.endsWith('.mp4'))).toEqual([]);

    const copied = q.enqueueAnalysis(input({ videoPath: video }));
    await q.whenIdle();
    const c = getSessionDetail(fx.db, q.get(copied)?.sessionId ?? -1)?.session;
    expect(c?.clipStorage).toBe('copied');
    expect(fx.libraryFiles().filter((f) => f.endsWith('.mp4'))).toEqual([`${sha256File(video)}.mp4`]);
  });
});
