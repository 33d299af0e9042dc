/**
 * Comparing any stroke of a multi-stroke session (issue 12 after issue 11), in real Chromium
 * through the bridge at 1280×720: tennis_forehand_1.mp4 analysed whole (two forehands; stroke 1
 * is the session's analysed stroke) for a right-handed player, and the 2.8 s cut of
 * tennis_forehand_2 stored for a player recorded as LEFT-handed (the same right-handed forehand:
 * the stored hand is what decides the mirroring, and the geometry is what is asserted).
 *  - Session page: stroke 2 chosen → "Compare stroke 2…", stroke 1 chosen → "Compare stroke 1
 *    with the picked stroke" → Compare at `#/compare/<id>:2/<id>`; at 0 s from contact each video
 *    shows its stroke's contact frame of the strokes table; the feature table holds stroke 2's values.
 *  - The stroke picker changes the first stroke in place (route and frames follow).
 *  - Overlaid against the left-hander: mirrored by default, joints = the mirrored aligned stored
 *    pose within 0.5 px; unticked, = the plain aligned pose.
 *  - The reference stroke set on stroke 2 stores index 2 and "Compare with reference" opens it.
 *  - The PDF from the screen holds stroke 2's feature values; the MP4 has the chosen strokes' frames.
 * Screenshots in test-artifacts/e2e/.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../main/av/index.js';
import { comparedStroke } from '../../main/export/compare-export.js';
import { comparePlan } from '../../main/export/compare-video.js';
import { reportNumber } from '../../main/export/report/compare-report.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { getReferenceStroke } from '../../main/library/reference-strokes.js';
import { detailOfStroke } from '../../main/contract/stroke-view.js';
import type { SessionDetail, SessionStroke } from '../../main/library/library-types.js';
import { kpIndex, type PoseTrack } from '../../main/pose/pose-track.js';
import { alignedSecondTrack } from '../../main/pose/stroke-overlay.js';
import { pairedFrame, strokeOf } from '../../main/pose/stroke-timing.js';
import { formatValue } from '../../renderer/src/lib/units.js';
import { analysedClip, analysedForehand1Clip, ANALYSED_CLIP_META, FOREHAND_1_META, type AnalysedClip } from '../support/analysed-clip.js';
import { probeWritten } from '../support/ffmpeg-cli.js';
import { buildRenderer, startApp, type E2eApp } from './harness.js';
import { ComparePage, ExportPage } from './page-objects/index.js';
import { StrokeStripPage } from './page-objects/stroke-strip-page.js';

let app: E2eApp;
let buildDir: string;
let rally = 0; // tennis_forehand_1, two strokes
let lefty = 0; // the cut, stored for a left-handed player
let rallyDetail: SessionDetail;
let leftyDetail: SessionDetail;

async function store(clip: AnalysedClip, player: string, hand: 'left' | 'right', heightMm: number, title: string, captureFps?: number): Promise<number> {
  const info = await probeVideo(clip.clipPath);
  return ingestAnalysis(app.bridge.services.deps.db, {
    player: { name: player, dominantHand: hand, heightMm },
    session: { sourceClipPath: clip.clipPath, recordedAt: '2026-11-23', sport: 'tennis', swingType: 'forehand_drive', durationS: info.durationS, fps: info.fps, width: info.width, height: info.height, title, ...(captureFps ? { captureFps } : {}) },
    analysis: clip.done,
    backend: 'local',
  });
}

const strokeOfRally = (k: number): SessionStroke => rallyDetail.strokes.find((s) => s.index === k)!;
/** Pose frame index of a clip frame number (the strokes table stores clip frames). */
const poseIndex = (d: SessionDetail, frameNr: number): number => Array.from(d.pose2d!.frameNr).indexOf(frameNr);

/**
 * Reads until `ok` holds or `ms` pass, and returns the last reading (the caller asserts on it): a
 * stroke picked or the mirror toggled redraws on the next frames, so a first reading may be the old one.
 */
