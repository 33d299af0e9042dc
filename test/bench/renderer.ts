/**
 * Renderer benchmark in headless Chromium against the browser bridge (real main-process code):
 *  1. time to draw the 2D overlay for one frame (and a whole clock tick: overlay, 3D scene,
 *     chart playhead), median and p95 over the frames of a 5 s playback;
 *  2. frames presented vs expected while playing the 60 fps clip (balance_portrait_60fps_1.mp4,
 *     looped) at 1× for 5 s in the session view, against a bare <video> of the same clip in
 *     the same browser as the baseline (ratio);
 *  3. time from opening a stored session to the first frame with its skeleton (goal ≤ 300 ms),
 *     median of 5 opens.
 * The session is ingested straight into the bridge's library with a synthetic 100-frame
 * analysis on the real 60 fps clip (the renderer's cost does not depend on where pose came
 * from; the engine has its own benchmark). Prints numbers; asserts nothing.
 * Run: npx tsx test/bench/renderer.ts
 *
 * Page-side code is passed as strings: the test program compiles without the DOM lib, and tsx
 * would wrap named functions with a helper the page does not have.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startBridge } from '../../main/bridge/server.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { buildRenderer, CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/harness.js';
import { syntheticDoneLine, syntheticPoseTrack } from '../support/fixtures.js';
import { mediaPath } from '../support/media.js';

const CLIP = 'balance_portrait_60fps_1.mp4';
/** Clip facts from test media SOURCES.md: 100 frames at 60 fps, 1080×1920. */
const FRAMES = 100;
const FPS = 60;
const PLAY_S = 5;

/** Median and 95th percentile of `xs`. */
function stats(xs: number[]): { median: number; p95: number } {
  const s = [...xs].filter(Number.isFinite).sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { median: at(0.5), p95: at(0.95) };
}

/** Plays the page's video element `selector` looped at 1× for PLAY_S seconds; returns presented frames and per-frame debug timings. */
async function playLooped(page: Page, selector: string): Promise<{ presented: number; wallS: number; overlayMs: number[]; tickMs: number[] }> {
  const script = `(async () => {
    const v = document.querySelector(${JSON.stringify(selector)});
    v.loop = true; v.muted = true; v.playbackRate = 1; v.currentTime = 0;
    await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
    const overlayMs = [], tickMs = [];
    let first = -1, last = -1, t0 = 0;
    await new Promise((resolve) => {
      const loop = { f: null };
      loop.f = (now, meta) => {
        if (first < 0) { first = meta.presentedFrames; t0 = performance.now(); }
        last = meta.presentedFrames;
        const d = window.__swingDebug;
        if (d && ${JSON.stringify(selector)} !== '#bare') { overlayMs.push(d.lastOverlayMs); tickMs.push(d.lastTickMs); }
        if (performance.now() - t0 >= ${PLAY_S * 1000}) resolve(); else v.requestVideoFrameCallback(loop.f);
      };
      v.requestVideoFrameCallback(loop.f);
      v.play();
    });
    v.pause();
    return { presented: last - first, wallS: (performance.now() - t0) / 1000, overlayMs, tickMs };
  })()`;
  return page.evaluate<{ presented: number; wallS: number; overlayMs: number[]; tickMs: number[] }>(script);
}

/** Opens session `id` from the library screen; returns ms from the hash change to the first skeleton drawn. */
async function openToSkeleton(page: Page, id: number): Promise<number> {
  await page.evaluate(`(async () => { location.hash = '#/library'; await new Promise((r) => setTimeout(r, 300)); })()`);
  const script = `(async () => {
    window.__swingDebug = undefined;
    const t0 = performance.now();
    location.hash = '#/session/${id}';
    while (!(window.__swingDebug && window.__swingDebug.firstSkeletonAt > 0)) {
      if (performance.now() - t0 > 10000) return NaN;
      await new Promise((r) => setTimeout(r, 2));
    }
    return window.__swingDebug.firstSkeletonAt - t0;
  })()`;
  return page.evaluate<number>(script);
}

