/**
 * The strokes of an analysis (issue 11): one `strokes` row per stroke of `result.strokes`
 * (main/analysis/stroke-analysis.ts), with the columns a query needs (side, swing type, contact,
 * confidence, overall score) and the stroke's features and the rest of its object as JSON. A
 * result without `strokes` (the vendor's, or one stored before) is one stroke: the analysed one,
 * at its ball contact. Written with the analysis' other result rows (analysis-rows.ts) and
 * replaced with them by a recompute.
 */
import { featureConsistency } from '../analysis/index.js';
import {
  CAMERA_VIEWS,
  STROKE_SIDES,
  SWING_TYPES,
  type CameraViewName,
  type Feature,
  type FeatureConsistency,
  type Stroke,
  type StrokeSide,
  type SwingType,
  type TechniqueResult,
} from '../contract/technique-schema.js';
import type { ReadableDb, WritableDb } from './db.js';
import { CONTACT_SOURCES, type ContactSource, type RowId, type SessionStroke } from './library-types.js';

/** Facts of the session the strokes are stored for: its swing type, frame rate and capture rate (real time = video time × fps / captureFps). */
export interface StrokeSessionFacts {
  swingType: string;
  fps: number;
  captureFps: number | null;
}

const SIDE_OF: Readonly<Record<string, StrokeSide>> = {
  forehand_drive: 'forehand',
  backhand_drive: 'backhand',
  serve: 'serve',
};

/**
 * The strokes of a result: `result.strokes` when present, else one stroke made from the
 * top-level fields (ball contact = the first event named "…contact…"; none → no stroke).
 */
export function strokesOfResult(
  result: TechniqueResult,
  s: StrokeSessionFacts,
): { strokes: Stroke[]; primary: number | null } {
  if (result.strokes?.length) return { strokes: result.strokes, primary: result.stroke_index ?? null };
  const contact = result.features.find((f) => /contact/i.test(f.event.name))?.event;
  if (!contact || contact.frame_nr < 0) return { strokes: [], primary: null };
  const swingType = (SWING_TYPES as readonly string[]).includes(s.swingType) ? (s.swingType as SwingType) : null;
  const score = result.features.length
    ? result.features.reduce((a, f) => a + f.score, 0) / result.features.length
    : undefined;
  const stroke: Stroke = {
    index: 1,
    side: SIDE_OF[s.swingType] ?? 'forehand',
    two_handed: false,
    swing_type: swingType,
    contact: {
      frame_nr: contact.frame_nr,
      timestamp: contact.timestamp,
      real_time: contact.timestamp * (s.captureFps ? s.fps / s.captureFps : 1),
    },
    confidence: contact.confidence ?? 1,
    hand_measured: contact.hand_measured ?? true,
    features: result.features,
    feature_categories: result.feature_categories,
    ...(score !== undefined ? { overall_score: score } : {}),
    ...(result.camera_view ? { camera_view: result.camera_view } : {}),
  };
  return { strokes: [stroke], primary: 1 };
}

/**
 * Inserts the stroke rows of analysis `analysisId` (see {@link strokesOfResult}). Run inside the analysis' transaction.
 * A stroke's `contact_source` (v13) is its own `contact_source` field when it has one (a
 * correction, a hand-over of corrected strokes), else 'ball' for the analysed stroke of an
 * analysis given a ball time (`ballTime`), else 'detected'.
 */
