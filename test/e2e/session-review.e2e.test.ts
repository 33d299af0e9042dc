/**
 * The session page as a coach reviews it, in real Chromium through the bridge, on a real
 * analysed clip (test/support/analysed-clip.ts, ingested into the bridge's library with its
 * contact-frame thumbnail): the library card shows the contact frame; at 1280×720 the video stays
 * wholly in view while every feature is selected down to the last one (and in the one-column
 * layout of a narrow window); category chips are human names; the keyboard help lists every
 * shortcut. Screenshots go to test-artifacts/e2e/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryLabel } from '../../main/contract/display-names.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { makeSessionThumbnail, THUMBNAIL_WIDTH } from '../../main/library/thumbnail.js';
import type { SessionDetail } from '../../main/library/library-types.js';
import { SHORTCUTS } from '../../renderer/src/lib/keyboard.js';
import { analysedClip, ANALYSED_CLIP_META } from '../support/analysed-clip.js';
import { buildRenderer, ingestClipSession, startApp, type E2eApp } from './harness.js';
import { LibraryPage, SessionPage } from './page-objects/index.js';
import type { BrowserGlobals } from './page-objects/browser-types.js';

let app: E2eApp;
let buildDir: string;
let sessionId = 0;
let detail: SessionDetail;

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'swing-review-'));
  const [{ clipPath, done }] = await Promise.all([analysedClip(), buildRenderer(join(buildDir, 'dist'))]);
  app = await startApp(join(buildDir, 'dist'), { width: 1280, height: 720 });
  const db = app.bridge.services.deps.db;
  sessionId = await ingestClipSession(app, { clipPath, done, player: { name: 'Review Player', dominantHand: 'right', heightMm: ANALYSED_CLIP_META.player_height_mm }, title: 'Forehand review' });
  await makeSessionThumbnail(db, sessionId);
  const d = getSessionDetail(db, sessionId);
  if (!d) throw new Error('the session was not stored');
  detail = d;
});

afterAll(async () => {
  await app?.close();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

/** Asserts that the whole video box is inside the viewport and not squeezed. */
async function expectVideoInView(sp: SessionPage, minHeight: number): Promise<void> {
  const v = await sp.videoInViewport();
  expect(v.top).toBeGreaterThanOrEqual(0);
  expect(v.left).toBeGreaterThanOrEqual(0);
  expect(v.bottom).toBeLessThanOrEqual(v.viewH);
  expect(v.right).toBeLessThanOrEqual(v.viewW);
  expect(v.bottom - v.top).toBeGreaterThanOrEqual(minHeight);
}

describe('session review at 1280×720', () => {
  it('shows the contact frame on the library card', async () => {
    // Stored behind the page's back (no library.changed event): load the library afresh.
    await app.page.reload();
    const lib = new LibraryPage(app.page);
    await lib.open();
    await lib.expectCardCount(1);
    const img = lib.card(sessionId).locator('.thumb img');
    await img.waitFor();
    await app.page.waitForFunction(() => {
      const el = (globalThis as unknown as BrowserGlobals).document.querySelector('[data-testid="session-card"] .thumb img') as unknown as { complete: boolean; naturalWidth: number } | null;
      return !!el && el.complete && el.naturalWidth > 0;
    });
    expect(await img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBe(THUMBNAIL_WIDTH);
    await lib.screenshot('20-library-contact-thumbnail');
  });

  it('keeps the whole video in view while every feature down to the last is selected', async () => {
    await app.page.goto(`${app.bridge.url}#/session/${sessionId}`);
    const sp = new SessionPage(app.page);
    await sp.waitForSkeleton();
    await expectVideoInView(sp, 300);
    const names = await sp.featureNames();
    expect(names.length).toBe(detail.features.length);
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) {
      const d = await sp.selectFeature(name);
      const f = detail.features.find((x) => x.feature_name === name);
      expect(d.highlighted).toEqual([...new Set(f?.highlight_joints ?? [])].sort((a, b) => a - b));
      await expectVideoInView(sp, 300);
    }
    // The last feature card was scrolled into view inside its own column, the video did not move.
    const last = app.page.locator(`[data-testid="feature"][data-feature-name="${names.at(-1)}"]`);
    const box = await last.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(720);
    await sp.screenshot('21-session-last-feature-1280x720');
  });

  it("shows an angle's measured error for its camera view after the value (issue 26 item 4)", async () => {
    const withError = detail.features.filter((f) => typeof f.uncertainty === 'number');
    expect(withError.length).toBeGreaterThan(0);
    for (const f of withError) {
      const card = app.page.locator(`[data-testid="feature"][data-feature-name="${f.feature_name}"]`);
      expect((await card.getByTestId('feature-uncertainty').innerText()).trim()).toBe(`± ${Math.round(f.uncertainty!)}°`);
      expect(await card.innerText()).toContain('this angle reads within about ±');
    }
    const without = detail.features.find((f) => f.uncertainty === undefined);
    if (without) expect(await app.page.locator(`[data-testid="feature"][data-feature-name="${without.feature_name}"] [data-testid="feature-uncertainty"]`).count()).toBe(0);
  });

  it('names the feature categories in words', async () => {
    const chips = app.page.getByTestId('category');
    const raw = await chips.evaluateAll((els) => els.map((e) => (e as unknown as { getAttribute(n: string): string }).getAttribute('data-category')));
    expect(raw.sort()).toEqual(Object.keys(detail.categories).sort());
    const shown = await app.page.getByTestId('category-name').allInnerTexts();
    expect(shown.sort()).toEqual(raw.map((n) => categoryLabel(n)).sort());
    for (const text of shown) expect(text).not.toMatch(/_/);
    if (raw.includes('follow_through')) expect(shown).toContain('Follow-through');
  });

  it('lists every shortcut in the keyboard help', async () => {
    await app.page.keyboard.press('?');
    const help = app.page.getByTestId('help-overlay');
    await help.waitFor();
    const rows = await help.locator('tr').allInnerTexts();
    expect(rows.length).toBe(SHORTCUTS.length);
    for (const [i, s] of SHORTCUTS.entries()) expect(rows[i]?.replace(/\s+/g, ' ')).toBe(`${s.keys} ${s.text}`);
    expect((await help.getByTestId('help-strip-keys').innerText()).replace(/\s+/g, ' ').trim()).toBe('With the stroke strip focused: ← → previous / next listed stroke, Home End first / last.');
    await new SessionPage(app.page).screenshot('22-session-help-1280x720');
    await app.page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
  });

  it('keeps the video in view in the one-column layout of a narrow window', async () => {
    await app.page.setViewportSize({ width: 820, height: 700 });
    const sp = new SessionPage(app.page);
    const names = await sp.featureNames();
    await sp.selectFeature(names.at(-1) ?? '');
    await expectVideoInView(sp, 200);
    await sp.screenshot('23-session-last-feature-820x700');
    await app.page.setViewportSize({ width: 1280, height: 720 });
    expect(app.errors).toEqual([]);
  });
});
