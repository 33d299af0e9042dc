/**
 * Re-encoding a clip with something painted on every frame, with the shipped FFmpeg in-process:
 * demux → decode → upright RGBA (display rotation applied) → the caller paints on a canvas of the
 * frame → YUV 4:2:0 → libx264 → MP4 (`+faststart`), audio packets copied unchanged. Every source
 * frame gives exactly one output frame with the source's timestamp, so frame counts, timing and
 * rate stay the source's (what `-fps_mode passthrough` does on the CLI).
 */
import { Canvas, ImageData, type SKRSContext2D } from '@napi-rs/canvas';
import type { Decoder, Encoder, FilterAPI, Muxer } from 'node-av/api';
import type { Frame, Packet } from 'node-av/lib';
import { VideoDecodeError } from './errors.js';
import { clipPackets, rotationFilters } from './decode.js';
import { isUrl, openClip, reason } from './open-input.js';
import { loadAv } from './runtime.js';
import { streamDisplayRotation, streamRotation } from './probe.js';
import { createX264, writeAndFree, x264Writer, type X264Writer } from './frame-encode.js';

/** Options of {@link paintAndEncode}. */
export interface PaintEncodeOptions {
  clipPath: string;
  /** Output MP4 path (written in place: callers write to a temp name and rename). */
  outPath: string;
  /** Paints on frame `index` (0-based decode order); the context holds the upright source frame. */
  paint: (ctx: SKRSContext2D, index: number) => void;
  /** x264 preset and constant rate factor (quality: 18 ≈ visually lossless, x264 docs). */
  preset: string;
  crf: number;
  signal?: AbortSignal;
  onFrame?: (done: number) => void;
  /** Copy the audio packets (default true); false writes the video stream alone. */
  copyAudio?: boolean;
  /** A further rotation after the display rotation, ffprobe's convention (VideoInfo.turned: a picture turned without a tag); default 0. */
  turn?: number;
}

/**
 * Writes the painted MP4. Resolves when the file is complete.
 * @throws VideoProbeError when the clip cannot be opened; VideoDecodeError when decoding or
 *   encoding fails; the signal's reason when aborted (the partial file is the caller's to remove).
 */
export async function paintAndEncode(o: PaintEncodeOptions): Promise<number> {
  const { api } = await loadAv();
  const { demuxer, video } = await openClip(o.clipPath, o.signal ? { signal: o.signal } : {});
  const audio = o.copyAudio === false ? undefined : demuxer.audio();
  const tb = video.timeBase;
  const rotation = streamRotation({ side_data_list: [{ rotation: await streamDisplayRotation(video) }] });
  let decoder: Decoder | undefined;
  let toRgba: FilterAPI | undefined;
  let writer: X264Writer | undefined;
  let encoder: Encoder | undefined;
  let muxer: Muxer | undefined;
  let count = 0;
  try {
    decoder = await api.Decoder.create(video);
    toRgba = api.FilterAPI.create([...rotationFilters(rotation), ...rotationFilters(o.turn ?? 0), 'format=rgba'].join(','));
    // The source's frame rate on the encoder (frame-encode.ts).
    const rate = video.avgFrameRate.num > 0 ? video.avgFrameRate : video.rFrameRate;
    encoder = await createX264(rate, o.preset, o.crf);
    muxer = await api.Muxer.open(o.outPath, { format: 'mp4', options: { movflags: '+faststart' } });
    const videoOut = muxer.addStream(encoder, { inputStream: video });
    const audioOut = audio ? muxer.addStream(audio) : -1;
    let canvas: Canvas | undefined;
    // One frame's length in the stream's time base (at the average rate), for the packet durations.
    const frameTicks = BigInt(Math.max(1, Math.round((tb.den * rate.den) / (tb.num * rate.num))));
    writer = await x264Writer(encoder, muxer, videoOut, frameTicks);
    const write = writer;
    const onDecoded = async (frame: Frame) => {
      const pts = frame.bestEffortTimestamp >= 0n ? frame.bestEffortTimestamp : frame.pts;
      for (const rgba of await toRgba!.processAll(frame)) {
        const { width, height } = rgba;
        canvas ??= new Canvas(width, height);
        const ctx = canvas.getContext('2d');
        ctx.putImageData(new ImageData(new Uint8ClampedArray(rgba.toBuffer()), width, height), 0, 0);
        rgba.free();
        o.paint(ctx, count);
        await write.writeCanvas(canvas, pts, tb);
        count++; // not inside the optional call: without onFrame it would never run
        o.onFrame?.(count);
      }
      frame.free();
    };
    // A packet the decoder refuses (a damaged file) is skipped, as in decode.ts and the ffmpeg CLI.
    const decodeSafely = (packet: Packet | null) => decoder!.decodeAll(packet).catch(() => [] as Frame[]);
    for await (const packet of clipPackets(demuxer, undefined, isUrl(o.clipPath))) {
      o.signal?.throwIfAborted();
      if (packet === null) break;
      if (packet.streamIndex === video.index) {
        for (const f of await decodeSafely(packet)) await onDecoded(f);
        packet.free();
      } else if (audio && packet.streamIndex === audio.index) await writeAndFree(muxer, packet, audioOut);
      else packet.free();
    }
    for (const f of await decodeSafely(null)) await onDecoded(f);
    await writer.flush();
    await muxer.close();
    muxer = undefined;
    return count;
  } catch (err) {
    o.signal?.throwIfAborted();
    throw new VideoDecodeError(`could not write the video: ${reason(err)}`);
  } finally {
    await muxer?.close().catch(() => undefined);
    encoder?.close();
    writer?.close();
    toRgba?.close();
    decoder?.close();
    await demuxer.close();
  }
}

/**
 * Writes the upright copy of a clip whose picture is turned on its side without a rotation tag
 * (VideoInfo.turned = `turn`): H.264 MP4 (veryfast, CRF 18: visually lossless, x264 docs), audio
 * copied, one frame per source frame at the source's timestamps, so a pose estimated on the
 * upright picture maps onto it frame for frame. Decided: the library stores this copy as the
 * session's clip (main/jobs/storing-step.ts), so playback, overlays, exports and thumbnails all
 * read the picture the pose was measured on, as for a rotation-tagged clip.
 * @returns the number of frames written.
 * @throws as {@link paintAndEncode}.
 */
export function writeUprightCopy(clipPath: string, outPath: string, turn: number, o: { signal?: AbortSignal; onFrame?: (done: number) => void } = {}): Promise<number> {
  return paintAndEncode({ clipPath, outPath, paint: () => undefined, preset: 'veryfast', crf: 18, turn, ...(o.signal ? { signal: o.signal } : {}), ...(o.onFrame ? { onFrame: o.onFrame } : {}) });
}