async function until<T>(read: () => Promise<T>, ok: (t: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  let last = await read();
  while (!ok(last) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'swing-compare-strokes-'));
  // One real analysis at a time in this process (each runs the engine's worker pool and decoder):
  // two at once beside the renderer build once starved the second one's probe past its 20 s
  // limit on a loaded 2-core machine.
  const rallyClip = await analysedForehand1Clip();
  const [cut] = await Promise.all([analysedClip(), buildRenderer(join(buildDir, 'dist'))]);
  app = await startApp(join(buildDir, 'dist'), { width: 1280, height: 720 });
  rally = await store(rallyClip, 'Novak Example', 'right', FOREHAND_1_META.player_height_mm, 'Two forehands', FOREHAND_1_META.capture_fps);
  lefty = await store(cut, 'Lefty Example', 'left', ANALYSED_CLIP_META.player_height_mm, 'One forehand');
  rallyDetail = getSessionDetail(app.bridge.services.deps.db, rally)!;
  leftyDetail = getSessionDetail(app.bridge.services.deps.db, lefty)!;
  expect(rallyDetail.strokes.map((s) => [s.index, s.side, s.primary])).toEqual([
    [1, 'forehand', true],
    [2, 'forehand', false],
  ]);
  await app.page.reload();
}, 600_000); // a cold analysis cache analyses the whole rally clip (minutes under load)

