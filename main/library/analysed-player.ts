/**
 * The analysed player's box on an analysis' key frame, read from the stored 2D pose
 * (main/pose/player-box.ts derives it; nothing new is stored). Decided: a summary reads the one
 * 2D pose row for it (the 3D pose and the ball are not read), so `getSessionSummaryDetail`
 * stays free of pose BLOBs and only the summary line that names the person pays for it.
 */
import { playerBoxAt, type PlayerBox } from '../pose/player-box.js';
import type { ReadableDb } from './db.js';
import { rowToPose, type PoseRow } from './pose-blob.js';
import type { RowId } from './library-types.js';

/**
 * The analysed player's box at decoded frame `frameNr` (the key frame: the contact) of analysis
 * `analysisId`, source pixels; null when the analysis has no 2D pose or the player is absent there.
 * @throws Error when the stored pose row is damaged (pose-blob.ts rowToPose).
 */
export function analysedPlayerBox(db: ReadableDb, analysisId: RowId, frameNr: number): PlayerBox | null {
  const row = db.prepare('SELECT * FROM poses WHERE analysis_id = ? AND dims = 2').get(analysisId) as PoseRow | undefined;
  return row ? playerBoxAt(rowToPose(row), frameNr) : null;
}
