/**
 * The stroke strip and the consistency view (issue 11), in real Chromium through the bridge at
 * 1280×720, on tennis_broadcast_1.mp4 analysed whole by the real pipeline as forehand drives: the
 * detector finds the near player's five labelled strokes (a serve, a two-handed backhand, three
 * forehands), the three forehands are analysed. Choosing a stroke puts its contact frame on the
 * overlay and its features in the list; `,` / `.` move between strokes; "All strokes" shows one
 * row per feature of the session's consistency with one dot per analysed stroke that has it.
 * Screenshots in test-artifacts/e2e/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSessionDetail } from '../../main/library/detail.js';
import type { SessionDetail, SessionStroke } from '../../preload/contract.js';
import { analysedBroadcastClip, BROADCAST_CLIP_META } from '../support/analysed-clip.js';
import { buildRenderer, ingestClipSession, startApp, type E2eApp } from './harness.js';
import { StrokeStripPage } from './page-objects/stroke-strip-page.js';
import { ARTIFACTS_DIR } from './page-objects/index.js';
import type { ElementLike } from './page-objects/browser-types.js';
import { formatValue } from '../../renderer/src/lib/units.js';

let app: E2eApp;
let buildDir: string;
let sessionId = 0;
let detail: SessionDetail;

/** The clip frame (video frame number) of the pose frame the overlay drew. */
const frameNrOf = (poseIndex: number) => detail.pose2d?.frameNr[poseIndex];
const strokeAt = (index: number): SessionStroke => {
  const s = detail.strokes.find((t) => t.index === index);
  if (!s) throw new Error(`no stroke ${index}`);
  return s;
};

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'swing-strokes-'));
  const [{ clipPath, done }] = await Promise.all([analysedBroadcastClip(), buildRenderer(join(buildDir, 'dist'))]);
  app = await startApp(join(buildDir, 'dist'), { width: 1280, height: 720 });
  const db = app.bridge.services.deps.db;
  sessionId = await ingestClipSession(app, { clipPath, done, player: { name: 'Strip Player', dominantHand: 'left', heightMm: BROADCAST_CLIP_META.player_height_mm }, title: 'Rally, every stroke' });
  const d = getSessionDetail(db, sessionId);
  if (!d?.pose2d) throw new Error('the session has no pose');
  detail = d;
});

