/**
 * Shared measuring helper for feature definitions: reads the needed joints at one frame and
 * either computes the value or reports which joints were missing (never a made-up number).
 */
import { jointsConfidence, missingJoints, joint3, type Vec3 } from './pose-access.js';
import type { EventName, Measurement, SwingContext } from './feature-types.js';
import { computeChain, type Chain } from './chain.js';

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
  if (!Number.isFinite(value)) return { ok: false, missing: ['geometry (degenerate segment)'], frame, event };
  return { ok: true, value, frame, event, confidence: jointsConfidence(c.p, frame, joints) };
}

/** Frame index and event of ball contact. */
export function contactOf(c: SwingContext): { frame: number; event: EventName } {
  return { frame: c.phases.contact.index, event: 'ball_contact' };
}

/**
 * The left-out measurement of a feature taken at the end of the backswing when the clip starts
 * before the backswing ends (phases.ts basis `clip_start`), else null: the value at the clip's
 * first frame would change with where the clip was cut.
 */
export function backswingCut(c: SwingContext): Measurement | null {
  const e = c.phases.backswingEnd;
  if (e.basis !== 'clip_start') return null;
  const first = c.p.pose3d.frameNr[e.index] ?? e.index;
  return {
    ok: false,
    missing: [],
    reason: `the clip starts before the end of the backswing (the shoulders still turn back at its first frames, frame ${first}); include the whole backswing to measure it`,
    frame: e.index,
    event: 'backswing_end',
  };
}

/** Frame index and event of the end of the backswing. */
export function backswingOf(c: SwingContext): { frame: number; event: EventName } {
  return { frame: c.phases.backswingEnd.index, event: 'backswing_end' };
}

/**
 * The peak of a kinetic-chain speed in the forward swing (chain.ts: end of backswing to just
 * after contact), measured at the peak frame (`forward_swing` event) with the speed at contact as
 * the secondary value. Left out when the speed has no finite value in the window.
 */
export function peakOf(c: SwingContext, segment: keyof Omit<Chain, 'window'>, joints: readonly number[], label: string): Measurement {
  const s = computeChain(c.k, c.phases)[segment];
  const contact = c.phases.contact.index;
  if (s.peakIndex < 0) return { ok: false, missing: [], reason: `no ${label} speed measured in the forward swing`, frame: contact, event: 'ball_contact' };
  const m = measureAt(c, s.peakIndex, 'forward_swing', joints, () => s.peakValue);
  const atContact = s.values[contact];
  return m.ok && atContact !== undefined && Number.isFinite(atContact) ? { ...m, atContact } : m;
}
