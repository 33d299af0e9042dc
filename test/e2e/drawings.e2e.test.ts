/**
 * Draw and measure on the session video, in real Chromium through the bridge on a real analysed
 * clip, at 1280×720: an angle clicked on three joints of the skeleton is stored in the library
 * (joints, not pixels), shows the angle of the stored pose on the frame on screen, and after a
 * reload, on other frames, follows the skeleton (value equal to the angle computed from the
 * stored 2D pose); its per-frame value goes on the chart; undo / redo / delete with the keys; the
 * other tools; the .kva export holds it as a Kinovea Angle with per-frame positions; the PDF's
 * key frame shows it. Screenshots in test-artifacts/e2e/.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { angleDeg, jointPx } from '../../main/drawings/geometry.js';
import { KVA_TIMESTAMPS_PER_FRAME } from '../../main/export/kva.js';
import { listDrawings } from '../../main/library/drawings.js';
import { J } from '../../main/pose/h36m.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import type { E2eApp } from './harness.js';
import { startAnalysedSessionApp, type AnalysedSessionApp } from './analysed-session-app.js';
import { ARTIFACTS_DIR, ExportPage } from './page-objects/index.js';
import { DrawingPage } from './page-objects/drawing-page.js';

let fx: AnalysedSessionApp | undefined;
let app: E2eApp;
let sessionId = 0;
let pose: PoseTrack;
/** Pose frame of ball contact (where the angle is drawn). */
let c = 0;

const KNEE = [J.rightHip, J.rightKnee, J.rightAnkle] as const;

/** The right-knee angle of the stored pose at frame f, degrees. */
function kneeAngle(f: number): number {
  const [a, o, b] = KNEE.map((j) => jointPx(pose, f, j));
  if (!a || !o || !b) throw new Error(`knee not measured at frame ${f}`);
  return angleDeg(a, o, b);
}

const seekTime = (f: number) => (pose.timestamps[f] ?? 0) + 0.001;

beforeAll(async () => {
  fx = await startAnalysedSessionApp('swing-drawings-', 'Drawing Player', 'Forehand to draw on');
  ({ app, sessionId, pose, contactIndex: c } = fx);
});

afterAll(async () => {
  await fx?.close();
});

const stored = () => listDrawings(app.bridge.services.deps.db, sessionId);

