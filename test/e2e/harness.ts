/**
 * End-to-end harness: builds the renderer with Vite into a temp folder, starts the browser
 * bridge (real main-process handlers, a real library in a temp home, the real local service)
 * and a headless Chromium page on it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { startBridge, type Bridge } from '../../main/bridge/server.js';
import { probeVideo } from '../../main/av/index.js';
import { ingestAnalysis, type IngestInput } from '../../main/library/ingest.js';
import type { NewPlayer } from '../../main/library/library-types.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { CHROMIUM_FLAGS } from '../../main/export/report/pdf-chromium.js';
import { REPO_ROOT, mediaPath } from '../support/media.js';

/** Chromium flags for headless runs on a 2-core CI box (SwiftShader WebGL, no network chatter), plus autoplay for the player tests. */
export const CHROMIUM_ARGS = [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'];

/** Path of the system Chromium (plays H.264 and VP9, has requestVideoFrameCallback). */
export const CHROMIUM_PATH = process.env.SWING_STUDIO_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Builds the renderer into `outDir` (production build, as shipped).
 * @throws when the build fails.
 */
export async function buildRenderer(outDir: string): Promise<void> {
  await build({
    configFile: join(REPO_ROOT, 'renderer', 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

/** A running app: temp home, bridge, browser and one page. */
export interface E2eApp {
  home: string;
  bridge: Bridge;
  browser: Browser;
  page: Page;
  /** Console errors and page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * Starts everything and opens the app's page (1400×900 CSS px, device scale factor 1).
 * `rendererDir` is a folder built by {@link buildRenderer}.
 */
export async function startApp(rendererDir: string, viewport = { width: 1400, height: 900 }): Promise<E2eApp> {
  const home = mkdtempSync(join(tmpdir(), 'swing-e2e-'));
  const bridge = await startBridge({ home, rendererDir, services: { concurrency: 1 } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  await page.goto(bridge.url);
  return {
    home,
    bridge,
    browser,
    page,
    errors,
    async close() {
      await browser.close().catch(() => undefined);
      await bridge.close().catch(() => undefined);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/**
 * Cuts `durationS` seconds from `startS` of a shared clip into `outPath` (H.264, no B-frames,
 * a key frame every 15 frames so seeks are quick; no audio). Re-encoded so the cut starts
 * exactly at `startS` and its timeline starts at 0.
 * @throws when ffmpeg fails.
 */
export function cutClip(name: string, startS: number, durationS: number, outPath: string): string {
  execFileSync(
    testFfmpeg(),
    ['-v', 'error', '-y', '-ss', String(startS), '-i', mediaPath(name), '-t', String(durationS), '-an',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-bf', '0', '-g', '15',
      '-movflags', '+faststart', outPath],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return outPath;
}

/** An analysed clip to store as a session ({@link ingestClipSession}). */
export interface ClipSession {
  clipPath: string;
  done: IngestInput['analysis'];
  player: NewPlayer;
  title: string;
  /** Default 2026-11-23. */
  recordedAt?: string;
}

/**
 * Stores an analysed clip as a tennis forehand session in the app's library, the clip probed for
 * its duration (s), frame rate and size as the app's ingest does. Returns the session id.
 * @throws when the clip cannot be probed or the library refuses the analysis.
 */
export async function ingestClipSession(app: E2eApp, s: ClipSession): Promise<number> {
  const info = await probeVideo(s.clipPath);
  return ingestAnalysis(app.bridge.services.deps.db, {
    player: s.player,
    session: { sourceClipPath: s.clipPath, recordedAt: s.recordedAt ?? '2026-11-23', sport: 'tennis', swingType: 'forehand_drive', durationS: info.durationS, fps: info.fps, width: info.width, height: info.height, title: s.title },
    analysis: s.done,
    backend: 'local',
  });
}
