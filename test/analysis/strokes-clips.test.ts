/**
 * The stroke detector and the per-stroke analysis on real clips through the real engine (one
 * engine run per clip in this file): every labelled stroke of tennis_forehand_1.mp4 found with
 * its side and nothing else; a clip joined at test time from two real cuts of it plus the first
 * again (A + B + A, ffmpeg concat) yields the strokes of both at their shifted times, and the two
 * copies of A have (almost) no spread in their features. Slowed clip: analysed with its capture
 * rate, fps / slow_motion_factor (labels/strokes.json: 0.28 → 107 fps).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipStrokes } from '../../main/analysis/strokes/clip-strokes.js';
import { featureConsistency } from '../../main/analysis/technique/consistency.js';
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import { estimatePose, type PoseEstimate } from '../../main/engine/index.js';
import type { TechniqueOutput } from '../../main/analysis/technique/swing-technique.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';

const CLIP = mediaPath('tennis_forehand_1.mp4');
/** Labelled contacts (labels/strokes.json), both forehands by a right-hander. */
const LABELS = [134, 472];
const FACTOR = 0.28;
const CAPTURE_FPS = 30 / FACTOR;
/** Match tolerance of issue 11: 0.15 s real time = 0.15 / 0.28 s of video ≈ 16 frames at 30 fps. */
const TOLERANCE_FRAMES = Math.floor((0.15 / FACTOR) * 30);
/** The cuts joined: A = frames 90–179 (stroke 134), B = frames 427–516 (stroke 472); 90 frames each. */
const A: [number, number] = [90, 179];
const B: [number, number] = [427, 516];
const META = { uid: 'strokes', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1880, capture_fps: CAPTURE_FPS } as const;

const analyse = (e: PoseEstimate): TechniqueOutput =>
  analyseStrokes({ pose2d: e.pose2d, pose3d: e.pose3d, fps: e.video.fps, width: e.video.width, height: e.video.height, meta: META });

let dir: string;
let whole: PoseEstimate;
let joined: PoseEstimate;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'strokes-clips-'));
  const out = join(dir, 'aba.mp4');
  const trim = ([a, b]: [number, number], i: number) => `[s${i}]trim=start_frame=${a}:end_frame=${b + 1},setpts=PTS-STARTPTS[c${i}]`;
  execFileSync(testFfmpeg(), [
    '-v', 'error', '-i', CLIP, '-filter_complex',
    `[0:v]split=3[s0][s1][s2];${trim(A, 0)};${trim(B, 1)};${trim(A, 2)};[c0][c1][c2]concat=n=3:v=1:a=0[out]`,
    '-map', '[out]', '-c:v', 'libx264', '-qp', '0', '-pix_fmt', 'yuv420p', out,
  ]);
  whole = await estimatePose(CLIP, { playerHeightMm: 1880, captureFps: CAPTURE_FPS });
  joined = await estimatePose(out, { playerHeightMm: 1880, captureFps: CAPTURE_FPS });
}, 900_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('tennis_forehand_1: every labelled stroke', () => {
  it('the detector finds both labelled forehands, with their side, and no other stroke', () => {
    const { strokes } = clipStrokes({ pose2d: whole.pose2d, pose3d: whole.pose3d, fps: whole.video.fps, sport: 'tennis', dominantHand: 'right', captureFps: CAPTURE_FPS });
    expect(strokes).toHaveLength(LABELS.length);
    strokes.forEach((s, i) => {
      expect(Math.abs(s.contact.frame_nr - LABELS[i]!)).toBeLessThanOrEqual(TOLERANCE_FRAMES);
      expect(s.side).toBe('forehand');
      expect(s.twoHanded).toBe(false);
      // Real time = video time × 30 / 107: the slowed clip's clock.
      expect(s.contact.real_time).toBeCloseTo(s.contact.timestamp * FACTOR, 2);
      expect(s.confidence).toBeGreaterThan(0.3);
    });
  });

  it('both are analysed; the result validates and names the top-level stroke', () => {
    const out = analyse(whole);
    const strokes = out.result.strokes!;
    expect(strokes.map((s) => [s.index, s.side, s.swing_type])).toEqual([
      [1, 'forehand', 'forehand_drive'],
      [2, 'forehand', 'forehand_drive'],
    ]);
    for (const s of strokes) expect(s.features.length).toBeGreaterThanOrEqual(8);
    expect(out.result.features).toEqual(strokes[out.result.stroke_index! - 1]!.features);
    // A feature left out on one stroke (its joints unmeasured there) counts once.
    expect(out.result.consistency!.filter((c) => c.n === 2).length).toBeGreaterThanOrEqual(8);
  });
});

