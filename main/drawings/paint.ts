/**
 * Paints drawings onto any 2D canvas context (the browser's for the session overlay,
 * @napi-rs/canvas for the PDF's key frames), so the app and the report show the same figure.
 * Points come in source-video pixels and go through `toCanvas`; sizes are in style pixels × `px`
 * (the overlay passes device pixels per CSS pixel, the report a scale for the frame's height).
 */
import { displayText } from '../contract/display-names.js';
import type { Paint2D } from '../pose/skeleton-paint.js';
import type { PoseTrack } from '../pose/pose-track.js';
import { drawingOpacity, isJointPoint, type Drawing, type DrawingData } from './drawing.js';
import { circleRadius, pointsPx, valueOfPoints, type Px } from './geometry.js';

/** The canvas calls the painter makes beyond the skeleton painter's. */
export interface DrawingPaint2D extends Paint2D {
  font: string;
  textBaseline: unknown;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  setLineDash(segments: number[]): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  save(): void;
  restore(): void;
  /** Opacity of what is painted next, 0..1 (the fade at the ends of a drawing's range). */
  globalAlpha: number;
}

/** How to place and size what is painted. */
export interface DrawingPaintScale {
  /** Source-video pixels → canvas pixels. */
  toCanvas: (p: Px) => Px;
  /** Canvas pixels per style pixel (line widths, text size). */
  px: number;
}

/**
 * The scale for painting on a whole source frame (the overlay MP4): points as they are, sizes ×
 * frame height / 360, the skeleton painter's scale (main/pose/skeleton-paint.ts
 * defaultSkeletonStyle), so a drawing is as thick next to the skeleton as on a 360-line screen.
 */
export function sourceFrameScale(frameHeight: number): DrawingPaintScale {
  return { toCanvas: (p) => p, px: Math.max(1, frameHeight / 360) };
}

/** Line width, style pixels. */
const LINE = 2.5;
/** Text size of labels and values, style pixels. */
const FONT = 15;

/** Text of a value: whole degrees with the degree sign ("42°"). */
export function formatDegrees(v: number): string {
  return `${Math.round(v)}°`;
}

/**
 * Paints one drawing whose points (source pixels, in the drawing's order) are `pts`; a draft
 * may have fewer points than the finished kind (an angle being made shows its first segment).
 * Angles always show their degrees at the vertex; lines and arrows show theirs when `showValue`
 * (the renderer shows them for drawings that follow joints). `selected` draws it dashed;
 * `opacity` (0..1, default 1) fades all of it (main/drawings/drawing.ts drawingOpacity).
 */
export function paintDrawing(ctx: DrawingPaint2D, d: Pick<DrawingData, 'kind' | 'colour' | 'text'>, pts: readonly Px[], s: DrawingPaintScale, o: { showValue?: boolean; selected?: boolean; opacity?: number } = {}): void {
  if (pts.length === 0 || o.opacity === 0) return;
  const c = pts.map(s.toCanvas);
  ctx.save();
  ctx.globalAlpha = o.opacity ?? 1;
  ctx.strokeStyle = d.colour;
  ctx.fillStyle = d.colour;
  ctx.lineWidth = LINE * s.px;
  ctx.lineCap = 'round';
  ctx.setLineDash(o.selected ? [8 * s.px, 5 * s.px] : []);
  switch (d.kind) {
    case 'line':
    case 'arrow':
    case 'pencil':
      polyline(ctx, c);
      if (d.kind === 'arrow' && c.length === 2) arrowHead(ctx, c[0]!, c[1]!, s.px);
      if (d.kind !== 'pencil' && o.showValue && c.length === 2) valueLabel(ctx, d.kind, pts, mid(c[0]!, c[1]!), s.px, d.colour);
      break;
    case 'angle':
      polyline(ctx, c.length === 3 ? [c[0]!, c[1]!, c[2]!] : c);
      if (c.length === 3) {
        angleArc(ctx, c[0]!, c[1]!, c[2]!, s.px);
        valueLabel(ctx, 'angle', pts, c[1]!, s.px, d.colour);
      }
      break;
    case 'circle':
      if (c.length === 2) {
        ctx.beginPath();
        ctx.arc(c[0]![0], c[0]![1], circleRadius(c[0]!, c[1]!), 0, Math.PI * 2);
        ctx.stroke();
      }
      break;
    case 'text':
      label(ctx, d.text, c[0]!, s.px, d.colour);
      break;
  }
  for (const p of d.kind === 'pencil' || d.kind === 'text' ? [] : c) dot(ctx, p, s.px);
  ctx.restore();
}

