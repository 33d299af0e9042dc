/**
 * The stroke strip of a long practice session and the chosen stroke in the 3D view (issue 11),
 * in real Chromium through the bridge at 1280×720. The session: tennis_broadcast_1.mp4 analysed
 * whole by the real pipeline (five strokes of the near player, three forehands analysed), joined
 * 13 times at test time with its result and pose tiled to match (test/support/tiled-session.ts):
 * a 168 s clip with 65 strokes. The strip is windowed: few thumbnails in the DOM, made when their
 * item first shows and drawn from the cache after; `.` past the last stroke in view scrolls it
 * into view. Choosing a stroke puts its contact frame in the 3D view with its weakest feature's
 * joints and limbs highlighted, as on the overlay, or those of the feature the coach picked in
 * the list. Screenshots 55–58 in test-artifacts/e2e/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../main/av/index.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import type { SessionDetail, SessionStroke } from '../../preload/contract.js';
import { analysedBroadcastClip, BROADCAST_CLIP_META } from '../support/analysed-clip.js';
import { tiledSession } from '../support/tiled-session.js';
import { buildRenderer, startApp, type E2eApp } from './harness.js';
import { StrokeStripPage } from './page-objects/stroke-strip-page.js';
import { ARTIFACTS_DIR } from './page-objects/index.js';

/** Copies of the 13 s rally: 13 × 5 = 65 strokes. */
const COPIES = 13;
/** Most thumbnails the windowed strip may hold in the DOM (the items in view plus the overscan). */
const MAX_DOM_THUMBNAILS = 20;

let app: E2eApp;
let dir: string;
let sessionId = 0;
let detail: SessionDetail;

const strokeAt = (index: number): SessionStroke => {
  const s = detail.strokes.find((t) => t.index === index);
  if (!s) throw new Error(`no stroke ${index}`);
  return s;
};
/** The stroke's weakest feature (what choosing it highlights when no feature was selected). */
const weakest = (s: SessionStroke) => [...s.features].sort((a, b) => a.score - b.score)[0];
const sortedUnique = (xs: readonly number[]) => [...new Set(xs)].sort((a, b) => a - b);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'swing-strip-long-'));
  const [{ clipPath, done }] = await Promise.all([analysedBroadcastClip(), buildRenderer(join(dir, 'dist'))]);
  const source = await probeVideo(clipPath);
  const tiled = tiledSession(clipPath, done, COPIES, source, dir, `test-broadcast-1-x${COPIES}`);
  app = await startApp(join(dir, 'dist'), { width: 1280, height: 720 });
  const db = app.bridge.services.deps.db;
  const info = await probeVideo(tiled.clipPath);
  sessionId = ingestAnalysis(db, {
    player: { name: 'Long Rally Player', dominantHand: 'left', heightMm: BROADCAST_CLIP_META.player_height_mm },
    session: { sourceClipPath: tiled.clipPath, recordedAt: '2026-11-23', sport: 'tennis', swingType: 'forehand_drive', durationS: info.durationS, fps: info.fps, width: info.width, height: info.height, title: `Rally ×${COPIES}` },
    analysis: tiled.done,
    pose2d: tiled.pose2d,
    pose3d: tiled.pose3d,
    backend: 'local',
  });
  const d = getSessionDetail(db, sessionId);
  if (!d?.pose2d || !d.pose3d) throw new Error('the tiled session has no pose');
  detail = d;
});

afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`stroke strip of a ${COPIES}× joined rally (65 strokes) at 1280×720`, () => {
  it('keeps only the strokes in view in the DOM, makes their thumbnails lazily and draws them again from the cache', async () => {
    expect(detail.strokes).toHaveLength(COPIES * 5);
    expect(detail.strokes.map((s) => s.index)).toEqual(Array.from({ length: COPIES * 5 }, (_, i) => i + 1));
    await app.page.goto(`${app.bridge.url}#/session/${sessionId}`);
    const sp = new StrokeStripPage(app.page);
    await sp.waitForSkeleton();
    await expect(app.page.getByTestId('stroke-strip').getAttribute('data-stroke-count')).resolves.toBe(String(COPIES * 5));
    const atStart = await sp.thumbnailsInDom();
    expect(atStart).toBeGreaterThanOrEqual(3);
    expect(atStart).toBeLessThanOrEqual(MAX_DOM_THUMBNAILS);
    await sp.waitForThumbnails(atStart);
    const inView = await sp.wholeInView();
    expect(inView.length).toBeGreaterThanOrEqual(3);
    // The page opens on the primary stroke, in view; every thumbnail in view holds a picture.
    const primary = detail.strokes.find((s) => s.primary)?.index ?? -1;
    expect(inView).toContain(primary);
    for (const i of inView) expect((await sp.thumbnail(i)).lumaSd).toBeGreaterThan(10);
    await sp.screenshot('55-stroke-strip-65-strokes-1280x720');
    console.log(`strip of ${COPIES * 5} strokes at 1280×720: ${inView.length} items whole in view, ${atStart} thumbnails in the DOM and made on opening`);

    // To the end: the window moves, the DOM stays small, the new items' thumbnails are made.
    const box = await sp.scroller();
    await sp.scrollStripTo(box.scrollWidth);
    expect(await sp.thumbnailsInDom()).toBeLessThanOrEqual(MAX_DOM_THUMBNAILS);
    const atEnd = await sp.wholeInView();
    expect(atEnd.at(-1)).toBe(COPIES * 5);
    await sp.waitForThumbnails(atStart + (await sp.thumbnailsInDom()));
    for (const i of atEnd) expect((await sp.thumbnail(i)).lumaSd).toBeGreaterThan(10);
    // Back to the start: drawn from the cache, no thumbnail made again.
    const made = await sp.thumbnailsMade();
    await sp.scrollStripTo(0);
    await app.page.waitForTimeout(300); // room for a (wrong) new seek to show up in the count
    expect(await sp.thumbnailsMade()).toBe(made);
    for (const i of await sp.wholeInView()) expect((await sp.thumbnail(i)).lumaSd).toBeGreaterThan(10);
    // A vertical mouse wheel over the strip scrolls it sideways.
    const strip = await sp.scroller();
    await app.page.mouse.move((strip.left + strip.right) / 2, (strip.top + strip.bottom) / 2);
    await app.page.mouse.wheel(0, 400);
    await expect.poll(async () => (await sp.scroller()).scrollLeft, { timeout: 5000 }).toBeGreaterThan(0);
    await sp.scrollStripTo(0);
  });

  it('`.` on the last stroke in view scrolls to the next one and chooses it; the chosen stroke stays whole in the strip', async () => {
    const sp = new StrokeStripPage(app.page);
    await sp.scrollStripTo(0);
    const last = (await sp.wholeInView()).at(-1) ?? -1;
    await sp.choose(last);
    const before = await sp.scroller();
    for (let k = 1; k <= 3; k++) {
      const d = await sp.pressAndSettle('.');
      const next = strokeAt(last + k);
      expect(await sp.chosen()).toBe(next.index);
      expect(detail.pose2d?.frameNr[d.frameIndex]).toBe(next.contact.frameNr);
      expect(await sp.wholeInView()).toContain(next.index);
      expect(await sp.thumbnailsInDom()).toBeLessThanOrEqual(MAX_DOM_THUMBNAILS);
    }
    const after = await sp.scroller();
    expect(after.scrollLeft).toBeGreaterThan(before.scrollLeft);
    // Far down the clip and back with the keys: 40 strokes on, then `,` once.
    for (let k = 0; k < 40; k++) await app.page.keyboard.press('.');
    await sp.settle();
    const d = await sp.pressAndSettle(',');
    const chosen = last + 3 + 40 - 1;
    expect(await sp.chosen()).toBe(chosen);
    console.log(`strip far down the clip (stroke ${chosen} chosen): ${await sp.thumbnailsInDom()} thumbnails in the DOM, ${await sp.thumbnailsMade()} made so far`);
    expect(detail.pose2d?.frameNr[d.frameIndex]).toBe(strokeAt(chosen).contact.frameNr);
    expect(await sp.wholeInView()).toContain(chosen);
    await sp.screenshot('56-stroke-strip-65-strokes-far-1280x720');
  });

  it("choosing a stroke shows its contact frame in the 3D view with its weakest feature's (or the coach's feature's) joints and limbs highlighted", async () => {
    const sp = new StrokeStripPage(app.page);
    // An analysed stroke far from the primary one (copy 8), chosen through the keys' path.
    const k = detail.strokes.filter((s) => s.features.length > 0 && s.index > 40)[0];
    if (!k) throw new Error('no analysed stroke after 40');
    const d = await sp.keysTo(k.index);
    expect(detail.pose2d?.frameNr[d.frameIndex]).toBe(k.contact.frameNr);
    const f = weakest(k);
    if (!f) throw new Error(`stroke ${k.index} has no feature`);
    expect(d.scene3dFrame).toBe(d.frameIndex3d);
    expect(detail.pose3d?.frameNr[d.scene3dFrame]).toBe(k.contact.frameNr);
    expect(d.scene3dHighlighted).toEqual(sortedUnique(f.highlight_joints));
    expect(d.scene3dHighlightedLimbs).toEqual(Object.values(f.highlight_limbs));
    expect(d.highlighted).toEqual(sortedUnique(f.highlight_joints));
    await expect(app.page.locator('[data-testid="feature"][aria-pressed="true"]').getAttribute('data-feature-name')).resolves.toBe(f.feature_name);
    // The 3D view shows the skeleton (pixels differ from the background).
    expect((await sp.scenePixels()).differing).toBeGreaterThan(500);
    await app.page.getByTestId('scene3d').screenshot({ path: join(ARTIFACTS_DIR, '57-stroke-3d-chosen-1280x720.png') });
    await sp.screenshot('57b-stroke-3d-chosen-page-1280x720');

    // The coach picks another feature of this stroke in the list; a stroke without features (a
    // serve or the backhand: only forehands are analysed) then highlights nothing, and the next
    // analysed stroke shows the picked feature again, its own, at its own contact.
    const picked = [...k.features].sort((a, b) => a.score - b.score).find((g) => sortedUnique(g.highlight_joints).join() !== sortedUnique(f.highlight_joints).join());
    if (!picked) throw new Error(`stroke ${k.index} has no feature with other joints than ${f.feature_name}`);
    await sp.selectFeature(picked.feature_name);
    const unanalysed = detail.strokes.find((s) => s.index > k.index && s.features.length === 0);
    if (!unanalysed) throw new Error(`no stroke without features after ${k.index}`);
    const d2 = await sp.keysTo(unanalysed.index);
    expect(detail.pose3d?.frameNr[d2.scene3dFrame]).toBe(unanalysed.contact.frameNr);
    expect(d2.scene3dHighlighted).toEqual([]);
    expect(d2.scene3dHighlightedLimbs).toEqual([]);
    const next = detail.strokes.find((s) => s.index > unanalysed.index && s.features.some((g) => g.feature_name === picked.feature_name));
    if (!next) throw new Error(`no stroke after ${unanalysed.index} with ${picked.feature_name}`);
    const d3 = await sp.keysTo(next.index);
    const own = next.features.find((g) => g.feature_name === picked.feature_name);
    expect(detail.pose3d?.frameNr[d3.scene3dFrame]).toBe(next.contact.frameNr);
    expect(d3.scene3dHighlighted).toEqual(sortedUnique(own?.highlight_joints ?? []));
    expect(d3.scene3dHighlightedLimbs).toEqual(Object.values(own?.highlight_limbs ?? {}));
    await expect(app.page.locator('[data-testid="feature"][aria-pressed="true"]').getAttribute('data-feature-name')).resolves.toBe(picked.feature_name);
    await app.page.getByTestId('scene3d').screenshot({ path: join(ARTIFACTS_DIR, '58-stroke-3d-followed-feature-1280x720.png') });
    expect(app.errors).toEqual([]);
  });
});
