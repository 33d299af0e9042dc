/**
 * The overlaid comparison: the second stroke's 2D skeleton drawn over the first stroke's video,
 * aligned at the pelvis and scaled by body size.
 *
 * The rule (one per pair of strokes, then per frame):
 *  - scale `s` = (first clip's pixels per mm of standing height) / (second clip's), where a
 *    clip's pixels per mm = its player's torso length in pixels / the player's height in mm. The
 *    torso length is the median pelvis–thorax distance (H36M joints 0 and 8) over every frame
 *    the player is present in: the segment is rigid, the median ignores the few frames where
 *    the pose model misplaces it. So the second player appears at their true size relative to
 *    the first (a 1.50 m junior over a 1.85 m reference is 19 % shorter); with equal heights
 *    it is the ratio of the two torso lengths in pixels;
 *  - translation per frame: the second skeleton's pelvis sits on the first's pelvis of the
 *    frame shown: p' = pelvisA(fa) + s · (p − pelvisB(fb));
 *  - mirrored (players of opposite hands, so a left-hander's forehand lies over a right-hander's):
 *    the second skeleton is reflected about the first's vertical body axis, the vertical line
 *    through pelvisA(fa): x' = pelvisA.x − s · (x − pelvisB.x), y as above, and each joint takes
 *    its mirror joint's position (left ↔ right, H36M_MIRROR), so the mirrored skeleton is a
 *    right-hander's with its hitting arm drawn as the right arm.
 * A frame is left out (not present) when either player is absent or a pelvis is unknown.
 */
import { createPoseTrack, kpIndex, type PoseTrack } from './pose-track.js';
import type { Hand } from '../contract/technique-schema.js';
import { H36M_JOINT_COUNT, H36M_MIRROR, J } from './h36m.js';

/** One stroke for the overlay: its 2D track (source pixels) and its player's height (mm). */
export interface OverlayStroke {
  pose2d: PoseTrack;
  /** Standing height of the player, millimetres (> 0). */
  heightMm: number;
}

/** Median pelvis–thorax length of a 2D track, pixels; null when no frame has both joints. */
export function torsoLengthPx(track: PoseTrack): number | null {
  if (track.dims !== 2) throw new Error(`torso length needs a 2D track, got dims=${track.dims}`);
  const lengths: number[] = [];
  for (let f = 0; f < track.frames; f++) {
    if (!track.present[f]) continue;
    const p = kpIndex(track, f, J.pelvis);
    const t = kpIndex(track, f, J.thorax);
    const d = Math.hypot((track.keypoints[t] ?? NaN) - (track.keypoints[p] ?? NaN), (track.keypoints[t + 1] ?? NaN) - (track.keypoints[p + 1] ?? NaN));
    if (Number.isFinite(d) && d > 0) lengths.push(d);
  }
  if (lengths.length === 0) return null;
  lengths.sort((x, y) => x - y);
  const m = lengths.length >> 1;
  return lengths.length % 2 ? lengths[m]! : (lengths[m - 1]! + lengths[m]!) / 2;
}

/**
 * The scale of the second skeleton in the first video (dimensionless, see the module rule).
 * @throws Error when a height is not > 0 or a track has no frame with pelvis and thorax.
 */
export function overlayScale(a: OverlayStroke, b: OverlayStroke): number {
  for (const s of [a, b]) if (!(s.heightMm > 0)) throw new Error(`player height must be > 0 mm, got ${s.heightMm}`);
  const ta = torsoLengthPx(a.pose2d);
  const tb = torsoLengthPx(b.pose2d);
  if (ta === null || tb === null) throw new Error('a stroke has no frame with both pelvis and thorax: it cannot be scaled');
  return ta / a.heightMm / (tb / b.heightMm);
}

/** Pelvis of frame `f` in pixels, or null when absent or unknown. */
function pelvisAt(track: PoseTrack, f: number): [number, number] | null {
  if (f < 0 || f >= track.frames || !track.present[f]) return null;
  const i = kpIndex(track, f, J.pelvis);
  const x = track.keypoints[i] ?? NaN;
  const y = track.keypoints[i + 1] ?? NaN;
  return Number.isFinite(x) && Number.isFinite(y) ? [x, y] : null;
}

/** Whether the overlay mirrors the second skeleton by default: when the two players' dominant hands differ. */
export function mirrorsByDefault(first: Hand, second: Hand): boolean {
  return first !== second;
}

/**
 * The second stroke's skeleton in the first video's pixels, one frame per frame of the first
 * track (same `frameNr` and `timestamps`), so it can be drawn with the first stroke's frame index.
 * @param pairFrame the second track's frame index shown with the first's frame `fa` (−1: none),
 *   e.g. the frame at the same time from ball contact.
 * @param o.mirror reflect the second skeleton about the first's pelvis x (module rule; default false).
 * @throws Error as {@link overlayScale}; Error when mirroring a track that is not H36M-17.
 */
export function alignedSecondTrack(a: OverlayStroke, b: OverlayStroke, pairFrame: (fa: number) => number, o: { mirror?: boolean } = {}): PoseTrack {
  const s = overlayScale(a, b);
  const mirror = o.mirror ?? false;
  if (mirror && b.pose2d.joints !== H36M_JOINT_COUNT) throw new Error(`mirroring needs the ${H36M_JOINT_COUNT} H36M joints, got ${b.pose2d.joints}`);
  const sx = mirror ? -s : s;
  const A = a.pose2d;
  const B = b.pose2d;
  const out = createPoseTrack(A.frames, 2, B.joints, B.sourcePath);
  out.frameNr.set(A.frameNr);
  out.timestamps.set(A.timestamps);
  for (let fa = 0; fa < A.frames; fa++) {
    const fb = pairFrame(fa);
    const pa = pelvisAt(A, fa);
    const pb = pelvisAt(B, fb);
    if (!pa || !pb) continue;
    out.present[fa] = 1;
    for (let j = 0; j < B.joints; j++) {
      const from = mirror ? H36M_MIRROR[j]! : j;
      const src = kpIndex(B, fb, from);
      const dst = kpIndex(out, fa, j);
      out.keypoints[dst] = pa[0] + sx * ((B.keypoints[src] ?? NaN) - pb[0]);
      out.keypoints[dst + 1] = pa[1] + s * ((B.keypoints[src + 1] ?? NaN) - pb[1]);
      out.confidences[fa * out.joints + j] = B.confidences[fb * B.joints + from] ?? 0;
    }
    out.boxConfidence[fa] = B.boxConfidence[fb] ?? 0;
  }
  return out;
}
