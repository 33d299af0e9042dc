/**
 * A picture turned 90° without a rotation tag (main/engine/turned-picture.ts): a 3 s cut of
 * tennis_forehand_2.mp4 (2.8–5.8 s, contact at frame 120–122 of the source), and the same cut
 * turned a quarter clockwise by the test ffmpeg (`transpose=1`, no rotation tag: 1080×1920), each
 * through the real engine and analysis (as /process, forehand_drive, no capture rate). The turned
 * copy is analysed upright: not an error, the 'picture-turned' warning, the upright size, its pose
 * on the upright picture's pixels, and the same contact (±2 frames) and side as the upright cut.
 * Clips are written to a temp folder, never into the repo.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseStrokes } from '../../main/analysis/index.js';
import { TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { estimatePose, type PoseEstimate } from '../../main/engine/index.js';
import { J } from '../../main/pose/h36m.js';
import { cutRealClip, frameRgb, probeWritten, testFfmpeg } from '../support/ffmpeg-cli.js';
import { writeUprightCopy } from '../../main/av/index.js';
import { mediaPath } from '../support/media.js';

const META = TechniqueRequestMetadata.parse({ uid: 'turned', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1850 });

function analyse(e: PoseEstimate) {
  return analyseStrokes({ pose2d: e.pose2d, pose3d: e.pose3d, ball: e.ball, fps: e.video.fps, width: e.video.width, height: e.video.height, meta: META });
}

describe('a clip turned 90° without a rotation tag', () => {
  let dir: string;
  let upright: PoseEstimate;
  let turned: PoseEstimate;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'turned-picture-'));
    const cut = join(dir, 'upright.mp4');
    const side = join(dir, 'turned.mp4');
    cutRealClip(mediaPath('tennis_forehand_2.mp4'), 2.8, 3, cut);
    execFileSync(testFfmpeg(), ['-v', 'error', '-y', '-i', cut, '-vf', 'transpose=1', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-an', side]);
    upright = await estimatePose(cut, { playerHeightMm: 1850 });
    turned = await estimatePose(side, { playerHeightMm: 1850 });
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is estimated upright: the warning, the upright size, the pose on the upright pixels', () => {
    expect(upright.warnings.map((w) => w.code)).not.toContain('picture-turned');
    expect(upright.video).toMatchObject({ width: 1920, height: 1080 });
    expect(upright.video.turned).toBeUndefined();
    expect(turned.warnings.find((w) => w.code === 'picture-turned')).toMatchObject({ severity: 'notice', message: 'The picture was turned on its side; it was analysed upright.' });
    expect(turned.video).toMatchObject({ width: 1920, height: 1080, rotation: 0, turned: 90 });
    expect(turned.pose2d.frames).toBe(upright.pose2d.frames);
    // The pelvis and thorax of both, in the same (upright) pixels: median distance over the frames both measure.
    const d: number[] = [];
    for (let f = 0; f < upright.pose2d.frames; f++) {
      if (!upright.pose2d.present[f] || !turned.pose2d.present[f]) continue;
      for (const j of [J.pelvis, J.thorax]) {
        const [a, b] = [upright.pose2d.keypoints, turned.pose2d.keypoints];
        const i = (f * 17 + j) * 2;
        d.push(Math.hypot(a[i]! - b[i]!, a[i + 1]! - b[i + 1]!));
      }
    }
    d.sort((x, y) => x - y);
    expect(d.length).toBeGreaterThan(100);
    expect(d[d.length >> 1]!).toBeLessThan(25); // px of 1920 × 1080; the trunk is ≈ 270 px long
  });

  it('is stored as its upright copy (av writeUprightCopy, what the storing step keeps): the upright size, every frame, the upright picture', async () => {
    const copy = join(dir, 'copy.mp4');
    const frames = await writeUprightCopy(join(dir, 'turned.mp4'), copy, turned.video.turned!);
    expect(frames).toBe(upright.pose2d.frames);
    expect(probeWritten(copy)).toMatchObject({ width: 1920, height: 1080 });
    // Frame 30 of the copy against the upright cut's: the same picture up to two encodings.
    const [a, b] = [frameRgb(join(dir, 'upright.mp4'), 30), frameRgb(copy, 30)];
    expect(b.length).toBe(a.length);
    let sum = 0;
    for (let i = 0; i < a.length; i += 97) sum += Math.abs(a[i]! - b[i]!);
    expect(sum / Math.ceil(a.length / 97)).toBeLessThan(6); // mean |Δ| of 8-bit channels
  });

  it('is analysed, not refused: the same contact (±2 frames) and side as the upright cut', () => {
    const a = analyse(upright);
    const b = analyse(turned);
    const side = (o: ReturnType<typeof analyse>) => o.result.strokes?.[(o.result.stroke_index ?? 1) - 1]?.side;
    expect(Math.abs(b.contact.frame - a.contact.frame)).toBeLessThanOrEqual(2);
    expect(side(b)).toBe(side(a));
    expect(side(a)).toBe('forehand');
  });
});
