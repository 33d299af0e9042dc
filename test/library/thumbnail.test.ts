/**
 * Library thumbnails: the card picture of a real analysed clip is its ball-contact frame
 * (decoded from the stored clip), at most 480 px wide, recorded on the session, removed with the
 * session and swept when nothing names it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { extractFramePng, probeVideo } from '../../main/av/index.js';
import type { WritableDb } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { pathsOf, thumbnailFileName } from '../../main/library/paths.js';
import { deleteSession, listSessions } from '../../main/library/sessions.js';
import { sweepOrphans } from '../../main/library/sweep.js';
import { makeSessionThumbnail, THUMBNAIL_WIDTH } from '../../main/library/thumbnail.js';
import { analysedClip, ANALYSED_CLIP_META } from '../support/analysed-clip.js';
import { openCreatedLibrary, tempHome } from './helpers.js';

const t = tempHome();
let db: WritableDb;
let sessionId = 0;

beforeAll(async () => {
  const { clipPath, done } = await analysedClip();
  const info = await probeVideo(clipPath);
  db = openCreatedLibrary(t.home);
  sessionId = ingestAnalysis(db, {
    player: { name: 'Roger', dominantHand: 'right', heightMm: ANALYSED_CLIP_META.player_height_mm },
    session: { sourceClipPath: clipPath, recordedAt: '2026-11-23', sport: 'tennis', swingType: 'forehand_drive', durationS: info.durationS, fps: info.fps, width: info.width, height: info.height },
    analysis: done,
    backend: 'local',
  });
});

afterAll(() => {
  db?.close();
  t.cleanup();
});

/** Mean absolute difference per RGB channel (0..255) between two images drawn at the same size. */
async function meanDiff(a: Buffer, b: Buffer): Promise<number> {
  const [ia, ib] = await Promise.all([loadImage(a), loadImage(b)]);
  const w = ia.width;
  const h = ia.height;
  const px = (img: typeof ia) => {
    const c = createCanvas(w, h);
    c.getContext('2d').drawImage(img, 0, 0, w, h);
    return c.getContext('2d').getImageData(0, 0, w, h).data;
  };
  const [pa, pb] = [px(ia), px(ib)];
  let sum = 0;
  for (let i = 0; i < pa.length; i += 4) for (let k = 0; k < 3; k++) sum += Math.abs(pa[i + k]! - pb[i + k]!);
  return sum / ((pa.length / 4) * 3);
}

it('makes the contact-frame thumbnail of a session and records it', async () => {
  const detail = getSessionDetail(db, sessionId);
  const contact = detail?.contact;
  expect(contact?.frameNr).toBeGreaterThan(0);
  const path = await makeSessionThumbnail(db, sessionId);
  expect(path).toBe(join(pathsOf(db).thumbnailsDir, thumbnailFileName(ANALYSED_CLIP_META.uid))); // a hash of the uid (issue 25 finding 8)
  expect(listSessions(db).find((s) => s.id === sessionId)?.thumbnailPath).toBe(path);

  const jpeg = readFileSync(path ?? '');
  expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  const img = await loadImage(jpeg);
  expect(img.width).toBe(THUMBNAIL_WIDTH);
  expect(img.height).toBe(Math.round((THUMBNAIL_WIDTH * 1080) / 1920));

  // It is the contact frame: close to it (JPEG and two different downscalers: ~3 levels) and
  // several times closer than to the clip's first frame.
  const clip = detail?.session.clipPath ?? '';
  const atContact = await meanDiff(jpeg, await extractFramePng(clip, contact?.frameNr ?? 0));
  const atStart = await meanDiff(jpeg, await extractFramePng(clip, 0));
  console.log(`thumbnail vs contact frame ${contact?.frameNr}: ${atContact.toFixed(2)}; vs frame 0: ${atStart.toFixed(2)} (mean |Δ| per channel)`);
  expect(atContact).toBeLessThan(5);
  expect(atStart).toBeGreaterThan(4 * atContact);
});

it('sweeps thumbnails no session names and removes a session’s thumbnail with it', () => {
  const dir = pathsOf(db).thumbnailsDir;
  const orphan = join(dir, 'gone.jpg');
  writeFileSync(orphan, 'x');
  const kept = listSessions(db).find((s) => s.id === sessionId)?.thumbnailPath ?? '';
  expect(sweepOrphans(db, { graceMs: 0 }).removed).toEqual([orphan]);
  expect(existsSync(kept)).toBe(true);
  deleteSession(db, sessionId);
  expect(existsSync(kept)).toBe(false);
});
