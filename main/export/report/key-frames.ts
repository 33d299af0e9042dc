/**
 * Key frames for reports: one decoded frame of the clip with the skeleton drawn and a feature's
 * joints highlighted, as PNG. The frame is selected by index (`select=eq(n,N)`), which is exact
 * whatever the stream's start time, at the cost of decoding up to N (fine for 3–10 s clips).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { ffmpegPath } from '../../config/binaries.js';
import { defaultSkeletonStyle, paintSkeleton } from '../../pose/skeleton-paint.js';
import type { PoseTrack } from '../../pose/pose-track.js';

const run = promisify(execFile);

/** A swing moment to show: frame index in the pose track, its label and joints to highlight. */
export interface KeyFrameSpec {
  frame: number;
  label: string;
  highlightJoints: number[];
  highlightLimbs: [number, number][];
}

/**
 * Decodes frame `frameNr` (0-based decode order) of a clip as PNG bytes.
 * @throws Error when ffmpeg fails or the frame does not exist.
 */
export async function extractFramePng(clipPath: string, frameNr: number, signal?: AbortSignal): Promise<Buffer> {
  const { stdout } = await run(
    ffmpegPath(),
    ['-v', 'error', '-nostdin', '-i', clipPath, '-vf', `select=eq(n\\,${frameNr})`, '-fps_mode', 'passthrough', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, signal },
  );
  if (stdout.length === 0) throw new Error(`frame ${frameNr} not found in ${clipPath}`);
  return stdout;
}

/**
 * The key frame as PNG: the decoded frame with the skeleton of pose frame `spec.frame` drawn,
 * scaled to `maxWidth` pixels wide (keeps the report small).
 */
export async function renderKeyFrame(clipPath: string, pose2d: PoseTrack, spec: KeyFrameSpec, maxWidth = 960): Promise<Buffer> {
  const png = await extractFramePng(clipPath, pose2d.frameNr[spec.frame] ?? spec.frame);
  const img = await loadImage(png);
  const scale = Math.min(1, maxWidth / img.width);
  const canvas = createCanvas(Math.round(img.width * scale), Math.round(img.height * scale));
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  paintSkeleton(ctx, pose2d, spec.frame, defaultSkeletonStyle(img.height), spec.highlightJoints, spec.highlightLimbs);
  return canvas.toBuffer('image/png');
}
