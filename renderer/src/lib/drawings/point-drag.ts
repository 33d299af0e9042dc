/**
 * Moving a point of a finished drawing: which point handle a pointer is on (the selected
 * drawing's points where they are on the frame on screen, joints at the pose), and the drawing
 * with that point replaced (a joint when the drop snaps to one, else a fixed picture point:
 * dropping a joint's point away from the skeleton detaches it).
 */
import { isJointPoint, shownOn, type DrawingData, type DrawingKind, type DrawingPoint } from '../../../../main/drawings/drawing.js';
import { pointsPx } from '../../../../main/drawings/geometry.js';
import type { PoseTrack } from '../../../../main/pose/pose-track.js';

/**
 * How near a point handle a press takes it, CSS px on screen: the 24 px minimum target of
 * WCAG 2.2 (2.5.8) as a diameter, a little more (chosen, not measured).
 */
export const HANDLE_CSS_PX = 14;

/** A point being dragged: the drawing, the point's index, and where it would land now. */
export interface PointDrag {
  id: number;
  index: number;
  point: DrawingPoint;
}

/** True when the points of a `kind` drawing can be moved one by one (a free-hand stroke has too many). */
export function hasHandles(kind: DrawingKind): boolean {
  return kind !== 'pencil';
}

/**
 * Index of the point of `d` whose handle is nearest (x, y) (source-video px) within
 * `maxDistance` px on pose frame `frameIndex` (video frame `frameNr`), or null: none near, the
 * drawing is not shown on that frame, a joint it follows is unmeasured there, or it has no handles.
 */
export function handleAt(d: Pick<DrawingData, 'kind' | 'points' | 'fromFrameNr' | 'toFrameNr'>, pose: PoseTrack | null, frameIndex: number, frameNr: number, x: number, y: number, maxDistance: number): number | null {
  if (!hasHandles(d.kind) || !shownOn(d, frameNr)) return null;
  const pts = pointsPx(d, pose, frameIndex);
  if (!pts) return null;
  let best: number | null = null;
  let bestD = maxDistance;
  pts.forEach((p, i) => {
    const dist = Math.hypot(p[0] - x, p[1] - y);
    if (dist <= bestD) {
      best = i;
      bestD = dist;
    }
  });
  return best;
}

/**
 * The fields of `d` that change when point `index` becomes `point`: the points, and the chart
 * flag, dropped when no point follows a joint any more (only attached drawings go on the chart).
 * @throws RangeError for an index outside the drawing's points.
 */
export function withMovedPoint(d: Pick<DrawingData, 'points' | 'onChart'>, index: number, point: DrawingPoint): Pick<DrawingData, 'points' | 'onChart'> {
  if (!Number.isInteger(index) || index < 0 || index >= d.points.length) throw new RangeError(`the drawing has no point ${index}`);
  const points = d.points.map((p, i) => (i === index ? point : p));
  return { points, onChart: d.onChart && points.some(isJointPoint) };
}

/** True when two points are the same (the same joint, or the same picture position). */
export function samePoint(a: DrawingPoint, b: DrawingPoint): boolean {
  if (isJointPoint(a) || isJointPoint(b)) return isJointPoint(a) && isJointPoint(b) && a.joint === b.joint;
  return a.x === b.x && a.y === b.y;
}
