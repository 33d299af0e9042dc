/**
 * One frame of a clip as an image (report key frames, library thumbnails, the comparison video):
 * frame `n` in decode order (exact whatever the stream's start time; decodes up to n, fine for
 * clips of seconds), upright, at the displayed size. The shipped FFmpeg decodes in-process;
 * FFMPEG_PATH selects a CLI (`select=eq(n,N)`).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Canvas, ImageData } from '@napi-rs/canvas';
import { ffmpegPath } from '../config/binaries.js';
import { cliClipInput, cliFailureReason } from './cli-input.js';
import { probeVideo } from './probe.js';
import type { DecodedFrame } from './decode.js';
import { decodeFramesInProcess } from './decode.js';

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

/**
 * Frame `frameNr` (0-based) of `clipPath` as PNG bytes, at `size` (the clip's displayed size,
 * pixels) when the caller knows it (a session's stored facts), else at the probed size.
 * @throws Error "frame N not found" when the clip has fewer frames; VideoProbeError /
 *   VideoDecodeError when the clip cannot be read; the signal's reason when aborted.
 */
export async function framePngInProcess(
  clipPath: string,
  frameNr: number,
  signal?: AbortSignal,
  known?: { width: number; height: number },
): Promise<Buffer> {
  const size = known ?? (await probeVideo(clipPath, signal));
  const frames = decodeFramesInProcess(clipPath, { width: size.width, height: size.height }, signal);
  for await (const f of frames) {
    if (f.index < frameNr) continue;
    await frames.return(undefined);
    const canvas = new Canvas(f.width, f.height);
    canvas.getContext('2d').putImageData(frameImageData(f), 0, 0);
    return canvas.toBuffer('image/png');
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
