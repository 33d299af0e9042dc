/**
 * H.264 MP4 writing with the shipped FFmpeg in-process, shared by the painted overlay video
 * (paint-encode.ts: one output frame per decoded source frame) and videos whose every frame is
 * drawn on a canvas (the side-by-side comparison): libx264 → MP4 with `+faststart`, each packet
 * given its frame's duration so the stream's duration and rate are the intended ones.
 */
import { Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Encoder, Muxer } from 'node-av/api';
import type { Frame, IRational, Packet } from 'node-av/lib';
import { VideoDecodeError } from './errors.js';
import { reason } from './open-input.js';
import { loadAv } from './runtime.js';

/** A frame rate as a fraction: `num / den` frames per second (30000/1001 for NTSC's 29.97). */
export interface FrameRate {
  num: number;
  den: number;
}

/** A libx264 encoder at `rate` (x264 sizes its level and rate control by it; probes read the stream's rate from it). */
export async function createX264(rate: FrameRate, preset: string, crf: number): Promise<Encoder> {
  const { api, constants, lib } = await loadAv();
  return api.Encoder.create(constants.FF_ENCODER_LIBX264, {
    options: { preset, crf },
    configure: (ctx) => {
      ctx.framerate = new lib.Rational(rate.num, rate.den);
    },
  });
}

/** Encodes canvases into one stream of an MP4 (see {@link x264Writer}). */
export interface X264Writer {
  /** Encodes the canvas's RGBA pixels as the frame at `pts` (in `timeBase`) and writes its packets. */
  writeCanvas(canvas: Canvas, pts: bigint, timeBase: IRational): Promise<void>;
  /** Flushes the encoder: writes its last packets. */
  flush(): Promise<void>;
  /** Frees the colour converter (after flush, or after a failure). */
  close(): void;
}

/**
 * Encodes canvases (RGBA → YUV 4:2:0 → `encoder`) and writes the packets to stream `index` of
 * `muxer`, each lasting at least `frameTicks` (one frame in the stream's time base): node-av
 * hands libx264's packets over with a duration of one tick, and the muxer needs packet durations
 * to give the last frame its length.
 */
export async function x264Writer(encoder: Encoder, muxer: Muxer, index: number, frameTicks: bigint): Promise<X264Writer> {
  const { api, constants, lib } = await loadAv();
  const toYuv = api.FilterAPI.create('format=yuv420p');
  const encode = async (frame: Frame | null) => {
    for (const p of await encoder.encodeAll(frame)) {
      if (p.duration * 2n < frameTicks) p.duration = frameTicks;
      await writeAndFree(muxer, p, index);
    }
  };
  return {
    async writeCanvas(canvas, pts, timeBase) {
      const data = canvas.data();
      const rgba = lib.Frame.fromVideoBuffer(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { width: canvas.width, height: canvas.height, format: constants.AV_PIX_FMT_RGBA, timeBase, pts });
      try {
        for (const yuv of await toYuv.processAll(rgba)) {
          await encode(yuv);
          yuv.free();
        }
      } finally {
        rgba.free();
      }
    },
    flush: () => encode(null),
    close: () => toYuv.close(),
  };
}

/** Writes a packet to stream `index` and frees it. */
export async function writeAndFree(muxer: Muxer, packet: Packet, index: number): Promise<void> {
  await muxer.writePacket(packet, index);
  packet.free();
}

/** Options of {@link encodeCanvasFrames}. */
export interface CanvasEncodeOptions {
  /** Output MP4 path (written in place: callers write to a temp name and rename). */
  outPath: string;
  /** Frame size, pixels (even, for YUV 4:2:0). */
  width: number;
  height: number;
  rate: FrameRate;
  /** Number of frames to write. */
  frames: number;
  /** Draws frame `index` (0-based) on the canvas; awaited before the frame is encoded. */
  draw: (ctx: SKRSContext2D, index: number) => Promise<void> | void;
  /** x264 preset and constant rate factor (quality: 18 ≈ visually lossless, x264 docs). */
  preset: string;
  crf: number;
  signal?: AbortSignal;
  onFrame?: (done: number) => void;
}

/**
 * Writes a video of `frames` canvas drawings at `rate`: frame i has pts i in a 1/rate time base,
 * so the file has exactly `frames` frames lasting `frames × den / num` seconds. No audio.
 * @throws Error when the size is odd or not positive, or frames < 1; VideoDecodeError when
 *   encoding fails; the signal's reason when aborted (the partial file is the caller's to remove).
 */
export async function encodeCanvasFrames(o: CanvasEncodeOptions): Promise<number> {
  if (!(o.width > 0 && o.height > 0 && o.width % 2 === 0 && o.height % 2 === 0)) throw new Error(`video size must be even and positive, got ${o.width}×${o.height}`);
  if (!(Number.isInteger(o.frames) && o.frames >= 1)) throw new Error(`a video needs at least one frame, got ${o.frames}`);
  const { api, lib } = await loadAv();
  const timeBase = new lib.Rational(o.rate.den, o.rate.num);
  let encoder: Encoder | undefined;
  let muxer: Muxer | undefined;
  let writer: X264Writer | undefined;
  try {
    encoder = await createX264(o.rate, o.preset, o.crf);
    muxer = await api.Muxer.open(o.outPath, { format: 'mp4', options: { movflags: '+faststart' } });
    writer = await x264Writer(encoder, muxer, muxer.addStream(encoder), 1n);
    const canvas = new Canvas(o.width, o.height);
    const ctx = canvas.getContext('2d');
    for (let i = 0; i < o.frames; i++) {
      o.signal?.throwIfAborted();
      await o.draw(ctx, i);
      await writer.writeCanvas(canvas, BigInt(i), timeBase);
      o.onFrame?.(i + 1);
    }
    await writer.flush();
    await muxer.close();
    muxer = undefined;
    return o.frames;
  } catch (err) {
    o.signal?.throwIfAborted();
    throw new VideoDecodeError(`could not write the video: ${reason(err)}`);
  } finally {
    await muxer?.close().catch(() => undefined);
    writer?.close();
    encoder?.close();
  }
}
