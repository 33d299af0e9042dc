/**
 * The capture frame rate of a session, editable after the analysis: setting it recomputes the
 * latest analysis from the stored 2D/3D pose (analyseStrokes, main/analysis: every stroke) with the
 * technique metadata the analysis ran with and the new `capture_fps`; pose estimation is not
 * run again. The session's capture rate, the analysis' features, categories, speed series,
 * ball contact, overall score, warnings and result extras are replaced in ONE immediate
 * transaction under the library-folder lock (lock.ts), so a reader sees the old analysis or the
 * new one, never a mix. The pose rows and the archive file are left as they are: the archive
 * keeps the analysis as first delivered.
 *
 * Decided: an analysis whose strokes the coach corrected (stroke-corrections.ts; the result's
 * `coach_corrected` extra) keeps its stroke list: every stroke stays at its contact frame (a video
 * frame, the same at any capture rate) with its side, two-handed flag and contact source, deleted
 * strokes stay deleted, and each stroke is measured again at the new rate (analyseKeptStrokes,
 * main/analysis); the stroke detector is not run again for it. The detected strokes the coach did
 * not touch are kept at their frames too: the coach has reviewed that list.
 */
import type { TechniqueOutput } from '../analysis/index.js';
import { sameWarning, warning, type Warning } from '../contract/warning.js';
import { readStoredWarning } from '../contract/warning-schema.js';
import { ANALYSIS_WARNING_CODES, analyseKeptStrokes, analyseStrokes, type AnalysisInput } from '../analysis/index.js';
import { InsufficientPoseError } from '../analysis/index.js';
import {
  MAX_CAPTURE_FPS,
  TechniqueRequestMetadata,
  type Stroke,
  type Hand,
  type Sport,
  type SwingType,
} from '../contract/technique-schema.js';
import { isCaptureFps } from '../contract/capture-rate.js';
import type { PoseTrack } from '../pose/pose-track.js';
import { COMPUTE_VERSION } from '../pipeline/index.js';
import type { WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import { withLibraryLock } from './lock.js';
import { pathsOf } from './paths.js';
import { loadBallCandidates } from './ball-rows.js';
import { rowToPose, type PoseRow } from './pose-blob.js';
import { getSessionSummaryDetail } from './detail.js';
import { toContractStroke } from './session-strokes.js';
import {
  COACH_CORRECTED,
  contactOf,
  deleteResultRows,
  insertResultRows,
  overallScore,
  resultExtras,
} from './analysis-rows.js';
import type { ContactEvent } from '../contract/stroke-view.js';
import type { RowId } from './library-types.js';

/** What {@link setCaptureFps} changed. */
export interface CaptureFpsOutcome {
  sessionId: RowId;
  /** The session's capture frame rate now, frames/s (null = real time). */
  captureFps: number | null;
  /** The analysis that was recomputed (null: the session has none, only the rate was stored). */
  analysisId: RowId | null;
  /** Ball contact of the recomputed analysis (video frame and seconds of video), null when none. */
  contact: ContactEvent | null;
  /** Mean feature score of the recomputed analysis, 0..100. */
  overallScore: number | null;
  /** Strokes kept as the coach corrected them and measured again (module doc); null: the stroke detector ran again (or no analysis). */
  keptCoachStrokes: number | null;
}

/** The session and player facts a recompute needs (frame rate, size, hand, height). */
export interface SessionFacts {
  sport: string;
  swing_type: string;
  fps: number;
  width: number;
  height: number;
  dominant_hand: string;
  height_mm: number;
}

/** The stored facts of the analysis a recompute replaces. */
export interface AnalysisFacts {
  id: number;
  backend: string;
  warnings_json: string;
  request_json: string | null;
  result_extras_json: string;
  /** The stored ball contact, seconds of video (null: none). */
  contact_ts: number | null;
}

/** Warning (code 'recomputed-locally') added when a remote analysis is recomputed here: its features now come from the local analysis. */
export const RECOMPUTED_LOCALLY_WARNING: Warning = warning('recomputed-locally', 'info', 'The features were recomputed on this computer for the capture frame rate.', {
  detail: 'features recomputed on this computer from the stored pose for the capture frame rate (the remote service does not take one)',
});

/**
 * Sets the capture frame rate of session `sessionId` and recomputes its latest analysis from the
 * stored pose (see the module comment).
 * @param captureFps frames/s the camera recorded at, 0 < x ≤ MAX_CAPTURE_FPS; null = real time.
 * @throws LibraryError `invalid-input` (rate out of range, analysis without stored 2D+3D pose,
 *   or the pose no longer analysable), `not-found` (no such session), `busy` (lock held elsewhere).
 */
export function setCaptureFps(
  db: WritableDb,
  sessionId: RowId,
  captureFps: number | null,
): CaptureFpsOutcome {
  if (captureFps !== null && !isCaptureFps(captureFps)) {
    throw new LibraryError(
      'invalid-input',
      `the capture frame rate must be in (0, ${MAX_CAPTURE_FPS}] frames/s or none, got ${captureFps}`,
    );
  }
  return withLibraryLock(pathsOf(db).root, () =>
    db.transaction(() => setLocked(db, sessionId, captureFps)).immediate(),
  );
}

function setLocked(db: WritableDb, sessionId: RowId, captureFps: number | null): CaptureFpsOutcome {
  const s = db
    .prepare(
      'SELECT s.sport, s.swing_type, s.fps, s.width, s.height, p.dominant_hand, p.height_mm FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.id = ?',
    )
    .get(sessionId) as SessionFacts | undefined;
  if (!s) throw new LibraryError('not-found', `no session with id ${sessionId}`);
  db.prepare('UPDATE sessions SET capture_fps = ? WHERE id = ?').run(captureFps, sessionId);
  const a = db
    .prepare(
      'SELECT id, backend, warnings_json, request_json, result_extras_json, contact_ts FROM analyses WHERE session_id = ? ORDER BY id DESC LIMIT 1',
    )
    .get(sessionId) as AnalysisFacts | undefined;
  if (!a) return { sessionId, captureFps, analysisId: null, contact: null, overallScore: null, keptCoachStrokes: null };

  const { pose2d, pose3d } = storedPose(db, a.id);
  const ball = loadBallCandidates(db, a.id);
  const base = requestOf(a, s);
  const extras = JSON.parse(a.result_extras_json) as { capture_fps?: number; [COACH_CORRECTED]?: unknown };
  const previous = extras.capture_fps;
  const meta = withCaptureFps(base, captureFps ?? undefined);
  const input = (m: TechniqueRequestMetadata): AnalysisInput => ({ pose2d, pose3d, ball, fps: s.fps, width: s.width, height: s.height, meta: m });
  const kept = extras[COACH_CORRECTED] === true ? keptStrokes(db, sessionId) : null;
  // The coach's stroke list measured again, or the detector run again: at the new clock it may
  // call the session's stroke another type; analyseStrokes then analyses the most likely stroke
  // anyway and its warning says what was found and asked.
  const analyse = (m: TechniqueRequestMetadata): Analysed =>
    kept ? corrected(analyseKeptStrokes(input(m), kept.strokes, kept.primary)) : analyseStrokes(input(m));
  let out: Analysed;
  try {
    out = analyse(meta);
  } catch (err) {
    if (err instanceof InsufficientPoseError)
      throw new LibraryError('invalid-input', `session ${sessionId} cannot be recomputed: ${err.message}`, {
        cause: err,
      });
    throw err;
  }
  // The stored analysis warnings came from the detector, or (after an earlier recompute of the corrected list) from the kept strokes.
  const prevMeta = withCaptureFps(base, previous);
  const before = previousWarnings(() => analyseStrokes(input(prevMeta)));
  const warnings = replaceAnalysisWarnings(
    (JSON.parse(a.warnings_json) as unknown[]).map(readStoredWarning),
    kept ? unionWarnings(before, previousWarnings(() => analyse(prevMeta))) : before,
    out.warnings,
  );
  if (a.backend === 'remote' && !warnings.some((w) => sameWarning(w, RECOMPUTED_LOCALLY_WARNING)))
    warnings.push(RECOMPUTED_LOCALLY_WARNING);

  const features = out.result.features;
  const contact = contactOf(features);
  const score = overallScore(features);
  deleteResultRows(db, a.id);
  insertResultRows(db, a.id, out.result);
  db.prepare(
    `UPDATE analyses SET warnings_json = ?, overall_score = ?, contact_frame = ?, contact_ts = ?, request_json = ?, result_extras_json = ?, compute_version = ?
     WHERE id = ?`,
  ).run(
    JSON.stringify(warnings),
    score,
    contact?.frameNr ?? null,
    contact?.timestamp ?? null,
    JSON.stringify(meta),
    JSON.stringify(resultExtras(out.result)),
    COMPUTE_VERSION,
    a.id,
  );
  return { sessionId, captureFps, analysisId: a.id, contact, overallScore: score, keptCoachStrokes: kept ? kept.strokes.length : null };
}

/** The 2D and 3D pose tracks stored for analysis `analysisId`. @throws LibraryError `invalid-input` when either is missing. */
export function storedPose(db: WritableDb, analysisId: RowId): { pose2d: PoseTrack; pose3d: PoseTrack } {
  const rows = db.prepare('SELECT * FROM poses WHERE analysis_id = ?').all(analysisId) as PoseRow[];
  const pose2d = rows.find((r) => r.dims === 2);
  const pose3d = rows.find((r) => r.dims === 3);
  if (!pose2d || !pose3d)
    throw new LibraryError(
      'invalid-input',
      `analysis ${analysisId} has no stored 2D and 3D pose to recompute from`,
    );
  return { pose2d: rowToPose(pose2d), pose3d: rowToPose(pose3d) };
}

/**
 * The technique metadata the analysis ran with: the stored request (schema v5 on), else rebuilt
 * from the session and player (an analysis stored before v5; a ball timestamp given then is not known).
 */
export function requestOf(a: AnalysisFacts, s: SessionFacts): TechniqueRequestMetadata {
  if (a.request_json !== null) return TechniqueRequestMetadata.parse(JSON.parse(a.request_json));
  return {
    uid: `analysis-${a.id}`,
    sport: s.sport as Sport,
    swing_type: s.swing_type as SwingType,
    dominant_hand: s.dominant_hand as Hand,
    player_height_mm: s.height_mm,
  };
}

function withCaptureFps(
  meta: TechniqueRequestMetadata,
  captureFps: number | undefined,
): TechniqueRequestMetadata {
  const { capture_fps: _old, ...rest } = meta;
  return captureFps === undefined ? rest : { ...rest, capture_fps: captureFps };
}

/** What a recompute gives: the technique result and the analysis' warnings. */
type Analysed = Pick<TechniqueOutput, 'result' | 'warnings'>;

/** The stored strokes of session `sessionId`'s latest analysis (contract shape, time order) and the analysed one's index. */
function keptStrokes(db: WritableDb, sessionId: RowId): { strokes: Stroke[]; primary: number | null } {
  const d = getSessionSummaryDetail(db, sessionId);
  const strokes = d?.strokes ?? [];
  return { strokes: strokes.map(toContractStroke), primary: strokes.find((st) => st.primary)?.index ?? null };
}

/** `a` with its result marked as the coach's corrected strokes (stays so over later recomputes). */
function corrected(a: Analysed): Analysed {
  return { ...a, result: { ...a.result, [COACH_CORRECTED]: true } };
}

/** `a` and the warnings of `b` that `a` has fewer of (matched as in {@link replaceAnalysisWarnings}). */
function unionWarnings(a: readonly Warning[], b: readonly Warning[]): Warning[] {
  const key = (w: Warning) => w.detail ?? w.message;
  const left = new Map<string, number>();
  for (const w of a) left.set(key(w), (left.get(key(w)) ?? 0) + 1);
  return [
    ...a,
    ...b.filter((w) => {
      const n = left.get(key(w)) ?? 0;
      left.set(key(w), n - 1);
      return n <= 0;
    }),
  ];
}

/** The warnings the previous analysis gave, recomputed the same way (none when it cannot be recomputed). */
function previousWarnings(recompute: () => Analysed): Warning[] {
  try {
    return recompute().warnings;
  } catch (err) {
    if (err instanceof InsufficientPoseError) return [];
    throw err;
  }
}

/**
 * The stored warnings with the previous analysis' own warnings replaced by the new analysis'
 * warnings; the pose engine's warnings and the library's stay, in order. A typed warning is the
 * analysis' own by its code (analysis/warning-codes.ts ANALYSIS_WARNING_CODES), whatever its text:
 * an app update that reworded or re-measured it leaves no stale copy. A string stored before
 * typed warnings ('legacy') or a remote service's ('service') has no such code: it is matched
 * (each once) on the detail of `previous` (the previous analysis recomputed; the message when
 * there is no detail): a legacy string is the text a typed warning now keeps as its detail.
 */
export function replaceAnalysisWarnings(
  stored: readonly Warning[],
  previous: readonly Warning[],
  next: readonly Warning[],
): Warning[] {
  const key = (w: Warning) => w.detail ?? w.message;
  const drop = new Map<string, number>();
  for (const w of previous) drop.set(key(w), (drop.get(key(w)) ?? 0) + 1);
  const kept = stored.filter((w) => {
    if (ANALYSIS_WARNING_CODES.has(w.code)) return false;
    const n = drop.get(key(w)) ?? 0;
    if (n === 0) return true;
    drop.set(key(w), n - 1);
    return false;
  });
  return [...kept, ...next];
}