/** Runs the benchmark and returns its numbers. */
export async function benchRenderer(): Promise<Record<string, number>> {
  const work = mkdtempSync(join(tmpdir(), 'bench-renderer-'));
  const home = join(work, 'home');
  const dist = join(work, 'dist');
  await buildRenderer(dist);
  const bridge = await startBridge({ home, rendererDir: dist });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pose2d = syntheticPoseTrack(2, { frames: FRAMES, fps: FPS, seed: 3, absent: [] });
    const pose3d = syntheticPoseTrack(3, { frames: FRAMES, fps: FPS, seed: 3, absent: [] });
    const id = ingestAnalysis(bridge.services.deps.db, {
      player: { name: 'Bench Player', dominantHand: 'right', heightMm: 1750 },
      session: {
        sourceClipPath: mediaPath(CLIP),
        recordedAt: '2026-11-20T10:00:00',
        sport: 'tennis',
        swingType: 'forehand_drive',
        durationS: FRAMES / FPS,
        fps: FPS,
        width: 1080,
        height: 1920,
        title: 'Bench',
        notes: '',
        tags: [],
      },
      analysis: syntheticDoneLine({ uid: 'bench-renderer-1', pose2d, pose3d }),
      pose2d,
      pose3d,
      backend: 'local',
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('crash', () => console.error('the page crashed'));
    page.on('pageerror', (e) => console.error('page error:', e.message));
    page.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
    await page.goto(bridge.url);
    await page.getByTestId('library-screen').waitFor();

    const opens: number[] = [];
    for (let i = 0; i < 6; i++) opens.push(await openToSkeleton(page, id));
    opens.shift(); // the first open also compiles shaders and fills caches
    const app = await playLooped(page, '[data-testid="video"]');

    const clipUrl = await page.evaluate<string>(`document.querySelector('[data-testid="video"]').currentSrc`);
    await page.evaluate(`(async () => {
      location.hash = '#/library';
      const v = document.createElement('video');
      v.id = 'bare'; v.muted = true; v.src = ${JSON.stringify(clipUrl)};
      v.style.cssText = 'position:fixed;inset:0;width:800px;height:600px;object-fit:contain;z-index:99;background:#000';
      document.body.appendChild(v);
      await new Promise((r) => v.addEventListener('loadeddata', r, { once: true }));
    })()`);
    const bare = await playLooped(page, '#bare');

    const expected = PLAY_S * FPS;
    const overlay = stats(app.overlayMs);
    const tick = stats(app.tickMs);
    const open = stats(opens);
    return {
      overlayMedianMs: overlay.median,
      overlayP95Ms: overlay.p95,
      tickMedianMs: tick.median,
      tickP95Ms: tick.p95,
      presentedApp: app.presented,
      presentedBare: bare.presented,
      expected,
      presentedRatioVsExpected: app.presented / expected,
      presentedRatioVsBare: app.presented / Math.max(1, bare.presented),
      openToSkeletonMedianMs: open.median,
      openToSkeletonMaxMs: Math.max(...opens),
    };
  } finally {
    await browser.close();
    await bridge.close();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchRenderer();
  const f = (v: number | undefined, d = 2) => (v ?? NaN).toFixed(d);
  console.log(`overlay draw per frame: median ${f(r.overlayMedianMs, 3)} ms, p95 ${f(r.overlayP95Ms, 3)} ms`);
  console.log(`whole clock tick (overlay + 3D + chart + debug): median ${f(r.tickMedianMs, 3)} ms, p95 ${f(r.tickP95Ms, 3)} ms`);
  console.log(
    `60 fps clip at 1x for ${PLAY_S} s: ${r.presentedApp} frames presented in the session view, ${r.presentedBare} by a bare <video>, ${r.expected} expected ` +
      `(ratio vs expected ${f(r.presentedRatioVsExpected)}, vs bare video ${f(r.presentedRatioVsBare)})`,
  );
  console.log(`open a stored session → first frame with its skeleton: median ${f(r.openToSkeletonMedianMs, 0)} ms, max ${f(r.openToSkeletonMaxMs, 0)} ms (goal ≤ 300, 5 opens)`);
}
