/**
 * Paints one frame of an H36M-17 skeleton onto any 2D canvas context (the browser's
 * CanvasRenderingContext2D or @napi-rs/canvas in Node), so the overlay video and the report's
 * key frames draw the same figure. Coordinates are source-video pixels.
 */
import { H36M_LIMBS } from './h36m.js';
import { kpIndex, type PoseTrack } from './pose-track.js';

/** The subset of CanvasRenderingContext2D this painter uses. */
export interface Paint2D {
  strokeStyle: unknown;
  fillStyle: unknown;
  lineWidth: number;
  lineCap: unknown;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, r: number, a0: number, a1: number): void;
  closePath(): void;
  stroke(): void;
  fill(): void;
}

/** Style of the painted skeleton. Sizes in source pixels. */
export interface SkeletonStyle {
  bone: string;
  joint: string;
  highlight: string;
  lineWidth: number;
  jointRadius: number;
  /** Joints under this confidence are not drawn (0..1). */
  minConfidence: number;
}

/** Default style: line width scales with the frame height (3 px at 1080 lines). */
export function defaultSkeletonStyle(frameHeight: number): SkeletonStyle {
  const s = Math.max(1, frameHeight / 360);
  return {
    bone: 'rgba(0, 230, 118, 0.95)',
    joint: 'rgba(255, 255, 255, 0.95)',
    highlight: 'rgba(255, 61, 0, 1)',
    lineWidth: s,
    jointRadius: s * 1.6,
    minConfidence: 0.2,
  };
}

/**
 * Draws frame `f` of a 2D track. Highlighted joints (and the limbs between two highlighted
 * joints, or listed in `highlightLimbs`) are drawn in the highlight colour, thicker.
 * @returns the number of joints drawn (0 when the player is absent in the frame).
 */
export function paintSkeleton(
  ctx: Paint2D,
  track: PoseTrack,
  f: number,
  style: SkeletonStyle,
  highlightJoints: readonly number[] = [],
  highlightLimbs: readonly (readonly [number, number])[] = [],
): number {
  if (track.dims !== 2 || f < 0 || f >= track.frames || !track.present[f]) return 0;
  const hj = new Set(highlightJoints);
  const hl = new Set(highlightLimbs.map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`));
  const ok = (j: number) => (track.confidences[f * track.joints + j] ?? 0) >= style.minConfidence;
  const xy = (j: number): [number, number] => {
    const i = kpIndex(track, f, j);
    return [track.keypoints[i] ?? NaN, track.keypoints[i + 1] ?? NaN];
  };
  ctx.lineCap = 'round';
  for (const [a, b] of Object.values(H36M_LIMBS)) {
    if (!ok(a) || !ok(b)) continue;
    const hot = hl.has(`${Math.min(a, b)}-${Math.max(a, b)}`) || (hj.has(a) && hj.has(b));
    const [ax, ay] = xy(a);
    const [bx, by] = xy(b);
    if (![ax, ay, bx, by].every(Number.isFinite)) continue;
    ctx.strokeStyle = hot ? style.highlight : style.bone;
    ctx.lineWidth = hot ? style.lineWidth * 1.8 : style.lineWidth;
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
  }
  let drawn = 0;
  for (let j = 0; j < track.joints; j++) {
    const [x, y] = xy(j);
    if (!ok(j) || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    const hot = hj.has(j);
    ctx.fillStyle = hot ? style.highlight : style.joint;
    ctx.beginPath();
    ctx.arc(x, y, hot ? style.jointRadius * 1.8 : style.jointRadius, 0, Math.PI * 2);
    ctx.closePath();
    ctx.fill();
    drawn++;
  }
  return drawn;
}

/** Bounding box [x0, y0, x1, y1] of the drawn joints of frame `f`, padded by `pad` px; null when absent. */
export function skeletonBounds(track: PoseTrack, f: number, pad: number): [number, number, number, number] | null {
  if (!track.present[f]) return null;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let j = 0; j < track.joints; j++) {
    const i = kpIndex(track, f, j);
    const x = track.keypoints[i] ?? NaN;
    const y = track.keypoints[i + 1] ?? NaN;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return Number.isFinite(x0) ? [x0 - pad, y0 - pad, x1 + pad, y1 + pad] : null;
}
