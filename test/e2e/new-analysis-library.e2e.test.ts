/**
 * A new analysis end to end in real Chromium against the real main-process code (browser bridge:
 * library in a temp home, job queue, in-process local service and engine): a typed path refused,
 * the video check of a too-short clip, the height field's units, then a real clip analysed for a
 * new player and its job followed until done; the session found with the library's search and
 * swing-type filters, and deleted after a confirmation. Screenshots go to test-artifacts/e2e/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getSessionDetail } from '../../main/library/detail.js';
import { mediaPath } from '../support/media.js';
import { useBuiltApp } from './built-app.js';
import { cutClip } from './harness.js';
import { LibraryPage, NewAnalysisPage } from './page-objects/index.js';

/** 1.67 s, 1080×1920 portrait, 60 fps (test media SOURCES.md): shorter than the recommended 3–10 s. */
const SHORT_CLIP = 'balance_portrait_60fps_1.mp4';
/** File name of the 3 s cut (1.0–4.0 s) of tennis_forehand_2.mp4: 1920×1080, 29.97 fps, contact inside. */
const CLIP = 'forehand-3s.mp4';
/** Longest wait for the local analysis of the clip on a 2-core machine, ms. */
const ANALYSIS_TIMEOUT_MS = 240_000;

/** The session is the one the first test analyses; the clip cut lies in the build folder. */
const fx = useBuiltApp('swing-renderer-', {
  prepare: ({ buildDir }) => cutClip('tennis_forehand_2.mp4', 1, 3, join(buildDir, CLIP)),
});

describe('Swing Studio new analysis and library in Chromium', () => {
  it('analyses a clip for a new player and lists the job until done', async () => {
    const lib = new LibraryPage(fx.app.page);
    await lib.open();
    await lib.screenshot('01-library-empty');

    const na = new NewAnalysisPage(fx.app.page);
    await na.open();
    // A typed path that was never chosen is refused by main's path policy, with a tip.
    await na.addPath('/etc/passwd.mp4');
    await fx.app.page.getByTestId('toast').first().waitFor();
    expect((await na.toasts()).join('\n')).toMatch(/not chosen|chosen in this session/i);
    await na.dismissToasts();

    // The video check is shown before sending; a clip outside the recommended 3–10 s gets a
    // warning but can still be sent (the local engine analyses it).
    await na.upload([mediaPath(SHORT_CLIP)]);
    const [short] = await na.checks();
    expect(short?.ok).toBe(true);
    expect(short?.cells.slice(0, 4)).toEqual([SHORT_CLIP, '1.67 s', '60.00 fps', '1080×1920']);
    expect(short?.cells[5]).toMatch(/Ready/);
    expect(short?.cells[5]).toMatch(/1\.7 s long; 3–10 s around one swing is recommended/);
    expect(await fx.app.page.locator('[data-testid="video-check"] .warning').count()).toBe(1);
    expect(await fx.app.page.getByTestId('analyse').isEnabled()).toBe(true);
    await fx.app.page.getByRole('button', { name: `Remove ${SHORT_CLIP}` }).click();

    await na.upload([join(fx.buildDir, CLIP)]);
    const [check] = await na.checks();
    expect(check?.ok).toBe(true);
    expect(check?.cells.slice(0, 4)).toEqual([CLIP, '3.00 s', '29.97 fps', '1920×1080']);
    expect(check?.cells[4]).toMatch(/^about \d+ s$/);

    // The swing types per sport: our extension's serve (tennis, pickleball) and dink (pickleball) beside API.md's drives.
    expect(await na.swingChoices('pickleball')).toEqual(['Forehand drive', 'Backhand drive', 'Serve', 'Dink']);
    expect(await na.swingChoices('tennis')).toEqual(['Forehand drive', 'Backhand drive', 'Serve']);
    await na.newPlayer('Test Player', 'right', '1.8'); // metres typed where cm are asked
    await na.swing('tennis', 'forehand_drive', 'Balance drill');
    await na.submit();
    expect(await na.heightError()).toBe('The height must be between 50 and 280 cm.');
    await na.newPlayer('Test Player', 'right', '180');
    await na.screenshot('02-new-analysis-form');
    await na.watchJobStates();
    await na.submit();
    const end = await na.waitForJobEnd(ANALYSIS_TIMEOUT_MS);
    await na.screenshot('03-new-analysis-done');
    expect(end).toEqual({ state: 'done', text: 'Done' });
    const seen = await na.seenJobStates();
    expect(seen.at(-1)).toBe('done');
    expect(seen.length).toBeGreaterThan(1);

    const jobs = fx.app.bridge.services.deps;
    const list = await fx.app.bridge.services.handlers['jobs.list'](undefined);
    const done = list.find((j) => j.state === 'done');
    expect(done?.sessionId).toBeGreaterThan(0);
    fx.sessionId = done?.sessionId ?? 0;
    const stored = getSessionDetail(jobs.db, fx.sessionId);
    if (!stored) throw new Error(`session ${fx.sessionId} is not in the library`);
    fx.detail = stored;
    expect(fx.detail.player).toMatchObject({ name: 'Test Player', dominantHand: 'right', heightMm: 1800 });
    expect(fx.detail.pose2d?.frames).toBeGreaterThan(50);
  });

  it('filters the library by search and swing type', async () => {
    const lib = new LibraryPage(fx.app.page);
    await lib.open();
    await lib.expectCardCount(1);
    await lib.rename(fx.sessionId, 'Balance drill one');
    await lib.search('nothing-like-this');
    await lib.expectCardCount(0);
    await lib.search('Balance');
    await lib.expectCardCount(1);
    await lib.clearFilters();
    await lib.filterSwingType('backhand_drive');
    await lib.expectCardCount(0);
    await lib.filterSwingType('forehand_drive');
    await lib.expectCardCount(1);
    await lib.clearFilters();
    await lib.screenshot('08-library-filtered');
  });

  it('asks before deleting a session and removes it', async () => {
    const lib = new LibraryPage(fx.app.page);
    await lib.open();
    await lib.expectCardCount(1);
    await lib.askDelete(fx.sessionId);
    await lib.screenshot('10-library-delete-dialog');
    await lib.confirmDialog(false);
    await lib.expectCardCount(1);
    await lib.askDelete(fx.sessionId);
    await lib.confirmDialog(true);
    await lib.expectCardCount(0);
    expect(getSessionDetail(fx.app.bridge.services.deps.db, fx.sessionId)).toBeNull();
    // The only error logged is the refused typed path of the first test.
    expect(fx.app.errors.filter((e) => !e.includes('/etc/passwd.mp4 was not chosen'))).toEqual([]);
  });
});
