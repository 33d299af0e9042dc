/**
 * The review of the automatic choice (player-tracker.ts REVIEW_EVERY_S, SWITCH_FACTOR): a track
 * that slid onto a small far person moves back to a far larger one within a second; a person of
 * similar size never takes the track; a coach's point is never reviewed. A fake model runner
 * stands in for the models.
 */
import { describe, expect, it } from 'vitest';
import type { Crop } from '../../main/engine/inference/movenet.js';
import { det, poseIn, type Box } from '../support/fake-people.js';
import { holds, PlayerTracker, REVIEW_EVERY_S, SWITCH_FACTOR, type PoseRunner, type PrefetchedPose } from '../../main/engine/tracking/player-tracker.js';


/** The box whose centre lies nearest the crop's. */
const nearest = (boxes: Box[], c: Crop): Box =>
  boxes.reduce((a, b) => (Math.hypot(b[0] + b[2] / 2 - c.cx, b[1] + b[3] / 2 - c.cy) < Math.hypot(a[0] + a[2] / 2 - c.cx, a[1] + a[3] / 2 - c.cy) ? b : a));

const frame = { rgb: new Uint8Array(0), width: 1000, height: 700 };
const centreX = (b: Box | undefined) => (b ? b[0] + b[2] / 2 : NaN);

/**
 * A clip of 30 frames at 10 fps: only `far` is in the picture until frame `enters`, then `near`
 * walks in too. Multipose sees whoever is in the picture; the crop model finds the person whose
 * box centre lies nearest the crop's centre.
 */
function scene(far: Box, near: Box, enters: number) {
  let f = 0;
  const people = () => (f >= enters ? [far, near] : [far]);
  const runner: PoseRunner = {
    detect: () => Promise.resolve(people().map(det)),
    pose: (_fr, c: Crop) => Promise.resolve(poseIn(nearest(people(), c))),
  };
  return {
    /**
     * As the engine runs it with two workers: frame n is sent with the crop the tracker had after
     * frame n−2 (PlayerTracker.nextCrop), and step() gets that pose as `prefetched`.
     */
    async runPipelined(): Promise<number[]> {
      const tr = new PlayerTracker(runner);
      const sent = new Map<number, PrefetchedPose>();
      const send = (n: number) => {
        const crop = tr.nextCrop();
        if (crop) sent.set(n, { crop, pose: runner.pose(frame, crop) });
      };
      const out: number[] = [];
      send(0);
      send(1);
      for (f = 0; f < 30; f++) {
        out.push(centreX((await tr.step(frame, f / 10, sent.get(f)))?.box));
        send(f + 2);
      }
      return out;
    },
    async run(point?: { x: number; y: number; t: number }): Promise<number[]> {
      const tr = new PlayerTracker(runner, point);
      const out: number[] = [];
      for (f = 0; f < 30; f++) out.push(centreX((await tr.step(frame, f / 10))?.box));
      return out;
    },
  };
}

const FAR: Box = [700, 100, 40, 120]; // small, far from the centre: the only person at first
const NEAR: Box = [350, 150, 250, 500]; // large and central: the player the rule picks

describe('tracker review of the automatic choice', () => {
  it('moves the track to a person the rule rates ≥ 4× the tracked one, within a second of their entry', async () => {
    expect([REVIEW_EVERY_S, SWITCH_FACTOR]).toEqual([1, 4]);
    const xs = await scene(FAR, NEAR, 12).run();
    expect(xs.slice(0, 12).every((x) => Math.abs(x - 720) < 30)).toBe(true); // the far person while alone
    const back = xs.findIndex((x, f) => f >= 12 && Math.abs(x - 475) < 60);
    expect(back).toBeGreaterThanOrEqual(12);
    expect(back).toBeLessThanOrEqual(12 + REVIEW_EVERY_S * 10);
    expect(xs.slice(back).every((x) => Math.abs(x - 475) < 60)).toBe(true);
  });

  it('with two workers in flight, every frame after the move follows the new person (stale prefetches are run again)', async () => {
    const xs = await scene(FAR, NEAR, 12).runPipelined();
    const back = xs.findIndex((x, f) => f >= 12 && Math.abs(x - 475) < 60);
    expect(back).toBeGreaterThanOrEqual(12);
    expect(back).toBeLessThanOrEqual(12 + REVIEW_EVERY_S * 10);
    expect(xs.slice(back).map((x) => Math.abs(x - 475) < 60)).toEqual(xs.slice(back).map(() => true));
  });

  it('keeps the track on a person of similar size (a partner at the same depth)', async () => {
    const partner: Box = [420, 160, 230, 480];
    const xs = await scene(partner, NEAR, 12).run();
    expect(xs.every((x) => Math.abs(x - 535) < 40)).toBe(true);
  });

  it("never reviews a coach's point", async () => {
    const xs = await scene(FAR, NEAR, 12).run({ x: 720, y: 160, t: 0 });
    expect(xs.every((x) => Math.abs(x - 720) < 30)).toBe(true);
  });
});

describe('holds', () => {
  it('is true while the current crop centre lies within half a side of the sent crop', () => {
    expect(holds({ cx: 100, cy: 100, side: 200 }, { cx: 180, cy: 140, side: 200 })).toBe(true);
    expect(holds({ cx: 100, cy: 100, side: 200 }, { cx: 250, cy: 100, side: 200 })).toBe(false);
  });
});
