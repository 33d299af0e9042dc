/**
 * Everything the review screen needs for one session in one call: session, player, latest
 * analysis, features, categories, speed series, 2D/3D pose as typed arrays, ball contact,
 * tennis task, notes.
 */
import { LeftOutFeature, type FeatureCategory, type SpeedSeries, type WristSpeed } from '../contract/technique-schema.js';
import type { ReadableDb } from './db.js';
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

/** Frame counts of an analysis' stored pose tracks (0 when a track is missing). */
export interface PoseFrameCounts {
  pose2d: number;
  pose3d: number;
}

/** The session `id` with everything needed to play and review it, or null when there is none. */
export function getSessionDetail(db: ReadableDb, id: RowId): SessionDetail | null {
  return sessionDetail(db, id, true);
}

/**
 * The session `id` for a printed summary (`swing-studio analyze`, `library show`): the detail
 * without its pose and ball BLOBs (`pose2d`, `pose3d` null, no `ball`), plus the pose's frame
 * counts from a small query on `poses`. Decided: a summary never decodes the pose BLOBs, which
 * are most of a session's bytes. Null when there is no such session.
 */
export function getSessionSummaryDetail(db: ReadableDb, id: RowId): (SessionDetail & { poseFrames: PoseFrameCounts }) | null {
  const d = sessionDetail(db, id, false);
  if (!d) return null;
  const poseFrames: PoseFrameCounts = { pose2d: 0, pose3d: 0 };
  if (d.analysis) {
    for (const r of db.prepare('SELECT dims, frames FROM poses WHERE analysis_id = ?').all(d.analysis.id) as Array<{ dims: number; frames: number }>) {
      if (r.dims === 2) poseFrames.pose2d = r.frames;
      else poseFrames.pose3d = r.frames;
    }
  }
  return { ...d, poseFrames };
}

function sessionDetail(db: ReadableDb, id: RowId, withPose: boolean): SessionDetail | null {
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
  detail.leftOut = leftOutOf(aRow.result_extras_json);
  detail.features = (db.prepare('SELECT id, analysis_id, json FROM features WHERE analysis_id = ? ORDER BY ord').all(aid) as FeatureDbRow[]).map(rowToFeature);
  for (const c of db.prepare('SELECT name, json FROM feature_categories WHERE analysis_id = ? ORDER BY name').all(aid) as Array<{ name: string; json: string }>) {
    detail.categories[c.name] = JSON.parse(c.json) as FeatureCategory;
  }
  const series = new Map((db.prepare('SELECT name, plot_values, json FROM speed_series WHERE analysis_id = ?').all(aid) as SeriesRow[]).map((r) => [r.name, rowToSeries(r)]));
  const [hip, shoulder, wrist] = [series.get('hip'), series.get('shoulder'), series.get('wrist')];
  if (hip && shoulder && wrist) detail.kineticChain = { hip, shoulder, wrist };
  detail.wristSpeed = series.get('wrist_speed') ?? null;
  if (withPose) {
    for (const p of db.prepare('SELECT * FROM poses WHERE analysis_id = ?').all(aid) as PoseRow[]) {
      if (p.dims === 2) detail.pose2d = rowToPose(p);
      else detail.pose3d = rowToPose(p);
    }
    const ball = loadBallCandidates(db, aid);
    if (ball) detail.ball = ball;
  }
  if (aRow.contact_frame !== null && aRow.contact_ts !== null) detail.contact = { frameNr: aRow.contact_frame, timestamp: aRow.contact_ts };
  detail.strokes = strokesOfAnalysis(db, aid);
  detail.consistency = consistencyOf(detail.strokes);
  return detail;
}

/**
 * The left-out features of an analysis: its result's `features_left_out` (stored in
 * `result_extras_json` since schema v5; entries that do not parse are skipped).
 * Decided: never read back from the warnings' text; an analysis stored before v5 (extras '{}')
 * lists none here, its warnings still say which were left out.
 */
function leftOutOf(extrasJson: string): SessionDetail['leftOut'] {
  const list = (JSON.parse(extrasJson) as { features_left_out?: unknown }).features_left_out;
  return Array.isArray(list) ? list.flatMap((l) => { const p = LeftOutFeature.safeParse(l); return p.success ? [p.data] : []; }) : [];
}
