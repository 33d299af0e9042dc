/**
 * The renderer end to end in real Chromium against the real main-process code (G's browser
 * bridge: library in a temp home, job queue, in-process local service and engine): add a
 * player, analyse a real 60 fps clip, open the session, and check that the overlay draws the
 * stored pose of the frame on screen through seeks, frame steps and playback; feature
 * selection, the 3D view, the chart playhead, library search and delete. Screenshots of every
 * screen go to test-artifacts/e2e/.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameAtTime, kpIndex, type PoseTrack } from '../../main/pose/pose-track.js';
import { getSessionDetail } from '../../main/library/detail.js';
import type { SessionDetail } from '../../main/library/types.js';
import { mediaPath } from '../support/media.js';
import { buildRenderer, cutClip, startApp, type E2eApp } from './harness.js';
import {
  ExportPage,
  LibraryPage,
  NewAnalysisPage,
  SessionPage,
  SettingsPage,
  type SwingDebugState,
} from './page-objects/index.js';

/** 1.67 s, 1080×1920 portrait, 60 fps (test media SOURCES.md): shorter than the recommended 3–10 s. */
const SHORT_CLIP = 'balance_portrait_60fps_1.mp4';
/** File name of the 3 s cut (1.0–4.0 s) of tennis_forehand_2.mp4: 1920×1080, 29.97 fps, contact inside. */
const CLIP = 'forehand-3s.mp4';
/** Longest wait for the local analysis of the clip on a 2-core machine, ms. */
const ANALYSIS_TIMEOUT_MS = 240_000;

let app: E2eApp;
let buildDir: string;
let sessionId = 0;
let detail: SessionDetail;

/** Largest distance, video px, between drawn joints and the stored pose of `debug.frameIndex`. */
function maxJointError(track: PoseTrack, debug: Pick<SwingDebugState, 'frameIndex' | 'drawnJoints'>): number {
  let worst = 0;
  let compared = 0;
  for (let j = 0; j < track.joints; j++) {
    const i = kpIndex(track, debug.frameIndex, j);
    const x = track.keypoints[i] ?? NaN;
    const y = track.keypoints[i + 1] ?? NaN;
    const drawn = debug.drawnJoints[j];
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      expect(drawn ?? null).toBeNull();
      continue;
    }
    expect(drawn, `joint ${j} of frame ${debug.frameIndex} not drawn`).toBeTruthy();
    if (!drawn) continue;
    worst = Math.max(worst, Math.hypot(drawn[0] - x, drawn[1] - y));
    compared++;
  }
  expect(compared).toBeGreaterThan(0);
  return worst;
}

/** Checks that the overlay shows the stored pose of the frame at `debug.mediaTime`. */
function expectPoseOfFrameShown(debug: SwingDebugState): void {
  const track = detail.pose2d;
  if (!track) throw new Error('session has no 2D pose');
  expect(debug.frameIndex).toBe(frameAtTime(track.timestamps, debug.mediaTime));
  expect(track.present[debug.frameIndex]).toBe(1);
  // Float32 keypoints mapped to canvas pixels and back: sub-millipixel round trip.
  expect(maxJointError(track, debug)).toBeLessThan(0.01);
}

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'swing-renderer-'));
  cutClip('tennis_forehand_2.mp4', 1, 3, join(buildDir, CLIP));
  await buildRenderer(join(buildDir, 'dist'));
  app = await startApp(join(buildDir, 'dist'));
});

