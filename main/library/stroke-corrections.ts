/**
 * The coach's corrections of a session's strokes (issue 27 "Coach in the loop"): set a stroke's
 * contact, set its side (and two-handed flag), delete a false stroke, add a missed one. Each
 * recomputes the corrected stroke's features, categories, kinetic chain and wrist speed from the
 * STORED pose (analyseCoachStroke, main/analysis: the analysis `analyze --ball-time` runs, no pose
 * estimation), then the session's consistency and, when the analysed (primary) stroke changed,
 * the top-level result and overall score; all in ONE immediate transaction under the
 * library-folder lock, like setCaptureFps (recompute.ts). A stroke whose contact the coach set
 * is stored with `contact_source` 'coach' (v13).
 *
 * Decided: strokes are renumbered in time order after a delete or an add (a stroke reference
 * `<session>:<n>` names the n-th stroke in time). Decided: deleting the analysed stroke makes the
 * analysed stroke with the highest detector confidence the primary one; the only stroke of a
 * session cannot be deleted (delete the session instead). Every correction marks the result
 * `coach_corrected` (analysis-rows.ts COACH_CORRECTED): a later capture-rate recompute
 * (setCaptureFps, recompute.ts) then keeps the coach's stroke list and measures it again instead
 * of running the stroke detector again.
 */
