/**
 * Shared setup of e2e test files that start the app on their own renderer build: a temp folder
 * holding the Vite build (`dist/`) and whatever else the file keeps there (clip cuts, downloads),
 * the app started on it before the file's tests and closed (the folder removed) after them; and
 * the analysed clip stored as a session for files that work on one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { getSessionDetail } from '../../main/library/detail.js';
import type { NewPlayer, SessionDetail } from '../../main/library/library-types.js';
import { analysedClip } from '../support/analysed-clip.js';
import { buildRenderer, ingestClipSession, startApp, type E2eApp } from './harness.js';

/** What a test file works on; set before its first test. */
export interface BuiltApp {
  app: E2eApp;
  /** The temp folder; the renderer is built into `<buildDir>/dist`. */
  buildDir: string;
  /** The session the file works on (0 until one is stored). */
  sessionId: number;
  /** Its detail as stored (set with `sessionId`). */
  detail: SessionDetail;
}

/** Options of {@link useBuiltApp}. */
export interface BuiltAppOptions {
  /** CSS px; default {@link startApp}'s 1400×900. */
  viewport?: { width: number; height: number };
  /** Runs once the app is up, before the first test (e.g. {@link storeAnalysedClip}). */
  prepare?: (fx: BuiltApp) => unknown;
}

/**
 * Registers the calling file's beforeAll (build the renderer into a fresh `<tmpdir>/<tmpPrefix>…`
 * folder, start the app on it, `prepare`) and afterAll (close the app, remove the folder), and
 * returns the fixture they fill. A failed build or start fails the file's tests.
 */
export function useBuiltApp(tmpPrefix: string, opts: BuiltAppOptions = {}): BuiltApp {
  const fx = { sessionId: 0 } as BuiltApp;
  beforeAll(async () => {
    fx.buildDir = mkdtempSync(join(tmpdir(), tmpPrefix));
    await buildRenderer(join(fx.buildDir, 'dist'));
    fx.app = await startApp(join(fx.buildDir, 'dist'), opts.viewport);
    await opts.prepare?.(fx);
  });
  afterAll(async () => {
    await fx.app?.close();
    if (fx.buildDir) rmSync(fx.buildDir, { recursive: true, force: true });
  });
  return fx;
}

/**
 * Stores the analysed clip (test/support/analysed-clip.ts: a 3 s tennis forehand cut, 1920×1080)
 * as session `title` of `player` behind the page's back, sets `fx.sessionId` and `fx.detail`,
 * and reloads the page so the library loads it afresh.
 * @throws Error when the library refuses the analysis or does not return the session.
 */
export async function storeAnalysedClip(fx: BuiltApp, player: NewPlayer, title: string): Promise<void> {
  const { clipPath, done } = await analysedClip();
  fx.sessionId = await ingestClipSession(fx.app, { clipPath, done, player, title });
  const detail = getSessionDetail(fx.app.bridge.services.deps.db, fx.sessionId);
  if (!detail) throw new Error(`session ${fx.sessionId} is not in the library`);
  fx.detail = detail;
  await fx.app.page.reload();
}
