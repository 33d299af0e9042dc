/**
 * Shared measuring helper for feature definitions: reads the needed joints at one frame and
 * either computes the value or reports which joints were missing (never a made-up number).
 */
import { missingJoints, joint3, type Vec3 } from './pose-access.js';
import type { EventName, Measurement, SwingContext } from './feature-types.js';

/**
 * Measures `fn` on the 3D joints `joints` at frame `frame`.
 * `fn` receives a getter (valid for the listed joints only) and returns the value, or NaN when
 * the geometry is degenerate (reported as missing "geometry").
 */
export function measureAt(
  c: SwingContext,
  frame: number,
  event: EventName,
  joints: readonly number[],
  fn: (get: (j: number) => Vec3) => number,
): Measurement {
  const missing = missingJoints(c.p, frame, joints);
  if (missing.length > 0) return { ok: false, missing, frame, event };
  const value = fn((j) => {
    const v = joint3(c.p, frame, j);
    if (!v) throw new Error(`joint ${j} was not requested by the feature`);
    return v;
  });
  return Number.isFinite(value) ? { ok: true, value, frame, event } : { ok: false, missing: ['geometry (degenerate segment)'], frame, event };
}

/** Frame index and event of ball contact. */
export function contactOf(c: SwingContext): { frame: number; event: EventName } {
  return { frame: c.phases.contact.index, event: 'ball_contact' };
}

/** Frame index and event of the end of the backswing. */
export function backswingOf(c: SwingContext): { frame: number; event: EventName } {
  return { frame: c.phases.backswingEnd.index, event: 'backswing_end' };
}
