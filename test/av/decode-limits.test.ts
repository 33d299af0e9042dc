/**
 * Decode caps (main/av/decode-limits.ts): a clip longer than MAX_DECODE_S is cut off with a clear
 * error on the shipped FFmpeg and on a system ffmpeg (FFMPEG_PATH), and the source is closed; a
 * source with more than MAX_DECODE_FRAMES frames is stopped at that frame.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_DECODE_FRAMES, MAX_DECODE_S } from '../../main/contract/clip-limits.js';
import { capDecode } from '../../main/av/decode-limits.js';
import { decodeFrames } from '../../main/av/frame-source.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';

const work = mkdtempSync(join(tmpdir(), 'swing-decode-limits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A 130 s, 2 fps, 32×32 test clip (made with the system ffmpeg, a test-only tool). */
const longClip = join(work, 'long.mp4');
execFileSync(testFfmpeg(), ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=2:duration=130', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', longClip]);

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
    expect(r.error).toMatch(/longer than 120 s/);
    expect(r.frames).toBe(MAX_DECODE_S * 2 + 1);
    expect(r.lastS).toBe(MAX_DECODE_S);
  });

  it('stops a system ffmpeg (FFMPEG_PATH) the same way (its -t ends the read 1 s past the cap)', async () => {
    process.env.FFMPEG_PATH = testFfmpeg();
    try {
      const r = await decodeAll(longClip);
      expect(r.error).toMatch(/longer than 120 s/);
      expect(r.frames).toBe(MAX_DECODE_S * 2 + 1);
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
