/**
 * Video with overlay: the clip with the skeleton (and a chosen feature's highlighted joints)
 * and the coach's drawings burned in, at the source resolution and frame rate, H.264 MP4, audio
 * copied. Drawings are painted by the app's own painter (main/drawings/paint.ts) on the frames of
 * their shown range, faded at its ends, joint-attached points at the pose of each frame.
 *
 * By default the shipped FFmpeg does it in-process (main/av/paint-encode.ts): each decoded frame
 * is painted with the skeleton on a canvas and encoded, one output frame per source frame.
 * With FFMPEG_PATH set, the CLI: ffmpeg decodes the source (input 0); we paint the skeleton of each frame with
 * @napi-rs/canvas into a transparent RGBA canvas covering only the player's union bounding box
 * over the clip (far fewer bytes than full frames; the whole frame when there are drawings, which
 * may lie anywhere), pipe the frames raw (input 1), and ffmpeg's
 * `overlay` filter places them at that box, frame for frame (`-fps_mode passthrough` keeps
 * the source's frame count and timestamps). Output is written to a temp file and renamed.
 */
import { spawn } from 'node:child_process';
import { cliClipInput, cliFailureReason, paintAndEncode } from '../av/index.js';
import { rename, rm } from 'node:fs/promises';
import { createCanvas } from '@napi-rs/canvas';
import { ffmpegPath } from '../config/binaries.js';
import type { Drawing } from '../drawings/drawing.js';
import { paintShownDrawings, sourceFrameScale } from '../drawings/paint.js';
import { defaultSkeletonStyle, paintSkeleton, skeletonBounds } from '../pose/skeleton-paint.js';
import type { PoseTrack } from '../pose/pose-track.js';

/** Options of {@link renderOverlayVideo}. */
export interface OverlayVideoOptions {
  clipPath: string;
  outPath: string;
  pose2d: PoseTrack;
  /** Source frame size, pixels, and frame rate (frames/s) as stored with the session. */
  width: number;
  height: number;
  fps: number;
  highlightJoints?: readonly number[];
  highlightLimbs?: readonly (readonly [number, number])[];
  /** The coach's drawings of the session (main/library/drawings.ts), painted over the skeleton. */
  drawings?: readonly Drawing[];
  /** x264 preset; `superfast` by default (measured in `npm run bench`). */
  preset?: string;
  signal?: AbortSignal;
  /** Called after each frame is handed to ffmpeg: (frames done, total frames). */
  onProgress?: (done: number, total: number) => void;
}

/** The overlay canvas rectangle: union of the skeleton boxes, padded, clamped, even-sized. */
export function overlayRegion(
  track: PoseTrack,
  width: number,
  height: number,
): { x: number; y: number; w: number; h: number } {
  const pad = Math.max(8, height / 40);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let f = 0; f < track.frames; f++) {
    const b = skeletonBounds(track, f, pad);
    if (!b) continue;
    x0 = Math.min(x0, b[0]);
    y0 = Math.min(y0, b[1]);
    x1 = Math.max(x1, b[2]);
    y1 = Math.max(y1, b[3]);
  }
  if (!Number.isFinite(x0)) return { x: 0, y: 0, w: 2, h: 2 };
  const even = (v: number) => Math.max(2, Math.floor(v / 2) * 2);
  const x = even(Math.max(0, Math.floor(x0)));
  const y = even(Math.max(0, Math.floor(y0)));
  return { x, y, w: even(Math.min(width, Math.ceil(x1)) - x), h: even(Math.min(height, Math.ceil(y1)) - y) };
}

/**
 * Renders the overlay video. Resolves when the MP4 is in place at `outPath`.
 * @throws Error with ffmpeg's last stderr lines when ffmpeg fails; AbortError when aborted
 *   (the temp file is removed either way).
 */
