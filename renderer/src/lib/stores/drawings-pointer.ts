/**
 * The pure rules of drawing with the pointer: where a press lands (a joint within the snap
 * radius, else a picture point rounded to 0.01 px), what counts as a drag, when a free-hand
 * stroke keeps a point, the drawing being made as the layer shows it, and the new drawing's
 * stored fields. Positions are source-video px; `k` is source-video px per CSS px on screen.
 */
import {
  ATTACHABLE_KINDS,
  defaultRange,
  POINT_COUNT,
  type DrawingData,
  type DrawingKind,
  type DrawingPoint,
  type ImagePoint,
} from '../../../../main/drawings/drawing.js';
import { nearestJoint } from '../../../../main/drawings/geometry.js';
import type { PoseTrack } from '../../../../main/pose/pose-track.js';
import type { DrawingDraft } from '../drawings/drawing-layer.js';

/**
 * How near a joint a click snaps to it, CSS px on screen. Chosen, not measured: a little under
 * the 24 px minimum target of WCAG 2.2 (2.5.8) in radius, so a click near a joint takes it;
 * joints closer together than that (pelvis and hips) go to the nearest, so click on the joint.
 */
export const SNAP_CSS_PX = 18;

/** A pointer drag longer than this (CSS px) places a line's or circle's second point on release. Chosen, not measured. */
export const DRAG_CSS_PX = 6;

/** A free-hand stroke keeps a point when the pointer is at least this far (CSS px) from the last one. Chosen, not measured. */
export const PENCIL_STEP_CSS_PX = 2;

/** The picture point at (x, y) source-video px, rounded to 0.01 px (what is stored). */
export function imagePoint(x: number, y: number): ImagePoint {
  return { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 };
}

/**
 * The point a press at (x, y) source-video px places: the nearest joint of pose frame
 * `frameIndex` within {@link SNAP_CSS_PX} (scaled by `k`) when `follow` is on and `kind` can be
 * attached (lines, arrows, angles), else the picture point. No pose (null) never snaps.
 */
export function snapPoint(pose: PoseTrack | null, frameIndex: number, x: number, y: number, k: number, kind: DrawingKind | null, follow: boolean): DrawingPoint {
  if (follow && kind && ATTACHABLE_KINDS.includes(kind)) {
    const j = nearestJoint(pose, frameIndex, x, y, SNAP_CSS_PX * k);
    if (j !== null) return { joint: j };
  }
  return imagePoint(x, y);
}

/**
 * True when a free-hand stroke with points `placed` keeps the pointer's position (x, y) px:
 * the main button is down (`buttons` bit 1), the last point is a picture point at least
 * {@link PENCIL_STEP_CSS_PX} away, and the stroke is under its most points (POINT_COUNT.pencil).
 */
export function strokeKeeps(placed: readonly DrawingPoint[], x: number, y: number, k: number, buttons: number): boolean {
  const last = placed.at(-1);
  return (buttons & 1) !== 0 && !!last && 'x' in last && Math.hypot(last.x - x, last.y - y) >= PENCIL_STEP_CSS_PX * k && placed.length < POINT_COUNT.pencil[1];
}

/** True when a release at (x, y) px, after a press at `down`, was a drag (longer than {@link DRAG_CSS_PX}). */
export function isDrag(down: readonly [number, number], x: number, y: number, k: number): boolean {
  return Math.hypot(x - down[0], y - down[1]) > DRAG_CSS_PX * k;
}

/**
 * The drawing being made, for the layer: the placed points plus the pointer's (`hover`; not for
 * free-hand strokes), or null with no tool, no point yet, or the text tool (placed in one click).
 */
export function draftOf(kind: DrawingKind | null, placed: DrawingPoint[], hover: DrawingPoint | null, colour: string): DrawingDraft | null {
  if (!kind) return null;
  const points = kind === 'pencil' || !hover ? placed : [...placed, hover];
  if (points.length === 0 || kind === 'text') return null;
  return { data: { kind, colour, text: '', points } };
}

/**
 * The stored fields of a new `kind` drawing made on video frame `frameNr`: shown `visibleFrames`
 * frames either side (defaultRange), the label trimmed (text tool only), not on the chart.
 */
export function newDrawing(kind: DrawingKind, frameNr: number, visibleFrames: number, points: DrawingPoint[], text: string, colour: string): DrawingData {
  return {
    kind,
    frameNr,
    ...defaultRange(frameNr, visibleFrames),
    points,
    text: kind === 'text' ? text.trim() : '',
    colour,
    onChart: false,
  };
}
