/**
 * Playback proxies of clips Chromium cannot play: an MPEG-4 Part 2 AVI and an HEVC Matroska clip
 * (made with the system ffmpeg at test time, 29.97 fps, moving test pattern) get an H.264 MP4
 * whose frames are the source's frames one for one: same count, same presentation times, and
 * frame k of the proxy shows frame k of the source. A clip that plays gets none.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPlayback, decodeFramesInProcess, playbackFacts, probeVideo } from '../../main/av/index.js';
import { playbackProxyFor } from '../../main/library/playback-proxy.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'proxy-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 2 s 320×240 test pattern at 30000/1001 fps with a tone, encoded as asked. */
function makeClip(name: string, codecArgs: string[]): string {
  const out = join(dir, name);
  execFileSync(testFfmpeg(), [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30000/1001:duration=2',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    ...codecArgs, out,
  ]);
  return out;
}

/** Every frame's time and small RGB picture. */
async function frames(path: string): Promise<{ t: number; rgb: Uint8Array }[]> {
  const out: { t: number; rgb: Uint8Array }[] = [];
  for await (const f of decodeFramesInProcess(path, { width: 80, height: 60 })) out.push({ t: f.timestamp, rgb: Uint8Array.from(f.rgb) });
  return out;
}

function meanDiff(a: Uint8Array, b: Uint8Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i]! - b[i]!);
  return s / a.length;
}

describe('playback proxy', () => {
  for (const [name, args, why] of [
    ['mpeg4.avi', ['-c:v', 'mpeg4', '-q:v', '2', '-c:a', 'mp3'], /avi container/],
    ['hevc.mkv', ['-c:v', 'libx265', '-x265-params', 'log-level=error', '-c:a', 'aac'], /hevc video in Matroska/],
  ] as const) {
    it(`maps every frame of ${name} to the same frame and time in its H.264 proxy`, async () => {
      const clip = makeClip(name, [...args]);
      const shares: number[] = [];
      const made = await playbackProxyFor(clip, mkdtempSync(join(dir, 'stage-')), { onProgress: (s) => shares.push(s) });
      expect(made?.reason).toMatch(why);
      const proxy = made?.path ?? '';
      expect(playbackFacts(await probeVideo(proxy))).toEqual({ container: 'mov,mp4,m4a,3gp,3g2,mj2', codec: 'h264', pixelFormat: 'yuv420p' });
      expect(chromiumPlayback(playbackFacts(await probeVideo(proxy))).playable).toBe(true);
      expect((await probeVideo(proxy)).hasAudio).toBe(false);

      const [src, out] = await Promise.all([frames(clip), frames(proxy)]);
      expect(src.length).toBe(60);
      expect(out.length).toBe(src.length);
      expect(shares.at(-1)).toBe(1);
      expect(shares.every((s, i) => i === 0 || s >= shares[i - 1]!)).toBe(true);
      let worstT = 0;
      let worstSame = 0;
      let leastNext = Infinity;
      for (let k = 0; k < src.length; k++) {
        worstT = Math.max(worstT, Math.abs(out[k]!.t - src[k]!.t));
        worstSame = Math.max(worstSame, meanDiff(src[k]!.rgb, out[k]!.rgb));
        if (k + 1 < src.length) leastNext = Math.min(leastNext, meanDiff(src[k]!.rgb, out[k + 1]!.rgb));
      }
      console.log(`${name}: ${src.length} frames, worst |Δt| ${worstT.toExponential(2)} s, same frame |Δ| ≤ ${worstSame.toFixed(2)}, next frame |Δ| ≥ ${leastNext.toFixed(2)}`);
      expect(worstT).toBeLessThan(1e-6);
      expect(worstSame).toBeLessThan(leastNext / 2);
    });
  }

  it('makes none for an H.264 MP4 in 4:2:0', async () => {
    const clip = makeClip('h264.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']);
    expect(await playbackProxyFor(clip, dir)).toBeNull();
  });
});
