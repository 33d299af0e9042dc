/**
 * `ball_candidates` of a technique `done` line: OUR extra (API.md has no ball), the engine's ball
 * candidates (main/pose/ball-candidates.ts: ballToJson, ballFromJson) beside the pose entries, so a client that stores the
 * pose can recompute the analysis as the service ran it. Sparse: one `[frame, x, y, area]` per
 * candidate (frame index from 0 as the pose entries' order; x, y source-video pixels, y down;
 * area pixels²). A remote service that does not send it leaves every swing to the pose alone.
 *
 * Decided: only the wire schema is here; the conversions to and from the in-memory candidates
 * are main/pose/ball-candidates.ts's, so contract/ imports nothing of pose/.
 */
import { z } from 'zod';

/** The JSON form (see the module comment). */
export const BallCandidatesJson = z.looseObject({
  /** Frames covered (= the pose entries' frames). */
  frames: z.number().int().min(0),
  /** Candidates: [frame, x, y, area]. */
  blobs: z.array(z.tuple([z.number().int().min(0), z.number(), z.number(), z.number().positive()])),
});
export type BallCandidatesJson = z.infer<typeof BallCandidatesJson>;
