/**
 * The library card's picture of a session: its ball-contact frame (the analysis's contact
 * frame; the middle frame when the analysis found none), decoded from the stored clip with the
 * report key frames' decoder (extractFramePng), scaled to at most {@link THUMBNAIL_WIDTH} px wide
 * and kept as JPEG in `<library>/thumbnails/` under a hash of the analysis's uid
 * (`uid-<sha256(uid)[:32]>.jpg`, paths.ts thumbnailFileName). Written atomically under the
 * library lock after the session is committed; `sessions.thumbnail_path` holds its file name
 * (relative to the thumbnails folder, like clips and archives, so a moved or copied library
 * keeps it); removed with its session and swept when no session names it.
 */
import { basename, join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { writeFileAtomic } from '../files/index.js';
import { extractFramePng } from '../av/index.js';
import type { WritableDb } from './db.js';
import { withLibraryLock } from './lock.js';
import { pathsOf, thumbnailFileName } from './paths.js';
import { setThumbnail } from './sessions.js';
import type { RowId } from './library-types.js';

/** Largest thumbnail width, px: two card columns of a 1920 px window at device scale 1 (cards are ~300 CSS px wide; 480 covers scale 1.5). */
export const THUMBNAIL_WIDTH = 480;
/** JPEG quality of thumbnails, 0..100 as @napi-rs/canvas takes it (82: no visible blocking on a 480 px frame). */
const JPEG_QUALITY = 82;

/** Which frame of a session's clip the thumbnail shows, and the file it goes to. */
export interface ThumbnailPlan {
  clipPath: string;
  /** 0-based decode-order frame of the clip. */
  frameNr: number;
  /** Absolute path of the thumbnail file. */
  path: string;
  /** The clip's displayed size as stored with the session, pixels (the decode needs no probe). */
  size: { width: number; height: number };
}

/**
 * The thumbnail plan of a session: its newest analysis's contact frame, else the clip's middle
 * frame (duration × fps / 2). Null when the session does not exist or has no analysis.
 */
export function thumbnailPlan(db: WritableDb, sessionId: RowId): ThumbnailPlan | null {
  const row = db
    .prepare(
      `SELECT s.clip_file, s.clip_link_path, s.duration_s, s.fps, s.width, s.height, a.contact_frame, a.uid
       FROM sessions s JOIN analyses a ON a.session_id = s.id WHERE s.id = ? ORDER BY a.id DESC LIMIT 1`,
    )
    .get(sessionId) as { clip_file: string; clip_link_path: string | null; duration_s: number; fps: number; width: number; height: number; contact_frame: number | null; uid: string } | undefined;
  if (!row) return null;
  const paths = pathsOf(db);
  const frameNr = row.contact_frame ?? Math.max(0, Math.floor((row.duration_s * row.fps) / 2));
  return {
    // A linked clip (schema v14) is read where the coach keeps it.
    clipPath: row.clip_link_path ?? join(paths.clipsDir, row.clip_file),
    frameNr,
    path: join(paths.thumbnailsDir, thumbnailFileName(row.uid)),
    size: { width: row.width, height: row.height },
  };
}

/** PNG bytes → JPEG at most `maxWidth` px wide (aspect kept). */
async function scaledJpeg(png: Buffer, maxWidth: number): Promise<Buffer> {
  const img = await loadImage(png);
  const scale = Math.min(1, maxWidth / img.width);
  const canvas = createCanvas(Math.max(1, Math.round(img.width * scale)), Math.max(1, Math.round(img.height * scale)));
  canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
  return canvas.encode('jpeg', JPEG_QUALITY);
}

/**
 * Makes and records the contact-frame thumbnail of a session (decode outside the lock; file
 * write and row update under it, only if the session still exists).
 * @returns the thumbnail's absolute path, or null when the session is gone or has no analysis.
 * @throws Error when the frame cannot be decoded (see extractFramePng); LibraryError `busy`;
 *   fs errors; the signal's reason when aborted.
 */
export async function makeSessionThumbnail(db: WritableDb, sessionId: RowId, signal?: AbortSignal): Promise<string | null> {
  const plan = thumbnailPlan(db, sessionId);
  if (!plan) return null;
  const jpeg = await scaledJpeg(await extractFramePng(plan.clipPath, plan.frameNr, signal, plan.size), THUMBNAIL_WIDTH);
  signal?.throwIfAborted();
  return withLibraryLock(pathsOf(db).root, () => {
    if (!db.prepare('SELECT 1 FROM sessions WHERE id = ?').get(sessionId)) return null;
    writeFileAtomic(plan.path, jpeg, { mkdirs: true, mode: 0o644 });
    setThumbnail(db, sessionId, basename(plan.path));
    return plan.path;
  });
}
