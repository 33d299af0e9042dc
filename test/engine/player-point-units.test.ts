/**
 * The coach's point (player_point): the metadata and CLI forms (main/contract/player-point.ts),
 * the person it names among detections (tracker.ts pickAtPoint), the tracker moving to that
 * person at the point's time (player-tracker.ts), the box on a frame of the stored pose and its
 * summary line (main/pose/player-box.ts). A fake model runner stands in for the models.
 */
import { describe, expect, it } from 'vitest';
import { parsePlayerPoint, PlayerPoint, playerPointOutsideClip } from '../../main/contract/player-point.js';
import { TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import type { Crop } from '../../main/engine/inference/movenet.js';
import { det, poseIn, type Box } from '../support/fake-people.js';
import { PlayerTracker, type PoseRunner } from '../../main/engine/tracking/player-tracker.js';
import { pickAtPoint, uprightPoint } from '../../main/engine/tracking/tracker.js';
import { createPoseTrack } from '../../main/pose/pose-track.js';
import { analysedPlayerText, playerBoxAt } from '../../main/pose/player-box.js';


/** Two people: a big one at the left (the automatic rule's pick) and a smaller one at the right. */
const BIG: Box = [100, 100, 200, 500];
const SMALL: Box = [600, 200, 120, 300];
const runner: PoseRunner = {
  detect: () => Promise.resolve([det(BIG), det(SMALL)]),
  // The crop model finds whoever's box centre lies in the crop.
  pose: (_f, c: Crop) => Promise.resolve(poseIn([BIG, SMALL].find((b) => Math.abs(b[0] + b[2] / 2 - c.cx) < c.side / 2) ?? BIG)),
};
const frame = { rgb: new Uint8Array(0), width: 1000, height: 700 };
const centreX = (b: Box | undefined) => (b ? b[0] + b[2] / 2 : NaN);

async function track(point?: { x: number; y: number; t: number }): Promise<number[]> {
  const tr = new PlayerTracker(runner, point);
  const out: number[] = [];
  for (let f = 0; f < 10; f++) out.push(centreX((await tr.step(frame, f / 10))?.box));
  return out;
}

describe('player_point: forms', () => {
  it('parses X,Y and X,Y@SECONDS; a bad value is one line naming the form', () => {
    expect(parsePlayerPoint('612,388')).toEqual({ x: 612, y: 388 });
    expect(parsePlayerPoint(' 612.5 , 388 @ 2.4 ')).toEqual({ x: 612.5, y: 388, t: 2.4 });
    expect(() => parsePlayerPoint('612')).toThrow(/^expected X,Y or X,Y@SECONDS in pixels of the video frame, e.g. 612,388@2.4 \(got "612"\)$/);
    expect(() => parsePlayerPoint('-1,5')).toThrow(/expected X,Y/);
    expect(() => parsePlayerPoint('200000,5')).toThrow(/player_point.x must be between 0 and 100000 px \(got 200000\)/);
  });

  it('the metadata accepts it or leaves it out, and refuses non-finite or unknown parts', () => {
    const base = { uid: 'u', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1800 };
    expect(TechniqueRequestMetadata.parse(base).player_point).toBeUndefined();
    expect(TechniqueRequestMetadata.parse({ ...base, player_point: { x: 612, y: 388, t: 2.4 } }).player_point).toEqual({ x: 612, y: 388, t: 2.4 });
    expect(TechniqueRequestMetadata.safeParse({ ...base, player_point: { x: Infinity, y: 1 } }).success).toBe(false);
    expect(TechniqueRequestMetadata.safeParse({ ...base, player_point: { x: 1 } }).success).toBe(false);
    expect(TechniqueRequestMetadata.safeParse({ ...base, player_point: { x: 1, y: 2, z: 3 } }).success).toBe(false);
    expect(PlayerPoint.safeParse({ x: 1, y: 2, t: -1 }).success).toBe(false);
  });

  it('a probed clip refuses a point outside its picture or past its end', () => {
    const clip = { width: 1280, height: 720, startTimeS: 0, durationS: 6.7 };
    expect(playerPointOutsideClip({ x: 612, y: 388, t: 2.4 }, clip)).toBeUndefined();
    expect(playerPointOutsideClip({ x: 1280, y: 388 }, clip)).toBe('the point must lie inside the 1280×720 px picture (got 1280,388)');
    expect(playerPointOutsideClip({ x: 5, y: 5, t: 7 }, clip)).toBe('the time must lie inside the clip, 0 to 6.7 s (got 7)');
  });
});

describe('player_point: the tracked person', () => {
  it('the box containing the point; among several the one it is most inside; else the nearest', () => {
    const [a, b] = [det(BIG), det(SMALL)];
    expect(pickAtPoint([a, b], { x: 650, y: 300 })).toBe(b);
    expect(pickAtPoint([a, b], { x: 900, y: 650 })).toBe(b);
    const inner = det([150, 150, 60, 120]);
    expect(pickAtPoint([a, inner], { x: 180, y: 210 })).toBe(inner);
    expect(pickAtPoint([], { x: 1, y: 1 })).toBeUndefined();
  });

  it('without a point the automatic rule; with one the person at the point from the first frame', async () => {
    expect(new Set(await track())).toEqual(new Set([200]));
    expect(new Set(await track({ x: 650, y: 300, t: 0 }))).toEqual(new Set([660]));
  });

  it('a point at a later time moves the track there, whoever was followed before', async () => {
    // The small person walks into the picture at 0.4 s; before that the big one is the only person (the nearest to the point).
    let now = 0;
    const entering: PoseRunner = { ...runner, detect: () => Promise.resolve(now < 0.4 ? [det(BIG)] : [det(BIG), det(SMALL)]) };
    const tr = new PlayerTracker(entering, { x: 650, y: 300, t: 0.5 });
    const seen: number[] = [];
    for (let f = 0; f < 10; f++) seen.push(centreX((await tr.step(frame, (now = f / 10)))?.box));
    expect(seen).toEqual([200, 200, 200, 200, 200, 660, 660, 660, 660, 660]);
  });
});

describe('a point on a picture turned on its side', () => {
  it('is carried to the upright picture the engine analyses (1080×1920 upright from 1920×1080)', () => {
    // Turned clockwise (270): the sideways picture's top-left corner lands at the upright top-right.
    expect(uprightPoint({ x: 0, y: 0, t: 1 }, 270, 1080, 1920)).toEqual({ x: 1079, y: 0, t: 1 });
    expect(uprightPoint({ x: 100, y: 200 }, 270, 1080, 1920)).toEqual({ x: 879, y: 100 });
    // Counter-clockwise (90): the top-left corner lands at the upright bottom-left.
    expect(uprightPoint({ x: 0, y: 0 }, 90, 1080, 1920)).toEqual({ x: 0, y: 1919 });
    expect(uprightPoint({ x: 100, y: 200 }, 0, 1920, 1080)).toEqual({ x: 100, y: 200 });
  });
});

describe('the analysed player box on the key frame', () => {
  it('is the stored box of that frame, with the summary line', () => {
    const t = createPoseTrack(3, 2);
    t.timestamps.set([2.36, 2.4, 2.44]);
    t.present.set([1, 1, 0]);
    t.bbox.set([540, 250, 150, 450], 4);
    const b = playerBoxAt(t, 1)!;
    expect(b).toEqual({ x: 540, y: 250, w: 150, h: 450, frameNr: 1, t: 2.4 });
    expect(analysedPlayerText(b)).toBe('Analysed: the person at 615,475 px (box 540-690 × 250-700) at 2.40 s');
    expect(playerBoxAt(t, 2)).toBeNull();
    expect(playerBoxAt(t, 7)).toBeNull();
  });
});