describe('draw and measure on the session video at 1280×720', () => {
  let angleId = 0;

  it('an angle clicked on three joints is stored as joints and shows the stored pose angle', async () => {
    await app.page.goto(`${app.bridge.url}#/session/${sessionId}`);
    const dp = new DrawingPage(app.page);
    await dp.waitForSkeleton();
    expect((await dp.seek(seekTime(c))).frameIndex).toBe(c);
    await app.page.keyboard.press('a');
    expect(await app.page.getByTestId('drawing-layer').getAttribute('data-tool')).toBe('angle');
    const [hip, knee, ankle] = KNEE.map((j) => jointPx(pose, c, j)!);
    await dp.clickAt(...hip!);
    await dp.clickAt(...knee!);
    // Live degrees while placing the last point: the pointer over the ankle.
    await app.page.mouse.move(...(await dp.cssOf(...ankle!)));
    await dp.screenshot('30-drawing-angle-live-1280x720');
    await dp.clickAt(...ankle!);
    const [row] = await dp.waitForCount(1);
    const [saved] = stored();
    expect(saved).toMatchObject({ kind: 'angle', frameNr: pose.frameNr[c], fromFrameNr: pose.frameNr[c]! - 20, toFrameNr: pose.frameNr[c]! + 20, points: KNEE.map((joint) => ({ joint })) });
    angleId = saved!.id;
    expect(row).toMatchObject({ id: angleId, kind: 'angle', shown: true });
    expect(row!.value).toBeCloseTo(kneeAngle(c), 9);
    expect(row!.label).toContain('right hip – right knee – right ankle');
    await app.page.keyboard.press('Escape'); // put the tool away
    expect(await app.page.getByTestId('drawing-layer').getAttribute('data-tool')).toBe('');
    await dp.screenshot('31-drawing-angle-on-joints-1280x720');
  });

  it('after a reload it follows the skeleton: on other frames its value is the stored pose angle there', async () => {
    await app.page.reload();
    const dp = new DrawingPage(app.page);
    await dp.waitForSkeleton();
    await dp.waitForCount(1);
    // The frame in the range where the knee angle differs most from the drawn frame's.
    const measured = (f: number) => KNEE.every((j) => jointPx(pose, f, j));
    const range = Array.from({ length: 39 }, (_, i) => c - 19 + i).filter((f) => f !== c && measured(f));
    const farthest = range.reduce((best, f) => (Math.abs(kneeAngle(f) - kneeAngle(c)) > Math.abs(kneeAngle(best) - kneeAngle(c)) ? f : best));
    const values: number[] = [];
    for (const f of [c + 3, c - 7, farthest]) {
      expect((await dp.seek(seekTime(f))).frameIndex).toBe(f);
      const [row] = await dp.rows();
      expect(row!.shown).toBe(true);
      expect(row!.value).toBeCloseTo(kneeAngle(f), 9);
      values.push(row!.value!);
    }
    // The knee bent or straightened: an angle fixed on the picture would still read kneeAngle(c).
    expect(Math.abs(values[2]! - kneeAngle(c))).toBeGreaterThan(1);
    await dp.screenshot('32-drawing-angle-other-frame-1280x720');
    // Outside its range (± 20 frames) it is not drawn.
    await dp.seek(seekTime(Math.max(0, c - 25)));
    expect((await dp.rows())[0]!.shown).toBe(false);
    // On the chart: its per-frame value as a line on the angle axis.
    await dp.seek(seekTime(c));
    await app.page.getByTestId('drawing-on-chart').check();
    await app.page.waitForFunction(() => (globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }).document.querySelector('[data-testid="kinetic-chart"] .u-legend')?.textContent.includes('Angle ·') ?? false);
    expect(stored()[0]!.onChart).toBe(true);
    await app.page.getByTestId('kinetic-chart').scrollIntoViewIfNeeded();
    await dp.screenshot('33-drawing-angle-on-chart-1280x720');
  });

  it('is shown over a chosen range of frames (to the frame on screen), undoably', async () => {
    const dp = new DrawingPage(app.page);
    await app.page.locator(`[data-testid="drawing"][data-drawing-id="${angleId}"] .name`).click();
    await dp.seek(seekTime(c + 5));
    await app.page.getByTestId('range-to-here').click();
    await app.page.waitForFunction((id) => (globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }).document.querySelector(`[data-drawing-id="${id}"] [data-testid="drawing-range"]`)?.textContent.includes('–') ?? false, angleId);
    await expect.poll(() => stored()[0]!.toFrameNr).toBe(pose.frameNr[c + 5]);
    expect((await dp.rows())[0]!.shown).toBe(true);
    await dp.seek(seekTime(c + 6));
    expect((await dp.rows())[0]!.shown).toBe(false);
    await dp.screenshot('33b-drawing-range-ended-1280x720');
    await app.page.keyboard.press('Control+z');
    await expect.poll(() => stored()[0]!.toFrameNr).toBe(pose.frameNr[c]! + 20);
    await expect.poll(async () => (await dp.rows())[0]!.shown).toBe(true);
  });

  it('undo, redo and delete with the keyboard, each written to the library', async () => {
    const dp = new DrawingPage(app.page);
    await dp.seek(seekTime(c));
    await app.page.keyboard.press('n');
    await dp.clickAt(40, 40);
    await dp.clickAt(400, 60);
    await dp.waitForCount(2);
    const line = stored().find((d) => d.kind === 'line');
    expect(line?.points).toEqual([{ x: expect.closeTo(40, 1) as number, y: expect.closeTo(40, 1) as number }, { x: expect.closeTo(400, 1) as number, y: expect.closeTo(60, 1) as number }]);
    await app.page.keyboard.press('Escape');
    await app.page.keyboard.press('Control+z');
    await dp.waitForCount(1);
    expect(stored().map((d) => d.kind)).toEqual(['angle']);
    await app.page.keyboard.press('Control+Shift+Z');
    await dp.waitForCount(2);
    expect(stored().find((d) => d.kind === 'line')?.id).toBe(line!.id);
    await app.page.locator(`[data-testid="drawing"][data-drawing-id="${line!.id}"] .name`).click();
    await app.page.keyboard.press('Delete');
    await dp.waitForCount(1);
    expect(stored().map((d) => d.id)).toEqual([angleId]);
    await app.page.keyboard.press('Control+z');
    await dp.waitForCount(2);
    expect(stored().map((d) => d.id).sort((a, b) => a - b)).toEqual([angleId, line!.id].sort((a, b) => a - b));
  });

  it('the other tools: arrow, circle, free hand and text', async () => {
    const dp = new DrawingPage(app.page);
    const wrist = jointPx(pose, c, J.rightWrist)!;
    await app.page.getByTestId('tool-arrow').click();
    await dp.clickAt(wrist[0] - 250, wrist[1] - 120);
    await dp.clickAt(...wrist);
    await dp.waitForCount(3);
    await app.page.keyboard.press('c');
    await dp.clickAt(wrist[0], wrist[1]);
    await dp.clickAt(wrist[0] + 60, wrist[1]);
    await dp.waitForCount(4);
    await app.page.keyboard.press('p');
    await dp.dragThrough([[200, 500], [260, 470], [330, 480], [380, 530]]);
    await dp.waitForCount(5);
    await app.page.keyboard.press('t');
    await app.page.getByTestId('drawing-text').fill('Contact in front');
    await dp.clickAt(60, 120);
    const rows = await dp.waitForCount(6);
    expect(rows.map((r) => r.kind).sort()).toEqual(['angle', 'arrow', 'circle', 'line', 'pencil', 'text']);
    const byKind = Object.fromEntries(stored().map((d) => [d.kind, d]));
    expect(byKind['arrow']?.points[1]).toEqual({ joint: J.rightWrist });
    expect(byKind['circle']?.points[0]).toEqual({ x: expect.closeTo(wrist[0], 0) as number, y: expect.closeTo(wrist[1], 0) as number }); // circles never attach
    expect(byKind['pencil']?.points.length).toBeGreaterThanOrEqual(4);
    expect(byKind['text']?.text).toBe('Contact in front');
    await app.page.keyboard.press('Escape');
    await dp.screenshot('34-drawing-tools-1280x720');
  });

  it('the .kva export holds the angle as a Kinovea Angle with its per-frame joint positions', async () => {
    const ep = new ExportPage(app.page);
    await ep.exportSession('kva');
    const kva = (await ep.fetchDownloads()).find((f) => f.name.endsWith('.kva'));
    expect(kva?.status).toBe(200);
    const xml = kva!.body.toString('utf8');
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (n) => ['Keyframe', 'Angle', 'TrackableDrawing', 'TrackablePoint', 'Frame'].includes(n) }).parse(xml) as {
      KinoveaVideoAnalysis: {
        Keyframes: { Keyframe: { Position: { '#text': string }; Drawings?: { Angle?: { '@_id': string; PointO: string; PointA: string; PointB: string }[] } }[] };
        Trackability: { TrackableDrawing: { '@_id': string; TrackablePoint: { '@_key': string; Timeline: { Frame: { '@_time': string; '@_location': string }[] } }[] }[] };
      };
    };
    const angle = stored().find((d) => d.kind === 'angle')!;
    const kf = doc.KinoveaVideoAnalysis.Keyframes.Keyframe.find((k) => Number(k.Position['#text']) === angle.fromFrameNr * KVA_TIMESTAMPS_PER_FRAME);
    const a = kf?.Drawings?.Angle?.[0];
    const from = c - 20;
    const pt = (p: [number, number] | null) => (p ? `${Math.round(p[0] * 100) / 100};${Math.round(p[1] * 100) / 100}` : '');
    expect(a).toMatchObject({ PointO: pt(jointPx(pose, from, J.rightKnee)), PointA: pt(jointPx(pose, from, J.rightHip)), PointB: pt(jointPx(pose, from, J.rightAnkle)) });
    const track = doc.KinoveaVideoAnalysis.Trackability.TrackableDrawing.find((t) => t['@_id'] === a!['@_id']);
    const vertex = track?.TrackablePoint.find((p) => p['@_key'] === 'o')?.Timeline.Frame ?? [];
    expect(vertex.length).toBeGreaterThan(30);
    const atContact = vertex.find((f) => Number(f['@_time']) === pose.frameNr[c]! * KVA_TIMESTAMPS_PER_FRAME);
    expect(atContact?.['@_location']).toBe(pt(jointPx(pose, c, J.rightKnee)));
  });

  it('the PDF report shows the drawings on its ball-contact key frame', async () => {
    const ep = new ExportPage(app.page);
    await ep.exportSession('pdf', 240_000);
    const dir = mkdtempSync(join(tmpdir(), 'swing-drawings-pdf-'));
    try {
      const pdf = join(dir, 'report.pdf');
      await ep.saveFirstDownload(pdf);
      const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      expect(text).toContain('Ball contact');
      execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', pdf, join(ARTIFACTS_DIR, '35-drawings-report')]);
      expect(readdirSync(ARTIFACTS_DIR).some((n) => n.startsWith('35-drawings-report'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(app.errors).toEqual([]);
  });
});