afterAll(async () => {
  await app?.close();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

describe('stroke strip at 1280×720 on tennis_broadcast_1 (five strokes, three forehands analysed)', () => {
  it('lists every stroke with its side, score and a thumbnail at contact, under a video that keeps its room', async () => {
    expect(detail.strokes.map((s) => s.side)).toEqual(['serve', 'backhand', 'forehand', 'forehand', 'forehand']);
    await app.page.goto(`${app.bridge.url}#/session/${sessionId}`);
    const sp = new StrokeStripPage(app.page);
    await sp.waitForSkeleton();
    await sp.waitForThumbnails(detail.strokes.length);
    const items = await sp.items();
    expect(items.map((i) => i.index)).toEqual([1, 2, 3, 4, 5]);
    // Each thumbnail holds a picture (36×48 CSS px at device scale 1), not a blank canvas.
    for (const i of items) {
      const t = await sp.thumbnail(i.index);
      expect([t.width, t.height]).toEqual([36, 48]);
      expect(t.lumaSd).toBeGreaterThan(10);
    }
    expect(items[0]?.text).toContain('1 · Serve');
    expect(items[0]?.text).toContain('not analysed');
    expect(items[1]?.text).toContain('2 · Backhand (two-handed)');
    for (const s of detail.strokes.filter((t) => t.overallScore !== null)) {
      expect(items[s.index - 1]?.text).toContain(`${s.index} · Forehand ${Math.round(s.overallScore ?? NaN)}`);
    }
    // The page opens on the primary stroke (the session's top-level features).
    const primary = detail.strokes.find((s) => s.primary);
    expect(items.filter((i) => i.pressed).map((i) => i.index)).toEqual([primary?.index]);
    // The strip sits under the video inside the window; the video keeps at least its minimum (12rem).
    const stage = await app.page.getByTestId('video-stage').boundingBox();
    const strip = await app.page.getByTestId('stroke-strip').boundingBox();
    expect(stage?.height).toBeGreaterThanOrEqual(192);
    expect((strip?.y ?? 0) + (strip?.height ?? 0)).toBeLessThanOrEqual(720);
    expect(strip?.y).toBeGreaterThan((stage?.y ?? 0) + (stage?.height ?? 0));
    await sp.screenshot('50-stroke-strip-1280x720');
  });

  it('choosing stroke 3 shows its contact frame and features; . and , move to the next and previous stroke', async () => {
    const sp = new StrokeStripPage(app.page);
    await sp.seek(0.2);
    const third = strokeAt(3);
    const d3 = await sp.choose(3);
    expect(frameNrOf(d3.frameIndex)).toBe(third.contact.frameNr);
    expect((await sp.video()).paused).toBe(true);
    expect((await sp.featureNames()).sort()).toEqual(third.features.map((f) => f.feature_name).sort());
    await sp.screenshot('51-stroke-3-contact-1280x720');

    const fourth = strokeAt(4);
    const d4 = await sp.pressAndSettle('.');
    expect(frameNrOf(d4.frameIndex)).toBe(fourth.contact.frameNr);
    expect((await sp.items()).find((i) => i.pressed)?.index).toBe(4);
    expect((await sp.featureNames()).sort()).toEqual(fourth.features.map((f) => f.feature_name).sort());
    // Its own values, not the primary stroke's.
    const values: Record<string, string> = await app.page.getByTestId('feature').evaluateAll((els) =>
      Object.fromEntries((els as unknown as ElementLike[]).map((e) => [e.getAttribute('data-feature-name') ?? '', e.querySelectorAll('[data-testid="feature-value"]')[0]?.textContent ?? ''])),
    );
    for (const f of fourth.features) expect(values[f.feature_name]).toBe(formatValue(f.value, f.unit, 'metric'));
    expect(fourth.features.some((f) => formatValue(f.value, f.unit, 'metric') !== formatValue(third.features.find((g) => g.feature_name === f.feature_name)?.value ?? NaN, f.unit, 'metric'))).toBe(true);

    await sp.pressAndSettle(',');
    const d2 = await sp.pressAndSettle(',');
    expect(frameNrOf(d2.frameIndex)).toBe(strokeAt(2).contact.frameNr);
    expect(await sp.featureNames()).toEqual([]);
    await expect(app.page.getByTestId('stroke-not-analysed').textContent()).resolves.toContain('Stroke 2 is a backhand (two-handed)');
    await sp.screenshot('52-stroke-2-not-analysed-1280x720');
  });

  it('"All strokes" shows one row per feature with one dot per analysed stroke that has it', async () => {
    const sp = new StrokeStripPage(app.page);
    await app.page.getByTestId('stroke-all').click();
    const rows = await sp.consistencyRows();
    const analysed = detail.strokes.filter((s) => s.features.length > 0);
    expect(analysed).toHaveLength(3);
    expect(rows.map((r) => r.feature).sort()).toEqual(detail.consistency.map((c) => c.feature).sort());
    for (const r of rows) {
      const having = analysed.filter((s) => s.features.some((f) => f.feature_name === r.feature)).map((s) => s.index);
      expect(r.dots).toEqual(having);
      expect(r.n).toBe(having.length);
    }
    expect(rows.some((r) => r.dots.length === 3)).toBe(true);
    // Least consistent first: CV descending.
    const cvs = rows.map((r) => detail.consistency.find((c) => c.feature === r.feature)?.cv ?? -1);
    expect(cvs).toEqual([...cvs].sort((a, b) => b - a));
    await sp.screenshot('53-consistency-view-1280x720');
    // A dot opens its stroke.
    const withFifth = rows.find((r) => r.dots.includes(5));
    const d = await sp.afterSeek(() => app.page.locator(`[data-testid="consistency-row"][data-feature-name="${withFifth?.feature}"] [data-testid="consistency-dot"][data-stroke-index="5"]`).click());
    expect(frameNrOf(d.frameIndex)).toBe(strokeAt(5).contact.frameNr);
    expect(await app.page.getByTestId('consistency-view').count()).toBe(0);
  });

  it('keeps the strip in the window under the video in the one-column layout of a narrow window (820×700)', async () => {
    const sp = new StrokeStripPage(app.page);
    await app.page.setViewportSize({ width: 820, height: 700 });
    try {
      await sp.choose(4);
      const stage = await app.page.getByTestId('video-stage').boundingBox();
      const strip = await app.page.getByTestId('stroke-strip').boundingBox();
      expect(stage?.y).toBeGreaterThanOrEqual(0);
      expect(stage?.height).toBeGreaterThanOrEqual(200);
      expect((strip?.y ?? 0) + (strip?.height ?? 0)).toBeLessThanOrEqual(700);
      await app.page.screenshot({ path: join(ARTIFACTS_DIR, '54-stroke-strip-820x700.png') });
    } finally {
      await app.page.setViewportSize({ width: 1280, height: 720 });
    }
    expect(app.errors).toEqual([]);
  });
});