/**
 * Paints the drawings shown on pose frame `frameIndex` (by its frame_nr), at their points on that
 * frame and with their opacity there (faded near the ends of their range: drawingOpacity); drawings
 * that follow a joint unmeasured there are left out. Values are shown on drawings that follow
 * joints, as in the app. The one painter of the session page, the overlay MP4 and the report's key frames.
 * @returns the ids of the drawings painted.
 */
export function paintShownDrawings(ctx: DrawingPaint2D, list: readonly Drawing[], pose: PoseTrack | null, frameIndex: number, s: DrawingPaintScale, selectedId: number | null = null): number[] {
  const frameNr = pose && frameIndex >= 0 ? (pose.frameNr[frameIndex] ?? frameIndex) : frameIndex;
  const painted: number[] = [];
  for (const d of list) {
    const opacity = drawingOpacity(d, frameNr);
    if (opacity === 0) continue;
    const pts = pointsPx(d, pose, frameIndex);
    if (!pts) continue;
    paintDrawing(ctx, d, pts, s, { showValue: d.points.some(isJointPoint), selected: d.id === selectedId, opacity });
    painted.push(d.id);
  }
  return painted;
}

function polyline(ctx: DrawingPaint2D, c: readonly Px[]): void {
  if (c.length < 2) return;
  ctx.beginPath();
  ctx.moveTo(c[0]![0], c[0]![1]);
  for (const p of c.slice(1)) ctx.lineTo(p[0], p[1]);
  ctx.stroke();
}

function dot(ctx: DrawingPaint2D, p: Px, px: number): void {
  ctx.beginPath();
  ctx.arc(p[0], p[1], 3.5 * px, 0, Math.PI * 2);
  ctx.fill();
}

function mid(a: Px, b: Px): Px {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

function arrowHead(ctx: DrawingPaint2D, from: Px, to: Px, px: number): void {
  const a = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const len = 14 * px;
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(to[0], to[1]);
  ctx.lineTo(to[0] - len * Math.cos(a - 0.45), to[1] - len * Math.sin(a - 0.45));
  ctx.lineTo(to[0] - len * Math.cos(a + 0.45), to[1] - len * Math.sin(a + 0.45));
  ctx.closePath();
  ctx.fill();
}

/** The arc between the two arms of an angle, inside the smaller sector. */
function angleArc(ctx: DrawingPaint2D, a: Px, o: Px, b: Px, px: number): void {
  const r = Math.min(28 * px, 0.4 * Math.hypot(a[0] - o[0], a[1] - o[1]), 0.4 * Math.hypot(b[0] - o[0], b[1] - o[1]));
  if (!(r > 2)) return;
  const t0 = Math.atan2(a[1] - o[1], a[0] - o[0]);
  let t1 = Math.atan2(b[1] - o[1], b[0] - o[0]);
  let sweep = t1 - t0;
  while (sweep > Math.PI) sweep -= 2 * Math.PI;
  while (sweep < -Math.PI) sweep += 2 * Math.PI;
  t1 = t0 + sweep;
  ctx.beginPath();
  ctx.arc(o[0], o[1], r, Math.min(t0, t1), Math.max(t0, t1));
  ctx.stroke();
}

function valueLabel(ctx: DrawingPaint2D, kind: DrawingData['kind'], pts: readonly Px[], at: Px, px: number, colour: string): void {
  const v = valueOfPoints(kind, pts);
  if (v === null) return;
  label(ctx, formatDegrees(v), [at[0] + 10 * px, at[1] - 10 * px - FONT * px], px, colour);
}

/** Text on a dark box (readable on any video), top-left corner at `at`; bidi controls stripped (display-names.ts). */
function label(ctx: DrawingPaint2D, raw: string, at: Px, px: number, colour: string): void {
  const text = displayText(raw);
  ctx.setLineDash([]);
  ctx.font = `600 ${Math.round(FONT * px)}px sans-serif`;
  ctx.textBaseline = 'top';
  const w = ctx.measureText(text).width;
  const pad = 4 * px;
  ctx.fillStyle = 'rgba(0, 0, 0, 0.65)';
  ctx.fillRect(at[0] - pad, at[1] - pad, w + 2 * pad, FONT * px + 2 * pad);
  ctx.fillStyle = colour;
  ctx.fillText(text, at[0], at[1]);
}
