/**
 * One frame of a clip as an image (report key frames, library thumbnails, the comparison video):
 * frame `n` in presentation order (exact whatever the stream's start time and frame rate),
 * upright, at the displayed size. The shipped FFmpeg decodes in-process: a seek to the key frame
 * at or before frame n, then a decode forward to it by its pts (frame-seek.ts), so a frame near
 * the end of an hour-long session costs about one GOP, not the whole clip. FFMPEG_PATH selects a
 * CLI (`select=eq(n,N)`, which still decodes up to n).
 *
 * Decided: one extractor; the decode from the start stays inside it as the fallback for a clip
 * whose frame table cannot place the frame (and is what the test compares the seek with).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Canvas, ImageData } from '@napi-rs/canvas';
import { ffmpegPath } from '../config/binaries.js';
import { cliClipInput, cliFailureReason } from './cli-input.js';
import type { Decoder, FilterAPI } from 'node-av/api';
import type { Frame, Packet } from 'node-av/lib';
import type { DecodedFrame } from './decode.js';
import { clipPackets, decodeFramesInProcess, decodeThreads, rotationFilters } from './decode.js';
import { VideoDecodeError } from './errors.js';
import { frameTable, framePts, seekPoints } from './frame-seek.js';
import { isUrl, openClip } from './open-input.js';
import { probeVideo, streamDisplayRotation, streamRotation } from './probe.js';
import { loadAv } from './runtime.js';

/** A decoded RGB24 frame as opaque RGBA image data for a canvas (`putImageData`). */
export function frameImageData(f: DecodedFrame): ImageData {
  const rgba = new Uint8ClampedArray(f.width * f.height * 4);
  for (let i = 0, j = 0; i < f.rgb.length; i += 3, j += 4) {
    rgba[j] = f.rgb[i]!;
    rgba[j + 1] = f.rgb[i + 1]!;
    rgba[j + 2] = f.rgb[i + 2]!;
    rgba[j + 3] = 255;
  }
  return new ImageData(rgba, f.width, f.height);
}

/** What one in-process extraction did (tests): frames the decoder gave, and whether it seeked. */
export interface FrameDecodeStats {
  /** Frames that came out of the decoder (each one decoded, whether shown or passed over). */
  decoded: number;
  /** True when the frame came from a seek to a key frame, false when decoded from the start. */
  seeked: boolean;
}

/** The RGB24 picture of `frame` through `filter` as PNG bytes (one filter output per frame: rotation and scale only). */
async function framePng(frame: Frame, filter: FilterAPI, size: { width: number; height: number }): Promise<Buffer> {
  const out = await filter.processAll(frame);
  const rgb = out[0] ? new Uint8Array(out[0].toBuffer()) : new Uint8Array();
  for (const f of out) f.free();
  if (rgb.length !== size.width * size.height * 3)
    throw new VideoDecodeError(`frame has ${rgb.length} bytes, expected ${size.width}×${size.height}×3`);
  return pngOf({ index: 0, timestamp: 0, width: size.width, height: size.height, rgb });
}

function pngOf(f: DecodedFrame): Buffer {
  const canvas = new Canvas(f.width, f.height);
  canvas.getContext('2d').putImageData(frameImageData(f), 0, 0);
  return canvas.toBuffer('image/png');
}

/**
 * Seeks to the key frame at or before `at` (its pts, stream time base) and decodes forward to the frame
 * whose pts is `want`: its PNG, or null when that frame does not come out (the seek failed, or the
 * frame needs pictures from before the key frame: an open GOP's leading frames).
 */
