/**
 * Editing a finished drawing on the session video, in real Chromium through the bridge on a real
 * analysed clip at 1280×720: with the line selected (no tool), dragging its end handle moves the
 * stored point; dragging its start handle onto a joint attaches it (snap as when drawing); undo
 * restores each stored value in turn. The fade on the page: the drawing canvas's most opaque
 * pixel is 255 on the frame the line was made on and about 255/21 on the last frame of its range.
 * Screenshots in test-artifacts/e2e/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jointPx } from '../../main/drawings/geometry.js';
import { listDrawings } from '../../main/library/drawings.js';
import { J } from '../../main/pose/h36m.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import type { E2eApp } from './harness.js';
import { startAnalysedSessionApp, type AnalysedSessionApp } from './analysed-session-app.js';
import { DrawingPage } from './page-objects/drawing-page.js';

let fx: AnalysedSessionApp | undefined;
let app: E2eApp;
let sessionId = 0;
let pose: PoseTrack;
let c = 0;

beforeAll(async () => {
  fx = await startAnalysedSessionApp('swing-drawing-edit-', 'Edit Player', 'Forehand to edit drawings on', '2026-11-24');
  ({ app, sessionId, pose, contactIndex: c } = fx);
});

afterAll(async () => {
  await fx?.close();
});

const stored = () => listDrawings(app.bridge.services.deps.db, sessionId);
const seekTime = (f: number) => (pose.timestamps[f] ?? 0) + 0.001;
const near = (v: number) => expect.closeTo(v, 0) as number;

/** The highest alpha on the drawing canvas (0 when nothing is drawn). */
async function maxAlpha(dp: DrawingPage): Promise<number> {
  return dp.page.getByTestId('drawing-layer').evaluate((el) => {
    const cv = el as unknown as { width: number; height: number; getContext(k: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } };
    const px = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
    let m = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i]! > m) m = px[i]!;
    return m;
  });
}

/** Drags on the picture from source-video pixel `from` to `to` with the mouse. */
async function drag(dp: DrawingPage, from: [number, number], to: [number, number]): Promise<void> {
  await dp.page.mouse.move(...(await dp.cssOf(...from)));
  await dp.page.mouse.down();
  await dp.page.mouse.move(...(await dp.cssOf(...to)), { steps: 6 });
  await dp.page.mouse.up();
}

describe('move the points of a finished drawing at 1280×720', () => {
  it('drags the end of a line, then its start onto a joint; undo restores each', async () => {
    await app.page.goto(`${app.bridge.url}#/session/${sessionId}`);
    const dp = new DrawingPage(app.page);
    await dp.waitForSkeleton();
    expect((await dp.seek(seekTime(c))).frameIndex).toBe(c);
    await app.page.keyboard.press('n');
    await dp.clickAt(400, 300);
    await dp.clickAt(800, 320);
    await dp.waitForCount(1);
    const [line] = stored();
    expect(line?.points).toEqual([{ x: near(400), y: near(300) }, { x: near(800), y: near(320) }]);
    await app.page.keyboard.press('Escape'); // the tool goes away; the new line stays selected
    const layer = app.page.getByTestId('drawing-layer');
    expect(await layer.getAttribute('data-editing')).toBe('true');
    await dp.screenshot('36-drawing-edit-handles-1280x720');

    await drag(dp, [800, 320], [650, 250]);
    await expect.poll(() => stored()[0]!.points[1]).toEqual({ x: near(650), y: near(250) });
    expect(stored()[0]!.points[0]).toEqual(line!.points[0]);

    const wrist = jointPx(pose, c, J.rightWrist)!;
    const start = line!.points[0] as { x: number; y: number };
    await drag(dp, [start.x, start.y], [wrist[0] + 3, wrist[1] - 2]);
    await expect.poll(() => stored()[0]!.points[0]).toEqual({ joint: J.rightWrist });
    expect(stored()[0]!.id).toBe(line!.id);
    await dp.screenshot('37-drawing-edit-point-on-joint-1280x720');

    await app.page.keyboard.press('Control+z');
    await expect.poll(() => stored()[0]!.points).toEqual([line!.points[0], { x: near(650), y: near(250) }]);
    await app.page.keyboard.press('Control+z');
    await expect.poll(() => stored()[0]!.points).toEqual(line!.points);
    await app.page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => stored()[0]!.points[1]).toEqual({ x: near(650), y: near(250) });
  });

  it('a press away from the handles deselects; the page fades the line at the end of its range', async () => {
    const dp = new DrawingPage(app.page);
    await dp.clickAt(150, 900);
    const layer = app.page.getByTestId('drawing-layer');
    await expect.poll(() => layer.getAttribute('data-editing')).toBe('false');
    await expect.poll(() => maxAlpha(dp)).toBe(255);
    const end = stored()[0]!.toFrameNr;
    expect(end).toBe(pose.frameNr[c]! + 20);
    await dp.seek(seekTime(c + 20));
    // 1/21 opacity; where two shapes overlap (an end dot on the line) 1 − (20/21)² ≈ 0.093.
    await expect.poll(() => maxAlpha(dp)).toBeLessThanOrEqual(Math.ceil(255 * (1 - (20 / 21) ** 2)) + 2);
    expect(await maxAlpha(dp)).toBeGreaterThan(0);
    await dp.screenshot('38-drawing-faded-at-range-end-1280x720');
    await dp.seek(seekTime(c + 10));
    await expect.poll(() => maxAlpha(dp)).toBeGreaterThan(100);
    expect(app.errors).toEqual([]);
  });
});
