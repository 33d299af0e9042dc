/**
 * Geometry of drawings on the video, pure: where a drawing's points are on a pose frame (joints
 * read from the stored 2D pose, source-video pixels), the angle of three points, the inclination
 * of a line, a drawing's value on a frame and over a track, and the joint nearest a click.
 * The 2D angle is the analysis' own `angleAt` (main/pose/vec3.ts) on z = 0, so an
 * angle drawn on joints is the angle of the stored pose by construction.
 */
import { angleAt } from '../pose/vec3.js';
import { kpIndex, type PoseTrack } from '../pose/pose-track.js';
import { isJointPoint, type DrawingData, type DrawingPoint } from './drawing.js';

/** A point in source-video pixels, [x, y] (y down). */
export type Px = [number, number];

/**
 * Position of joint `joint` in pose frame `frameIndex` (index into the track), pixels; null when
 * the player is absent in that frame, the index is outside the track or the value is not finite.
 * @throws Error for a 3D track (drawings live on the image).
 */
export function jointPx(pose: PoseTrack, frameIndex: number, joint: number): Px | null {
  if (pose.dims !== 2) throw new Error(`drawings need the 2D pose, got dims=${pose.dims}`);
  if (frameIndex < 0 || frameIndex >= pose.frames || joint < 0 || joint >= pose.joints || !pose.present[frameIndex]) return null;
  const i = kpIndex(pose, frameIndex, joint);
  const x = pose.keypoints[i] ?? NaN;
  const y = pose.keypoints[i + 1] ?? NaN;
  return Number.isFinite(x) && Number.isFinite(y) ? [x, y] : null;
}

/** Where `p` is on pose frame `frameIndex`: an image point as is, a joint from the pose (null when unmeasured or no pose). */
export function pointPx(p: DrawingPoint, pose: PoseTrack | null, frameIndex: number): Px | null {
  if (!isJointPoint(p)) return [p.x, p.y];
  return pose ? jointPx(pose, frameIndex, p.joint) : null;
}

/** Every point of a drawing on pose frame `frameIndex`, or null when a joint it follows is not measured there. */
export function pointsPx(d: Pick<DrawingData, 'points'>, pose: PoseTrack | null, frameIndex: number): Px[] | null {
  const out: Px[] = [];
  for (const p of d.points) {
    const q = pointPx(p, pose, frameIndex);
    if (!q) return null;
    out.push(q);
  }
  return out;
}

/** Angle at `vertex` between the segments to `a` and to `b`, degrees 0..180; NaN when a segment has no length. */
export function angleDeg(a: Px, vertex: Px, b: Px): number {
  return angleAt([a[0], a[1], 0], [vertex[0], vertex[1], 0], [b[0], b[1], 0]);
}

/**
 * Inclination of the line a–b to the image horizontal, degrees in (−90, 90]: positive when the
 * line rises to the right on the picture (image y points down), 0 for level, 90 for upright
 * (the tilt of a shoulder or hip line). NaN for a zero-length line.
 */
export function inclinationDeg(a: Px, b: Px): number {
  const dx = b[0] - a[0];
  const dy = a[1] - b[1];
  if (dx === 0 && dy === 0) return NaN;
  let deg = (Math.atan2(dy, dx) * 180) / Math.PI;
  if (deg > 90) deg -= 180;
  else if (deg <= -90) deg += 180;
  return deg;
}

/** Unit of a drawing's value: degrees for angles and lines, none for other kinds. */
export function valueUnit(kind: DrawingData['kind']): 'deg' | null {
  return kind === 'angle' || kind === 'line' || kind === 'arrow' ? 'deg' : null;
}

/**
 * Value of a drawing whose points are `pts` (pixels): an angle's degrees (0..180), a line's or
 * arrow's inclination (degrees, see {@link inclinationDeg}); null for other kinds and for
 * degenerate shapes.
 */
export function valueOfPoints(kind: DrawingData['kind'], pts: readonly Px[]): number | null {
  let v = NaN;
  if (kind === 'angle' && pts.length === 3) v = angleDeg(pts[0]!, pts[1]!, pts[2]!);
  else if ((kind === 'line' || kind === 'arrow') && pts.length === 2) v = inclinationDeg(pts[0]!, pts[1]!);
  return Number.isFinite(v) ? v : null;
}

/** Value of a drawing on pose frame `frameIndex` ({@link valueOfPoints} of its points there), or null. */
export function valueAt(d: Pick<DrawingData, 'kind' | 'points'>, pose: PoseTrack | null, frameIndex: number): number | null {
  const pts = pointsPx(d, pose, frameIndex);
  return pts ? valueOfPoints(d.kind, pts) : null;
}

/** The value on every frame of the track (null where a followed joint is unmeasured), for the chart. */
export function valueSeries(d: Pick<DrawingData, 'kind' | 'points'>, pose: PoseTrack): (number | null)[] {
  return Array.from({ length: pose.frames }, (_, f) => valueAt(d, pose, f));
}

/** Radius of a circle drawing (centre, rim point), pixels. */
export function circleRadius(centre: Px, rim: Px): number {
  return Math.hypot(rim[0] - centre[0], rim[1] - centre[1]);
}

/**
 * The joint of pose frame `frameIndex` nearest to (x, y) within `maxDistance` pixels (ties go to
 * the lower id), or null: what a click snaps to when attaching a drawing to the skeleton.
 */
export function nearestJoint(pose: PoseTrack | null, frameIndex: number, x: number, y: number, maxDistance: number): number | null {
  if (!pose) return null;
  let best: number | null = null;
  let bestD = maxDistance;
  for (let j = 0; j < pose.joints; j++) {
    const p = jointPx(pose, frameIndex, j);
    if (!p) continue;
    const d = Math.hypot(p[0] - x, p[1] - y);
    if (d <= bestD && (best === null || d < bestD)) {
      best = j;
      bestD = d;
    }
  }
  return best;
}

/**
 * Index of the pose frame showing video frame `frameNr` (the track's `frameNr` array is
 * ascending), or −1 when the track has no such frame.
 */
export function poseIndexOfFrameNr(pose: PoseTrack, frameNr: number): number {
  let lo = 0;
  let hi = pose.frames - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = pose.frameNr[mid]!;
    if (v === frameNr) return mid;
    if (v < frameNr) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
