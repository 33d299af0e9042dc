/**
 * Slow motion in the app, in real Chromium through the bridge:
 * - the New analysis form's "Slow motion" control sends the capture frame rate: the 3 s cut of
 *   tennis_forehand_2.mp4 (test/support/analysed-clip.ts; the clip is about 8× slowed, labels)
 *   analysed on this computer "Recorded at 240 fps" is stored with capture 240 fps and measured
 *   in real time;
 * - the whole tennis_forehand_2.mp4 analysed without a rate (engine pose from the eval cache,
 *   test/eval/pose-cache.ts) is guessed slowed: the session shows the warning in a banner, and
 *   "Treat as N× slow motion" recomputes it at the suggested rate from the stored pose; Change… → Real time
 *   brings the banner back.
 * Screenshots go to test-artifacts/e2e/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTechniqueResult } from '../../main/analysis/technique/swing-technique.js';
import { captureRateText, slowingFactor } from '../../main/contract/capture-rate.js';
import type { TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestTechniqueAnalysis } from '../../main/library/ingest.js';
import { listSessions } from '../../main/library/sessions.js';
import { analysedClip } from '../support/analysed-clip.js';
import { mediaPath } from '../support/media.js';
import { poseOf } from '../eval/pose-cache.js';
import { buildRenderer, startApp, type E2eApp } from './harness.js';
import { NewAnalysisPage, SessionPage } from './page-objects/index.js';

let app: E2eApp;
let buildDir: string;
let cutPath: string;

/** Federer (labels/strokes.json): right-handed, 1.85 m. */
const META: TechniqueRequestMetadata = { uid: 'slow-e2e', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1850 };

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'swing-slow-'));
  const [{ clipPath }] = await Promise.all([analysedClip(), buildRenderer(join(buildDir, 'dist'))]);
  cutPath = clipPath;
  app = await startApp(join(buildDir, 'dist'), { width: 1280, height: 720 });
}, 600_000);

