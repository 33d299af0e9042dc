/**
 * PCK (percentage of correct keypoints) of our 2D pose against another model's keypoints, with
 * the torso size as the length scale, and the frames where the two disagree most.
 *
 * Torso size (per frame, of the REFERENCE pose): the distance in pixels between the midpoint of
 * the two shoulders and the midpoint of the two hips. A joint is correct at α when its
 * distance to the reference joint is ≤ α × torso size. Frames without a reference torso, and
 * reference joints that are missing, are not counted; a joint our pose lacks (player absent or
 * not finite) counts as a miss.
 */

/**
 * 2D keypoints of one source on a common joint list: `xy[(f × joints + j) × 2 + 0|1]` = x, y in
 * source-video pixels; NaN = missing.
 */
export interface Points2d {
  frames: number;
  joints: number;
  xy: Float64Array;
}

/** Positions in a {@link Points2d} joint list of the four joints that define the torso size. */
export interface TorsoJoints {
  leftShoulder: number;
  rightShoulder: number;
  leftHip: number;
  rightHip: number;
}

/** PCK result. `perJoint[a][j]` and `overall[a]` are shares 0..1 at `alphas[a]`. */
export interface PckResult {
  alphas: number[];
  perJoint: number[][];
  overall: number[];
  /** Joints counted per joint (same for every α). */
  counted: number[];
  /** Frames with a reference torso. */
  frames: number;
  /** Mean over counted joints of error / torso size, per frame (NaN: frame not counted or our pose absent). */
  frameError: Float64Array;
  /** Counted joint positions our pose lacks. */
  absent: number;
}

/** Point j of frame f, or null when either coordinate is not finite. */
export function pointAt(p: Points2d, f: number, j: number): [number, number] | null {
  const i = (f * p.joints + j) * 2;
  const x = p.xy[i]!;
  const y = p.xy[i + 1]!;
  return Number.isFinite(x) && Number.isFinite(y) ? [x, y] : null;
}

/** Torso size of frame f of `p`, pixels (see the module doc); NaN when a torso joint is missing. */
export function torsoSize(p: Points2d, f: number, t: TorsoJoints): number {
  const [ls, rs, lh, rh] = [t.leftShoulder, t.rightShoulder, t.leftHip, t.rightHip].map((j) =>
    pointAt(p, f, j),
  );
  if (!ls || !rs || !lh || !rh) return NaN;
  return Math.hypot((ls[0] + rs[0]) / 2 - (lh[0] + rh[0]) / 2, (ls[1] + rs[1]) / 2 - (lh[1] + rh[1]) / 2);
}

/**
 * PCK of `ours` against `ref` at each α (shares of torso size), per joint and over all joints,
 * over the frames `include` accepts (default: all; e.g. the frames near ball contact).
 * @throws RangeError when the two have different frame or joint counts.
 */
export function pck(ours: Points2d, ref: Points2d, torso: TorsoJoints, alphas: readonly number[], include: (f: number) => boolean = () => true): PckResult {
  if (ours.frames !== ref.frames || ours.joints !== ref.joints) {
    throw new RangeError(`point sets differ: ${ours.frames}×${ours.joints} vs ${ref.frames}×${ref.joints}`);
  }
  const hits = alphas.map(() => new Array<number>(ref.joints).fill(0));
  const counted = new Array<number>(ref.joints).fill(0);
  const frameError = new Float64Array(ref.frames).fill(NaN);
  let [frames, absent] = [0, 0];
  for (let f = 0; f < ref.frames; f++) {
    const size = torsoSize(ref, f, torso);
    if (!(size > 0) || !include(f)) continue;
    frames++;
    let [sum, n, missing] = [0, 0, false];
    for (let j = 0; j < ref.joints; j++) {
      const r = pointAt(ref, f, j);
      if (!r) continue;
      counted[j]!++;
      const o = pointAt(ours, f, j);
      if (!o) {
        absent++;
        missing = true;
        continue;
      }
      const e = Math.hypot(o[0] - r[0], o[1] - r[1]) / size;
      sum += e;
      n++;
      alphas.forEach((a, k) => {
        if (e <= a) hits[k]![j]!++;
      });
    }
    if (n > 0 && !missing) frameError[f] = sum / n;
  }
  const total = counted.reduce((a, b) => a + b, 0);
  return {
    alphas: [...alphas],
    perJoint: hits.map((h) => h.map((v, j) => (counted[j] ? v / counted[j] : NaN))),
    overall: hits.map((h) => (total ? h.reduce((a, b) => a + b, 0) / total : NaN)),
    counted,
    frames,
    frameError,
    absent,
  };
}

/** The `n` frames with the largest {@link PckResult.frameError}, largest first: [frame, error / torso]. */
export function worstFrames(frameError: Float64Array, n: number): [number, number][] {
  return [...frameError.entries()]
    .filter(([, e]) => Number.isFinite(e))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
}
