/**
 * `ball_candidates` of a technique `done` line: OUR extra (API.md has no ball), the engine's ball
 * candidates (main/pose/ball-candidates.ts) beside the pose entries, so a client that stores the
 * pose can recompute the analysis as the service ran it. Sparse: one `[frame, x, y, area]` per
 * candidate (frame index from 0 as the pose entries' order; x, y source-video pixels, y down;
 * area pixels²). A remote service that does not send it leaves every swing to the pose alone.
 */
import { z } from 'zod';
import { BALL_SLOTS, emptyBallCandidates, type BallCandidates } from '../pose/ball-candidates.js';

/** The JSON form (see the module comment). */
export const BallCandidatesJson = z.looseObject({
  /** Frames covered (= the pose entries' frames). */
  frames: z.number().int().min(0),
  /** Candidates: [frame, x, y, area]. */
  blobs: z.array(z.tuple([z.number().int().min(0), z.number(), z.number(), z.number().positive()])),
});
export type BallCandidatesJson = z.infer<typeof BallCandidatesJson>;

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
