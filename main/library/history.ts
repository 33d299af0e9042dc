/** A player's feature scores over time, for progress charts: per analysis, and per session's strokes with their spread. */
import { featureConsistency } from '../analysis/index.js';
import type { Feature, StrokeSide, SwingType } from '../contract/technique-schema.js';
import type { ReadableDb } from './db.js';
import type { FeatureHistoryPoint, RowId, StrokeFeatureHistoryPoint } from './library-types.js';

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

interface StrokeHistoryRow {
  session_id: number;
  recorded_at: string;
  side: string;
  swing_type: string | null;
  name: string;
  human: string | null;
  unit: string | null;
  value: number;
  score: number;
}

/**
 * A player's features per session with their spread over the session's strokes (issue 11):
 * one point per (session, stroke side, feature) of the latest done analysis of each session,
 * oldest recording first, feature order as stored. Filters: `side` (forehand, backhand,
 * serve), `featureName`.
 */
export function playerStrokeHistory(db: ReadableDb, playerId: RowId, filter: { side?: StrokeSide; featureName?: string } = {}): StrokeFeatureHistoryPoint[] {
  const rows = db
    .prepare(
      `SELECT s.id AS session_id, s.recorded_at, st.side, st.swing_type,
              json_extract(fe.value, '$.feature_name') AS name, json_extract(fe.value, '$.feature_human_readable_name') AS human,
              json_extract(fe.value, '$.unit') AS unit,
              json_extract(fe.value, '$.value') AS value, json_extract(fe.value, '$.score') AS score
       FROM sessions s
       JOIN strokes st ON st.analysis_id = (SELECT MAX(a.id) FROM analyses a WHERE a.session_id = s.id AND a.status = 'done')
       JOIN json_each(st.features_json) fe
       WHERE s.player_id = @player ${filter.side ? 'AND st.side = @side' : ''} ${filter.featureName ? "AND json_extract(fe.value, '$.feature_name') = @feature" : ''}
       ORDER BY s.recorded_at, s.id, st.side, fe.key, st.idx`,
    )
    .all({ player: playerId, ...(filter.side ? { side: filter.side } : {}), ...(filter.featureName ? { feature: filter.featureName } : {}) }) as StrokeHistoryRow[];
  const groups = new Map<string, StrokeHistoryRow[]>();
  for (const r of rows) {
    const key = `${r.session_id}\u0000${r.side}\u0000${r.name}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((g) => {
    const first = g[0]!;
    const [c] = featureConsistency(g.map((r) => [{ feature_name: r.name, unit: r.unit ?? '', value: r.value } as Feature]));
    const [sc] = featureConsistency(g.map((r) => [{ feature_name: r.name, unit: '', value: r.score } as Feature]));
    return {
      sessionId: first.session_id,
      recordedAt: first.recorded_at,
      side: first.side as StrokeSide,
      swingType: first.swing_type as SwingType | null,
      featureName: first.name,
      featureHumanReadableName: first.human ?? first.name,
      unit: first.unit,
      mean: c!.mean,
      sd: c!.sd,
      meanScore: sc!.mean,
      scoreSd: sc!.sd,
      n: g.length,
    };
  });
}