afterAll(async () => {
  await app?.close();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

/** The rally session's page with stroke `n` chosen in its strip. */
async function openRallyAt(n: number): Promise<StrokeStripPage> {
  await app.page.goto(`${app.bridge.url}#/session/${rally}`);
  const strip = new StrokeStripPage(app.page);
  await strip.waitForSkeleton();
  await strip.choose(n);
  return strip;
}

describe('compare any stroke of a multi-stroke session', () => {
  it('picks stroke 2 and stroke 1 on the session page and shows both contact frames at 0 s', async () => {
    const [s1, s2] = [strokeOfRally(1), strokeOfRally(2)];
    const strip = await openRallyAt(2);
    await app.page.getByTestId('compare-this-stroke').click();
    await app.page.locator('[data-testid="compare-this-stroke"][aria-pressed="true"]').waitFor();
    expect(await app.page.getByTestId('compare-this-stroke').innerText()).toBe('Stroke 2 picked to compare');
    await strip.choose(1);
    expect(await app.page.getByTestId('compare-this-stroke').innerText()).toBe('Compare stroke 1 with the picked stroke');
    await strip.screenshot('60-session-compare-this-stroke');
    await app.page.getByTestId('compare-this-stroke').click();
    await app.page.getByTestId('compare-screen').waitFor();
    expect(new URL(app.page.url()).hash).toBe(`#/compare/${rally}:2/${rally}`);
    const cp = new ComparePage(app.page);
    let d = await cp.settled();
    const [ca, cb] = [poseIndex(rallyDetail, s2.contact.frameNr), poseIndex(rallyDetail, s1.contact.frameNr)];
    console.log(`stroke 2 contact: clip frame ${s2.contact.frameNr} = pose frame ${ca}; stroke 1: ${s1.contact.frameNr} = ${cb}`);
    expect(d.rel).toBe(0);
    expect([d.a.frameIndex, d.b.frameIndex]).toEqual([ca, cb]);
    expect(await app.page.getByTestId('compare-stroke-a').inputValue()).toBe('2');
    expect(await app.page.getByTestId('compare-stroke-b').inputValue()).toBe('1');
    await cp.screenshot('61-compare-stroke-2-vs-1');
    d = await cp.press('ArrowRight', 5);
    expect([d.a.frameIndex - ca, d.b.frameIndex - cb]).toEqual([5, 5]);
    // The feature table: the first column is stroke 2's own values (not the session's top-level stroke 1).
    let checked = 0;
    for (const f of s2.features) {
      const cell = app.page.locator(`[data-testid="compare-feature"][data-feature-name="${f.feature_name}"] td:nth-child(2)`);
      expect(await cell.innerText()).toBe(`${formatValue(f.value, f.unit, 'metric')} ${Math.round(f.score)}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(8);
  });

  it('changes the first stroke with its picker, in place', async () => {
    await app.page.goto(`${app.bridge.url}#/compare/${rally}:2/${lefty}`);
    const cp = new ComparePage(app.page);
    const cl = strokeOf(leftyDetail)!.contactIndex;
    const contact2 = poseIndex(rallyDetail, strokeOfRally(2).contact.frameNr);
    // The previous comparison's state stays until this one has opened and drawn.
    let d = await until(() => cp.settled(), (s) => s.a.frameIndex === contact2 && s.b.frameIndex === cl);
    expect([d.rel, d.a.frameIndex, d.b.frameIndex]).toEqual([0, contact2, cl]);
    expect(await app.page.getByTestId('compare-stroke-b').count()).toBe(0); // one stroke: nothing to pick
    const first = poseIndex(rallyDetail, strokeOfRally(1).contact.frameNr);
    await app.page.getByTestId('compare-stroke-a').selectOption('1');
    await until(() => Promise.resolve(new URL(app.page.url()).hash), (h) => h === `#/compare/${rally}:1/${lefty}`);
    expect(new URL(app.page.url()).hash).toBe(`#/compare/${rally}:1/${lefty}`);
    d = await until(() => cp.settled(), (s) => s.a.frameIndex === first);
    expect([d.rel, d.a.frameIndex, d.b.frameIndex]).toEqual([0, first, cl]);
    await cp.screenshot('66-compare-picked-stroke-1');
    const second = poseIndex(rallyDetail, strokeOfRally(2).contact.frameNr);
    await app.page.getByTestId('compare-stroke-a').selectOption('2');
    d = await until(() => cp.settled(), (s) => s.a.frameIndex === second);
    expect([d.a.frameIndex, d.b.frameIndex]).toEqual([second, cl]);
  });

  it('mirrors the left-hander over the right-hander when overlaid, and not when unticked', async () => {
    const a = detailOfStroke(rallyDetail, 2)!;
    const b = detailOfStroke(leftyDetail, null)!;
    const [sa, sb] = [strokeOf(a)!, strokeOf(b)!];
    const aligned = (mirror: boolean): PoseTrack =>
      alignedSecondTrack({ pose2d: a.pose2d!, heightMm: a.player.heightMm }, { pose2d: b.pose2d!, heightMm: b.player.heightMm }, (fa) => pairedFrame(sa, sb, fa), { mirror });
    const cp = new ComparePage(app.page);
    await app.page.getByTestId('compare-contact').click();
    await app.page.getByTestId('compare-mode-overlay').click();
    await app.page.getByTestId('compare-overlaid').waitFor();
    expect(await app.page.getByTestId('compare-mirror').isChecked()).toBe(true);
    /** Largest joint distance (px, per axis) between the drawn overlay of frame `frameA` and `expected`, and the joints drawn. */
    const gap = async (expected: PoseTrack, frameA: number): Promise<{ frame: number; worst: number; drawn: number }> => {
      const d = await cp.settledOverlay();
      let worst = 0;
      let drawn = 0;
      for (let j = 0; j < 17; j++) {
        const p = d.overlay!.joints[j];
        if (!p) continue;
        const i = kpIndex(expected, frameA, j);
        worst = Math.max(worst, Math.abs(p[0] - expected.keypoints[i]!), Math.abs(p[1] - expected.keypoints[i + 1]!));
        drawn++;
      }
      return { frame: d.overlay!.frameIndex, worst, drawn };
    };
    const worstAgainst = async (expected: PoseTrack, frameA: number): Promise<number> => {
      const g = await until(() => gap(expected, frameA), (r) => r.frame === frameA && r.worst < 0.5);
      expect(g.frame).toBe(frameA);
      expect(g.drawn).toBeGreaterThanOrEqual(15);
      return g.worst;
    };
    const mirrored = aligned(true);
    const plain = aligned(false);
    const atContact = await worstAgainst(mirrored, sa.contactIndex);
    expect(atContact).toBeLessThan(0.5);
    // The mirror is visible: the plain overlay's right wrist is elsewhere.
    const rw = kpIndex(plain, sa.contactIndex, 16);
    const mw = kpIndex(mirrored, sa.contactIndex, 16);
    expect(Math.abs(plain.keypoints[rw]! - mirrored.keypoints[mw]!)).toBeGreaterThan(20);
    await cp.screenshot('62-compare-overlaid-mirrored');
    await app.page.keyboard.press('ArrowRight');
    await app.page.keyboard.press('ArrowRight');
    const later = await worstAgainst(mirrored, sa.contactIndex + 2);
    expect(later).toBeLessThan(0.5);
    await app.page.getByTestId('compare-mirror').uncheck();
    const unmirrored = await worstAgainst(plain, sa.contactIndex + 2);
    expect(unmirrored).toBeLessThan(0.5);
    console.log(`overlay vs the aligned stored pose: mirrored ${atContact.toFixed(4)} px at contact, ${later.toFixed(4)} px 2 frames later; unmirrored ${unmirrored.toFixed(4)} px`);
    await cp.screenshot('63-compare-overlaid-not-mirrored');
    await app.page.getByTestId('compare-mode-side').click();
    await cp.settled();
  });

  it('exports the report and the side-by-side video of the chosen strokes', async () => {
    const s2 = strokeOfRally(2);
    const ex = new ExportPage(app.page);
    await ex.exportCompare('pdf');
    const pdf = join(buildDir, 'strokes.pdf');
    await ex.saveFirstDownload(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(`Stroke 2 of 2 · forehand · contact at ${s2.contact.timestamp.toFixed(2)} s`);
    for (const f of s2.features) {
      const unit = typeof f.unit === 'string' && f.unit ? ` ${f.unit}` : '';
      expect(text.toLowerCase()).toContain(`${reportNumber(f.value)}${unit} ${Math.round(f.score)} · ${f.level}`.toLowerCase());
    }
    await ex.exportCompare('mp4');
    const mp4 = join(buildDir, 'strokes.mp4');
    await ex.saveFirstDownload(mp4);
    const db = app.bridge.services.deps.db;
    const plan = comparePlan(comparedStroke(db, { sessionId: rally, strokeIndex: 2 }), comparedStroke(db, { sessionId: lefty, strokeIndex: null }));
    expect(plan.strokes[0].contactIndex).toBe(poseIndex(rallyDetail, s2.contact.frameNr));
    const probe = probeWritten(mp4);
    console.log(`side-by-side video of stroke 2: ${probe.nb_read_frames} frames (plan ${plan.firstFrames.length}, first ${plan.firstFrames[0]}, contact ${plan.strokes[0].contactIndex})`);
    expect(Number(probe.nb_read_frames)).toBe(plan.firstFrames.length);
    expect(plan.firstFrames).toContain(plan.strokes[0].contactIndex);
    await new ComparePage(app.page).screenshot('64-compare-strokes-exported');
  });

  it('stores stroke 2 as the reference and opens Compare with reference at that stroke', async () => {
    const db = app.bridge.services.deps.db;
    const player = rallyDetail.player;
    const strip = await openRallyAt(2);
    await app.page.getByTestId('set-reference').click();
    await app.page.locator('[data-testid="set-reference"][aria-pressed="true"]').waitFor();
    expect(getReferenceStroke(db, player.id)).toMatchObject({ sessionId: rally, strokeIndex: 2 });
    expect(await app.page.getByTestId('compare-reference').count()).toBe(0); // this stroke is the reference
    await strip.choose(1);
    expect(await app.page.locator('[data-testid="set-reference"]').getAttribute('aria-pressed')).toBe('false');
    await app.page.getByTestId('compare-reference').click();
    await app.page.getByTestId('compare-screen').waitFor();
    expect(new URL(app.page.url()).hash).toBe(`#/compare/${rally}:2/${rally}`);
    const d = await new ComparePage(app.page).settled();
    expect([d.a.frameIndex, d.b.frameIndex]).toEqual([poseIndex(rallyDetail, strokeOfRally(2).contact.frameNr), poseIndex(rallyDetail, strokeOfRally(1).contact.frameNr)]);
    await new ComparePage(app.page).screenshot('65-compare-with-reference-stroke-2');
    expect(app.errors).toEqual([]);
  });
});