export function insertStrokeRows(
  db: WritableDb,
  analysisId: RowId,
  sessionId: RowId,
  result: TechniqueResult,
  s: StrokeSessionFacts,
  ballTime = false,
): void {
  const { strokes, primary } = strokesOfResult(result, s);
  const ins = db.prepare(
    `INSERT INTO strokes (analysis_id, session_id, idx, side, two_handed, swing_type, contact_frame, contact_ts, contact_real_s,
       confidence, is_primary, overall_score, features_json, extra_json, camera_view, camera_heading_deg, contact_source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const st of strokes) {
    const { index, side, two_handed, swing_type, contact, confidence, overall_score, features, camera_view, contact_source, ...extra } =
      st;
    const source: ContactSource = CONTACT_SOURCES.includes(contact_source as ContactSource)
      ? (contact_source as ContactSource)
      : ballTime && index === primary ? 'ball' : 'detected';
    ins.run(
      analysisId,
      sessionId,
      index,
      side,
      two_handed ? 1 : 0,
      swing_type,
      contact.frame_nr,
      contact.timestamp,
      contact.real_time,
      confidence,
      index === primary ? 1 : 0,
      overall_score ?? null,
      JSON.stringify(features),
      JSON.stringify(extra),
      camera_view?.view ?? null,
      camera_view?.heading_deg ?? null,
      source,
    );
  }
}

interface StrokeRow {
  idx: number;
  side: string;
  two_handed: number;
  swing_type: string | null;
  contact_frame: number;
  contact_ts: number;
  contact_real_s: number;
  confidence: number;
  is_primary: number;
  overall_score: number | null;
  features_json: string;
  extra_json: string;
  /** v12; NULL: unknown (stored before views were estimated). */
  camera_view: string | null;
  camera_heading_deg: number | null;
  /** v13: 'detected' | 'ball' | 'coach'. */
  contact_source: string;
}

function rowToStroke(r: StrokeRow): SessionStroke {
  const extra = JSON.parse(r.extra_json) as Partial<Stroke>;
  return {
    index: r.idx,
    side: STROKE_SIDES.includes(r.side as StrokeSide) ? (r.side as StrokeSide) : 'forehand',
    twoHanded: r.two_handed === 1,
    swingType: r.swing_type as SwingType | null,
    contact: { frameNr: r.contact_frame, timestamp: r.contact_ts, realTime: r.contact_real_s },
    confidence: r.confidence,
    handMeasured: extra.hand_measured ?? true,
    overallScore: r.overall_score,
    features: JSON.parse(r.features_json) as Feature[],
    categories: extra.feature_categories ?? {},
    kineticChain: extra.kinetic_chain ?? null,
    events: extra.events ?? [],
    ...(extra.serve_stages?.length ? { serveStages: extra.serve_stages } : {}),
    ...(extra.serve_measures?.length ? { serveMeasures: extra.serve_measures } : {}),
    ...(extra.dink_measures?.length ? { dinkMeasures: extra.dink_measures } : {}),
    leftOut: extra.features_left_out ?? [],
    primary: r.is_primary === 1,
    contactSource: CONTACT_SOURCES.includes(r.contact_source as ContactSource) ? (r.contact_source as ContactSource) : 'detected',
    cameraView: CAMERA_VIEWS.includes(r.camera_view as CameraViewName) && r.camera_heading_deg !== null ? { view: r.camera_view as CameraViewName, heading_deg: r.camera_heading_deg } : null,
  };
}

/** The strokes of analysis `analysisId` in time order. */
export function strokesOfAnalysis(db: ReadableDb, analysisId: RowId): SessionStroke[] {
  return (
    db.prepare('SELECT * FROM strokes WHERE analysis_id = ? ORDER BY idx').all(analysisId) as StrokeRow[]
  ).map(rowToStroke);
}

/** Consistency of stored strokes: per feature over the strokes with features (main/analysis/consistency.ts). */
export function consistencyOf(strokes: readonly SessionStroke[]): FeatureConsistency[] {
  return featureConsistency(strokes.filter((s) => s.features.length > 0).map((s) => s.features));
}

/** A stored stroke back in the contract's shape (result.strokes element), e.g. for the JSON export and the hand-over. */
export function toContractStroke(s: SessionStroke): Stroke {
  return {
    index: s.index,
    side: s.side,
    two_handed: s.twoHanded,
    swing_type: s.swingType,
    contact: { frame_nr: s.contact.frameNr, timestamp: s.contact.timestamp, real_time: s.contact.realTime },
    confidence: s.confidence,
    contact_source: s.contactSource,
    hand_measured: s.handMeasured,
    features: s.features,
    feature_categories: s.categories,
    ...(s.overallScore !== null ? { overall_score: s.overallScore } : {}),
    ...(s.kineticChain ? { kinetic_chain: s.kineticChain } : {}),
    ...(s.events.length ? { events: s.events } : {}),
    ...(s.serveStages?.length ? { serve_stages: s.serveStages } : {}),
    ...(s.serveMeasures?.length ? { serve_measures: s.serveMeasures } : {}),
    ...(s.dinkMeasures?.length ? { dink_measures: s.dinkMeasures } : {}),
    ...(s.leftOut.length ? { features_left_out: s.leftOut } : {}),
    ...(s.cameraView ? { camera_view: s.cameraView } : {}),
  };
}