afterAll(async () => {
  await app?.close();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

describe('Swing Studio renderer in Chromium', () => {
  it('analyses a clip for a new player and lists the job until done', async () => {
    const lib = new LibraryPage(app.page);
    await lib.open();
    await lib.screenshot('01-library-empty');

    const na = new NewAnalysisPage(app.page);
    await na.open();
    // A typed path that was never chosen is refused by main's path policy, with a tip.
    await na.addPath('/etc/passwd.mp4');
    await app.page.getByTestId('toast').first().waitFor();
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
    expect(await app.page.locator('[data-testid="video-check"] .warning').count()).toBe(1);
    expect(await app.page.getByTestId('analyse').isEnabled()).toBe(true);
    await app.page.getByRole('button', { name: `Remove ${SHORT_CLIP}` }).click();

    await na.upload([join(buildDir, CLIP)]);
    const [check] = await na.checks();
    expect(check?.ok).toBe(true);
    expect(check?.cells.slice(0, 4)).toEqual([CLIP, '3.00 s', '29.97 fps', '1920×1080']);
    expect(check?.cells[4]).toMatch(/^about \d+ s$/);

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

    const jobs = app.bridge.services.deps;
    const list = await app.bridge.services.handlers['jobs.list'](undefined);
    const done = list.find((j) => j.state === 'done');
    expect(done?.sessionId).toBeGreaterThan(0);
    sessionId = done?.sessionId ?? 0;
    const stored = getSessionDetail(jobs.db, sessionId);
    if (!stored) throw new Error(`session ${sessionId} is not in the library`);
    detail = stored;
    expect(detail.player).toMatchObject({ name: 'Test Player', dominantHand: 'right', heightMm: 1800 });
    expect(detail.pose2d?.frames).toBeGreaterThan(50);
  });

  it('draws the stored pose of the frame shown after seeks, steps and while playing', async () => {
    const lib = new LibraryPage(app.page);
    await lib.open();
    await lib.expectCardCount(1);
    await lib.screenshot('04-library-one-session');
    await lib.openSession(sessionId);
    const sp = new SessionPage(app.page);
    const first = await sp.waitForSkeleton();
    expectPoseOfFrameShown(first);

    // The overlay covers exactly the displayed picture of the clip (letterboxed in the stage).
    const box = await sp.overlayBox();
    expect(box.videoW).toBe(1920);
    expect(box.videoH).toBe(1080);
    const scale = Math.min(box.elW / 1920, box.elH / 1080);
    expect(box.width).toBeCloseTo(1920 * scale, 0);
    expect(box.height).toBeCloseTo(1080 * scale, 0);
    expect(box.left).toBeCloseTo((box.elW - 1920 * scale) / 2, 0);
    expect(box.top).toBeCloseTo((box.elH - 1080 * scale) / 2, 0);
    expect(box.left + box.top).toBeGreaterThan(1); // really letterboxed or pillarboxed
    expect(box.pxW).toBe(Math.round(box.width));

    const track = detail.pose2d as PoseTrack;
    for (const t of [0.5, 1.234, 0.05, 2.9]) {
      const d = await sp.seek(t);
      expect(d.mediaTime).toBeCloseTo(t, 1);
      expectPoseOfFrameShown(d);
      expect(d.frameIndex).toBe(frameAtTime(track.timestamps, (await sp.video()).currentTime));
    }
    await sp.screenshot('05-session-seek');

    // Frame steps by the pose timestamps: one pose frame per press, each drawn right.
    let d = await sp.seek(0.5);
    const start = d.frameIndex;
    d = await sp.pressAndSettle('ArrowRight');
    expect(d.frameIndex).toBe(start + 1);
    expectPoseOfFrameShown(d);
    d = await sp.pressAndSettle('ArrowRight');
    expect(d.frameIndex).toBe(start + 2);
    d = await sp.pressAndSettle('ArrowLeft');
    expect(d.frameIndex).toBe(start + 1);
    expectPoseOfFrameShown(d);

    // Playing at 0.25× and at 1×: for every presented frame the overlay drew that frame's pose.
    for (const rate of [0.25, 1]) {
      const samples = await sp.playAndSample(0.2, rate, 20);
      expect(samples.length).toBeGreaterThanOrEqual(10);
      for (const s of samples) {
        expect(s.drawnMediaTime).toBe(s.mediaTime);
        expectPoseOfFrameShown({ ...first, frameIndex: s.frameIndex, mediaTime: s.mediaTime, drawnJoints: s.drawnJoints });
      }
    }
    // Seek while paused after playing: redrawn on 'seeked'.
    d = await sp.seek(1.0);
    expectPoseOfFrameShown(d);
  });

  it('loops an A/B range and follows the keyboard shortcuts', async () => {
    const sp = new SessionPage(app.page);
    const page = app.page;
    await sp.seek(0.5);
    await page.getByTestId('loop-a').click();
    await sp.seek(1.0);
    await page.getByTestId('loop-b').click();
    const samples = await sp.playAndSample(0.5, 1, 40); // 1.3 s of frames over a 0.5 s loop
    const wraps = samples.filter((s, i) => i > 0 && s.mediaTime < (samples[i - 1]?.mediaTime ?? 0));
    expect(wraps.length).toBeGreaterThanOrEqual(1);
    // The jump back to A happens on the first frame at or past B (loopJump, unit-tested at the
    // boundary); what plays past B meanwhile is the seek's latency, which grows with the machine's
    // load (2 frames when quiet, 4 seen in a loaded CI run). Asserted here: it loops within A–B
    // and never runs on towards the end of the clip (less than 0.2 s past B).
    expect(Math.max(...samples.map((s) => s.mediaTime))).toBeLessThan(1.0 + 0.2);
    const afterWrap = samples.slice(samples.indexOf(wraps[0]!));
    expect(Math.min(...afterWrap.map((s) => s.mediaTime))).toBeGreaterThanOrEqual(0.5 - 1 / 29.97);
    for (const s of samples) expect(s.drawnMediaTime).toBe(s.mediaTime);
    await page.getByTestId('loop-clear').click();

    await page.keyboard.press(']');
    expect((await sp.video()).playbackRate).toBe(1.5);
    await page.keyboard.press('[');
    await page.keyboard.press('[');
    expect((await sp.video()).playbackRate).toBe(0.75);
    await page.keyboard.press('l');
    await page.waitForFunction(() => !(globalThis as unknown as { document: { querySelector(s: string): { paused: boolean } } }).document.querySelector('[data-testid="video"]').paused);
    await page.keyboard.press('k');
    expect((await sp.video()).paused).toBe(true);
    await page.keyboard.press('?');
    await page.getByTestId('help-overlay').waitFor();
    expect(await page.getByTestId('help-overlay').innerText()).toMatch(/One frame forward/);
    await sp.screenshot('06a-session-help');
    await page.keyboard.press('Escape');
    await page.getByTestId('help-overlay').waitFor({ state: 'detached' });
    await page.keyboard.press('[');
    await page.keyboard.press(']');
    expect((await sp.video()).playbackRate).toBe(0.75);
  });

  it('highlights a feature’s joints and seeks to its event', async () => {
    const sp = new SessionPage(app.page);
    const names = await sp.featureNames();
    expect(names.length).toBe(detail.features.length);
    const feature = detail.features.find((f) => f.highlight_joints.length > 0) ?? detail.features[0];
    if (!feature) throw new Error('the analysis has no features');
    await sp.seek(0);
    const d = await sp.selectFeature(feature.feature_name);
    expect(d.highlighted).toEqual([...new Set(feature.highlight_joints)].sort((a, b) => a - b));
    const track = detail.pose2d as PoseTrack;
    const idx = track.frameNr.indexOf(feature.event.frame_nr);
    expect(d.frameIndex).toBe(idx >= 0 ? idx : frameAtTime(track.timestamps, feature.event.timestamp));
    expectPoseOfFrameShown(d);
    await sp.screenshot('06-session-feature-selected');
  });

  it('renders the 3D pose and moves the chart playhead with the video, both ways', async () => {
    const sp = new SessionPage(app.page);
    let d = await sp.seek(0.8);
    expect(d.scene3dObjectCount).toBeGreaterThan(17); // lights, grid, 17 joints, limbs
    expect(d.frameIndex3d).toBe(frameAtTime((detail.pose3d as PoseTrack).timestamps, d.mediaTime));
    const px = await sp.scenePixels();
    expect(px.width * px.height).toBeGreaterThan(0);
    expect(px.differing).toBeGreaterThan(200);

    if (detail.kineticChain || detail.wristSpeed?.plot_values?.length) {
      expect(d.chartPlayheadTime).toBe(d.mediaTime);
      d = await sp.clickChart(0.25);
      const v = await sp.video();
      expect(v.currentTime).toBeGreaterThan(0);
      expect(d.chartPlayheadTime).toBe(d.mediaTime);
      expectPoseOfFrameShown(d);
    }
    await sp.screenshot('07-session-3d-chart');
  });

  it('filters the library by search and swing type', async () => {
    const lib = new LibraryPage(app.page);
    await lib.open();
    await lib.expectCardCount(1);
    await lib.rename(sessionId, 'Balance drill one');
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

  it('shows settings with a set-only API key and converts units', async () => {
    const st = new SettingsPage(app.page);
    await st.open();
    expect(await st.keyInputType()).toBe('password');
    await st.setApiKey('sk-test-0123456789');
    expect(await st.keyStatus()).toMatch(/An API key is stored/);
    expect(await app.page.content()).not.toContain('sk-test-0123456789');
    // The library folder in use; choosing another one is a desktop-app feature.
    expect(await app.page.getByTestId('library-dir').innerText()).toContain(app.home);
    expect(await app.page.getByTestId('library-dir-note').innerText()).toMatch(/desktop app/);
    expect(await app.page.getByTestId('choose-library').count()).toBe(0);
    await st.setUnits('imperial');
    await st.screenshot('09-settings');
    await st.setTheme('dark');
    await app.page.waitForFunction(() => (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }).document.documentElement.dataset['theme'] === 'dark');
    await st.screenshot('09a-settings-dark');
    await st.setTheme('system');

    // Speeds are shown in mph once imperial is chosen.
    const speed = detail.features.find((f) => f.unit === 'm/s');
    if (speed) {
      await app.page.goto(`${app.bridge.url}#/session/${sessionId}`);
      await new SessionPage(app.page).waitForSkeleton();
      const text = await app.page
        .locator(`[data-testid="feature"][data-feature-name="${speed.feature_name}"] [data-testid="feature-value"]`)
        .innerText();
      expect(text).toBe(`${(speed.value * 2.2369362920544).toFixed(Math.abs(speed.value * 2.2369362920544) < 1 ? 2 : 1)} mph`);
      await st.open();
    }
    await st.setUnits('metric');
  });

  it('exports the session and the player from the UI and downloads the files', async () => {
    await app.page.goto(`${app.bridge.url}#/session/${sessionId}`);
    await new SessionPage(app.page).waitForSkeleton();
    const ex = new ExportPage(app.page);
    await ex.openMenu();
    expect(await ex.menuLabels()).toEqual([
      'PDF report',
      'Features CSV',
      'Pose CSV (2D + 3D)',
      'Analysis JSON',
      'Analysis archive (.zip)',
      'Kinovea (.kva + video)',
      'OpenSim/Sports2D (.trc)',
      'Video with skeleton (.mp4)',
      'Hand-over to another coach (.zip)',
    ]);
    await ex.screenshot('11-session-export-menu');

    const timed = async (what: string, op: () => Promise<void>): Promise<void> => {
      const t0 = Date.now();
      await op();
      console.log(`e2e export ${what}: ${Date.now() - t0} ms`);
    };
    await timed('csv', () => ex.exportSession('csv'));
    const [csv] = await ex.fetchDownloads();
    expect(csv?.status).toBe(200);
    expect(csv?.name).toMatch(/\.csv$/);
    const csvText = csv?.body.toString('utf8') ?? '';
    expect(csvText.split(/\r?\n/)[0]).toMatch(/^session_id,player,recorded_at,/);
    expect(csvText.split(/\r?\n/).filter(Boolean).length).toBe(detail.features.length + 1);
    // Without the token the export is refused.
    expect((await app.page.request.get(csv?.url.replace(/\?t=.*$/, '') ?? '')).status()).toBeGreaterThanOrEqual(400);

    await timed('pdf', () => ex.exportSession('pdf'));
    const [pdf] = await ex.fetchDownloads();
    expect(pdf?.status).toBe(200);
    expect(pdf?.name).toMatch(/\.pdf$/);
    expect(pdf?.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await ex.screenshot('12-session-export-downloads');

    await timed('handover', () => ex.exportSession('handover'));
    const handover = await ex.saveFirstDownload(join(buildDir, 'handover.zip'));
    expect(handover.body.subarray(0, 2).toString('latin1')).toBe('PK');

    // The player's feature CSV over every session, from the Library's player view.
    const lib = new LibraryPage(app.page);
    await lib.open();
    await app.page.getByTestId('player-item').first().click();
    await app.page.getByTestId('player-exports').waitFor();
    await timed('player csv', () => ex.exportPlayer('csv'));
    const [playerCsv] = await ex.fetchDownloads();
    expect(playerCsv?.status).toBe(200);
    expect(playerCsv?.body.toString('utf8').length).toBeGreaterThan(20);
    await app.page.getByTestId('player-item').first().click(); // clear the player filter
  });

  it('imports a hand-over into another library, asking about the existing player', async () => {
    const other = await startApp(join(buildDir, 'dist'));
    try {
      const h = other.bridge.services.handlers;
      const coach = await h['library.createPlayer']({ name: 'Test Player', dominantHand: 'right', heightMm: 1800 });
      const lib = new LibraryPage(other.page);
      await lib.open();
      await lib.expectCardCount(0);
      const ex = new ExportPage(other.page);
      await ex.openImport();
      await ex.screenshot('13-import-dialog');
      await ex.chooseHandover(join(buildDir, 'handover.zip'));
      expect(await ex.playerExistsQuestion()).toMatch(/A player named Test Player already exists/);
      expect(await other.page.getByTestId('import-merge').innerText()).toBe('Merge into Test Player');
      expect(await other.page.getByTestId('import-new').innerText()).toBe('Import as a new player');
      await ex.screenshot('14-import-player-exists');
      await ex.answerPlayer('merge');
      await ex.waitImportClosed();
      await lib.expectCardCount(1);
      const [imported] = await lib.sessionIds();
      const stored = getSessionDetail(other.bridge.services.deps.db, imported ?? 0);
      expect(stored?.player.id).toBe(coach.id);
      expect(stored?.features.length).toBe(detail.features.length);
      expect((await lib.toasts()).join('\n')).toMatch(/Imported handover\.zip/);

      // The same hand-over again: already in the library, nothing doubled.
      await ex.openImport();
      await ex.chooseHandover(join(buildDir, 'handover.zip'));
      await ex.waitImportClosed();
      await lib.expectCardCount(1);
      expect(other.errors).toEqual([]);
      expect(readFileSync(join(buildDir, 'handover.zip')).length).toBeGreaterThan(1000);
    } finally {
      await other.close();
    }
  });

  it('asks before deleting a session and removes it', async () => {
    const lib = new LibraryPage(app.page);
    await lib.open();
    await lib.expectCardCount(1);
    await lib.askDelete(sessionId);
    await lib.screenshot('10-library-delete-dialog');
    await lib.confirmDialog(false);
    await lib.expectCardCount(1);
    await lib.askDelete(sessionId);
    await lib.confirmDialog(true);
    await lib.expectCardCount(0);
    expect(getSessionDetail(app.bridge.services.deps.db, sessionId)).toBeNull();
    // The only error logged is the refused typed path of the first test.
    expect(app.errors.filter((e) => !e.includes('/etc/passwd.mp4 was not chosen'))).toEqual([]);
  });
});
