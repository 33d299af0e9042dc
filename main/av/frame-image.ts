/**
 * One frame of a clip as an image, with the shipped FFmpeg in-process: frame `n` in decode order
 * (exact whatever the stream's start time; decodes up to n, fine for clips of seconds), upright,
 * at the displayed size.
 */
import { Canvas, ImageData } from '@napi-rs/canvas';
import { probeVideo } from '../engine/probe.js';
import type { DecodedFrame } from '../engine/frame-source.js';
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
