/**
 * "Analyse another person" on the session page, in real Chromium through the bridge on a real
 * analysed clip at 1280×720: the button, then a click on the picture, queues the same clip for
 * analysis again with the clicked picture pixel as `playerPoint` (source pixels, the paused time)
 * on the local engine. The queued job itself is not awaited (the engine run is the engine tests').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { J } from '../../main/pose/h36m.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import type { E2eApp } from './harness.js';
import { startAnalysedSessionApp, type AnalysedSessionApp } from './analysed-session-app.js';
import { DrawingPage } from './page-objects/drawing-page.js';

let fx: AnalysedSessionApp | undefined;
let app: E2eApp;
let sessionId = 0;
let pose: PoseTrack;

beforeAll(async () => {
  fx = await startAnalysedSessionApp('swing-another-person-', 'Pick Player', 'Forehand to pick another person on', '2026-11-24');
  ({ app, sessionId, pose } = fx);
});

afterAll(async () => {
  await fx?.close();
});

describe('Analyse another person', () => {
  it('queues the clip again for the person clicked on the paused picture', async () => {
    await app.page.goto(`${app.bridge.url}#/session/${sessionId}`);
    const sp = new DrawingPage(app.page);
    await sp.waitForSkeleton();
    const f = pose.present.indexOf(1);
    const [x, y] = [pose.keypoints[(f * 17 + J.pelvis) * 2]!, pose.keypoints[(f * 17 + J.pelvis) * 2 + 1]!];
    const picked = () => app.bridge.services.deps.jobs.list().find((j) => 'playerPoint' in j.input);
    await app.page.getByTestId('another-person').click();
    await sp.clickAt(x, y);
    const deadline = Date.now() + 10_000;
    while (!picked() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const job = picked()!;
    const input = job.input as { playerPoint?: { x: number; y: number; t?: number }; backend: string; videoPath: string };
    expect(input.backend).toBe('local');
    expect(Math.abs(input.playerPoint!.x - x)).toBeLessThanOrEqual(2);
    expect(Math.abs(input.playerPoint!.y - y)).toBeLessThanOrEqual(2);
    expect(input.playerPoint!.t).toBeGreaterThanOrEqual(0);
    await expect.poll(() => app.page.getByTestId('another-person').textContent()).toBe('Analyse another person');
  });
});
