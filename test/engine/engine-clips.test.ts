/**
 * The pose engine on real clips (../shared/media): one estimatePose run per clip, shared by the
 * tests of that clip. Slow-ish (model inference on every frame), never timed here: speed is in
 * test/bench/engine.ts.
 */
import { readFileSync } from 'node:fs';
import type { Warning } from '../../main/contract/warning.js';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { estimatePose, NoPersonError, type PoseEstimate } from '../../main/engine/index.js';
import { repeatsFromPose } from '../../main/pose/frame-cadence.js';
import { decodeFrames, decodeSize, liveDecodeWorkers, probeVideo } from '../../main/av/index.js';
import { liveInferenceWorkers } from '../../main/engine/inference/infer-pool.js';
import { H36M_LIMBS } from '../../main/pose/h36m.js';
import { testFfprobe } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';
import { boxIou, ffmpeg, pck, tempDir } from './helpers.js';

/** Bound on 3D bone length variation across frames (max |L_f − median| / median); lengths are fixed by construction (lift-3d.ts). */
const BONE_LENGTH_TOLERANCE = 0.01;

function boneLengthSpread(r: PoseEstimate): number {
  const t = r.pose3d;
  let worst = 0;
  for (const [a, b] of Object.values(H36M_LIMBS)) {
    const lengths: number[] = [];
    for (let f = 0; f < t.frames; f++) {
      if (!t.present[f]) continue;
      const i = (f * 17 + a) * 3;
      const k = (f * 17 + b) * 3;
      lengths.push(Math.hypot(...[0, 1, 2].map((d) => (t.keypoints[k + d] ?? 0) - (t.keypoints[i + d] ?? 0))));
    }
    lengths.sort((x, y) => x - y);
    const med = lengths[lengths.length >> 1] ?? 1;
    for (const l of lengths) worst = Math.max(worst, Math.abs(l - med) / med);
  }
  return worst;
}

/**
 * Asserts no engine worker thread is left: inference workers are gone when estimatePose settles;
 * a decode relay worker ends by itself once its ffmpeg has exited (polled up to 5 s).
 */
async function expectNoWorkers(): Promise<void> {
  expect(liveInferenceWorkers()).toBe(0);
  for (let i = 0; i < 100 && liveDecodeWorkers() > 0; i++) await new Promise((res) => setTimeout(res, 50));
  expect(liveDecodeWorkers()).toBe(0);
}

const presentCount = (r: PoseEstimate) => r.pose2d.present.reduce((a, b) => a + b, 0);

describe('tennis_forehand_2.mp4 (1080p, one forehand)', () => {
  let r: PoseEstimate;
  const progress: number[] = [];
  beforeAll(async () => {
    r = await estimatePose(mediaPath('tennis_forehand_2.mp4'), { playerHeightMm: 1850, onProgress: (s) => progress.push(s) });
  });

  it('leaves no worker thread behind', async () => {
    await expectNoWorkers();
  });

  it('has one pose per decoded frame, on the stream timeline', () => {
    expect(r.pose2d.frames).toBe(300);
    expect(r.pose3d.frames).toBe(300);
    expect(presentCount(r)).toBe(300);
    expect(r.pose2d.timestamps[0]).toBeCloseTo(0, 3);
    expect(r.pose2d.timestamps[299]).toBeCloseTo(299 / 29.97, 2);
    expect(Array.from(r.pose2d.frameNr.slice(0, 3))).toEqual([0, 1, 2]);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => i === 0 || p >= (progress[i - 1] ?? 0))).toBe(true);
  });

  it('agrees with the independent Detectron2 keypoints (PCK of torso size)', () => {
    const ref = JSON.parse(readFileSync(mediaPath('keypoints/tennis_forehand_2.coco17_detectron2.json'), 'utf8')) as {
      frames: { frame: number; keypoints: number[][] }[];
    };
    const kps = ref.frames.map((f) => f.keypoints);
    const p10 = pck(r.pose2d, kps, 0.1);
    const p20 = pck(r.pose2d, kps, 0.2);
    console.log(`PCK vs Detectron2 on tennis_forehand_2: @0.1 = ${p10.toFixed(3)}, @0.2 = ${p20.toFixed(3)}`);
    // Measured 0.766 / 0.891 with movenet-lightning alone (main/engine/README.md); with the second pass
    // and no capture rate (its windows then miss the slowed stroke: README, Second pass) 0.816 / 0.934
    // (2026-11-23); floors a bit below the fast pass's.
    expect(p10).toBeGreaterThan(0.72);
    expect(p20).toBeGreaterThan(0.86);
  });

  it('finds the repeated frames (every third: n = 1 mod 3, see labels/README.md) and gives each its original pose', () => {
    const rep = repeatsFromPose(r.pose2d);
    const flagged = [...rep.keys()].filter((f) => rep[f]);
    const byLabel = flagged.filter((f) => f % 3 === 1).length;
    // 100 frames are n = 1 mod 3; a frame where the player is briefly not present cannot be counted from the pose.
    expect(byLabel).toBeGreaterThanOrEqual(95);
    expect(flagged.length - byLabel).toBe(0);
    expect(r.warnings.some((w) => /frames repeat the image before them: (19\.\d|20\.\d) distinct images per second in a 29\.97 fps file/.test(w.detail ?? ''))).toBe(true);
    expect(Array.from(r.pose3d.keypoints.subarray(4 * 51, 5 * 51))).toEqual(Array.from(r.pose3d.keypoints.subarray(3 * 51, 4 * 51)));
  });

  it('keeps 3D bone lengths stable and the skeleton upright, in metres', () => {
    expect(r.pose3d.keypoints.every(Number.isFinite)).toBe(true);
    expect(r.pose2d.keypoints.every(Number.isFinite)).toBe(true);
    expect(r.pose2d.confidences.every((c) => c >= 0 && c <= 1)).toBe(true);
    expect(boneLengthSpread(r)).toBeLessThan(BONE_LENGTH_TOLERANCE);
    const f = 100;
    const y = (j: number) => r.pose3d.keypoints[(f * 17 + j) * 3 + 1] ?? NaN;
    expect(Array.from(r.pose3d.keypoints.subarray(f * 51, f * 51 + 3))).toEqual([0, 0, 0]);
    expect(y(10)).toBeGreaterThan(0.5); // head ≈ 0.6 m above the pelvis for 1.85 m
    expect(y(3)).toBeLessThan(-0.6); // ankle below
  });
});

