/**
 * The engine's ball candidates of an analysis (main/pose/ball-candidates.ts) in the library:
 * table `ball_candidates`, one row per analysis, the typed arrays as BLOBs (pose-blob.ts). Stored
 * beside the pose so that a recompute (recompute.ts) judges the swings as the first analysis did.
 * Analyses stored before this table, or from a service that sends no candidates, have no row.
 */
import type Database from 'better-sqlite3';
import { checkBallCandidates, type BallCandidates } from '../pose/ball-candidates.js';
import { blobOf, fromBlob } from './pose-blob.js';

/** Stores the candidates of analysis `analysisId` (inside the caller's transaction). */
export function insertBallCandidates(db: Database.Database, analysisId: number, c: BallCandidates): void {
  db.prepare('INSERT INTO ball_candidates (analysis_id, frames, xy, area) VALUES (?, ?, ?, ?)').run(
    analysisId,
    c.frames,
    blobOf(c.xy),
    blobOf(c.area),
  );
}

/**
 * The stored candidates of analysis `analysisId`, or undefined when it has none.
 * @throws RangeError when the stored arrays do not match their frame count (a damaged row).
 */
export function loadBallCandidates(db: Database.Database, analysisId: number): BallCandidates | undefined {
  const row = db
    .prepare('SELECT frames, xy, area FROM ball_candidates WHERE analysis_id = ?')
    .get(analysisId) as { frames: number; xy: Buffer; area: Buffer } | undefined;
  if (!row) return undefined;
  const c = {
    frames: row.frames,
    xy: fromBlob(row.xy, Float32Array),
    area: fromBlob(row.area, Float32Array),
  };
  checkBallCandidates(c, row.frames);
  return c;
}
