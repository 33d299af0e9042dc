/**
 * Key frames for reports: one decoded frame of the clip with the skeleton drawn and a feature's
 * joints highlighted, as PNG. The frame is selected by index (`select=eq(n,N)`), which is exact
 * whatever the stream's start time, at the cost of decoding up to N (fine for 3–10 s clips).
 * The shipped FFmpeg decodes in-process (main/av/frame-image.ts); FFMPEG_PATH selects a CLI.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { ffmpegPath } from '../../config/binaries.js';
import { framePngInProcess } from '../../av/frame-image.js';
import { cliClipInput, cliFailureReason } from '../../av/cli-input.js';
import { defaultSkeletonStyle, paintSkeleton, skeletonBounds } from '../../pose/skeleton-paint.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import type { Drawing } from '../../drawings/drawing.js';
import { paintShownDrawings } from '../../drawings/paint.js';

const run = promisify(execFile);

/**
 * A swing moment to show: frame index in the pose track, its label and joints to highlight, and
 * the coach's drawings to paint where they are shown on that frame.
 */
export interface KeyFrameSpec {
  frame: number;
  label: string;
  highlightJoints: number[];
  highlightLimbs: [number, number][];
  drawings?: readonly Drawing[];
}

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

/**
 * Crop rectangle around the player in frame `f`: the skeleton box grown by 35 % of its height on
 * every side, widened to at least 3:4 (w:h), clamped to the frame. Null when the player is absent.
 */
export function playerCrop(
  pose2d: PoseTrack,
  f: number,
  width: number,
  height: number,
): { x: number; y: number; w: number; h: number } | null {
  const b = skeletonBounds(pose2d, f, 0);
  if (!b) return null;
  const pad = (b[3] - b[1]) * 0.35;
  let [x0, y0, x1, y1] = [b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad];
  const minW = ((y1 - y0) * 3) / 4;
  if (x1 - x0 < minW) {
    const cx = (x0 + x1) / 2;
    [x0, x1] = [cx - minW / 2, cx + minW / 2];
  }
  [x0, y0, x1, y1] = [Math.max(0, x0), Math.max(0, y0), Math.min(width, x1), Math.min(height, y1)];
  return x1 - x0 > 8 && y1 - y0 > 8
    ? { x: Math.floor(x0), y: Math.floor(y0), w: Math.ceil(x1 - x0), h: Math.ceil(y1 - y0) }
    : null;
}

/**
 * The key frame as PNG: the decoded frame cropped around the player, with the skeleton of pose
 * frame `spec.frame` drawn, scaled to at most `maxWidth` × `maxHeight` pixels.
 */
export async function renderKeyFrame(
  clipPath: string,
  pose2d: PoseTrack,
  spec: KeyFrameSpec,
  maxWidth = 720,
  maxHeight = 720,
): Promise<Buffer> {
  const png = await extractFramePng(clipPath, pose2d.frameNr[spec.frame] ?? spec.frame);
  const img = await loadImage(png);
  const crop = playerCrop(pose2d, spec.frame, img.width, img.height) ?? {
    x: 0,
    y: 0,
    w: img.width,
    h: img.height,
  };
  const scale = Math.min(1, maxWidth / crop.w, maxHeight / crop.h);
  const canvas = createCanvas(Math.round(crop.w * scale), Math.round(crop.h * scale));
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  ctx.translate(-crop.x, -crop.y);
  ctx.drawImage(img, 0, 0);
  paintSkeleton(
    ctx,
    pose2d,
    spec.frame,
    defaultSkeletonStyle(crop.h * 1.5),
    spec.highlightJoints,
    spec.highlightLimbs,
  );
  if (spec.drawings?.length) paintShownDrawings(ctx, spec.drawings, pose2d, spec.frame, { toCanvas: (p) => p, px: crop.h / 360 });
  return canvas.toBuffer('image/png');
}
