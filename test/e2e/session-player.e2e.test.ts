/**
 * The session player end to end in real Chromium against the real main-process code (browser
 * bridge, library in a temp home) on a real analysed clip stored as a session (built-app.ts):
 * the overlay draws the stored pose of the frame on screen through seeks, frame steps and
 * playback, and covers exactly the displayed picture; the A/B loop and the keyboard shortcuts; a
 * feature's joints highlighted and its event sought; the 3D view and the chart playhead following
 * the video. Screenshots go to test-artifacts/e2e/.
 */
import { describe, expect, it } from 'vitest';
import { frameAtTime } from '../../main/pose/frame-time.js';
import { kpIndex, type PoseTrack } from '../../main/pose/pose-track.js';
import { storeAnalysedClip, useBuiltApp } from './built-app.js';
import { LibraryPage, SessionPage, type SwingDebugState } from './page-objects/index.js';

const fx = useBuiltApp('swing-player-', {
  prepare: (f) => storeAnalysedClip(f, { name: 'Test Player', dominantHand: 'right', heightMm: 1800 }, 'Balance drill'),
});

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
  const track = fx.detail.pose2d;
  if (!track) throw new Error('session has no 2D pose');
  expect(debug.frameIndex).toBe(frameAtTime(track.timestamps, debug.mediaTime));
  expect(track.present[debug.frameIndex]).toBe(1);
  // Float32 keypoints mapped to canvas pixels and back: sub-millipixel round trip.
  expect(maxJointError(track, debug)).toBeLessThan(0.01);
}

describe('Swing Studio session player in Chromium', () => {
  it('draws the stored pose of the frame shown after seeks, steps and while playing', async () => {
    const lib = new LibraryPage(fx.app.page);
    await lib.open();
    await lib.expectCardCount(1);
    await lib.screenshot('04-library-one-session');
    await lib.openSession(fx.sessionId);
    const sp = new SessionPage(fx.app.page);
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

    const track = fx.detail.pose2d as PoseTrack;
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
    const sp = new SessionPage(fx.app.page);
    const page = fx.app.page;
    await sp.seek(0.5);
    await page.getByTestId('loop-a').click();
    await sp.seek(1.0);
    await page.getByTestId('loop-b').click();
    const samples = await sp.playAndSample(0.5, 1, 40); // 1.3 s of frames over a 0.5 s loop
    const wraps = samples.filter((s, i) => i > 0 && s.mediaTime < (samples[i - 1]?.mediaTime ?? 0));
    expect(wraps.length).toBeGreaterThanOrEqual(1);
    // The jump back to A is issued on a clock tick at or past B (loopJump, unit-tested at the
    // boundary), never before B and always to A. What plays past B meanwhile is the seek's latency,
    // which grows with the machine's load (2 frames when quiet, 0.33 s and 0.63 s seen under CI
    // load): not asserted, it measures the machine. Asserted: the app's own record of its jumps,
    // the wrap in the frames shown, and that after the wrap nothing plays before A.
    // A and B are marked at the time the player last drew: the time sought (0.5 s, 1.0 s) or, when
    // the frame callback of the sought frame drew last (seen under load), that frame's start,
    // up to one frame (1/29.97 s) earlier.
    const jumps = await sp.loopJumps();
    expect(jumps.length).toBeGreaterThanOrEqual(1);
    for (const j of jumps) {
      expect(j.at).toBeGreaterThanOrEqual(j.b);
      expect(j.b).toBeGreaterThan(1.0 - 1 / 29.97 - 1e-6);
      expect(j.b).toBeLessThanOrEqual(1.0 + 1e-6);
      expect(j.to).toBeGreaterThan(0.5 - 1 / 29.97 - 1e-6);
      expect(j.to).toBeLessThanOrEqual(0.5 + 1e-6);
    }
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
    const sp = new SessionPage(fx.app.page);
    const names = await sp.featureNames();
    expect(names.length).toBe(fx.detail.features.length);
    const feature = fx.detail.features.find((f) => f.highlight_joints.length > 0) ?? fx.detail.features[0];
    if (!feature) throw new Error('the analysis has no features');
    await sp.seek(0);
    const d = await sp.selectFeature(feature.feature_name);
    expect(d.highlighted).toEqual([...new Set(feature.highlight_joints)].sort((a, b) => a - b));
    const track = fx.detail.pose2d as PoseTrack;
    const idx = track.frameNr.indexOf(feature.event.frame_nr);
    expect(d.frameIndex).toBe(idx >= 0 ? idx : frameAtTime(track.timestamps, feature.event.timestamp));
    expectPoseOfFrameShown(d);
    await sp.screenshot('06-session-feature-selected');
  });

  it('renders the 3D pose and moves the chart playhead with the video, both ways', async () => {
    const sp = new SessionPage(fx.app.page);
    let d = await sp.seek(0.8);
    expect(d.scene3dObjectCount).toBeGreaterThan(17); // lights, grid, 17 joints, limbs
    expect(d.frameIndex3d).toBe(frameAtTime((fx.detail.pose3d as PoseTrack).timestamps, d.mediaTime));
    const px = await sp.scenePixels();
    expect(px.width * px.height).toBeGreaterThan(0);
    expect(px.differing).toBeGreaterThan(200);

    // Every analysis has its kinetic-chain series (on the video's clock when the clip looks slowed).
    expect(fx.detail.kineticChain).toBeTruthy();
    expect(d.chartPlayheadTime).toBe(d.mediaTime);
    d = await sp.clickChart(0.25);
    const v = await sp.video();
    expect(v.currentTime).toBeGreaterThan(0);
    expect(d.chartPlayheadTime).toBe(d.mediaTime);
    expectPoseOfFrameShown(d);
    await sp.screenshot('07-session-3d-chart');
  });
});
