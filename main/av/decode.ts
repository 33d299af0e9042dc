/**
 * Streaming decode with the shipped FFmpeg, in-process: demux → decode → one filter chain
 * (display rotation, bilinear scale to the engine's size, RGB24) → the frame's bytes. FFmpeg's
 * work runs on libuv's thread pool (node-av's async calls), so decoding overlaps the inference
 * worker threads as the CLI pipe's separate process did; the generator pulls one frame at a time,
 * so memory holds a few compressed packets and one frame, never the clip.
 */
import type { Decoder, FilterAPI } from 'node-av/api';
import type { Frame, Packet } from 'node-av/lib';
import { openClip, reason } from './open-input.js';
import { VideoDecodeError } from './errors.js';
import { loadAv } from './runtime.js';
import { streamDisplayRotation, streamRotation } from './probe.js';

/** One decoded frame: `rgb` is height × width × 3 bytes, row-major. */
export interface DecodedFrame {
  /** Index of the frame in decode (= presentation) order, from 0. */
  index: number;
  /** Presentation time, seconds, on the video's own timeline (what an HTML video's currentTime shows). */
  timestamp: number;
  width: number;
  height: number;
  rgb: Uint8Array;
}

/**
 * Filter chain of the CLI's autorotation for a display rotation in ffprobe's convention
 * (270 = the phone's portrait clip, turned clockwise to show upright).
 */
export function rotationFilters(rotation: number): string[] {
  if (rotation === 270) return ['transpose=clock'];
  if (rotation === 90) return ['transpose=cclock'];
  if (rotation === 180) return ['hflip', 'vflip'];
  return [];
}

/**
 * Decoder threads of the engine's decode: 0 = FFmpeg's automatic count (frame threads per core;
 * the decoded pixels do not depend on it). Measured with ONNX Runtime 1 × 2 on the 2-core machine
 * (`npm run bench -- engine`, 2 rounds at load 15-20): pipeline / pure inference 0.37 with 1
 * decoder thread, 0.77 with 2, 0.92 automatic; CPU 10.0 / 8.3 / 7.8 CPU-s. Env
 * SWING_DECODE_THREADS overrides (read at each decode, so a benchmark can compare counts).
 */
export function decodeThreads(): number {
  const n = Number(process.env.SWING_DECODE_THREADS ?? 0);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/**
 * Decodes `pathOrUrl` frame by frame, upright (its display rotation applied, then `turn`: a
 * rotation in the same convention for a picture turned without a tag, VideoInfo.turned), scaled to
 * `size` (the displayed size scaled by `decodeSize`), as RGB24 with each frame's presentation time on the video's own timeline (the
 * container's timestamps kept, as `-copyts` does: a stream that starts at 0.1 s gives 0.1 s).
 * @throws VideoProbeError when the input cannot be opened; VideoDecodeError when a frame cannot be
 *   decoded or filtered; MediaRuntimeError when FFmpeg cannot load; the signal's reason when aborted.
 */
export async function* decodeFramesInProcess(
  pathOrUrl: string,
  size: { width: number; height: number },
  signal?: AbortSignal,
  turn = 0,
): AsyncGenerator<DecodedFrame> {
  const { api } = await loadAv();
  const { demuxer, video } = await openClip(pathOrUrl, signal ? { signal } : {});
  const rotation = streamRotation({ side_data_list: [{ rotation: await streamDisplayRotation(video) }] });
  const tb = video.timeBase;
  const chain = [
    ...rotationFilters(rotation),
    ...rotationFilters(turn),
    `scale=${size.width}:${size.height}:flags=bilinear`,
    'format=rgb24',
  ].join(',');
  let decoder: Decoder | undefined;
  let filter: FilterAPI | undefined;
  try {
    decoder = await api.Decoder.create(video, { context: { threadCount: decodeThreads() } });
    filter = api.FilterAPI.create(chain);
    let index = 0;
    let last = 0;
    let corrupt = 0;
    const dec = decoder;
    // A packet the decoder refuses (a truncated or damaged file) is skipped, as the ffmpeg CLI
    // does; decoding goes on with the next one. Only a clip with no decodable frame fails.
    const decodeSafely = async (packet: Packet | null) => {
      try {
        return await dec.decodeAll(packet);
      } catch {
        corrupt++;
        return [];
      }
    };
    const emit = async function* (frames: Frame[]) {
      for (const frame of frames) {
        signal?.throwIfAborted();
        const pts = frame.bestEffortTimestamp >= 0n ? frame.bestEffortTimestamp : frame.pts;
        const timestamp = pts >= 0n ? (Number(pts) * tb.num) / tb.den : last;
        last = timestamp;
        const out = await filter!.processAll(frame);
        frame.free();
        for (const f of out) {
          const rgb = new Uint8Array(f.toBuffer());
          f.free();
          if (rgb.length !== size.width * size.height * 3)
            throw new VideoDecodeError(
              `frame ${index} has ${rgb.length} bytes, expected ${size.width}×${size.height}×3`,
            );
          yield { index: index++, timestamp, width: size.width, height: size.height, rgb };
        }
      }
    };
    for await (const packet of demuxer.packets(video.index)) {
      signal?.throwIfAborted();
      if (packet === null) break;
      const frames = await decodeSafely(packet);
      packet.free();
      yield* emit(frames);
    }
    yield* emit(await decodeSafely(null));
    if (index === 0)
      throw new VideoDecodeError(
        corrupt
          ? `no frame could be decoded (${corrupt} damaged packets)`
          : 'the video has no decodable frames',
      );
  } catch (err) {
    signal?.throwIfAborted();
    if (err instanceof VideoDecodeError) throw err;
    throw new VideoDecodeError(reason(err));
  } finally {
    filter?.close();
    decoder?.close();
    await demuxer.close();
  }
}
