/**
 * Streaming decode with the shipped FFmpeg, in-process: demux → decode → one filter chain
 * (display rotation, bilinear scale to the engine's size, RGB24) → the frame's bytes. FFmpeg's
 * work runs on libuv's thread pool (node-av's async calls), so decoding overlaps the inference
 * worker threads as the CLI pipe's separate process did; the generator pulls one frame at a time,
 * so memory holds a few compressed packets and one frame, never the clip.
 */
import type { Decoder, Demuxer, FilterAPI } from 'node-av/api';
import type { Frame, Packet } from 'node-av/lib';
import { isUrl, openClip, reason } from './open-input.js';
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
  /** Over a SharedArrayBuffer (both decode paths): posting it to a worker shares it, no copy. */
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
 * The bytes copied into a new SharedArrayBuffer. Decided (issue 29, speed): decoded frames live
 * in SharedArrayBuffers, as the CLI relay's (decode-worker-source.ts) always did, so posting a
 * frame to the inference workers (main/engine/inference) shares it instead of copying 0.7 MB per
 * request; same bytes, one copy as before (FFmpeg's frame → JS).
 */
export function sharedCopy(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(new SharedArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
}

/**
 * The packets of stream `index` (every stream's when undefined), null at the end; `url`: the
 * clip is read over the network (open-input.ts isUrl). Decided (issue 29, speed): a local file's
 * packets are read when the decoder asks for them (node-av's packetsSync, as frame-seek.ts: the
 * same packets after the same timestamp processing). node-av's packets() reads ahead in a loop
 * that, once 100 packets wait, polls with setImmediate until the decoder takes one, so while the
 * engine's inference held the decoder back the main thread spun: 200 frames of pickleball_rec_1
 * taken 40 ms apart cost 7.9-8.0 CPU-s, against 3.1-3.2 taken at once. A URL keeps packets() (a
 * synchronous read would hold the event loop for the network). paint-encode.ts and frame-image.ts
 * read through it too (their decoder waits for painting and encoding, or stops early).
 */
export function clipPackets(demuxer: Demuxer, index: number | undefined, url: boolean): AsyncIterable<Packet | null> | Iterable<Packet | null> {
  return url ? demuxer.packets(index) : demuxer.packetsSync(index);
}

/**
 * The RGB24 bytes of a filtered frame of `size`, copied row by row from FFmpeg's plane (node-av's
 * `data` is a view of the frame's memory, `linesize` its row stride) into a SharedArrayBuffer:
 * one copy, where `toBuffer()` then a shared copy made two (≈ 0.3 ms and a 0.7 MB allocation per
 * 640 × 360 frame). Undefined when the frame is not `size` RGB24 in one plane (the caller falls
 * back to `toBuffer()`, whose length check reports the mismatch).
 */
export function frameRgb(f: Pick<Frame, 'data' | 'linesize' | 'width' | 'height'>, size: { width: number; height: number }): Uint8Array | undefined {
  const plane = f.data?.[0];
  const stride = f.linesize[0] ?? 0;
  const row = size.width * 3;
  if (!plane || f.width !== size.width || f.height !== size.height || stride < row || plane.length < stride * (size.height - 1) + row) return undefined;
  const out = new Uint8Array(new SharedArrayBuffer(row * size.height));
  if (stride === row) out.set(plane.subarray(0, row * size.height));
  else for (let y = 0; y < size.height; y++) out.set(plane.subarray(y * stride, y * stride + row), y * row);
  return out;
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
          const rgb = frameRgb(f, size) ?? sharedCopy(f.toBuffer());
          f.free();
          if (rgb.length !== size.width * size.height * 3)
            throw new VideoDecodeError(
              `frame ${index} has ${rgb.length} bytes, expected ${size.width}×${size.height}×3`,
            );
          yield { index: index++, timestamp, width: size.width, height: size.height, rgb };
        }
      }
    };
    for await (const packet of clipPackets(demuxer, video.index, isUrl(pathOrUrl))) {
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
