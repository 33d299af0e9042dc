/**
 * Repeated frames: the pixel test on synthetic frames and on a clip made at test time with a
 * known cadence (60 fps → 20 images/s → 30 fps file: every third frame a copy), the cadence
 * re-timing, and finding repeats again from the pose alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeFrames, decodeSize, probeVideo } from '../../main/av/index.js';
import { cadenceOf, isRepeatedImage, meanAbsDiff, repeatsFromPose } from '../../main/pose/frame-cadence.js';
import { createPoseTrack } from '../../main/pose/pose-track.js';
import { mediaPath } from '../support/media.js';
import { ffmpeg } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'swing-cadence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('repeated frames', () => {
  it('mean absolute difference counts gray levels over every 7th byte', () => {
    const a = new Uint8Array(14).fill(10);
    const b = Uint8Array.from(a, (v, i) => (i % 7 === 0 ? v + 7 : v));
    expect(meanAbsDiff(a, b)).toBe(7);
    expect(() => meanAbsDiff(a, new Uint8Array(3))).toThrow(/differ in size/);
  });

  it('flags a copy among moving frames but not a slow, still scene', () => {
    const frame = (v: number) => new Uint8Array(700).fill(v);
    const test = isRepeatedImage();
    // moving: each new image differs by 20 gray levels; the 5th repeats the 4th with noise 0.1
    const seq = [
      frame(0),
      frame(20),
      frame(40),
      frame(60),
      frame(60).map((v, i) => (i % 70 === 0 ? v + 1 : v)),
      frame(80),
    ];
    expect(seq.map((f) => test(f))).toEqual([false, false, false, false, true, false]);
    const still = isRepeatedImage();
    expect([0, 0.4, 0.8, 1.2, 1.6, 2].map((v) => still(frame(Math.round(v * 5))))).not.toContain(true);
  });

  it('re-times the distinct images of a 20-in-30 cadence evenly (1/20 s) and counts 20 images/s', () => {
    const fps = 30;
    const rep = Uint8Array.from({ length: 30 }, (_, f) => (f % 3 === 1 ? 1 : 0));
    const c = cadenceOf(
      rep,
      Float64Array.from({ length: 30 }, (_, f) => f / fps),
      fps,
    );
    expect(c.repeated).toBe(10);
    expect(c.distinct.length).toBe(20);
    expect(c.imagesPerSecond).toBeCloseTo(20, 6);
    // distinct frames 0,2,3,5,…,29 span 29/30 s over 19 steps
    expect(c.times[1]! - c.times[0]!).toBeCloseTo(29 / 30 / 19, 9);
    expect(c.times[19]).toBeCloseTo(29 / 30, 9);
    // an isolated duplicate keeps the other frames' times
    const one = cadenceOf(
      Uint8Array.from({ length: 30 }, (_, f) => (f === 7 ? 1 : 0)),
      Float64Array.from({ length: 30 }, (_, f) => f / fps),
      fps,
    );
    expect(one.times[7]).toBeCloseTo(8 / 30, 9);
  });

  it('finds repeats from exact pose equality only where the player is present in both frames', () => {
    const t = createPoseTrack(4, 2);
    t.present.fill(1);
    t.keypoints.fill(1);
    t.keypoints[2 * 34] = 2; // frame 2 differs
    t.present[3] = 0;
    expect(Array.from(repeatsFromPose(t))).toEqual([0, 1, 0, 0]);
  });

  it('flags every copy of a clip made with a known cadence (60 fps → 20 images/s → 30 fps)', async () => {
    const clip = ffmpeg(
      [
        '-i',
        mediaPath('balance_portrait_60fps_1.mp4'),
        '-vf',
        'fps=20,fps=30',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '18',
      ],
      join(dir, 'cadence.mp4'),
    );
    const v = await probeVideo(clip);
    const test = isRepeatedImage();
    const flags: boolean[] = [];
    for await (const f of decodeFrames(clip, decodeSize(v.width, v.height, 640))) flags.push(test(f.rgb));
    const c = cadenceOf(
      Uint8Array.from(flags, Number),
      Float64Array.from(flags, (_, i) => i / 30),
      30,
    );
    // 20 images/s shown at 30 fps: one frame in three is a copy (the first three frames build the history).
    expect(c.repeated).toBeGreaterThanOrEqual(Math.floor(flags.length / 3) - 1);
    expect(c.repeated).toBeLessThanOrEqual(Math.ceil(flags.length / 3));
    expect(c.imagesPerSecond).toBeGreaterThan(19);
    expect(c.imagesPerSecond).toBeLessThan(21);
  });
});