afterAll(async () => {
  await app?.close();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

describe('slow motion', () => {
  it('the New analysis form sends the capture rate: the session is measured in real time', async () => {
    const np = new NewAnalysisPage(app.page);
    await np.open();
    await np.upload([cutPath]);
    await np.newPlayer('Slow Player', 'right', '185');
    await np.swing('tennis', 'forehand_drive', 'Forehand at 240 fps');
    const control = app.page.getByTestId('slow-motion');
    expect(await control.inputValue()).toBe('real');
    await control.selectOption('other');
    await app.page.getByTestId('capture-fps').fill('0');
    await np.submit();
    expect(await app.page.getByTestId('capture-fps-error').innerText()).toMatch(/frame rate the camera recorded at/);
    await control.selectOption('240');
    expect(await app.page.getByTestId('capture-fps').count()).toBe(0);
    await np.screenshot('30-new-analysis-slow-motion');
    await np.submit();
    expect((await np.waitForJobEnd(600_000)).state).toBe('done');
    const db = app.bridge.services.deps.db;
    const [summary] = listSessions(db, { text: 'Slow Player' });
    const d = getSessionDetail(db, summary!.id)!;
    expect(d.session.captureFps).toBe(240);
    expect(d.analysis?.captureFps).toBe(240);
    await np.openFinishedSession();
    await new SessionPage(app.page).waitForSkeleton();
    expect(await app.page.getByTestId('capture-rate').innerText()).toBe('capture 240 fps (8.0× slow motion)');
    expect(await app.page.getByTestId('slow-motion-banner').count()).toBe(0);
  }, 900_000);

  it('a guessed slowed clip shows the warning; one click treats it as slow motion at the suggested rate, recomputed from the stored pose', async () => {
    const clip = mediaPath('tennis_forehand_2.mp4');
    // The pose of the checked-out engine (from the eval's cache when `npm run eval` ran on it, else
    // estimated now): never another engine version's, which a measured-and-reverted variant may
    // have left newest in the cache (its pose may not look slowed: 2026-11-25, heavy + full).
    const pose = await poseOf(clip, META.player_height_mm, 'keyed');
    const computed = computeTechniqueResult({ pose2d: pose.pose2d, pose3d: pose.pose3d, fps: pose.video.fps, width: pose.video.width, height: pose.video.height, meta: META });
    // The engine's pose of this 7.7× slowed clip is guessed slowed without its capture rate
    // (main/analysis/slow-motion.ts; `npm run eval`, "Slow motion guessed": 9.4× calibrated).
    expect(computed.result.slow_motion_guess).toBeDefined();
    const suggested = computed.result.slow_motion_guess?.suggested_capture_fps ?? 0;
    expect(suggested).toBeGreaterThanOrEqual(120); // labels: about 8× (240 fps at 29.97)
    // Stored as the direct local backend stores it: the typed analysis with its typed warnings.
    const analysis = { uid: META.uid, result: computed.result, warnings: computed.warnings, errors: [], pose2d: pose.pose2d, pose3d: pose.pose3d };
    const db = app.bridge.services.deps.db;
    const id = ingestTechniqueAnalysis(db, {
      player: { name: 'Guess Player', dominantHand: 'right', heightMm: META.player_height_mm },
      session: { sourceClipPath: clip, recordedAt: '2026-11-23', sport: 'tennis', swingType: 'forehand_drive', durationS: pose.video.durationS, fps: pose.video.fps, width: pose.video.width, height: pose.video.height, title: 'Forehand, slowed?' },
      analysis, backend: 'local', request: META,
    });
    const before = getSessionDetail(db, id)!;

    await app.page.goto(`${app.bridge.url}#/session/${id}`);
    const sp = new SessionPage(app.page);
    await sp.waitForSkeleton();
    const banner = app.page.getByTestId('slow-motion-banner');
    // One sentence for the coach; the numbers folded behind "more".
    expect(await banner.locator('p').innerText()).toBe('The clip looks like slow motion, so its speeds and timings are not scored.');
    await banner.getByText('more').click();
    expect(await app.page.getByTestId('slow-motion-detail').innerText()).toMatch(/the clip looks slowed down, (at least )?about \d+\.\d×.*: the hand peaked at \d+\.\d m\/s on the video.s clock/);
    const notes = app.page.getByTestId('session-warnings');
    expect(await notes.locator('[data-code="slow-motion-guessed"]').count()).toBe(1);
    expect(await notes.locator('[data-code="feature-left-out"]').count()).toBeGreaterThan(0);
    expect(await app.page.getByTestId('capture-rate').innerText()).toBe('not scored: the clip looks slowed');
    const button = app.page.getByTestId('treat-as-slow-motion');
    const factor = slowingFactor(suggested, pose.video.fps);
    expect(await button.innerText()).toBe(`Treat as ${Math.abs(factor - Math.round(factor)) < 0.05 ? Math.round(factor) : factor.toFixed(1)}× slow motion (${suggested} fps)`);
    await sp.screenshot('31-session-slow-motion-banner');

    await button.click();
    await app.page.getByTestId('capture-rate').filter({ hasText: captureRateText(suggested, pose.video.fps) }).waitFor();
    await banner.waitFor({ state: 'detached' });
    const after = getSessionDetail(db, id)!;
    expect([after.session.captureFps, after.analysis?.captureFps]).toEqual([suggested, suggested]);
    const speed = (x: typeof before, name: string) => x.features.find((f) => f.feature_name === name)?.value ?? NaN;
    // Looking slowed, the speeds were left out (not scored on the video's clock), saying why; in
    // real time they are measured.
    expect(before.leftOut.find((l) => l.feature_name === 'trunk_rotation_speed')?.reason).toMatch(/^the clip looks slowed down about/);
    expect(speed(before, 'trunk_rotation_speed')).toBeNaN();
    expect(speed(after, 'trunk_rotation_speed')).toBeGreaterThan(0);
    await sp.screenshot('32-session-slow-motion-applied');

    await app.page.getByTestId('change-capture-rate').click();
    await app.page.getByTestId('capture-rate-choice').selectOption('real');
    await app.page.getByRole('button', { name: 'Recompute' }).click();
    // "Real time" is the coach's statement: the clip's own rate is stored, the guess stays off
    // and the speeds are scored on the real-time clock.
    await app.page.getByTestId('capture-rate').filter({ hasText: captureRateText(pose.video.fps, pose.video.fps) }).waitFor();
    const real = getSessionDetail(db, id)!;
    expect(real.session.captureFps).toBe(pose.video.fps);
    expect(await banner.count()).toBe(0);
    expect(speed(real, 'trunk_rotation_speed')).toBeGreaterThan(0);
    expect(app.errors).toEqual([]);
  }, 900_000);
});
