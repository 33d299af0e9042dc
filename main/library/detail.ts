/**
 * Everything the review screen needs for one session in one call: session, player, latest
 * analysis, features, categories, speed series, 2D/3D pose as typed arrays, ball contact,
 * tennis task, notes.
 */
import type { FeatureCategory, SpeedSeries, WristSpeed } from '../contract/technique-schema.js';
import type { ReadableDb } from './db.js';
import { parseLeftOutWarning } from '../analysis/index.js';
import { FEATURES } from '../analysis/index.js';
import { pathsOf } from './paths.js';
import { loadBallCandidates } from './ball-rows.js';
import { fromBlob, rowToPose, type PoseRow } from './pose-blob.js';
import { getPlayer } from './players.js';
import { rowToAnalysis, rowToFeature, rowToTennisTask, type AnalysisRow, type FeatureDbRow, type TennisTaskRow } from './rows.js';
import { getSession } from './sessions.js';
import { consistencyOf, strokesOfAnalysis } from './session-strokes.js';
import type { RowId, SessionDetail } from './library-types.js';

interface SeriesRow {
  name: string;
  plot_values: Buffer | null;
  json: string;
}

function rowToSeries(r: SeriesRow): SpeedSeries & WristSpeed {
  const rest = JSON.parse(r.json) as SpeedSeries;
  return r.plot_values ? { ...rest, plot_values: Array.from(fromBlob(r.plot_values, Float64Array)) } : rest;
}

/** The session `id` with everything needed to play and review it, or null when there is none. */
export function getSessionDetail(db: ReadableDb, id: RowId): SessionDetail | null {
  const session = getSession(db, id);
  if (!session) return null;
  const player = getPlayer(db, session.playerId);
  if (!player) throw new Error(`session ${id} refers to missing player ${session.playerId}`);
  const paths = pathsOf(db);
  const aRow = db.prepare('SELECT * FROM analyses WHERE session_id = ? ORDER BY id DESC LIMIT 1').get(id) as AnalysisRow | undefined;
  const tRow = db.prepare('SELECT * FROM tennis_tasks WHERE session_id = ? ORDER BY id DESC LIMIT 1').get(id) as TennisTaskRow | undefined;
  const detail: SessionDetail = {
    session,
    player,
    analysis: aRow ? rowToAnalysis(aRow, paths) : null,
    features: [],
    leftOut: [],
    categories: {},
    kineticChain: null,
    wristSpeed: null,
    pose2d: null,
    pose3d: null,
    contact: null,
    tennisTask: tRow ? rowToTennisTask(tRow) : null,
    notes: session.notes,
    strokes: [],
    consistency: [],
  };
  if (!aRow) return detail;
  const aid = aRow.id;
  detail.leftOut = leftOutOf(detail.analysis?.warnings ?? []);
  detail.features = (db.prepare('SELECT id, analysis_id, json FROM features WHERE analysis_id = ? ORDER BY ord').all(aid) as FeatureDbRow[]).map(rowToFeature);
  for (const c of db.prepare('SELECT name, json FROM feature_categories WHERE analysis_id = ? ORDER BY name').all(aid) as Array<{ name: string; json: string }>) {
    detail.categories[c.name] = JSON.parse(c.json) as FeatureCategory;
  }
  const series = new Map((db.prepare('SELECT name, plot_values, json FROM speed_series WHERE analysis_id = ?').all(aid) as SeriesRow[]).map((r) => [r.name, rowToSeries(r)]));
  const [hip, shoulder, wrist] = [series.get('hip'), series.get('shoulder'), series.get('wrist')];
  if (hip && shoulder && wrist) detail.kineticChain = { hip, shoulder, wrist };
  detail.wristSpeed = series.get('wrist_speed') ?? null;
  for (const p of db.prepare('SELECT * FROM poses WHERE analysis_id = ?').all(aid) as PoseRow[]) {
    if (p.dims === 2) detail.pose2d = rowToPose(p);
    else detail.pose3d = rowToPose(p);
  }
  const ball = loadBallCandidates(db, aid);
  if (ball) detail.ball = ball;
  if (aRow.contact_frame !== null && aRow.contact_ts !== null) detail.contact = { frameNr: aRow.contact_frame, timestamp: aRow.contact_ts };
  detail.strokes = strokesOfAnalysis(db, aid);
  detail.consistency = consistencyOf(detail.strokes);
  return detail;
}

/** The left-out features named in an analysis' warnings, with their display names. */
function leftOutOf(warnings: readonly string[]): SessionDetail['leftOut'] {
  return warnings.flatMap((w) => {
    const l = parseLeftOutWarning(w);
    if (!l) return [];
    const human = FEATURES.find((d) => d.name === l.feature_name)?.human ?? l.feature_name.replaceAll('_', ' ');
    return [{ ...l, feature_human_readable_name: human }];
  });
}
