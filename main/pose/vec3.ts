/**
 * 3-vector arithmetic over plain [x, y, z] tuples: differences, midpoints, lengths, the angle at
 * a joint and the horizontal heading of a segment. Node-free and pure, shared by the analysis
 * (main/analysis/core) and the drawing tools the renderer runs (main/drawings/geometry.ts).
 *
 * Decided: in pose/ (not analysis/) so that main/drawings and the renderer reach it without
 * importing the analysis.
 */

/** A 3-vector (metres for 3D tracks; pixels with z = 0 for 2D drawings). */
export type Vec3 = [number, number, number];

/** a − b. */
export function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

/** Midpoint of a and b. */
export function mid(a: Vec3, b: Vec3): Vec3 {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
}

/** Euclidean length. */
export function norm(a: Vec3): number {
  return Math.hypot(a[0], a[1], a[2]);
}

/** Dot product. */
export function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** Angle at vertex b of the segments b→a and b→c, degrees (0..180); NaN for a zero segment. */
export function angleAt(a: Vec3, b: Vec3, c: Vec3): number {
  const u = sub(a, b);
  const v = sub(c, b);
  const d = norm(u) * norm(v);
  if (d === 0) return NaN;
  return (Math.acos(Math.max(-1, Math.min(1, dot(u, v) / d))) * 180) / Math.PI;
}

/**
 * Heading of the horizontal projection of the segment a→b: rotation about the vertical (y up)
 * axis, radians, atan2(−dz, dx) so that a counter-clockwise turn seen from above is positive in
 * the right-handed, y-up frame. NaN when the segment is (nearly) vertical (< 1 cm horizontal).
 */
export function yaw(a: Vec3, b: Vec3): number {
  const dx = b[0] - a[0];
  const dz = b[2] - a[2];
  return Math.hypot(dx, dz) < 0.01 ? NaN : Math.atan2(-dz, dx);
}

/** Smallest signed difference a − b of two angles in degrees, in (−180, 180]. */
export function angleDiffDeg(a: number, b: number): number {
  let d = (a - b) % 360;
  if (d > 180) d -= 360;
  if (d <= -180) d += 360;
  return d;
}
