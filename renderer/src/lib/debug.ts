/**
 * `window.__swingDebug`: what the session view last drew, for end-to-end tests and bug
 * reports. Written on every draw (a few assignments; always on).
 */

/** The debug state. Coordinates of `drawnJoints` are video pixels; null = joint not drawn. */
export interface SwingDebug {
  frameIndex: number;
  mediaTime: number;
  drawnJoints: ([number, number] | null)[];
  highlighted: number[];
  scene3dObjectCount: number;
  chartPlayheadTime: number;
  /** Frame index in the 3D track (−1 when there is none). */
  frameIndex3d: number;
  /** Frame index the 3D view shows (its own report; −1 without a mounted 3D view). */
  scene3dFrame: number;
  /** Joints (H36M ids, ascending) and limbs ([from, to] H36M ids) the 3D view highlights. */
  scene3dHighlighted: number[];
  scene3dHighlightedLimbs: [number, number][];
  /** Draws since the session was opened. */
  draws: number;
  /** Milliseconds the last 2D overlay draw took (performance.now() around it). */
  lastOverlayMs: number;
  /** Milliseconds the last whole clock tick took (overlay, 3D, chart playhead, debug). */
  lastTickMs: number;
  /** performance.now() of the first draw with a skeleton after opening the session (NaN before). */
  firstSkeletonAt: number;
  /** performance.now() when the session was opened. */
  openedAt: number;
  /** The A/B loop's jumps back to A: the media time of the clock tick that issued each, its target (A) and the loop end (B) then, s. */
  loopJumps: { at: number; to: number; b: number }[];
}

declare global {
  interface Window {
    __swingDebug?: SwingDebug;
  }
}

/** Resets the debug state for a newly opened session and returns it. */
export function resetDebug(): SwingDebug {
  const d: SwingDebug = {
    frameIndex: -1,
    mediaTime: NaN,
    drawnJoints: [],
    highlighted: [],
    scene3dObjectCount: 0,
    chartPlayheadTime: NaN,
    frameIndex3d: -1,
    scene3dFrame: -1,
    scene3dHighlighted: [],
    scene3dHighlightedLimbs: [],
    draws: 0,
    lastOverlayMs: NaN,
    lastTickMs: NaN,
    firstSkeletonAt: NaN,
    openedAt: performance.now(),
    loopJumps: [],
  };
  window.__swingDebug = d;
  return d;
}