import { analyseCoachStroke, featureConsistency, InsufficientPoseError, type AnalysisInput, type CoachStroke, type TechniqueOutput } from '../analysis/index.js';
import type { Stroke, StrokeSide, TechniqueResult } from '../contract/technique-schema.js';
import type { WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import { withLibraryLock } from './lock.js';
import { pathsOf } from './paths.js';
import { loadBallCandidates } from './ball-rows.js';
import { getSessionSummaryDetail } from './detail.js';
import { storedDoneObject } from './session-archive.js';
import { toContractStroke } from './session-strokes.js';
import { COACH_CORRECTED, contactOf, deleteResultRows, insertResultRows, overallScore, resultExtras } from './analysis-rows.js';
import { requestOf, storedPose, type AnalysisFacts, type SessionFacts } from './recompute.js';
import { CONTACT_SOURCES, type ContactSource, type RowId } from './library-types.js';

/**
 * One correction. `strokeIndex` is the stroke's 1-based place in time order (`library show`);
 * null in `set-contact` = the analysed (primary) stroke. `frame` is a video frame number (from 0).
 */
export type StrokeCorrection =
  | { op: 'set-contact'; strokeIndex: number | null; frame: number }
  | { op: 'set-side'; strokeIndex: number; side: StrokeSide; twoHanded?: boolean }
  | { op: 'delete-stroke'; strokeIndex: number }
  | { op: 'add-stroke'; frame: number; side: StrokeSide; twoHanded?: boolean }
  /** Puts back a result {@link storedResult} gave (undo / redo of a correction): strokes, features, sources and scores exactly as they were. */
  | { op: 'restore'; result: TechniqueResult };

/** What {@link correctStroke} changed. */
export interface CorrectionOutcome {
  sessionId: RowId;
  analysisId: RowId;
  /** The corrected or added stroke's index after renumbering; null after a delete. */
  strokeIndex: number | null;
  /** Strokes of the session now. */
  strokeCount: number;
  /** Mean feature score of the analysed stroke now, 0..100 (null: none measured). */
  overallScore: number | null;
}

/** The stroke sides a sport has: a serve (or overhead) only in the racket sports. */
export function sidesOfSport(sport: string): readonly StrokeSide[] {
  return sport === 'tennis' || sport === 'pickleball' ? ['forehand', 'backhand', 'serve'] : ['forehand', 'backhand'];
}

/**
 * Applies correction `c` to the latest analysis of session `sessionId` (module doc).
 * @throws LibraryError `not-found` (no such session, or no such stroke), `invalid-input` (no
 *   analysis or stored pose, a frame outside the clip, a side the sport does not have, a stroke
 *   already at that frame, deleting the only stroke, a stroke whose pose cannot be measured),
 *   `busy` (lock held elsewhere). Nothing is changed when it throws.
 */
export function correctStroke(db: WritableDb, sessionId: RowId, c: StrokeCorrection): CorrectionOutcome {
  return withLibraryLock(pathsOf(db).root, () => db.transaction(() => correctLocked(db, sessionId, c)).immediate());
}

interface Entry {
  stroke: Stroke;
  /** Set when this stroke was analysed again by this correction. */
  out?: TechniqueOutput | null;
}

function correctLocked(db: WritableDb, sessionId: RowId, c: StrokeCorrection): CorrectionOutcome {
  const d = getSessionSummaryDetail(db, sessionId);
  if (!d) throw new LibraryError('not-found', `no session with id ${sessionId}`);
  const a = d.analysis;
  if (!a) throw new LibraryError('invalid-input', `session ${sessionId} has no analysis to correct`);
  const s = db
    .prepare('SELECT s.sport, s.swing_type, s.fps, s.width, s.height, p.dominant_hand, p.height_mm FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.id = ?')
    .get(sessionId) as SessionFacts;
  const af = db
    .prepare('SELECT id, backend, warnings_json, request_json, result_extras_json, contact_ts FROM analyses WHERE id = ?')
    .get(a.id) as AnalysisFacts;
  if (c.op === 'restore') return restoreLocked(db, d, a.id, c.result);
  const entries: Entry[] = d.strokes.map((st) => ({ stroke: toContractStroke(st) }));
  let primary: Entry | undefined = entries[d.strokes.findIndex((st) => st.primary)];
  const strokeAt = (index: number | null): Entry => {
    const e = index === null ? primary : entries[index - 1];
    if (!e) throw new LibraryError('not-found', index === null ? `session ${sessionId} has no analysed stroke` : `session ${sessionId} has no stroke ${index} (it has ${entries.length})`);
    return e;
  };
  const checkSide = (side: StrokeSide) => {
    const sides = sidesOfSport(s.sport);
    if (!sides.includes(side)) throw new LibraryError('invalid-input', `a ${s.sport} stroke has no side "${side}" (one of ${sides.join(', ')})`);
  };
  // Checks first, then the pose is read and the stroke analysed: bad input touches nothing.
  let target: Entry | null = null;
  if (c.op === 'set-contact' || c.op === 'set-side' || c.op === 'delete-stroke') target = strokeAt(c.strokeIndex);
  if (c.op === 'set-side' || c.op === 'add-stroke') checkSide(c.side);
  if (c.op === 'delete-stroke' && entries.length === 1) throw new LibraryError('invalid-input', `stroke ${c.strokeIndex} is the only stroke of session ${sessionId}: delete the session instead`);
  if (c.op === 'set-contact' || c.op === 'add-stroke') checkFrame(c.frame, d.session.durationS, d.session.fps, d.poseFrames.pose3d, sessionId);
  if (c.op === 'add-stroke' && entries.some((e) => e.stroke.contact.frame_nr === c.frame)) throw new LibraryError('invalid-input', `session ${sessionId} already has a stroke with its contact at frame ${c.frame}`);

  const { pose2d, pose3d } = storedPose(db, a.id);
  const ball = loadBallCandidates(db, a.id);
  const raw: AnalysisInput = { pose2d, pose3d, ball: ball ?? undefined, fps: s.fps, width: s.width, height: s.height, meta: requestOf(af, s) };
  const timeOf = (frame: number): number => {
    const i = pose3d.frameNr.indexOf(frame);
    return i >= 0 ? pose3d.timestamps[i]! : frame / s.fps;
  };
  const analyse = (e: Entry, cs: CoachStroke, source: ContactSource): void => {
    try {
      const { stroke, out } = analyseCoachStroke(raw, cs, e.stroke.index);
      e.stroke = { ...stroke, contact_source: source };
      e.out = out;
    } catch (err) {
      if (err instanceof InsufficientPoseError) throw new LibraryError('invalid-input', `the stroke at frame ${cs.frameNr} of session ${sessionId} cannot be measured: ${err.message}`, { cause: err });
      throw err;
    }
  };
  const asStored = (e: Entry): CoachStroke => ({
    timestamp: e.stroke.contact.timestamp,
    frameNr: e.stroke.contact.frame_nr,
    side: e.stroke.side,
    twoHanded: e.stroke.two_handed,
    confidence: e.stroke.confidence,
    contactDetected: sourceOf(e.stroke) === 'detected',
  });
  if (c.op === 'set-contact' && target) {
    analyse(target, { ...asStored(target), frameNr: c.frame, timestamp: timeOf(c.frame), contactDetected: false }, 'coach');
  } else if (c.op === 'set-side' && target) {
    analyse(target, { ...asStored(target), side: c.side, twoHanded: c.twoHanded ?? (c.side === target.stroke.side ? target.stroke.two_handed : false) }, sourceOf(target.stroke));
  } else if (c.op === 'delete-stroke' && target) {
    entries.splice(entries.indexOf(target), 1);
    if (primary === target) primary = undefined;
  } else if (c.op === 'add-stroke') {
    target = { stroke: { ...entries[0]!.stroke, index: entries.length + 1 } };
    analyse(target, { frameNr: c.frame, timestamp: timeOf(c.frame), side: c.side, twoHanded: c.twoHanded ?? false, confidence: 1, contactDetected: false }, 'coach');
    entries.push(target);
  }
  entries.sort((x, y) => x.stroke.contact.frame_nr - y.stroke.contact.frame_nr);
  entries.forEach((e, i) => (e.stroke = { ...e.stroke, index: i + 1 }));
  if (!primary) {
    const measured = entries.filter((e) => e.stroke.features.length > 0).sort((x, y) => y.stroke.confidence - x.stroke.confidence);
    primary = measured[0] ?? entries[0]!;
    if (primary.out === undefined) analyse(primary, asStored(primary), sourceOf(primary.stroke));
  }
  const stored = storedDoneObject(db, d).result as TechniqueResult;
  const result = topLevel(stored, primary);
  result.strokes = entries.map((e) => e.stroke);
  result.stroke_index = primary.stroke.index;
  result.consistency = featureConsistency(entries.filter((e) => e.stroke.features.length > 0).map((e) => e.stroke.features));
  result[COACH_CORRECTED] = true;

  const score = writeResult(db, a.id, result);
  return {
    sessionId,
    analysisId: a.id,
    strokeIndex: target && c.op !== 'delete-stroke' ? target.stroke.index : null,
    strokeCount: entries.length,
    overallScore: score,
  };
}

/** Replaces the stored result rows of analysis `analysisId` by `result`. @returns its overall score. */
function writeResult(db: WritableDb, analysisId: RowId, result: TechniqueResult): number | null {
  const primary = result.strokes?.find((st) => st.index === result.stroke_index) ?? result.strokes?.[0];
  const contact = contactOf(result.features) ?? (primary ? { frameNr: primary.contact.frame_nr, timestamp: primary.contact.timestamp } : null);
  const score = overallScore(result.features);
  deleteResultRows(db, analysisId);
  insertResultRows(db, analysisId, result);
  db.prepare('UPDATE analyses SET overall_score = ?, contact_frame = ?, contact_ts = ?, result_extras_json = ? WHERE id = ?').run(
    score,
    contact?.frameNr ?? null,
    contact?.timestamp ?? null,
    JSON.stringify(resultExtras(result)),
    analysisId,
  );
  return score;
}

/**
 * The stored technique result of session `sessionId`'s latest analysis, with its strokes (the
 * snapshot a {@link StrokeCorrection} `restore` puts back); null without a session or analysis.
 */
export function storedResult(db: WritableDb, sessionId: RowId): TechniqueResult | null {
  const d = getSessionSummaryDetail(db, sessionId);
  return d?.analysis ? (storedDoneObject(db, d).result as TechniqueResult) : null;
}

/** Puts back `result` (a {@link storedResult} snapshot) after checking its strokes' frames. */
function restoreLocked(db: WritableDb, d: NonNullable<ReturnType<typeof getSessionSummaryDetail>>, analysisId: RowId, result: TechniqueResult): CorrectionOutcome {
  const strokes = result.strokes ?? [];
  if (strokes.length === 0) throw new LibraryError('invalid-input', `the result to restore for session ${d.session.id} has no strokes`);
  for (const st of strokes) checkFrame(st.contact.frame_nr, d.session.durationS, d.session.fps, d.poseFrames.pose3d, d.session.id);
  const score = writeResult(db, analysisId, result);
  return { sessionId: d.session.id, analysisId, strokeIndex: result.stroke_index ?? null, strokeCount: strokes.length, overallScore: score };
}

/** Fields of a technique result one stroke's analysis sets (dropped from the stored result when the primary stroke is analysed again). */
const STROKE_FIELDS = ['features_left_out', 'camera_view', 'slow_motion_guess', 'distinct_images_per_second', 'kinetic_chain', 'wrist_speed'] as const;

/** The top-level result: the stored one, or the primary stroke's new analysis when it was analysed again (its features, categories, chain, wrist speed, view). */
function topLevel(stored: TechniqueResult, primary: Entry): TechniqueResult {
  if (primary.out === undefined) return { ...stored };
  const kept: Record<string, unknown> = { ...stored };
  for (const k of STROKE_FIELDS) delete kept[k];
  if (!primary.out) return { ...(kept as TechniqueResult), features: [], feature_categories: {} };
  return { ...(kept as TechniqueResult), ...primary.out.result };
}

/** @throws LibraryError `invalid-input` unless `frame` is a whole frame number of the clip (0 … frames − 1). */
function checkFrame(frame: number, durationS: number, fps: number, poseFrames: number, sessionId: RowId): void {
  const frames = Math.max(Math.round(durationS * fps), poseFrames);
  if (!Number.isInteger(frame) || frame < 0 || frame >= frames)
    throw new LibraryError('invalid-input', `frame ${frame} is outside the clip of session ${sessionId} (frames 0–${frames - 1})`);
}

/** Where a contract stroke's contact came from (its `contact_source`, toContractStroke), 'detected' when unknown. */
function sourceOf(s: Stroke): ContactSource {
  return CONTACT_SOURCES.find((x) => x === s.contact_source) ?? 'detected';
}
