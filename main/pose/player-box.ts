/**
 * Which person was analysed: the analysed player's box on one frame of the stored 2D pose
 * (source pixels), derived, never stored twice. The engine writes each frame's tracked box
 * into `PoseTrack.bbox` (estimate-pose.ts: the box around the seen keypoints, padded as
 * main/engine/tracking/tracker.ts poseBox), so the box on the key frame is exact: it is the box
 * the tracker followed there. Shown on the key frame (session view, PDF) and in the CLI summary.
 */
import type { PoseTrack } from './pose-track.js';

/** The analysed player's box on one frame: pixels of the source video (x right, y down), `t` seconds on the video's timeline. */
export interface PlayerBox {
  x: number;
  y: number;
  w: number;
  h: number;
  frameNr: number;
  t: number;
}

/**
 * The box of the analysed player at decoded frame `frameNr` of a 2D track: the frame's stored
 * box, else (an older track without boxes) the box around its finite keypoints.
 * @returns null when the track is 3D, has no such frame, or the player is absent there.
 */
export function playerBoxAt(track: PoseTrack, frameNr: number): PlayerBox | null {
  if (track.dims !== 2) return null;
  const f = track.frameNr.indexOf(frameNr);
  if (f < 0 || !track.present[f]) return null;
  const t = track.timestamps[f] ?? NaN;
  const [x, y, w, h] = [0, 1, 2, 3].map((i) => track.bbox[4 * f + i] ?? NaN) as [number, number, number, number];
  if ([x, y, w, h].every(Number.isFinite) && w > 0 && h > 0) return { x, y, w, h, frameNr, t };
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let j = 0; j < track.joints; j++) {
    const px = track.keypoints[(f * track.joints + j) * 2] ?? NaN;
    const py = track.keypoints[(f * track.joints + j) * 2 + 1] ?? NaN;
    if (!Number.isFinite(px) || !Number.isFinite(py)) continue;
    [x0, y0, x1, y1] = [Math.min(x0, px), Math.min(y0, py), Math.max(x1, px), Math.max(y1, py)];
  }
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0, frameNr, t } : null;
}

/** `Analysed: the person at 612,388 px (box 540-690 × 250-700) at 2.40 s` (centre, x range × y range, whole pixels). */
export function analysedPlayerText(b: PlayerBox): string {
  const r = Math.round;
  return `Analysed: the person at ${r(b.x + b.w / 2)},${r(b.y + b.h / 2)} px (box ${r(b.x)}-${r(b.x + b.w)} × ${r(b.y)}-${r(b.y + b.h)}) at ${b.t.toFixed(2)} s`;
}