describe('balance_portrait_60fps_1.mp4 (portrait, 60 fps, a bystander)', () => {
  let r: PoseEstimate;
  beforeAll(async () => {
    r = await estimatePose(mediaPath('balance_portrait_60fps_1.mp4'), { playerHeightMm: 1750 });
  });

  it('has one pose per decoded frame', () => {
    expect(r.video).toMatchObject({ width: 1080, height: 1920, fps: 60 });
    expect(r.pose2d.frames).toBe(100);
    expect(presentCount(r)).toBe(100);
    expect(r.pose2d.timestamps[99]).toBeCloseTo(99 / 60, 3);
    expect(boneLengthSpread(r)).toBeLessThan(BONE_LENGTH_TOLERANCE);
  });

  it('tracks the participant, not the bystander at the left', () => {
    // Frame 0 drawn with a 100 px grid (ffmpeg drawgrid) and looked at by hand: the participant
    // spans x 240-570 (right hand to left hand), y 324 (cap) to 1160 (feet); the bystander
    // stands at x 0-130, y 290-770.
    const participant = [240, 324, 330, 836];
    const box = Array.from(r.pose2d.bbox.subarray(0, 4));
    expect(boxIou(box, participant)).toBeGreaterThan(0.6);
    // In later frames the participant's own foot reaches x ≈ 60 (the one-leg balance), so the
    // check is on the box centre: the bystander's centre is at x ≈ 65, the participant's > 300.
    for (let f = 0; f < 100; f += 10) {
      const [x = 0, , w = 0] = Array.from(r.pose2d.bbox.subarray(f * 4, f * 4 + 4));
      expect(x + w / 2).toBeGreaterThan(250);
    }
  });
});

describe('pickleball_rec_1.mp4 (doubles, players on the next court too)', () => {
  it('follows the near player in black, not her partner in blue', async () => {
    const warnings: Warning[] = [];
    const r = await estimatePose(mediaPath('pickleball_rec_1.mp4'), { playerHeightMm: 1680, onWarning: (w) => warnings.push(w) });
    expect(r.pose2d.frames).toBe(300);
    // Frame 200 drawn with a 100 px grid and looked at by hand: the player in black stands at
    // x 643-740, y 222-545; her partner in blue at x 908-1060, y 235-485 (centre 984, 360).
    const box = Array.from(r.pose2d.bbox.subarray(200 * 4, 200 * 4 + 4));
    expect(boxIou(box, [643, 222, 97, 323])).toBeGreaterThan(0.5);
    const [x = 0, y = 0, w = 0, h = 0] = box;
    expect(984 >= x && 984 <= x + w && 360 >= y && 360 <= y + h).toBe(false);
    // She walks up to the lens and is cut off by the frame edge around 1.5-2.6 s: reported.
    expect(warnings.some((m) => m.detail?.startsWith('player lost in frames'))).toBe(true);
  });
});