describe('A + B + A joined with ffmpeg', () => {
  it('yields the strokes of A, B and A again at their shifted times', () => {
    const strokes = analyse(joined).result.strokes!;
    const n = A[1] - A[0] + 1;
    const expected = [134 - A[0], n + 472 - B[0], n + (B[1] - B[0] + 1) + 134 - A[0]];
    expect(strokes.map((s) => s.side)).toEqual(['forehand', 'forehand', 'forehand']);
    strokes.forEach((s, i) => expect(Math.abs(s.contact.frame_nr - expected[i]!)).toBeLessThanOrEqual(TOLERANCE_FRAMES));
    // The same cut twice: its stroke lands at the same frame of each copy (± 1 frame of tracking start-up).
    expect(Math.abs(strokes[2]!.contact.frame_nr - strokes[0]!.contact.frame_nr - 2 * n)).toBeLessThanOrEqual(1);
  });

  it('the two copies of A through the engine: the same features, spread within 5° (angles) or 10 % (the rest)', () => {
    // The copies are pixel-identical (lossless encode), but the engine sees them after different
    // frames (tracking and smoothing state at the join), so their poses differ slightly, and so
    // do their sub-frame contact times: 41.94 and 43.29 frames into each copy (2026-11-23). The
    // hand moves ≈ 8 m/s there, 7–8 cm per frame of this 107 fps capture, so the hand's position
    // at contact (contact_point_in_front: −0.07 and +0.09 m) follows the contact time, not the
    // pose: it is left out of this check and reported in `npm run eval`'s cut-consistency table.
    // Measured 2026-11-23: knee 1.2°, elbow 0.2°, trunk rotation speed 2 %, hand speed 2 %.
    const strokes = analyse(joined).result.strokes!;
    const [a1, a2] = [strokes[0]!, strokes[2]!];
    expect(a2.features.map((f) => f.feature_name)).toEqual(a1.features.map((f) => f.feature_name));
    const timed = new Set(['contact_point_in_front']);
    const spread = featureConsistency([a1.features, a2.features]).filter((c) => !timed.has(c.feature));
    expect(spread.length).toBeGreaterThanOrEqual(8);
    const report = spread.map((c) => `${c.feature} ${c.mean} ± ${c.sd} ${c.unit}`).join('\n');
    const floor: Record<string, number> = { m: 0.03, s: 0.03, ratio: 0.02, 'm/s': 0.3 };
    for (const c of spread) expect(c.sd, report).toBeLessThanOrEqual(c.unit === 'deg' ? 5 : Math.max(0.1 * Math.abs(c.mean), floor[c.unit] ?? 0));
  });

  it('the same pose joined twice: zero spread in consistency', () => {
    const n = A[1] - A[0] + 1;
    const twice = { pose2d: repeatTrack(joined.pose2d, n), pose3d: repeatTrack(joined.pose3d, n) };
    const out = analyseStrokes({ ...twice, fps: joined.video.fps, width: joined.video.width, height: joined.video.height, meta: META });
    const strokes = out.result.strokes!;
    expect(strokes.map((s) => s.contact.frame_nr - strokes[0]!.contact.frame_nr)).toEqual([0, n]);
    expect(out.result.consistency!.length).toBeGreaterThanOrEqual(8);
    for (const c of out.result.consistency!) expect([c.feature, c.n, c.sd, c.cv === null ? 0 : c.cv]).toEqual([c.feature, 2, 0, 0]);
  });
});

/** The first `n` frames of `t` twice in a row, frames renumbered 0…2n − 1 and timestamps continued. */
function repeatTrack(t: PoseEstimate['pose2d'], n: number): PoseEstimate['pose2d'] {
  const per = t.joints * t.dims;
  const twice = <A extends Float32Array | Uint8Array>(a: A, w: number): A => {
    const out = new (a.constructor as new (len: number) => A)(2 * n * w);
    out.set(a.subarray(0, n * w), 0);
    out.set(a.subarray(0, n * w), n * w);
    return out;
  };
  const dt = t.timestamps[1]! - t.timestamps[0]!;
  return {
    ...t,
    frames: 2 * n,
    frameNr: Int32Array.from({ length: 2 * n }, (_, i) => i),
    timestamps: Float64Array.from({ length: 2 * n }, (_, i) => t.timestamps[0]! + i * dt),
    keypoints: twice(t.keypoints, per),
    confidences: twice(t.confidences, t.joints),
    bbox: twice(t.bbox, 4),
    boxConfidence: twice(t.boxConfidence, 1),
    present: twice(t.present, 1),
  };
}
