/**
 * Decode caps (main/av/decode-limits.ts): a clip longer than MAX_DECODE_S (3 h) is cut off with a
 * clear error on the shipped FFmpeg and on a system ffmpeg (FFMPEG_PATH), and the source is
 * closed; a source with more than MAX_DECODE_FRAMES frames is stopped at that frame; a probe that
 * says the clip is too long is refused at once (refuseLongClip).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lengthWords, MAX_DECODE_FRAMES, MAX_DECODE_S } from '../../main/contract/clip-limits.js';
import { capDecode, ClipTooLongError, refuseLongClip } from '../../main/av/decode-limits.js';
import { probeVideo } from '../../main/av/probe.js';
import { decodeFrames } from '../../main/av/frame-source.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';

const work = mkdtempSync(join(tmpdir(), 'swing-decode-limits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A clip 10 s longer than the cap (made with the system ffmpeg, a test-only tool): a 32×32 test
 * pattern at 2 fps of which only the first second and the last 70 s are kept (variable frame rate,
 * 141 frames), so decoding it takes no time; 2 fps so a frame past the cap still arrives within
 * the CLI path's `-t` (cap + 1 s). Up to the cap: 2 frames at the start + 60 s × 2 fps.
 */
const longClip = join(work, 'long.mp4');
execFileSync(testFfmpeg(), ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=32x32:rate=2:duration=${MAX_DECODE_S + 10}`, '-vf', `select='lt(t\\,1)+gt(t\\,${MAX_DECODE_S - 60})'`, '-fps_mode', 'vfr', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', longClip]);
const FRAMES_TO_CAP = 2 + 60 * 2;

async function decodeAll(path: string): Promise<{ frames: number; lastS: number; error: string }> {
  let frames = 0;
  let lastS = 0;
  try {
    for await (const f of decodeFrames(path, { width: 32, height: 32 })) {
      frames++;
      lastS = f.timestamp;
    }
    return { frames, lastS, error: '' };
  } catch (err) {
    return { frames, lastS, error: (err as Error).message };
  }
}

describe(`a clip longer than ${MAX_DECODE_S} s`, () => {
  it('stops the shipped FFmpeg decode at the cap with a clear error', async () => {
    const r = await decodeAll(longClip);
    expect(r.error).toMatch(/longer than 3 h or 648000 frames/);
    expect(r.frames).toBe(FRAMES_TO_CAP);
    expect(r.lastS).toBe(MAX_DECODE_S);
  });

  it('stops a system ffmpeg (FFMPEG_PATH) the same way (its -t ends the read 1 s past the cap)', async () => {
    process.env.FFMPEG_PATH = testFfmpeg();
    try {
      const r = await decodeAll(longClip);
      expect(r.error).toMatch(/longer than 3 h or 648000 frames/);
      expect(r.frames).toBe(FRAMES_TO_CAP);
      expect(r.lastS).toBe(MAX_DECODE_S);
    } finally {
      delete process.env.FFMPEG_PATH;
    }
  });
});

it(`stops an endless source after ${MAX_DECODE_FRAMES} frames and closes it`, async () => {
  let closed = false;
  async function* endless(): AsyncGenerator<{ timestamp: number }> {
    try {
      for (let i = 0; ; i++) yield await Promise.resolve({ timestamp: i / 1000 });
    } finally {
      closed = true;
    }
  }
  let n = 0;
  await expect(
    (async () => {
      for await (const _ of capDecode(endless())) n++;
    })(),
  ).rejects.toThrow(/longer than/);
  expect(n).toBe(MAX_DECODE_FRAMES);
  expect(closed).toBe(true);
});

describe('the probe check before any decode (refuseLongClip)', () => {
  it('refuses the probed clip at once, naming its length and the cap', async () => {
    const info = await probeVideo(longClip);
    expect(() => refuseLongClip(info)).toThrow(ClipTooLongError);
    expect(() => refuseLongClip(info)).toThrow(`the clip is ${lengthWords(MAX_DECODE_S + 10)} long, longer than the 3 h Swing Studio analyses from one clip`);
    expect(lengthWords(MAX_DECODE_S + 10)).toBe('3 h 10 s');
  });

  it('lets a clip at the cap through, and one whose probe gives no length (the decode guard stops it)', () => {
    expect(() => refuseLongClip({ durationS: MAX_DECODE_S, frameCount: MAX_DECODE_FRAMES })).not.toThrow();
    expect(() => refuseLongClip({ durationS: NaN, frameCount: 0 })).not.toThrow();
    expect(() => refuseLongClip({ durationS: 60, frameCount: MAX_DECODE_FRAMES + 1 })).toThrow(/648001 frames, longer than the 648000 frames/);
  });
});
