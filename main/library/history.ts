/** A player's feature scores over time, for progress charts. */
import type { ReadableDb } from './db.js';
import type { FeatureHistoryPoint, RowId } from './types.js';

interface HistoryRow {
  session_id: number;
  analysis_id: number;
  recorded_at: string;
  swing_type: string;
  name: string;
  json: string;
  score: number;
  value: number;
  unit: string | null;
}

/**
 * Every stored feature score of player `playerId` (optionally one feature), oldest recording
 * first, one point per feature per done analysis.
 */
export function playerFeatureHistory(db: ReadableDb, playerId: RowId, featureName?: string): FeatureHistoryPoint[] {
  const rows = db
    .prepare(
      `SELECT s.id AS session_id, a.id AS analysis_id, s.recorded_at, s.swing_type, f.name, f.json, f.score, f.value, f.unit
       FROM sessions s
       JOIN analyses a ON a.session_id = s.id AND a.status = 'done'
       JOIN features f ON f.analysis_id = a.id
       WHERE s.player_id = ? ${featureName ? 'AND f.name = ?' : ''}
       ORDER BY s.recorded_at, s.id, a.id, f.ord`,
    )
    .all(...(featureName ? [playerId, featureName] : [playerId])) as HistoryRow[];
  return rows.map((r) => ({
    sessionId: r.session_id,
    analysisId: r.analysis_id,
    recordedAt: r.recorded_at,
    swingType: r.swing_type as FeatureHistoryPoint['swingType'],
    featureName: r.name,
    featureHumanReadableName: (JSON.parse(r.json) as { feature_human_readable_name: string }).feature_human_readable_name,
    score: r.score,
    value: r.value,
    unit: r.unit,
  }));
}
