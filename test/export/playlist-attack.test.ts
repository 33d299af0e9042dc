/**
 * The playlist attack on every session export (issue 13, finding 2): a library session whose
 * stored clip is a 139-byte HLS playlist naming a real video elsewhere on the disk. Exports that
 * decode the clip (pdf key frames, mp4 overlay) must refuse it, on the shipped FFmpeg and on a
 * system ffmpeg (FFMPEG_PATH); the others never decode it. No export may carry a frame of the
 * named video.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportSession, SESSION_EXPORT_FORMATS } from '../../main/export/session-export.js';
import { EXPORT_EXTENSIONS } from '../../main/export/formats.js';
import { openLibrary } from '../../main/library/db.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { fakeClip, ingestInput, tempHome } from '../library/helpers.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';

const t = tempHome();
afterAll(() => t.cleanup());
const target = mediaPath('balance_portrait_60fps_1.mp4');
const playlist = fakeClip(t.home, 'swing.mp4', Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${target}\n#EXT-X-ENDLIST\n`));
const db = openLibrary(t.home);
const sessionId = ingestAnalysis(db, ingestInput({ uid: 'attack-1', clip: playlist, frames: 60 }));
afterAll(() => db.close());
const DECODING = new Set(['pdf', 'mp4']);
let pdfPages = 0;
const htmlToPdf = (_html: string, out: string): Promise<void> => {
  pdfPages++;
  writeFileSync(out, '%PDF-stub');
  return Promise.resolve();
};

for (const mode of ['shipped FFmpeg', 'FFMPEG_PATH'] as const) {
  describe(`a session whose clip is an HLS playlist, exported on the ${mode}`, () => {
    it('refuses every export that decodes the clip and writes nothing for it; the others never read the named video', async () => {
      if (mode === 'FFMPEG_PATH') process.env.FFMPEG_PATH = testFfmpeg();
      const out = join(t.home, `out-${mode.replace(/\W/g, '')}`);
      mkdirSync(out, { recursive: true });
      let refused = 0;
      try {
        for (const format of SESSION_EXPORT_FORMATS) {
          const path = join(out, `s${format}${EXPORT_EXTENSIONS[format]}`);
          const result = await exportSession(db, sessionId, format, path, { htmlToPdf }).then(
            (files) => ({ files, error: '' }),
            (err: unknown) => ({ files: [] as string[], error: (err as Error).message }),
          );
          if (DECODING.has(format)) {
            expect(result.error, format).toMatch(/playlists, concat lists and image sequences are refused|could not extract meta-data/);
            expect(existsSync(path), format).toBe(false);
            refused++;
          } else {
            expect(result.error, format).toBe('');
            // No export is as big as a decoded frame of the named video would make it.
            for (const f of result.files) expect(statSync(f).size, f).toBeLessThan(statSync(target).size);
          }
        }
      } finally {
        delete process.env.FFMPEG_PATH;
      }
      expect(refused).toBe(DECODING.size);
      console.log(`export playlist attack (${mode}): ${refused} of ${DECODING.size} decoding exports refused, ${SESSION_EXPORT_FORMATS.length - refused} others wrote no frame`);
    });
  });
}

it('never rendered a report page from the playlist', () => {
  expect(pdfPages).toBe(0);
});
