/**
 * Key frames far into a long clip (issue 29, main/av/frame-seek.ts): extractFramePng's in-process
 * path seeks to the key frame at or before the wanted frame and decodes forward to it by pts. It
 * returns byte-identical PNGs to decoding from the start (computed here, one decode pass per clip)
 * on real clips: one that starts at pts 0.100 s (tennis_forehand_1) and one with a variable frame
 * rate and a packet flagged discard (pickleball_rally_behind_1), and a 720p variable-frame-rate
 * one with B-frames (tennis_rally_pro_behind_1). On a clip joined at test time
 * (stream copy, 129 s) it decodes fewer than two GOPs for a frame near the end, and that frame is
 * the joined copy's own frame. Counts of decoded frames, no timing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Canvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeFramesInProcess } from '../../main/av/decode.js';
import { type FrameDecodeStats, frameImageData, framePngInProcess } from '../../main/av/frame-image.js';
import { frameTable } from '../../main/av/frame-seek.js';
import { probeVideo } from '../../main/av/probe.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';

const work = mkdtempSync(join(tmpdir(), 'swing-frame-seek-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The old path: frames `wanted` as PNG by decoding `clip` from the start (one pass), with each frame's time (s). */
async function fromStart(clip: string, wanted: number[]): Promise<Map<number, { png: Buffer; t: number }>> {
  const { width, height } = await probeVideo(clip);
  const out = new Map<number, { png: Buffer; t: number }>();
  const last = Math.max(...wanted);
  for await (const f of decodeFramesInProcess(clip, { width, height })) {
    if (wanted.includes(f.index)) {
      const canvas = new Canvas(f.width, f.height);
      canvas.getContext('2d').putImageData(frameImageData(f), 0, 0);
      out.set(f.index, { png: canvas.toBuffer('image/png'), t: f.timestamp });
    }
    if (f.index >= last) break;
  }
  return out;
}

describe('extractFramePng in-process: seek, then decode forward by pts', () => {
  it.each([
    ['tennis_forehand_1.mp4', [0, 1, 2, 97, 333, 501, 646], 0.1],
    ['pickleball_rally_behind_1.mp4', [0, 1, 150, 299, 300, 345], 0],
    ['tennis_rally_pro_behind_1.mp4', [0, 90, 91, 200, 283], 0],
  ])('%s: the same PNG bytes as decoding from the start', async (name, frames, firstS) => {
    const clip = mediaPath(name);
    const old = await fromStart(clip, frames);
    expect(old.get(0)!.t).toBeCloseTo(firstS, 3);
    const decodedFromStart = frames.reduce((sum, n) => sum + n + 1, 0);
    let decoded = 0;
    for (const n of frames) {
      const stats: FrameDecodeStats = { decoded: 0, seeked: false };
      const png = await framePngInProcess(clip, n, undefined, undefined, stats);
      expect(stats.seeked).toBe(true);
      expect(png.equals(old.get(n)!.png), `frame ${n}`).toBe(true);
      decoded += stats.decoded;
    }
    expect(decoded).toBeLessThan(decodedFromStart);
  }, 120_000);

  it('the frame table has one pts per decoded frame, in order, and a frame past the end is not found', async () => {
    const clip = mediaPath('pickleball_rally_behind_1.mp4');
    const table = (await frameTable(clip))!;
    let n = 0;
    const tb = 1e4; // the clip's time base is 1/10000 s (probed with ffprobe)
    for await (const f of decodeFramesInProcess(clip, { width: 32, height: 32 })) {
      expect(Number(table.pts[n]) / tb, `frame ${n}`).toBeCloseTo(f.timestamp, 6);
      n++;
    }
    expect(table.pts.length).toBe(n);
    await expect(framePngInProcess(clip, n, undefined, { width: 32, height: 32 })).rejects.toThrow(`frame ${n} not found`);
  }, 60_000);

  it('a frame table read stopped by one caller’s signal still reaches a caller without one', async () => {
    const clip = mediaPath('tennis_serve_amateur_1.mp4');
    const stop = new AbortController();
    stop.abort(new Error('stopped'));
    const [stopped, kept] = await Promise.allSettled([frameTable(clip, stop.signal), frameTable(clip)]);
    expect(stopped.status).toBe('rejected');
    expect(kept.status === 'fulfilled' && kept.value?.pts.length).toBe(112);
  });

  it('a frame near the end of a joined long clip decodes fewer than 300 frames (not 3,876) and is the copy’s own frame', async () => {
    const part = mediaPath('tennis_forehand_1.mp4');
    const list = join(work, 'list.txt');
    writeFileSync(list, Array.from({ length: 6 }, () => `file '${part.replace(/'/g, "'\\''")}'`).join('\n'));
    const joined = join(work, 'joined.mp4');
    execFileSync(testFfmpeg(), ['-v', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', joined]);
    const table = (await frameTable(joined))!;
    expect(table.pts.length).toBe(6 * 647);
    const size = { width: 852, height: 480 };
    const wanted = 5 * 647 + 640;
    const stats: FrameDecodeStats = { decoded: 0, seeked: false };
    const png = await framePngInProcess(joined, wanted, undefined, size, stats);
    expect(stats.seeked).toBe(true);
    // Key frames every 150 frames (5 s) in tennis_forehand_1: at most a GOP and the decoder's delay.
    expect(stats.decoded).toBeLessThan(300);
    expect(png.equals(await framePngInProcess(part, 640, undefined, size))).toBe(true);
  }, 120_000);
});
