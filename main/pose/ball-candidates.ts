/**
 * Ball candidates: per decoded frame, the few moving ball-coloured blobs near the analysed
 * player (main/engine/tracking/ball-detect.ts finds them; main/analysis/strokes/ball-flight.ts links
 * them into flights). Stored with the pose (library table `ball_candidates`) so an analysis
 * recomputed from the stored pose sees the same ball, and sent beside the pose entries of a done
 * line as `ball_candidates` (wire schema: main/contract/ball-json.ts; ballToJson, ballFromJson
 * below). Our addition: API.md's pose files carry no ball.
 */
import type { BallCandidatesJson } from '../contract/ball-json.js';

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

const r1 = (x: number) => Math.round(x * 10) / 10;

/** The sparse JSON of `c` (coordinates and areas to 0.1 px). */
export function ballToJson(c: BallCandidates): BallCandidatesJson {
  const blobs: [number, number, number, number][] = [];
  for (let f = 0; f < c.frames; f++) {
    for (let s = 0; s < BALL_SLOTS; s++) {
      const area = c.area[f * BALL_SLOTS + s]!;
      if (area > 0) blobs.push([f, r1(c.xy[(f * BALL_SLOTS + s) * 2]!), r1(c.xy[(f * BALL_SLOTS + s) * 2 + 1]!), r1(area)]);
    }
  }
  return { frames: c.frames, blobs };
}

/**
 * Candidates from their JSON: each frame's blobs largest first, at most {@link BALL_SLOTS}.
 * @throws RangeError when a blob's frame is outside [0, frames).
 */
export function ballFromJson(j: BallCandidatesJson): BallCandidates {
  const out = emptyBallCandidates(j.frames);
  const byFrame = new Map<number, [number, number, number][]>();
  for (const [f, x, y, area] of j.blobs) {
    if (f >= j.frames) throw new RangeError(`ball candidate at frame ${f} of a ${j.frames}-frame clip`);
    byFrame.set(f, [...(byFrame.get(f) ?? []), [x, y, area]]);
  }
  for (const [f, blobs] of byFrame) {
    blobs.sort((a, b) => b[2] - a[2]).slice(0, BALL_SLOTS).forEach(([x, y, area], s) => {
      out.xy[(f * BALL_SLOTS + s) * 2] = x;
      out.xy[(f * BALL_SLOTS + s) * 2 + 1] = y;
      out.area[f * BALL_SLOTS + s] = area;
    });
  }
  return out;
}
