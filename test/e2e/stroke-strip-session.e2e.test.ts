/**
 * A whole practice session of 300 strokes on the session page (issue 29 item 5), in real
 * Chromium through the bridge at 1280×720. The session: tennis_broadcast_1.mp4 analysed whole by
 * the real pipeline (five strokes, three forehands analysed) joined 60 times at test time with
 * its result and pose tiled to match, each copy's overall scores moved by −10…+10
 * (test/support/session-of-many-strokes.ts). The strip keeps its DOM small, End / Go to / the
 * strip's arrows choose a stroke far down the session and keep it on screen, the filter lists
 * fewer strokes and Best / Worst choose among them, the timeline draws the contacts as one SVG of
 * ticks and the consistency view one histogram per feature, and a warning said for each stroke
 * shows once with how often. Screenshot /tmp/s33/strip.png (when /tmp/s33 exists) and 59, 60, 67 in
 * test-artifacts/e2e/.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../main/av/index.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import type { SessionDetail } from '../../preload/contract.js';
import { analysedBroadcastClip, BROADCAST_CLIP_META } from '../support/analysed-clip.js';
import { sessionOfManyStrokes } from '../support/session-of-many-strokes.js';
import { buildRenderer, startApp, type E2eApp } from './harness.js';
import { StrokeStripPage } from './page-objects/stroke-strip-page.js';

/** Copies of the 13 s rally: 60 × 5 = 300 strokes. */
const COPIES = 60;
const STROKES = COPIES * 5;
/** Most stroke items the windowed strip may hold in the DOM (far fewer than 300). */
const MAX_DOM_ITEMS = 60;

let app: E2eApp;
let dir: string;
let sessionId = 0;
let detail: SessionDetail;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'swing-strip-300-'));
  const [{ clipPath, done }] = await Promise.all([analysedBroadcastClip(), buildRenderer(join(dir, 'dist'))]);
  const source = await probeVideo(clipPath);
  const many = sessionOfManyStrokes(clipPath, done, COPIES, source, dir, `test-broadcast-1-x${COPIES}`);
  app = await startApp(join(dir, 'dist'), { width: 1280, height: 720 });
  const info = await probeVideo(many.clipPath);
  sessionId = ingestAnalysis(app.bridge.services.deps.db, {
    player: { name: 'Practice Player', dominantHand: 'left', heightMm: BROADCAST_CLIP_META.player_height_mm },
    session: { sourceClipPath: many.clipPath, recordedAt: '2026-11-27', sport: 'tennis', swingType: 'forehand_drive', durationS: info.durationS, fps: info.fps, width: info.width, height: info.height, title: `Practice set (${STROKES} strokes)` },
    analysis: many.done,
    pose2d: many.pose2d,
    pose3d: many.pose3d,
    backend: 'local',
  });
  const d = getSessionDetail(app.bridge.services.deps.db, sessionId);
  if (!d) throw new Error('the session was not stored');
  detail = d;
}, 600_000);

afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`a session of ${STROKES} strokes at 1280×720`, () => {
  it('keeps the strip DOM small; End, Go to and the strip arrows choose strokes far down and keep them on screen', async () => {
    expect(detail.strokes).toHaveLength(STROKES);
    await app.page.goto(`${app.bridge.url}#/session/${sessionId}`);
    const sp = new StrokeStripPage(app.page);
    await sp.waitForSkeleton();
    await expect(app.page.getByTestId('stroke-strip').getAttribute('data-stroke-count')).resolves.toBe(String(STROKES));
    const atStart = await app.page.getByTestId('stroke-item').count();
    expect(atStart).toBeLessThan(MAX_DOM_ITEMS);

    // End with focus in the strip (on the chosen item): the last stroke, in view.
    await app.page.locator('[data-testid="stroke-item"][aria-pressed="true"]').focus();
    await sp.afterSeek(() => app.page.keyboard.press('End'));
    expect(await sp.chosen()).toBe(STROKES);
    expect(await sp.wholeInView()).toContain(STROKES);

    // Go to 250: chosen, whole inside the strip's viewport, its contact frame on screen.
    const d250 = await sp.afterSeek(async () => {
      await app.page.getByTestId('strip-goto').fill('250');
      await app.page.getByTestId('strip-goto').press('Enter');
    });
    expect(await sp.chosen()).toBe(250);
    expect(await sp.wholeInView()).toContain(250);
    const s250 = detail.strokes.find((s) => s.index === 250);
    expect(detail.pose2d?.frameNr[d250.frameIndex]).toBe(s250?.contact.frameNr);
    const box = await sp.scroller();
    const item = await app.page.locator('[data-testid="stroke-item"][data-stroke-index="250"]').boundingBox();
    if (!item) throw new Error('stroke 250 is not laid out');
    expect(item.x).toBeGreaterThanOrEqual(box.left - 0.5);
    expect(item.x + item.width).toBeLessThanOrEqual(box.right + 0.5);
    const items = await app.page.getByTestId('stroke-item').count();
    expect(items).toBeLessThan(MAX_DOM_ITEMS);
    console.log(`strip of ${STROKES} strokes at 1280×720: ${atStart} items in the DOM at the start, ${items} with stroke 250 chosen`);

    // With focus in the strip, ← and → choose the previous and next stroke (not a frame step); Home the first.
    await app.page.locator('[data-testid="stroke-item"][data-stroke-index="250"]').focus();
    await sp.afterSeek(() => app.page.keyboard.press('ArrowLeft'));
    expect(await sp.chosen()).toBe(249);
    await sp.afterSeek(() => app.page.keyboard.press('ArrowRight'));
    await sp.afterSeek(() => app.page.keyboard.press('ArrowRight'));
    expect(await sp.chosen()).toBe(251);
    expect(await sp.wholeInView()).toContain(251);
    await sp.afterSeek(() => app.page.keyboard.press('Home'));
    expect(await sp.chosen()).toBe(1);
    expect(await sp.wholeInView()).toContain(1);
    await sp.afterSeek(() => app.page.keyboard.press('ArrowRight'));
    expect(await sp.chosen()).toBe(2); // focus followed the chosen item after the scroll

    // The timeline draws the other strokes' contacts as one SVG of ticks, no element per stroke.
    await expect(app.page.getByTestId('timeline-ticks').getAttribute('data-count')).resolves.toBe(String(STROKES - 1));
    expect(await app.page.getByTestId('timeline-stroke').count()).toBe(0);
    await sp.afterSeek(async () => {
      await app.page.getByTestId('strip-goto').fill('250');
      await app.page.getByTestId('strip-goto').press('Enter');
    });
    const shot = existsSync('/tmp/s33') ? '/tmp/s33/strip.png' : join(dir, 'strip.png');
    await app.page.screenshot({ path: shot });
    await sp.screenshot('59-stroke-strip-300-strokes-1280x720');
  });

  it('a filter lists fewer strokes; Best and Worst choose among them; a stroke it hides, chosen by number, clears it', async () => {
    const sp = new StrokeStripPage(app.page);
    const forehands = detail.strokes.filter((s) => s.side === 'forehand');
    await app.page.getByTestId('strip-filter-side').selectOption('forehand');
    await expect.poll(() => app.page.getByTestId('stroke-strip').getAttribute('data-listed-count')).toBe(String(forehands.length));
    expect(forehands.length).toBeLessThan(STROKES);
    for (const i of await sp.items()) expect(i.text).toMatch(/Forehand/);
    // Score 70 and up: fewer again, every listed score in range.
    await app.page.getByTestId('strip-filter-min').fill('70');
    await app.page.getByTestId('strip-filter-min').press('Enter');
    const high = forehands.filter((s) => s.overallScore !== null && s.overallScore >= 70);
    await expect.poll(() => app.page.getByTestId('stroke-strip').getAttribute('data-listed-count')).toBe(String(high.length));
    expect(high.length).toBeLessThan(forehands.length);
    for (const t of await app.page.getByTestId('stroke-score').allTextContents()) expect(Number(t)).toBeGreaterThanOrEqual(70);
    console.log(`filter: ${forehands.length} forehands of ${STROKES}, ${high.length} of them scoring 70 or more`);

    const scored = high.filter((s) => s.overallScore !== null);
    const best = scored.reduce((m, s) => ((s.overallScore ?? 0) > (m.overallScore ?? 0) ? s : m));
    const worst = scored.reduce((m, s) => ((s.overallScore ?? 0) < (m.overallScore ?? 0) ? s : m));
    await sp.afterSeek(() => app.page.getByTestId('strip-best').click());
    expect(await sp.chosen()).toBe(best.index);
    expect(await sp.wholeInView()).toContain(best.index);
    await sp.afterSeek(() => app.page.getByTestId('strip-worst').click());
    expect(await sp.chosen()).toBe(worst.index);
    expect(await sp.wholeInView()).toContain(worst.index);

    // A backhand by number: the filter is cleared, the stroke shown.
    const backhand = detail.strokes.find((s) => s.side === 'backhand' && s.index > 200);
    if (!backhand) throw new Error('no backhand after 200');
    await sp.afterSeek(async () => {
      await app.page.getByTestId('strip-goto').fill(String(backhand.index));
      await app.page.getByTestId('strip-goto').press('Enter');
    });
    await expect.poll(() => app.page.getByTestId('stroke-strip').getAttribute('data-listed-count')).toBe(String(STROKES));
    expect(await sp.chosen()).toBe(backhand.index);
    expect(await sp.wholeInView()).toContain(backhand.index);
  });

  it('the consistency view over the session shows one histogram per feature and two dots, not one per stroke', async () => {
    const sp = new StrokeStripPage(app.page);
    await app.page.getByTestId('stroke-all').click();
    expect(app.errors).toEqual([]);
    const rows = await sp.consistencyRows();
    const analysed = detail.strokes.filter((s) => s.features.length > 0).length;
    expect(rows.length).toBeGreaterThan(0);
    // Every feature is measured on many strokes here (40 of the 60 copies' forehands at least).
    for (const r of rows) {
      expect(r.n).toBeGreaterThan(40);
      expect(r.n).toBeLessThanOrEqual(analysed);
      expect(r.dots.length).toBeLessThanOrEqual(2);
    }
    expect(await app.page.getByTestId('consistency-histogram').count()).toBe(rows.length);
    const dots = await app.page.getByTestId('consistency-dot').count();
    console.log(`consistency over ${analysed} strokes: ${rows.length} rows, ${dots} dots in the DOM`);
    await sp.screenshot('60-consistency-300-strokes-1280x720');
    if (existsSync('/tmp/s33')) await app.page.screenshot({ path: '/tmp/s33/consistency.png' });
    // A dot (the lowest value of the first row) chooses its stroke.
    const first = rows[0]?.dots[0];
    if (first === undefined) throw new Error('no dot');
    await sp.afterSeek(() => app.page.locator(`[data-testid="consistency-dot"][data-stroke-index="${first}"]`).first().click());
    expect(await sp.chosen()).toBe(first);
    expect(app.errors).toEqual([]);
  });

  it("a warning said for every stroke's contact shows once, with how often and each one's detail behind \"more\"", async () => {
    const said = (detail.analysis?.warnings ?? []).filter((w) => w.message.startsWith("A stroke's contact was placed"));
    expect(said.length).toBeGreaterThanOrEqual(COPIES);
    const item = app.page.getByTestId('session-warnings').locator('li.warning').filter({ hasText: "A stroke's contact was placed" });
    expect(await item.count()).toBe(1);
    expect(await item.getAttribute('data-count')).toBe(String(said.length));
    expect(await item.locator('.count').innerText()).toBe(`(${said.length} times)`);
    await item.locator('summary').click();
    const listed = item.locator('.repeats li');
    // 50 details, then how many more: the DOM stays small.
    expect(await listed.count()).toBe(Math.min(said.length, 50) + (said.length > 50 ? 1 : 0));
    expect(await listed.first().innerText()).toBe(said[0]!.detail);
    await item.scrollIntoViewIfNeeded();
    await new StrokeStripPage(app.page).screenshot('67-warnings-300-strokes-1280x720');
    expect(app.errors).toEqual([]);
  });
});
