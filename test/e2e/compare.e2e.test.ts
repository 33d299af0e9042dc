/**
 * Comparing two strokes in real Chromium through the bridge, on two real analysed cuts of the
 * same forehand (from 2.6 s and from 3.3 s of tennis_forehand_2.mp4, so ball contact is at
 * different frames of the two clips), stored for two players: picked from the Library, both
 * videos show their contact frames at 0 s from contact, frame steps of ±5 keep both offsets
 * from contact equal, the scrubber moves both, playing keeps them together (the first video's
 * clock; the second corrected on each of its frames) and the
 * feature table shows both values and their difference; overlaid, the second skeleton is drawn
 * over the first video where the aligned stored pose puts it; the first stroke saved as the
 * second player's reference opens from the Library with "Compare with reference"; the comparison
 * report and side-by-side video exported from the screen hold both strokes. Screenshots in
 * test-artifacts/e2e/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../main/av/index.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import type { SessionDetail } from '../../main/library/library-types.js';
import { frameAt, pairedFrame, strokeOf, type CompareStroke } from '../../renderer/src/lib/playback/compare-sync.js';
import { kpIndex } from '../../main/pose/pose-track.js';
import { alignedSecondTrack } from '../../main/pose/stroke-overlay.js';
import { formatValue } from '../../renderer/src/lib/units.js';
import { analysedCut, ANALYSED_CLIP_META, type AnalysedClip } from '../support/analysed-clip.js';
import { buildRenderer, startApp, type E2eApp } from './harness.js';
import { ComparePage, ExportPage, LibraryPage } from './page-objects/index.js';
import { execFileSync } from 'node:child_process';
import { comparePlan } from '../../main/export/compare-video.js';
import { comparedStroke } from '../../main/export/compare-export.js';
import { reportNumber } from '../../main/export/report/compare-report.js';
import { getReferenceStroke } from '../../main/library/reference-strokes.js';
import { probeWritten } from '../support/ffmpeg-cli.js';

let app: E2eApp;
let buildDir: string;
const ids: number[] = [];
const details: SessionDetail[] = [];
const strokes: CompareStroke[] = [];

async function store(cut: AnalysedClip, player: string, title: string): Promise<number> {
  const info = await probeVideo(cut.clipPath);
  return ingestAnalysis(app.bridge.services.deps.db, {
    player: { name: player, dominantHand: 'right', heightMm: ANALYSED_CLIP_META.player_height_mm },
    session: { sourceClipPath: cut.clipPath, recordedAt: '2026-11-23', sport: 'tennis', swingType: 'forehand_drive', durationS: info.durationS, fps: info.fps, width: info.width, height: info.height, title },
    analysis: cut.done,
    backend: 'local',
  });
}

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'swing-compare-'));
  await buildRenderer(join(buildDir, 'dist'));
  // Contacts found at 42 and 23 (labelled 43 and 22). The shared 2.8 s cut is not used here: its
  // hitting wrist is lost through contact and its contact is found 14 frames early (main/analysis
  // README "Slow motion"), which would put both contacts on frame 23.
  const first = await analysedCut(2.6);
  const second = await analysedCut(3.3);
  app = await startApp(join(buildDir, 'dist'), { width: 1280, height: 720 });
  ids.push(await store(first, 'Player One', 'Forehand from 2.6 s'), await store(second, 'Player Two', 'Forehand from 3.3 s'));
  for (const id of ids) {
    const d = getSessionDetail(app.bridge.services.deps.db, id);
    const s = d && strokeOf(d);
    if (!d || !s) throw new Error(`session ${id} has no pose or no contact`);
    details.push(d);
    strokes.push(s);
  }
  await app.page.reload();
});

afterAll(async () => {
  await app?.close();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

describe('compare two strokes', () => {
  it('shows both contact frames at 0 s from contact and steps both by the same frames', async () => {
    const [a, b] = strokes as [CompareStroke, CompareStroke];
    console.log(`contact frames: ${a.contactIndex} of ${a.timestamps.length}, ${b.contactIndex} of ${b.timestamps.length}`);
    expect(a.contactIndex).not.toBe(b.contactIndex);
    const lib = new LibraryPage(app.page);
    await lib.open();
    await lib.expectCardCount(2);
    const cp = new ComparePage(app.page);
    await cp.openFromLibrary(ids[0]!, ids[1]!);
    let d = await cp.settled();
    expect(d.rel).toBe(0);
    expect([d.a.frameIndex, d.b.frameIndex]).toEqual([a.contactIndex, b.contactIndex]);
    await cp.screenshot('40-compare-at-contact');

    d = await cp.press('ArrowRight', 5);
    expect([d.a.frameIndex - a.contactIndex, d.b.frameIndex - b.contactIndex]).toEqual([5, 5]);
    d = await cp.press('ArrowLeft', 10);
    expect([d.a.frameIndex - a.contactIndex, d.b.frameIndex - b.contactIndex]).toEqual([-5, -5]);
    await cp.screenshot('41-compare-5-frames-before');
    await app.page.getByTestId('compare-contact').click();
    d = await cp.settled();
    expect([d.a.frameIndex, d.b.frameIndex]).toEqual([a.contactIndex, b.contactIndex]);
  });

  it('moves both with the scrubber and keeps them together while playing', async () => {
    const [a, b] = strokes as [CompareStroke, CompareStroke];
    const cp = new ComparePage(app.page);
    for (const rel of [0.2, -0.3]) {
      const d = await cp.scrub(rel);
      expect(d.rel).toBeCloseTo(rel, 6);
      expect([d.a.frameIndex, d.b.frameIndex]).toEqual([frameAt(a, rel), frameAt(b, rel)]);
    }
    // The second video is put 0.1 s (3 frames) back after 8 frames, as a stall on a loaded machine
    // does; the sync has to bring it back (by its rate, or by a re-seek when the seek itself has
    // left it more than RESEEK_S behind: seen 1 2 6 6 7 3 4 3 2 2 2 1 1 …).
    const samples = await cp.playAndSample(0.5, 40, { atFrame: 8, seconds: 0.1 });
    const lags = samples.map((s) => s.a - a.contactIndex - (s.b - b.contactIndex));
    const played = samples.map((s) => s.a - samples[0]!.a);
    console.log('offset of the second stroke behind the first while playing (0.1 s stall after 8 frames), frames:', lags.join(' '), '| at frames played:', played.join(' '));
    // Windows are in frames of the first video, not in samples: a loaded machine presents (and
    // calls back for) fewer frames, so the sample count varies from run to run.
    const played40 = played[played.length - 1]!;
    expect(played40).toBeGreaterThanOrEqual(40);
    const stallAt = played.findIndex((p) => p >= 8);
    const before = lags.slice(0, stallAt);
    const afterStall = lags.filter((_, i) => i > stallAt && played[i]! <= played[stallAt]! + 8);
    const atEnd = lags.filter((_, i) => played[i]! >= played40 - 10);
    expect([before.length, afterStall.length, atEnd.length].every((n) => n >= 2)).toBe(true);
    // Sampled in the first video's frame callback (the second may not have drawn that vsync yet, so
    // 1 is in step): in step before the stall, behind after it, and in step again by the end.
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;
    expect(median(before.map(Math.abs))).toBeLessThanOrEqual(1);
    expect(Math.max(...afterStall)).toBeGreaterThanOrEqual(2);
    expect(median(atEnd.map(Math.abs))).toBeLessThanOrEqual(1);
    const d = await cp.aligned(a.contactIndex, b.contactIndex);
    expect(d.a.frameIndex - a.contactIndex).toBe(d.b.frameIndex - b.contactIndex);
    expect(d.a.frameIndex - a.contactIndex).toBeGreaterThan(-9); // it played forward from −0.3 s
  });

  it('overlays the second skeleton on the first video at the stored pose, aligned at the pelvis', async () => {
    const [a, b] = strokes as [CompareStroke, CompareStroke];
    const [da, db] = details as [SessionDetail, SessionDetail];
    // Both players are stored at the clip's 1850 mm, so the scale is the ratio of their torso lengths in pixels.
    const expected = alignedSecondTrack({ pose2d: da.pose2d!, heightMm: da.player.heightMm }, { pose2d: db.pose2d!, heightMm: db.player.heightMm }, (fa) => pairedFrame(a, b, fa));
    const cp = new ComparePage(app.page);
    await app.page.getByTestId('compare-contact').click();
    await app.page.getByTestId('compare-mode-overlay').click();
    await app.page.getByTestId('compare-overlaid').waitFor();
    const check = async (frameA: number): Promise<number> => {
      const d = await cp.settledOverlay();
      expect(d.a.frameIndex).toBe(frameA);
      expect(d.overlay!.frameIndex).toBe(frameA);
      let worst = 0;
      let drawn = 0;
      for (let j = 0; j < 17; j++) {
        const p = d.overlay!.joints[j];
        const i = kpIndex(expected, frameA, j);
        const [ex, ey] = [expected.keypoints[i]!, expected.keypoints[i + 1]!];
        if (!p) {
          expect(Number.isFinite(ex) && Number.isFinite(ey)).toBe(false);
          continue;
        }
        drawn++;
        worst = Math.max(worst, Math.abs(p[0] - ex), Math.abs(p[1] - ey));
      }
      expect(drawn).toBeGreaterThanOrEqual(15);
      expect(worst).toBeLessThan(0.5);
      return worst;
    };
    const atContact = await check(a.contactIndex);
    await cp.screenshot('43-compare-overlaid-at-contact');
    await app.page.keyboard.press('ArrowRight');
    await app.page.keyboard.press('ArrowRight');
    await app.page.keyboard.press('ArrowRight');
    const later = await check(a.contactIndex + 3);
    console.log(`overlay joints vs the aligned stored pose: worst ${atContact.toFixed(4)} px at contact, ${later.toFixed(4)} px 3 frames later`);
    // The second stroke's pelvis sits on the first's at contact.
    const d = await cp.debug();
    const pelvisA = [da.pose2d!.keypoints[kpIndex(da.pose2d!, d.a.frameIndex, 0)]!, da.pose2d!.keypoints[kpIndex(da.pose2d!, d.a.frameIndex, 0) + 1]!];
    expect(Math.hypot(d.overlay!.joints[0]![0] - pelvisA[0]!, d.overlay!.joints[0]![1] - pelvisA[1]!)).toBeLessThan(0.5);
    await app.page.getByTestId('compare-mode-side').click();
    await cp.settled();
  });

  it('lists the features of both strokes with their differences', async () => {
    const [da, db] = details as [SessionDetail, SessionDetail];
    const names = new Set([...da.features, ...db.features].map((f) => f.feature_name));
    const rows = app.page.getByTestId('compare-feature');
    expect(await rows.count()).toBe(names.size);
    const shared = da.features.find((f) => db.features.some((g) => g.feature_name === f.feature_name));
    if (!shared) throw new Error('the two analyses share no feature');
    const other = db.features.find((g) => g.feature_name === shared.feature_name)!;
    const delta = other.value - shared.value;
    const text = await app.page.locator(`[data-testid="compare-feature"][data-feature-name="${shared.feature_name}"] [data-testid="compare-diff"]`).innerText();
    const shown = formatValue(delta, shared.unit, 'metric');
    expect(text).toBe(/[1-9]/.test(shown) ? `${delta > 0 ? '+' : ''}${shown}` : shown.replace(/^-/, ''));
    for (const t of await app.page.getByTestId('compare-diff').allInnerTexts()) expect(t).not.toMatch(/^-0(\.0+)?(?![.\d])/);
    await new ComparePage(app.page).screenshot('42-compare-features');
    expect(app.errors).toEqual([]);
  });

  it('saves the first stroke as the second player reference and opens Compare with reference from the Library', async () => {
    const [a, b] = strokes as [CompareStroke, CompareStroke];
    const db = app.bridge.services.deps.db;
    const second = details[1]!.player;
    expect(getReferenceStroke(db, second.id)).toBeNull();
    const button = app.page.getByTestId('compare-set-reference');
    expect(await button.innerText()).toBe(`☆ Make the first ${second.name}'s reference`);
    await button.click();
    await app.page.locator('[data-testid="compare-set-reference"][aria-pressed="true"]').waitFor();
    expect(getReferenceStroke(db, second.id)).toMatchObject({ playerId: second.id, sessionId: ids[0], strokeIndex: null });
    expect(await button.innerText()).toBe(`★ The first is ${second.name}'s reference`);
    await new ComparePage(app.page).screenshot('44-compare-reference-saved');

    const lib = new LibraryPage(app.page);
    await lib.open();
    const card = (id: number) => app.page.locator(`[data-testid="session-card"][data-session-id="${id}"]`);
    // The reference stroke itself is Player One's session: its own card offers no comparison with Player Two's reference.
    expect(await card(ids[0]!).getByTestId('compare-reference').count()).toBe(0);
    await card(ids[1]!).getByTestId('compare-reference').waitFor();
    await lib.screenshot('45-library-compare-with-reference');
    await card(ids[1]!).getByTestId('compare-reference').click();
    await app.page.getByTestId('compare-screen').waitFor();
    expect(new URL(app.page.url()).hash).toBe(`#/compare/${ids[0]}/${ids[1]}`);
    const cp = new ComparePage(app.page);
    const d = await cp.settled();
    expect(d.rel).toBe(0);
    expect([d.a.frameIndex, d.b.frameIndex]).toEqual([a.contactIndex, b.contactIndex]);
    // Kept after a reload (stored in the library, not in the page).
    await app.page.reload();
    await app.page.getByTestId('compare-set-reference').waitFor();
    await app.page.locator('[data-testid="compare-set-reference"][aria-pressed="true"]').waitFor();
  });

  it('exports the comparison report and the side-by-side video from the Compare screen', async () => {
    const [da, db] = details as [SessionDetail, SessionDetail];
    await new ComparePage(app.page).settled(); // after the reload of the previous test: both videos on their frames
    const ex = new ExportPage(app.page);
    await ex.openMenu();
    expect(await ex.menuLabels()).toEqual(['Comparison report (PDF)', 'Side-by-side video (.mp4)']);
    await new ComparePage(app.page).screenshot('46-compare-export-menu');
    await ex.exportCompare('pdf');
    const pdf = join(buildDir, 'comparison.pdf');
    const report = await ex.saveFirstDownload(pdf);
    expect(report.name).toMatch(/^.*Player-One-vs-Player-Two-2026-11-23-comparison\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const name of ['Player One', 'Player Two']) expect(text).toContain(name);
    let values = 0;
    for (const f of [...da.features, ...db.features]) {
      expect(text.toLowerCase()).toContain(`${reportNumber(f.value)}${typeof f.unit === 'string' && f.unit ? ` ${f.unit}` : ''} ${Math.round(f.score)} · ${f.level}`.toLowerCase());
      values++;
    }
    expect(values).toBe(da.features.length + db.features.length);

    await ex.exportCompare('mp4');
    const mp4 = join(buildDir, 'comparison.mp4');
    await ex.saveFirstDownload(mp4);
    const side = (id: number) => comparedStroke(app.bridge.services.deps.db, { sessionId: id, strokeIndex: null });
    const plan = comparePlan(side(ids[0]!), side(ids[1]!));
    const probe = probeWritten(mp4);
    console.log(`side-by-side video from the app: ${probe.nb_read_frames} frames, ${probe.duration} s`);
    expect(Number(probe.nb_read_frames)).toBe(plan.firstFrames.length);
    expect(probe.duration).toBeCloseTo(plan.firstFrames.length / da.session.fps, 1);
    expect([probe.width, probe.height]).toEqual([plan.width, plan.height]);
    await new ComparePage(app.page).screenshot('47-compare-exported');
    expect(app.errors).toEqual([]);
  });
});