async function pngAfterSeek(
  clipPath: string,
  size: { width: number; height: number },
  at: bigint,
  want: bigint,
  signal: AbortSignal | undefined,
  stats: FrameDecodeStats,
): Promise<Buffer | null> {
  const { api, constants } = await loadAv();
  const { demuxer, video } = await openClip(clipPath, signal ? { signal } : {});
  let decoder: Decoder | undefined;
  let filter: FilterAPI | undefined;
  try {
    if ((await demuxer.getFormatContext().seekFrame(video.index, at, constants.AVSEEK_FLAG_BACKWARD)) < 0) return null;
    const rotation = streamRotation({ side_data_list: [{ rotation: await streamDisplayRotation(video) }] });
    filter = api.FilterAPI.create(
      [...rotationFilters(rotation), `scale=${size.width}:${size.height}:flags=bilinear`, 'format=rgb24'].join(','),
    );
    decoder = await api.Decoder.create(video, { context: { threadCount: decodeThreads() } });
    const dec = decoder;
    // As decode.ts: a packet the decoder refuses is skipped.
    const decodeSafely = (packet: Packet | null) => dec.decodeAll(packet).catch(() => [] as Frame[]);
    // 'found' (PNG), 'past' (the wanted pts went by without its frame), or undefined (keep going).
    const look = async (frames: Frame[]): Promise<Buffer | 'past' | undefined> => {
      let result: Buffer | 'past' | undefined;
      for (const frame of frames) {
        if (result === undefined) {
          stats.decoded++;
          const pts = framePts(frame);
          if (pts === want) result = await framePng(frame, filter!, size);
          else if (pts > want) result = 'past';
        }
        frame.free();
      }
      return result;
    };
    for await (const packet of clipPackets(demuxer, video.index, isUrl(clipPath))) {
      signal?.throwIfAborted();
      if (packet === null) break;
      const frames = await decodeSafely(packet);
      packet.free();
      const r = await look(frames);
      if (r !== undefined) return r === 'past' ? null : r;
    }
    const r = await look(await decodeSafely(null));
    return r === undefined || r === 'past' ? null : r;
  } finally {
    filter?.close();
    decoder?.close();
    await demuxer.close();
  }
}

/**
 * Frame `frameNr` (0-based presentation order, as decode.ts counts) of `clipPath` as PNG bytes,
 * at `size` (the clip's displayed size, pixels) when the caller knows it (a session's stored
 * facts), else at the probed size. Seeks to the key frame at or before the frame and decodes
 * forward to it by its pts (frame-seek.ts: the same frame, byte for byte, as decoding from the
 * start); decodes from the start when the clip's frame table cannot say where the frame is.
 * `stats` (tests) receives what the decode did.
 * @throws Error "frame N not found" when the clip has fewer frames; VideoProbeError /
 *   VideoDecodeError when the clip cannot be read; the signal's reason when aborted.
 */
export async function framePngInProcess(
  clipPath: string,
  frameNr: number,
  signal?: AbortSignal,
  known?: { width: number; height: number },
  stats: FrameDecodeStats = { decoded: 0, seeked: false },
): Promise<Buffer> {
  const size = known ?? (await probeVideo(clipPath, signal));
  const n = Math.max(0, Math.ceil(frameNr));
  const table = await frameTable(clipPath, signal);
  const want = table?.pts[n];
  if (table && want === undefined) throw new Error(`frame ${frameNr} not found in ${clipPath}`);
  // A pts two frames share cannot name one of them: decode from the start.
  if (table && want !== undefined && table.pts[n - 1] !== want && table.pts[n + 1] !== want) {
    for (const at of seekPoints(table, want)) {
      try {
        const png = await pngAfterSeek(clipPath, size, at, want, signal, stats);
        if (png) return ((stats.seeked = true), png);
      } catch {
        // A failed seek or decode here is tried again from the start, which throws what is wrong.
        signal?.throwIfAborted();
      }
    }
  }
  const frames = decodeFramesInProcess(clipPath, { width: size.width, height: size.height }, signal);
  for await (const f of frames) {
    stats.decoded++;
    if (f.index < n) continue;
    await frames.return(undefined);
    return pngOf(f);
  }
  throw new Error(`frame ${frameNr} not found in ${clipPath}`);
}

const run = promisify(execFile);

/**
 * Decodes frame `frameNr` (0-based decode order) of a clip as PNG bytes, with the shipped FFmpeg
 * (or FFMPEG_PATH's ffmpeg when set); `size` is the clip's displayed size, pixels, when known
 * (the in-process decode then does not probe the clip).
 * @throws Error when decoding fails (with ffmpeg's reason, NOT_A_CLIP for a refused input) or the
 *   frame does not exist; the signal's reason when aborted.
 */
export async function extractFramePng(
  clipPath: string,
  frameNr: number,
  signal?: AbortSignal,
  size?: { width: number; height: number },
): Promise<Buffer> {
  const bin = ffmpegPath();
  if (!bin) return framePngInProcess(clipPath, frameNr, signal, size);
  let stdout: Buffer;
  try {
    ({ stdout } = await run(
      bin,
      [
        '-v',
        'error',
        '-nostdin',
        ...cliClipInput(clipPath, { capDuration: true }),
        '-vf',
        `select=eq(n\\,${frameNr})`,
        '-fps_mode',
        'passthrough',
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        '-',
      ],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, signal },
    ));
  } catch (err) {
    signal?.throwIfAborted();
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`ffmpeg could not read frame ${frameNr}: ${cliFailureReason(stderr)}`, { cause: err });
  }
  if (stdout.length === 0) throw new Error(`frame ${frameNr} not found in ${clipPath}`);
  return stdout;
}