describe('tennis_forehand_1.mp4 (stream starts at 0.1 s)', () => {
  it('keeps the true frame times and has a pose in every frame', async () => {
    const r = await estimatePose(mediaPath('tennis_forehand_1.mp4'), { playerHeightMm: 1880 });
    expect(r.pose2d.frames).toBe(647);
    expect(r.pose2d.timestamps[0]).toBeCloseTo(0.1, 3);
    expect(r.pose2d.timestamps[1]).toBeCloseTo(0.1 + 1 / 30, 2);
    expect(presentCount(r)).toBe(647);
  });
});

describe('clips without a person, aborts, rotation', () => {
  const dir = tempDir();

  it('throws NoPersonError and warns about the frame rate', async () => {
    const clip = ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10:duration=1', '-pix_fmt', 'yuv420p'], join(dir, 'empty.mp4'));
    const warnings: Warning[] = [];
    await expect(estimatePose(clip, { playerHeightMm: 1800, onWarning: (w) => warnings.push(w) })).rejects.toBeInstanceOf(NoPersonError);
    expect(warnings[0]?.detail).toMatch(/frame rate 10\.0 fps is below/);
    expect(warnings.map((w) => w.detail)).toContain('no person found in frames 0-9 (0.00-0.90 s)');
    expect(warnings.find((w) => w.code === 'no-person')?.frames).toEqual({ from: 0, to: 9 });
    await expectNoWorkers();
  });

  it('stops and kills ffmpeg and the workers when aborted', async () => {
    const ac = new AbortController();
    const run = estimatePose(mediaPath('tennis_forehand_2.mp4'), { playerHeightMm: 1800, signal: ac.signal, onProgress: () => ac.abort() });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((res) => setTimeout(res, 300));
    let children = '';
    try {
      children = execFileSync('ps', ['-o', 'comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
    } catch {
      /* ps exits 1 when this process has no children */
    }
    expect(children).not.toMatch(/ffmpeg/);
    await expectNoWorkers();
  });

  it('stops the workers when aborted while they load the models', async () => {
    const ac = new AbortController();
    const run = estimatePose(mediaPath('tennis_forehand_2.mp4'), { playerHeightMm: 1800, signal: ac.signal });
    setTimeout(() => ac.abort(), 150);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    await expectNoWorkers();
  });

  it('decodes a clip with rotation metadata upright, at the displayed size', async () => {
    const clip = ffmpeg(['-i', mediaPath('balance_portrait_60fps_1.mp4'), '-t', '0.2', '-c', 'copy', '-metadata:s:v', 'rotate=90'], join(dir, 'rotated.mp4'));
    const info = await probeVideo(clip);
    expect(info).toMatchObject({ rotation: 90, width: 1920, height: 1080 });
    const size = decodeSize(info.width, info.height, 640);
    const frames: Uint8Array[] = [];
    for await (const f of decodeFrames(clip, size)) {
      expect([f.width, f.height, f.rgb.length]).toEqual([640, 360, 640 * 360 * 3]);
      frames.push(f.rgb);
    }
    const counted = execFileSync(testFfprobe(), ['-v', 'error', '-count_frames', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', clip], { encoding: 'utf8' });
    expect(frames.length).toBe(parseInt(counted, 10));
    // The first frame must be the upright (unrotated) clip's first frame turned by 90°.
    let upright: Uint8Array | undefined;
    for await (const f of decodeFrames(mediaPath('balance_portrait_60fps_1.mp4'), { width: 360, height: 640 })) {
      upright = f.rgb;
      break;
    }
    const meanDiff = (turn: (x: number, y: number) => number) => {
      let sum = 0;
      for (let y = 0; y < 360; y += 4) for (let x = 0; x < 640; x += 4) sum += Math.abs((frames[0]?.[(y * 640 + x) * 3] ?? 0) - (upright?.[turn(x, y) * 3] ?? 0));
      return sum / (90 * 160);
    };
    const clockwise = meanDiff((x, y) => (639 - x) * 360 + y);
    const counterClockwise = meanDiff((x, y) => x * 360 + (359 - y));
    expect(Math.min(clockwise, counterClockwise)).toBeLessThan(8);
    expect(Math.max(clockwise, counterClockwise)).toBeGreaterThan(20); // the comparison can tell the turn apart
  });

  it('reports a clear error for a file that is not a video', async () => {
    await expect(probeVideo(join(dir, 'missing.mp4'))).rejects.toThrow(/^could not extract meta-data from the video: /);
  });
});
