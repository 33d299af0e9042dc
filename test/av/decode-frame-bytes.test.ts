/**
 * The decoded frame's bytes (main/av/decode.ts): copied row by row from FFmpeg's plane into a
 * SharedArrayBuffer (padding at the end of each row dropped), so posting a frame to the
 * inference workers shares it; and a real clip's frames come out shared, with the same bytes as
 * node-av's own packed copy.
 */
import { describe, expect, it } from 'vitest';
import { decodeFramesInProcess, frameRgb, sharedCopy } from '../../main/av/decode.js';
import { loadAv } from '../../main/av/runtime.js';
import { openClip } from '../../main/av/open-input.js';
import { mediaPath } from '../support/media.js';

/** A fake filtered frame of width × height RGB24 with `stride` bytes per row, byte (y, x, c) = 10·y + 3·x + c (mod 256), padding 255. */
function fakeFrame(width: number, height: number, stride: number) {
  const plane = Buffer.alloc(stride * height, 255);
  for (let y = 0; y < height; y++) for (let i = 0; i < width * 3; i++) plane[y * stride + i] = (10 * y + i) % 256;
  return { data: [plane], linesize: [stride, 0, 0, 0], width, height };
}

describe('frameRgb', () => {
  it('packs padded rows into a SharedArrayBuffer, byte for byte', () => {
    const rgb = frameRgb(fakeFrame(3, 2, 16), { width: 3, height: 2 });
    expect(rgb?.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(rgb!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
  });

  it('copies an unpadded plane whole', () => {
    const rgb = frameRgb(fakeFrame(2, 2, 6), { width: 2, height: 2 });
    expect(Array.from(rgb!)).toEqual([0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15]);
  });

  it('gives undefined for a frame of another size or a short plane (the caller falls back to toBuffer)', () => {
    expect(frameRgb(fakeFrame(3, 2, 9), { width: 4, height: 2 })).toBeUndefined();
    expect(frameRgb({ ...fakeFrame(3, 2, 9), data: [Buffer.alloc(10)] }, { width: 3, height: 2 })).toBeUndefined();
    expect(frameRgb({ ...fakeFrame(3, 2, 9), data: null }, { width: 3, height: 2 })).toBeUndefined();
  });
});

describe('sharedCopy', () => {
  it('copies bytes into a SharedArrayBuffer', () => {
    const c = sharedCopy(Uint8Array.of(1, 2, 250));
    expect(c.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(c)).toEqual([1, 2, 250]);
  });
});

/** The first `n` frames of a clip at `size` as node-av's packed copy (toBuffer), through the same filter chain as decode.ts (no rotation). */
async function plainDecode(clip: string, size: { width: number; height: number }, n: number): Promise<Uint8Array[]> {
  const { api } = await loadAv();
  const { demuxer, video } = await openClip(clip);
  const decoder = await api.Decoder.create(video, { context: { threadCount: 0 } });
  const filter = api.FilterAPI.create(`scale=${size.width}:${size.height}:flags=bilinear,format=rgb24`);
  const out: Uint8Array[] = [];
  try {
    for (const packet of demuxer.packetsSync(video.index)) {
      if (!packet) break;
      for (const frame of await decoder.decodeAll(packet)) {
        for (const f of await filter.processAll(frame)) {
          out.push(new Uint8Array(f.toBuffer()));
          f.free();
        }
        frame.free();
      }
      packet.free();
      if (out.length >= n) break;
    }
  } finally {
    filter.close();
    decoder.close();
    await demuxer.close();
  }
  return out.slice(0, n);
}

describe('decodeFramesInProcess', () => {
  it('gives shared frames whose bytes equal node-av\'s packed copy of the same frames, at a padded and an unpadded width', async () => {
    const clip = mediaPath('tennis_forehand_2.mp4');
    for (const size of [{ width: 34, height: 20 }, { width: 64, height: 36 }]) {
      const frames: Uint8Array[] = [];
      for await (const f of decodeFramesInProcess(clip, size)) {
        expect(f.rgb.buffer).toBeInstanceOf(SharedArrayBuffer);
        frames.push(Uint8Array.from(f.rgb));
        if (frames.length === 3) break;
      }
      const want = await plainDecode(clip, size, 3);
      expect(want).toHaveLength(3);
      frames.forEach((f, i) => expect(Buffer.compare(f, want[i]!)).toBe(0));
      expect(frames[0]!.some((v) => v > 0)).toBe(true);
    }
  }, 60_000);
});
