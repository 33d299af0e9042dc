/**
 * A serve session end to end in real Chromium (issue 28): the New-analysis form sends
 * tennis_serve_amateur_1.mp4 (one serve, contact at frame 33 ±1: ../shared/media/labels) as a
 * tennis `serve` for a right-handed player; the job ends done, the library's swing-type filter
 * finds it as a serve, and its session view lists the serve's 8 stages (Kovacs & Ellenbecker
 * 2011), its events (toss release, trophy position, racket-low point, ball contact) as buttons
 * and as timeline marks, and its unscored serve values (among them the leg drive, serve-motion.ts);
 * the library card names it a serve.
 */
import { describe, expect, it } from 'vitest';
import { mediaPath } from '../support/media.js';
import { useBuiltApp } from './built-app.js';
import { LibraryPage, NewAnalysisPage } from './page-objects/index.js';

/** Longest wait for the local analysis of the 3.7 s clip on a 2-core machine, ms. */
const ANALYSIS_TIMEOUT_MS = 240_000;

const fx = useBuiltApp('swing-serve-');

describe('a serve session in Chromium', () => {
  it('analyses a serve and shows its stages and events', async () => {
    const na = new NewAnalysisPage(fx.app.page);
    await na.open();
    await na.upload([mediaPath('tennis_serve_amateur_1.mp4')]);
    await na.newPlayer('Server', 'right', '180');
    await na.swing('tennis', 'serve', 'First serve');
    await na.submit();
    expect(await na.waitForJobEnd(ANALYSIS_TIMEOUT_MS)).toEqual({ state: 'done', text: 'Done' });
    const list = await fx.app.bridge.services.handlers['jobs.list'](undefined);
    const sessionId = list.find((j) => j.state === 'done')?.sessionId ?? 0;
    expect(sessionId).toBeGreaterThan(0);

    const lib = new LibraryPage(fx.app.page);
    await lib.open();
    await lib.filterSwingType('forehand_drive');
    await lib.expectCardCount(0);
    await lib.filterSwingType('serve');
    await lib.expectCardCount(1);
    expect(await lib.card(sessionId).textContent()).toMatch(/Serve/);
    await lib.openSession(sessionId);

    const page = fx.app.page;
    await page.getByTestId('serve-stages').waitFor({ timeout: 30_000 });
    const attrs = async (testId: string, name: string) => Promise.all((await page.getByTestId(testId).all()).map((l) => l.getAttribute(name)));
    expect(await attrs('serve-stage', 'data-stage')).toEqual([
      'start', 'release', 'loading', 'cocking', 'acceleration', 'contact', 'deceleration', 'finish',
    ]);
    const events = await attrs('serve-event', 'data-event');
    for (const name of ['toss_release', 'trophy_position', 'racket_low_point', 'ball_contact']) expect(events).toContain(name);
    expect(await page.getByTestId('timeline-event').count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByTestId('serve-measure').count()).toBeGreaterThan(0);
    // A serve movement value (serve-motion.ts) is listed the same way: the leg drive, in m/s.
    const legDrive = page.locator('[data-testid="serve-measure"][data-measure="leg_drive_hip_speed"]');
    expect(await legDrive.textContent()).toMatch(/Leg drive.*\d+\.\d m\/s/);
    await page.screenshot({ path: 'test-artifacts/e2e/serve-session.png' });
  });
});