export async function renderOverlayVideo(o: OverlayVideoOptions): Promise<void> {
  const tmp = `${o.outPath}.part-${process.pid}.mp4`;
  const bin = ffmpegPath();
  if (!bin) return renderInProcess(o, tmp);
  const r = o.drawings?.length ? { x: 0, y: 0, w: o.width - (o.width % 2), h: o.height - (o.height % 2) } : overlayRegion(o.pose2d, o.width, o.height);
  const args = [
    '-v',
    'error',
    '-y',
    '-nostdin',
    ...cliClipInput(o.clipPath, { capDuration: true }),
    // Our frame k must meet source frame k: shift the raw input to the first frame's time
    // (a stream may start after 0). Frame rates are constant here; a variable-rate source gets
    // the nearest earlier skeleton, which `npm test` checks on the clips we have.
    '-itsoffset',
    String(o.pose2d.timestamps[0] ?? 0),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    '-s',
    `${r.w}x${r.h}`,
    '-framerate',
    String(o.fps),
    '-i',
    'pipe:0',
    '-filter_complex',
    `[1:v]format=yuva420p[o];[0:v][o]overlay=${r.x}:${r.y}:eof_action=pass:format=yuv420,format=yuv420p[v]`,
    '-map',
    '[v]',
    '-map',
    '0:a?',
    '-fps_mode',
    'passthrough',
    '-c:v',
    'libx264',
    '-preset',
    o.preset ?? 'superfast',
    '-crf',
    '18',
    '-c:a',
    'copy',
    '-movflags',
    '+faststart',
    tmp,
  ];
  const ff = spawn(bin, args, { stdio: ['pipe', 'ignore', 'pipe'], signal: o.signal });
  let stderr = '';
  ff.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const closed = new Promise<number | null>((resolve, reject) => {
    ff.on('error', reject);
    ff.on('close', resolve);
  });
  ff.stdin.on('error', () => undefined); // ffmpeg exiting early surfaces through its exit code
  try {
    const canvas = createCanvas(r.w, r.h);
    const ctx = canvas.getContext('2d');
    ctx.translate(-r.x, -r.y);
    const style = defaultSkeletonStyle(o.height);
    for (let f = 0; f < o.pose2d.frames; f++) {
      o.signal?.throwIfAborted();
      ctx.clearRect(r.x, r.y, r.w, r.h);
      paintSkeleton(ctx, o.pose2d, f, style, o.highlightJoints, o.highlightLimbs);
      if (o.drawings?.length) paintShownDrawings(ctx, o.drawings, o.pose2d, f, sourceFrameScale(o.height));
      // ffmpeg exiting early (a refused input) never drains: stop writing when it has closed.
      if (!ff.stdin.write(canvas.data())) await Promise.race([new Promise((res) => ff.stdin.once('drain', res)), closed.catch(() => undefined)]);
      if (ff.exitCode !== null || ff.signalCode !== null) break;
      o.onProgress?.(f + 1, o.pose2d.frames);
    }
    ff.stdin.end();
    const code = await closed;
    if (code !== 0)
      throw new Error(`ffmpeg failed (exit ${code}): ${cliFailureReason(stderr)}`);
    await rename(tmp, o.outPath);
  } catch (err) {
    ff.kill('SIGKILL');
    await closed.catch(() => undefined);
    await rm(tmp, { force: true });
    throw err;
  }
}

/** The in-process path of {@link renderOverlayVideo}. */
async function renderInProcess(o: OverlayVideoOptions, tmp: string): Promise<void> {
  const style = defaultSkeletonStyle(o.height);
  const frames = o.pose2d.frames;
  try {
    await paintAndEncode({
      clipPath: o.clipPath,
      outPath: tmp,
      preset: o.preset ?? 'superfast',
      crf: 18,
      ...(o.signal ? { signal: o.signal } : {}),
      // Frame k of the pose is source frame k (the pose was decoded from this clip in the same order).
      paint: (ctx, k) => {
        if (k >= frames) return;
        paintSkeleton(ctx, o.pose2d, k, style, o.highlightJoints, o.highlightLimbs);
        if (o.drawings?.length) paintShownDrawings(ctx, o.drawings, o.pose2d, k, sourceFrameScale(o.height));
      },
      onFrame: (done) => o.onProgress?.(Math.min(done, frames), frames),
    });
    await rename(tmp, o.outPath);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
