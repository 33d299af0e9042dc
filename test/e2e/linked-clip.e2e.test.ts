/**
 * A session whose video was kept in place (issue 29 item 4, main/library/linked-clips.ts), in real
 * Chromium through the browser bridge: the session page says "Linked: <path>"; after the file is
 * moved it says "The video is not where it was: Locate…"; Locate with another video is refused
 * with main's one line; Locate with the moved file (registered as picked, as the desktop file
 * dialog does) takes the notice away and the media route serves the video from its new place
 * (404 before, 200 after) and it plays. The shared clip is
 * copied to a temp folder at test time. Screenshots go to test-artifacts/e2e/.
 */
import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { ingestInput } from '../library/helpers.js';
import { mediaPath } from '../support/media.js';
import { buildRenderer, startApp, type E2eApp } from './harness.js';
import { LibraryPage } from './page-objects/index.js';
import type { VideoLike } from './page-objects/browser-types.js';

let app: E2eApp;
let dir: string;
let clip: string;
let other: string;
let sessionId: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'swing-linked-e2e-'));
  mkdirSync(join(dir, 'coach'));
  clip = join(dir, 'coach', 'practice set.mp4');
  other = join(dir, 'coach', 'another.mp4');
  copyFileSync(mediaPath('tennis_forehand_1.mp4'), clip);
  copyFileSync(mediaPath('tennis_serve_coach_behind_1.mp4'), other);
  await buildRenderer(join(dir, 'dist'));
  app = await startApp(join(dir, 'dist'), { width: 1280, height: 720 });
  const base = ingestInput({ uid: 'linked-e2e', clip, title: 'Practice set kept in place' });
  sessionId = ingestAnalysis(app.bridge.services.deps.db, { ...base, session: { ...base.session, clipStorage: 'linked' } });
}, 300_000);

afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** HTTP status of a HEAD request for the session page's video URL (the media route). */
async function clipStatus(): Promise<number> {
  const src = await app.page.getByTestId('video').getAttribute('src');
  return app.page.evaluate(async (url) => (await fetch(url ?? '', { method: 'HEAD' })).status, src);
}

/** Whether the session page's <video> has decoded a picture. */
async function videoShowsPicture(): Promise<boolean> {
  return app.page.getByTestId('video').evaluate((el) => {
    const v = el as unknown as VideoLike;
    return v.readyState >= 2 && v.videoWidth > 0;
  });
}

describe('a linked session in Chromium', () => {
  it('shows where the video is, asks to locate it after a move, and plays it once located', async () => {
    const page = app.page;
    const lib = new LibraryPage(page);
    await lib.open();
    await lib.openSession(sessionId);
    await expect.poll(() => page.getByTestId('clip-storage').textContent(), { timeout: 30_000 }).toBe(`Linked: ${clip}`);
    await expect.poll(videoShowsPicture, { timeout: 30_000 }).toBe(true);
    expect(await page.getByTestId('clip-missing').count()).toBe(0);

    // The coach moves the file; the session, opened again, says so.
    const moved = join(dir, 'coach', 'moved', 'practice set.mp4');
    mkdirSync(join(dir, 'coach', 'moved'));
    renameSync(clip, moved);
    await lib.open();
    await lib.openSession(sessionId);
    await page.getByTestId('clip-missing').waitFor({ timeout: 30_000 });
    expect((await page.getByTestId('clip-missing').textContent())?.replace(/\s+/g, ' ').trim()).toBe('The video is not where it was: Locate…');
    await lib.screenshot('linked-clip-missing');
    expect(await clipStatus()).toBe(404);

    // Another video is refused with one line (picked, as the file dialog would).
    await page.getByTestId('locate-clip').click();
    await app.bridge.services.picked.add(other);
    await page.getByTestId('locate-path').fill(other);
    await page.getByTestId('locate-submit').click();
    await expect.poll(() => page.getByTestId('locate-refused').textContent(), { timeout: 30_000 }).toBe(
      "That file is not this session's video (its content differs); choose the original video.",
    );

    // The moved file is accepted: the notice goes and the video plays from its new place.
    await app.bridge.services.picked.add(moved);
    await page.getByTestId('locate-path').fill(moved);
    await page.getByTestId('locate-submit').click();
    await expect.poll(() => page.getByTestId('clip-missing').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('clip-storage').textContent(), { timeout: 30_000 }).toBe(`Linked: ${moved}`);
    await expect.poll(videoShowsPicture, { timeout: 30_000 }).toBe(true);
    expect(await clipStatus()).toBe(200);
    await lib.screenshot('linked-clip-located');
    expect(app.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  }, 240_000);
});
