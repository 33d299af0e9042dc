/**
 * Whole practice sessions (issue 29): a clip longer than the old 120 s cap is analysed end to
 * end, and a clip whose probe says it is longer than the 3 h cap (main/contract/clip-limits.ts)
 * is refused from the probe before any frame is decoded.
 *
 * The long clip is joined at test time from a shared clip (never committed): tennis_forehand_2.mp4
 * looped to LONG_CLIP_S, encoded small and at 10 fps so the test stays short enough for CI (71 s on
 * 2 quiet cores; at 15 fps 327–585 s under load; at 5 fps the hitting wrist is never measured); the
 * player is large in that clip, so 360 px still finds her. The over-cap clip is a 32×32 test
 * pattern at one frame a minute (61 frames), so only its length is large.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ClipTooLongError } from '../../main/av/index.js';
import { MAX_DECODE_S } from '../../main/contract/clip-limits.js';
import { estimatePose } from '../../main/engine/index.js';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { mediaPath } from '../support/media.js';
import { ffmpeg, tempDir } from './helpers.js';

// Counts decodes: the over-cap clip must be refused before the engine asks for any frame.
const decodes = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../main/av/index.js', async (importOriginal) => {
  const av = await importOriginal<typeof import('../../main/av/index.js')>();
  return { ...av, decodeFrames: (...args: Parameters<typeof av.decodeFrames>) => (decodes.calls++, av.decodeFrames(...args)) };
});


/** Length of the joined clip, s: past the old 120 s cap. */
const LONG_CLIP_S = 125;
const FPS = 10;
let longClip: string;
let overCap: string;

beforeAll(() => {
  const dir = tempDir();
  // The 10 s clip made small once, then looped without re-encoding.
  const small = ffmpeg(['-i', mediaPath('tennis_forehand_2.mp4'), '-an', '-vf', `scale=-2:360,fps=${FPS}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], join(dir, 'small.mp4'));
  longClip = ffmpeg(['-stream_loop', '-1', '-i', small, '-t', String(LONG_CLIP_S), '-c', 'copy'], join(dir, 'long.mp4'));
  overCap = ffmpeg(['-f', 'lavfi', '-i', `testsrc=size=32x32:rate=1/60:duration=${MAX_DECODE_S + 60}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], join(dir, 'over-cap.mp4'));
}, 300_000);

describe('a clip over the old 120 s cap', () => {
  it('is analysed whole: pose over its full length, strokes found', async () => {
    const meta = { uid: 'long-clip', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1700 } as const;
    const out = await techniquePipeline.analyseTechnique(longClip, meta, { signal: new AbortController().signal });
    expect(out.kind, out.kind === 'no-analysis' ? out.message : '').toBe('done');
    if (out.kind !== 'done') return;
    expect(out.pose2d.frames).toBeGreaterThanOrEqual(Math.floor(LONG_CLIP_S * FPS * 0.98));
    expect(out.pose2d.timestamps[out.pose2d.frames - 1]).toBeGreaterThan(120);
    expect(out.warnings.map((w) => w.code)).not.toContain('video-truncated');
    expect(out.result.strokes?.length).toBeGreaterThan(0);
  }, 900_000);
});

describe(`a clip the probe says is longer than ${MAX_DECODE_S / 3600} h`, () => {
  it('is refused from the probe, naming its length and the cap, with no frame decoded', async () => {
    decodes.calls = 0;
    const err = await estimatePose(overCap, { playerHeightMm: 1700 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClipTooLongError);
    expect((err as Error).message).toBe('the clip is 3 h 1 min long, longer than the 3 h Swing Studio analyses from one clip: trim it or split it');
    expect(decodes.calls).toBe(0);
  }, 120_000);

  it('gives the analysis one line without the decode-failure prefix', async () => {
    const meta = { uid: 'over-cap', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1700 } as const;
    const out = await techniquePipeline.analyseTechnique(overCap, meta, { signal: new AbortController().signal });
    expect(out.kind).toBe('no-analysis');
    expect(out.kind === 'no-analysis' ? out.message : '').toMatch(/^the clip is 3 h 1 min long, longer than the 3 h/);
    expect(decodes.calls).toBe(0);
  }, 120_000);
});
