/**
 * Video time to real time, and the matching of detected strokes to labelled ones.
 * A slowed clip shows `1 / slow_motion_factor` video seconds per real second, so an error of
 * n frames at `fps` frames per video second is n / fps × slow_motion_factor real seconds.
 */

/** Maximum real-time distance between a detected and a labelled stroke that still match, s (issue 8). */
export const MATCH_TOLERANCE_S = 0.15;

/**
 * Real seconds of `frames` frames of video: frames / fps × slowMotionFactor.
 * Example: 3 frames at 30 fps of a 0.25 (4×) slowed clip = 0.025 s.
 * @throws RangeError when fps or slowMotionFactor is not a positive number.
 */
export function framesToRealS(frames: number, fps: number, slowMotionFactor: number): number {
  if (!(fps > 0) || !(slowMotionFactor > 0))
    throw new RangeError(`fps and slow-motion factor must be > 0, got ${fps}, ${slowMotionFactor}`);
  return (frames / fps) * slowMotionFactor;
}

/** One detected-to-labelled pair: indices into the two input lists and the signed error. */
export interface StrokeMatch {
  detected: number;
  label: number;
  /** detected − labelled, frames (video). */
  errorFrames: number;
}

/** Result of {@link matchStrokes}. */
export interface MatchResult {
  matches: StrokeMatch[];
  /** Indices of detections that match no label. */
  falsePositives: number[];
  /** Indices of labels no detection matches. */
  missed: number[];
  /** matched / detected (NaN with no detection). */
  precision: number;
  /** matched / labelled (NaN with no label). */
  recall: number;
}

/**
 * One-to-one matching of detected strokes to labelled strokes, both as frame numbers of the same
 * video: pairs are taken greedily from the closest (ties: the earlier label), and a pair counts
 * only when its distance in real time is ≤ toleranceS.
 * @throws RangeError as {@link framesToRealS}.
 */
export function matchStrokes(
  detectedFrames: readonly number[],
  labelFrames: readonly number[],
  fps: number,
  slowMotionFactor: number,
  toleranceS = MATCH_TOLERANCE_S,
): MatchResult {
  const pairs: StrokeMatch[] = [];
  detectedFrames.forEach((d, i) =>
    labelFrames.forEach((l, j) => pairs.push({ detected: i, label: j, errorFrames: d - l })),
  );
  pairs.sort(
    (a, b) =>
      Math.abs(a.errorFrames) - Math.abs(b.errorFrames) || a.label - b.label || a.detected - b.detected,
  );
  const usedD = new Set<number>();
  const usedL = new Set<number>();
  const matches: StrokeMatch[] = [];
  for (const p of pairs) {
    if (usedD.has(p.detected) || usedL.has(p.label)) continue;
    if (framesToRealS(Math.abs(p.errorFrames), fps, slowMotionFactor) > toleranceS + 1e-12) continue;
    usedD.add(p.detected);
    usedL.add(p.label);
    matches.push(p);
  }
  matches.sort((a, b) => a.label - b.label);
  return {
    matches,
    falsePositives: detectedFrames.map((_, i) => i).filter((i) => !usedD.has(i)),
    missed: labelFrames.map((_, j) => j).filter((j) => !usedL.has(j)),
    precision: detectedFrames.length ? matches.length / detectedFrames.length : NaN,
    recall: labelFrames.length ? matches.length / labelFrames.length : NaN,
  };
}
