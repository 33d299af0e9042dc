/**
 * Key frames for reports: one decoded frame of the clip with the skeleton drawn and a feature's
 * joints highlighted, as PNG. The frame is selected by index (`select=eq(n,N)`), which is exact
 * whatever the stream's start time; it seeks to the key frame at or before N and decodes forward (main/av/frame-seek.ts), so a frame far into an hour-long session costs about one GOP.
 * The frame comes from main/av/ (extractFramePng: the shipped FFmpeg, or FFMPEG_PATH's CLI).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { extractFramePng } from '../../av/index.js';
import { defaultSkeletonStyle, paintSkeleton, skeletonBounds } from '../../pose/skeleton-paint.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import { playerBoxAt } from '../../pose/player-box.js';
import type { Drawing } from '../../drawings/drawing.js';
import { paintShownDrawings } from '../../drawings/paint.js';

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
  /** Draw the analysed player's box (main/pose/player-box.ts) on this frame: set on the contact frame, the key frame. */
  playerBox?: boolean;
}

/** Colour of the analysed player's box on the key frame (the session view's accent, skeleton-overlay.ts). */
export const PLAYER_BOX_COLOUR = '#ffb020';

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
 * frame `spec.frame` drawn (and, with `spec.playerBox`, the analysed player's dashed box), scaled to at most `maxWidth` × `maxHeight` pixels.
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
  const box = spec.playerBox ? playerBoxAt(pose2d, pose2d.frameNr[spec.frame] ?? spec.frame) : null;
  if (box) {
    // Which person was analysed: a dashed box round them (source pixels, like the skeleton).
    ctx.strokeStyle = PLAYER_BOX_COLOUR;
    ctx.lineWidth = Math.max(2, crop.h / 240);
    ctx.setLineDash([crop.h / 60, crop.h / 90]);
    ctx.strokeRect(box.x, box.y, box.w, box.h);
    ctx.setLineDash([]);
  }
  if (spec.drawings?.length) paintShownDrawings(ctx, spec.drawings, pose2d, spec.frame, { toCanvas: (p) => p, px: crop.h / 360 });
  return canvas.toBuffer('image/png');
}
