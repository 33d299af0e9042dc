/**
 * Ball candidates: per decoded frame, the few moving ball-coloured blobs near the analysed
 * player (main/engine/ball-detect.ts finds them; main/analysis/ball-flight.ts links them into
 * flights). Stored with the pose (library table `ball_candidates`) so an analysis recomputed
 * from the stored pose sees the same ball. Our addition: API.md's pose files carry no ball.
 */

/** Candidates kept per frame (largest blobs first). */
export const BALL_SLOTS = 4;

/** Moving ball-coloured blobs per decoded frame; same frames as the 2D pose track. */
export interface BallCandidates {
  /** Number of frames (= the pose track's). */
  frames: number;
  /** frames × {@link BALL_SLOTS} × 2: blob centre [x, y], source-video pixels, y down; NaN in an empty slot. */
  xy: Float32Array;
  /** frames × {@link BALL_SLOTS}: blob area, source-video pixels²; 0 in an empty slot. */
  area: Float32Array;
}

/** Candidates of `frames` frames with every slot empty. */
export function emptyBallCandidates(frames: number): BallCandidates {
  return { frames, xy: new Float32Array(frames * BALL_SLOTS * 2).fill(NaN), area: new Float32Array(frames * BALL_SLOTS) };
}

/** One blob: centre [x, y] (pixels, y down) and area (pixels²). */
export interface BallBlob {
  x: number;
  y: number;
  area: number;
}

/** The non-empty slots of frame `f`, largest first. */
export function blobsAt(c: BallCandidates, f: number): BallBlob[] {
  const out: BallBlob[] = [];
  for (let s = 0; s < BALL_SLOTS; s++) {
    const area = c.area[f * BALL_SLOTS + s] ?? 0;
    if (area > 0) out.push({ x: c.xy[(f * BALL_SLOTS + s) * 2]!, y: c.xy[(f * BALL_SLOTS + s) * 2 + 1]!, area });
  }
  return out;
}

/**
 * Checks that `c` fits a pose track of `frames` frames.
 * @throws RangeError naming the mismatch.
 */
export function checkBallCandidates(c: BallCandidates, frames: number): void {
  if (c.frames !== frames) throw new RangeError(`ball candidates cover ${c.frames} frames, the pose ${frames}`);
  if (c.xy.length !== frames * BALL_SLOTS * 2 || c.area.length !== frames * BALL_SLOTS) {
    throw new RangeError(`ball candidates of ${frames} frames need ${frames * BALL_SLOTS * 2} coordinates and ${frames * BALL_SLOTS} areas`);
  }
}

/** The candidates of the frames at `indices` (as pose-track.ts `selectFrames` selects a track's). */
export function selectBallFrames(c: BallCandidates, indices: ArrayLike<number>): BallCandidates {
  const out = emptyBallCandidates(indices.length);
  for (let i = 0; i < indices.length; i++) {
    const f = indices[i]!;
    out.xy.set(c.xy.subarray(f * BALL_SLOTS * 2, (f + 1) * BALL_SLOTS * 2), i * BALL_SLOTS * 2);
    out.area.set(c.area.subarray(f * BALL_SLOTS, (f + 1) * BALL_SLOTS), i * BALL_SLOTS);
  }
  return out;
}
