/**
 * The New-analysis preview click in real Chromium through the bridge (issue 26 item 3): a 3 s cut
 * (from 0.5 s) of pickleball_broadcast_1.mp4, a doubles rally at 1280×720 where at 1.0 s of the
 * source the man in green stands at about 573,373 px and the woman in grey at about 811,387 px
 * (test/engine/player-point-clip.test.ts). The coach moves the preview to 0.5 s of the cut, clicks
 * the man (the line and the marker appear), Clear removes the choice, clicks the woman, and starts
 * the analysis: the job input carries her point (source pixels, the preview's time); the local
 * engine's stored track has her box at that moment (it contains her point, not his).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getSessionDetail } from '../../main/library/detail.js';
import { playerBoxAt } from '../../main/pose/player-box.js';
import { useBuiltApp } from './built-app.js';
import { cutClip } from './harness.js';
import { NewAnalysisPage } from './page-objects/index.js';

const CLIP = 'doubles-3s.mp4';
/** The cut starts at 0.5 s of the source: its 0.5 s is the source's 1.0 s. */
const AT_S = 0.5;
const MAN = { x: 573, y: 373 };
const WOMAN = { x: 811, y: 387 };
/** Longest wait for the local analysis of the cut on a 2-core machine, ms (the input is asserted before). */
const ANALYSIS_TIMEOUT_MS = 240_000; // the file's test allows 330 s in all

const fx = useBuiltApp('swing-player-point-', {
  prepare: ({ buildDir }) => cutClip('pickleball_broadcast_1.mp4', 0.5, 3, join(buildDir, CLIP)),
});

describe('New analysis: click the person to analyse on the preview', () => {
  it('sends the clicked person as the job’s player point', { timeout: 330_000 }, async () => {
    const na = new NewAnalysisPage(fx.app.page);
    await na.open();
    await na.upload([join(fx.buildDir, CLIP)]);
    expect((await na.checks())[0]?.ok).toBe(true);
    await fx.app.page.getByTestId('player-preview').waitFor();
    expect(await na.playerPointLine()).toBe('');

    await na.previewSeek(AT_S);
    await na.clickPerson(MAN.x, MAN.y);
    await fx.app.page.getByTestId('player-point-marker').waitFor();
    expect(await na.playerPointLine()).toMatch(/^Analysing the person at \(57[1-5], 37[1-5]\) at 0\.50 s — click elsewhere to change, or\s*Clear$/);
    await na.clearPlayerPoint();
    expect(await na.playerPointLine()).toBe('');
    expect(await fx.app.page.getByTestId('player-point-marker').count()).toBe(0);

    await na.clickPerson(WOMAN.x, WOMAN.y);
    expect(await na.playerPointLine()).toMatch(/^Analysing the person at \(8(09|1[0-3]), 38[5-9]\) at 0\.50 s/);
    await na.screenshot('player-point-01-preview');

    await na.newPlayer('Grey Player', 'right', '170');
    await na.swing('pickleball', 'forehand_drive', 'Doubles, the woman');
    await na.submit();
    const queued = () => fx.app.bridge.services.deps.jobs.list().find((j) => 'playerPoint' in j.input);
    await expect.poll(() => queued() !== undefined, { timeout: 10_000 }).toBe(true);
    const input = queued()!.input as { playerPoint: { x: number; y: number; t?: number }; backend: string };
    expect(input.backend).toBe('local');
    expect(Math.abs(input.playerPoint.x - WOMAN.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(input.playerPoint.y - WOMAN.y)).toBeLessThanOrEqual(2);
    expect(input.playerPoint.t).toBeCloseTo(AT_S, 1);
    // The form is reset for the next clip: no preview, no point left over.
    expect(await fx.app.page.getByTestId('player-preview').count()).toBe(0);

    const end = await na.waitForJobEnd(ANALYSIS_TIMEOUT_MS);
    expect(end).toEqual({ state: 'done', text: 'Done' });
    const job = fx.app.bridge.services.deps.jobs.list().find((j) => j.state === 'done');
    const stored = getSessionDetail(fx.app.bridge.services.deps.db, job?.sessionId ?? 0);
    const track = stored?.pose2d;
    if (!track) throw new Error('the analysed session has no 2D pose');
    // The stored frame nearest the clicked moment (timestamps in seconds on the clip).
    let f = 0;
    for (let i = 1; i < track.frames; i++) if (Math.abs(track.timestamps[i]! - AT_S) < Math.abs(track.timestamps[f]! - AT_S)) f = i;
    const box = playerBoxAt(track, track.frameNr[f]!);
    const contains = (p: { x: number; y: number }) => !!box && p.x >= box.x && p.x <= box.x + box.w && p.y >= box.y && p.y <= box.y + box.h;
    expect(contains(WOMAN)).toBe(true);
    expect(contains(MAN)).toBe(false);
  });
});
