/**
 * Ingest: one finished analysis, typed (main/pipeline TechniqueAnalysis: from the direct
 * backend as the pipeline made it, or parsed from a done line at the HTTP client's edge), becomes
 * one session in the library. ingestAnalysis takes a done line (hand-over import, tests) and
 * parses it with the same analysisFromDone first.
 *
 * Decided: the pose is written once, as SQLite BLOBs (table poses): they are transactional and
 * what the app reads. No archive ZIP is written for an analysis that came without one (a local
 * analysis); the archive export and the hand-over derive it from the BLOBs (session-archive.ts).
 * An archive received with the analysis (a remote service's `archive_url` download, a
 * hand-over's archive.zip) is kept as received. Archives of older libraries stay where they are.
 *
 * Order (the crash-safety argument, README.md):
 *  1. files first: the clip is copied under its content hash (or, kept in place, only hashed:
 *     linked-clips.ts) and a received archive written under its uid, each atomically (temp +
 *     fsync + rename + folder fsync);
 *  2. then ONE immediate transaction inserts player (if new), session, tags, analysis,
 *     features, categories, series and pose.
 * Both steps run under the library-folder lock (main/library/lock.ts), so another process's
 * sweep or delete cannot remove the files between step 1 and the commit.
 * A failure before the commit removes the files this ingest wrote (removeUncommitted); a crash
 * before it leaves files no row refers to, which sweepOrphans() removes on a later sweep; a crash
 * after it leaves everything. Rows never point to missing files.
 * The same uid ingested twice returns the existing session and writes nothing.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { warning, type Warning } from '../contract/warning.js';
import { ballNotStoredWarning } from '../pipeline/index.js';
import { join } from 'node:path';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS } from '../archive/errors.js';
import { readArchive } from '../archive/read.js';
import { writeFileAtomic } from '../files/index.js';
import { MAX_CAPTURE_FPS, SPORTS, SWING_TYPES, type DoneResult, type Sport, type SwingType, type TechniqueRequestMetadata } from '../contract/technique-schema.js';
import { isCaptureFps } from '../contract/capture-rate.js';
import type { VideoInfo } from '../av/index.js';
import { checkBallCandidates, type BallCandidates } from '../pose/ball-candidates.js';
import { analysisFromDone, DonePoseMissingError, type TechniqueAnalysis } from '../pipeline/index.js';
import type { PoseTrack } from '../pose/pose-track.js';
import type { WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import { storeClip, type StoredClip } from './files.js';
import { linkClip, type ClipHash } from './linked-clips.js';
import { withLibraryLock } from './lock.js';
import { archiveFileName, pathsOf } from './paths.js';
import { createPlayer, findPlayerByName, getPlayer } from './players.js';
import { insertAnalysisRows } from './analysis-rows.js';
import { replaceTags } from './tags.js';
import type { AnalysisBackend, AnalysisTimings, ClipStorage, NewPlayer, RowId } from './library-types.js';

/**
 * The session part of an ingest. Clip facts (duration, fps, size) come from the engine's probe
 * (main/av/probe.ts, the one probe), e.g. the `VideoInfo` a direct analysis returns ({@link clipFacts}).
 */
export interface IngestSession {
  /** The clip as recorded, anywhere on disk; it is copied into the library unless `clipStorage` is 'linked'. */
  sourceClipPath: string;
  /** 'copied' (default: into clips/, hashed while copying) or 'linked' (kept in place: path and hash stored, no copy; linked-clips.ts). */
  clipStorage?: ClipStorage;
  /** A linked clip's hash read before (linked-clips.ts hashClip, asynchronous), used while the file's size and time are unchanged. */
  clipHash?: ClipHash;
  /** ISO 8601 date or date-time of recording. */
  recordedAt: string;
  sport: Sport;
  swingType: SwingType;
  /** Seconds. */
  durationS: number;
  fps: number;
  /** Frame rate the camera recorded at, frames/s (slow motion; 0 < x ≤ MAX_CAPTURE_FPS); omitted = real time. */
  captureFps?: number;
  /** Pixels. */
  width: number;
  height: number;
  title?: string;
  notes?: string;
  tags?: string[];
}

/** Everything {@link ingestTechniqueAnalysis} stores. */
export interface TechniqueIngestInput {
  /** An existing player's id, or a new player (an existing one with the same name is reused). */
  player: RowId | NewPlayer;
  session: IngestSession;
  /** The typed analysis (main/pipeline TechniqueAnalysis): result, warnings, versions, pose (stored as given, unrounded), ball. */
  analysis: TechniqueAnalysis;
  /**
   * The archive received with the analysis (a remote service's download, a hand-over's
   * archive.zip), as a file or as bytes: kept as received. Without either (or when it is
   * unreadable) no archive is stored; exports derive one from the stored pose (session-archive.ts).
   */
  archivePath?: string;
  archiveBytes?: Uint8Array;
  backend: AnalysisBackend;
  timings?: Partial<AnalysisTimings>;
  /** The technique metadata the analysis ran with, kept for a recompute from the stored pose (recompute.ts). */
  request?: TechniqueRequestMetadata;
  /**
   * More rows of the new session, written in the ingest's one transaction after its own (e.g. a
   * hand-over's drawings); not called when the uid turns out to be stored already. A throw
   * rolls every row back and removes the files this ingest wrote.
   */
  inTransaction?: (sessionId: RowId) => void;
}

/**
 * What {@link ingestAnalysis} takes: a done object instead of the typed analysis (a done line
 * validated with DoneLine, main/contract; or one without JSON pose plus `pose2d` / `pose3d`).
 */
export interface IngestInput extends Omit<TechniqueIngestInput, 'analysis'> {
  analysis: DoneResult;
  /** Pose as typed arrays, stored as given; default: decoded from the done line's video_entry_2D_json / 3D_json. */
  pose2d?: PoseTrack;
  pose3d?: PoseTrack;
  /** Ball candidates, stored as given; default: decoded from the done line's `ball_candidates` (our extra). */
  ball?: BallCandidates | undefined;
}

/** The session's clip facts from the engine's probe of the clip: seconds, frames/s, displayed pixels. */
export function clipFacts(video: VideoInfo): Pick<IngestSession, 'durationS' | 'fps' | 'width' | 'height'> {
  return { durationS: video.durationS, fps: video.fps, width: video.width, height: video.height };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function checkInput(i: TechniqueIngestInput): void {
  const s = i.session;
  const bad = (msg: string) => new LibraryError('invalid-input', msg);
  if (!i.analysis.uid) throw bad('analysis uid is empty');
  if (!ISO_DATE.test(s.recordedAt)) throw bad(`recordedAt must be an ISO 8601 date or date-time, got "${s.recordedAt}"`);
  if (!SPORTS.includes(s.sport)) throw bad(`unknown sport "${String(s.sport)}"`);
  if (!SWING_TYPES.includes(s.swingType)) throw bad(`unknown swing type "${String(s.swingType)}"`);
  if (s.clipStorage !== undefined && s.clipStorage !== 'copied' && s.clipStorage !== 'linked') throw bad(`clipStorage must be copied or linked, got "${String(s.clipStorage)}"`);
  for (const [k, v] of [['durationS', s.durationS], ['fps', s.fps], ['width', s.width], ['height', s.height]] as const) {
    if (!(Number.isFinite(v) && v > 0)) throw bad(`session ${k} must be > 0, got ${v}`);
  }
  const c = s.captureFps;
  if (c !== undefined && !isCaptureFps(c)) throw bad(`session captureFps must be in (0, ${MAX_CAPTURE_FPS}], got ${c}`);
  if (i.backend !== 'local' && i.backend !== 'remote') throw bad(`backend must be local or remote, got "${String(i.backend)}"`);
}

/** The session id of an already ingested uid, or null. */
export function sessionIdOfUid(db: WritableDb, uid: string): RowId | null {
  return (db.prepare('SELECT session_id FROM analyses WHERE uid = ?').pluck().get(uid) as number | undefined) ?? null;
}

/**
 * The received archive's bytes when readable (null without one, or with a warning when it cannot
 * be read). Decided: nothing is built here; the pose lives in the BLOBs (module comment).
 */
function receivedArchive(i: TechniqueIngestInput, warnings: Warning[]): Uint8Array | null {
  let given = i.archiveBytes;
  if (!given && i.archivePath) {
    try {
      // Read whole only under the archive cap (a downloaded archive_url file can be anything).
      const size = statSync(i.archivePath).size;
      if (size > DEFAULT_ARCHIVE_LIMITS.maxTotalBytes) throw new Error(`${size} bytes, over the ${DEFAULT_ARCHIVE_LIMITS.maxTotalBytes}-byte archive limit`);
      given = readFileSync(i.archivePath);
    } catch (err) {
      warnings.push(archiveUnreadableWarning(`the analysis archive ${i.archivePath} could not be read (${(err as Error).message}); the archive is made from the stored pose on export`));
      return null;
    }
  }
  if (!given) return null;
  try {
    readArchive(Buffer.from(given.buffer, given.byteOffset, given.byteLength));
    return given;
  } catch (err) {
    if (!(err instanceof ArchiveError)) throw err;
    warnings.push(archiveUnreadableWarning(`the analysis archive was unreadable (${err.code}: ${err.message}); the archive is made from the stored pose on export`));
    return null;
  }
}

/**
 * Stores one analysis and its session; see the module comment for the order of writes.
 * @returns the session id (the existing one when `analysis.uid` was ingested before).
 * @throws LibraryError `invalid-input` (bad session facts, unreadable clip), `not-found`
 *   (player id), `busy` (another process held the library lock past LOCK_WAIT_MS),
 *   `duplicate-name` never (an existing name is reused); fs errors (disk full).
 */
export function ingestTechniqueAnalysis(db: WritableDb, input: TechniqueIngestInput): RowId {
  return withLibraryLock(pathsOf(db).root, () => ingestLocked(db, input.analysis.uid, () => input));
}

/**
 * {@link ingestTechniqueAnalysis} of a done object (hand-over import, tests): parsed with
 * main/pipeline analysisFromDone once the uid is known to be new.
 * @throws as ingestTechniqueAnalysis; LibraryError `invalid-input` when a pose is neither given nor in the done object.
 */
export function ingestAnalysis(db: WritableDb, input: IngestInput): RowId {
  const typed = (): TechniqueIngestInput => {
    const { pose2d, pose3d, ball, analysis, ...rest } = input;
    try {
      return { ...rest, analysis: analysisFromDone(analysis, { pose2d, pose3d, ball }) };
    } catch (err) {
      if (err instanceof DonePoseMissingError) throw new LibraryError('invalid-input', err.message);
      throw err;
    }
  };
  return withLibraryLock(pathsOf(db).root, () => ingestLocked(db, input.analysis.uid, typed));
}

/** The ball candidates to store; ones that do not fit the pose are left out with a warning (the analysis itself is kept). */
function ballOf(input: TechniqueIngestInput, frames: number, warnings: Warning[]): BallCandidates | undefined {
  try {
    const ball = input.analysis.ball;
    if (ball) checkBallCandidates(ball, frames);
    return ball;
  } catch (err) {
    warnings.push(ballNotStoredWarning(err));
    return undefined;
  }
}

function ingestLocked(db: WritableDb, uid: string, typed: () => TechniqueIngestInput): RowId {
  const existing = sessionIdOfUid(db, uid);
  if (existing !== null) return existing;
  const input = typed();
  checkInput(input);
  if (typeof input.player === 'number' && !getPlayer(db, input.player)) throw new LibraryError('not-found', `no player with id ${input.player}`);
  const { pose2d, pose3d } = input.analysis;
  const paths = pathsOf(db);

  // 1. Files, atomically, before any row refers to them.
  const clip = input.session.clipStorage === 'linked' ? linkClip(paths, input.session.sourceClipPath, input.session.clipHash) : storeClip(paths, input.session.sourceClipPath);
  const archivePath = join(paths.archivesDir, archiveFileName(uid));
  try {
    const warnings: Warning[] = [];
    const ball = ballOf(input, pose2d.frames, warnings);
    const archive = receivedArchive(input, warnings);
    if (archive) writeFileAtomic(archivePath, archive);
    // '' = no archive stored (analyses.archive_file is NOT NULL since v1).
    const archiveFile = archive ? archiveFileName(uid) : '';
    // 2. One transaction for every row.
    return db.transaction(() => insertSessionRows(db, input, { clip, archiveFile, pose2d, pose3d, warnings, ball })).immediate();
  } catch (err) {
    removeUncommitted(db, uid, clip, archivePath);
    throw err;
  }
}

/** What {@link insertSessionRows} stores besides the input: the files written and the decoded pose. */
interface StoredParts {
  clip: StoredClip;
  /** The archive's file name under archives/, '' when none is stored. */
  archiveFile: string;
  pose2d: PoseTrack;
  pose3d: PoseTrack;
  warnings: Warning[];
  ball: BallCandidates | undefined;
}

/** Player (when new), session, tags, analysis rows and the caller's rows; run inside the ingest's transaction. */
function insertSessionRows(db: WritableDb, input: TechniqueIngestInput, f: StoredParts): RowId {
  const analysis = input.analysis;
  const again = sessionIdOfUid(db, analysis.uid);
  if (again !== null) return again;
  const p = input.player;
  const playerId = typeof p === 'number' ? p : (findPlayerByName(db, p.name)?.id ?? createPlayer(db, p).id);
  const s = input.session;
  const link = f.clip.link;
  const sessionId = db
    .prepare(
      `INSERT INTO sessions (player_id, recorded_at, sport, swing_type, clip_file, clip_sha256, duration_s, fps, capture_fps, width, height, title, notes, created_at,
         clip_storage, clip_link_path, clip_size, clip_mtime_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .pluck()
    .get(playerId, s.recordedAt, s.sport, s.swingType, f.clip.fileName, f.clip.sha256, s.durationS, s.fps, s.captureFps ?? null, s.width, s.height, s.title ?? '', s.notes ?? '', new Date().toISOString(),
      link ? 'linked' : 'copied', link ? f.clip.path : null, link?.sizeBytes ?? null, link?.mtimeMs ?? null) as number;
  replaceTags(db, sessionId, s.tags ?? []);
  const timings: AnalysisTimings = { uploadS: input.timings?.uploadS ?? null, analysisS: input.timings?.analysisS ?? null, storeS: input.timings?.storeS ?? null };
  insertAnalysisRows(db, {
    sessionId, analysis, backend: input.backend, timings, archiveFile: f.archiveFile, pose2d: f.pose2d, pose3d: f.pose3d, extraWarnings: f.warnings,
    ...(f.ball ? { ball: f.ball } : {}),
    ...(input.request ? { request: input.request } : {}),
  });
  input.inTransaction?.(sessionId);
  return sessionId;
}

/**
 * After a failure before the commit (archive write, a row, the caller's rows): removes the clip
 * when THIS ingest copied it and no session names it (a clip that was already there, shared with
 * another session, stays), and the archive when no analysis has the uid. Runs under the library
 * lock, so no other writer can have started naming them; a failure here leaves the files to the
 * sweep, and the ingest's own error is the one thrown.
 */
function removeUncommitted(db: WritableDb, uid: string, clip: StoredClip, archivePath: string): void {
  // Each removal on its own: the archives folder may be what failed. What is left, the sweep removes.
  const attempt = (fn: () => void) => {
    try {
      fn();
    } catch {
      // left to the sweep (sweep.ts)
    }
  };
  attempt(() => {
    if (!clip.copied) return;
    const refs = db.prepare('SELECT count(*) FROM sessions WHERE clip_file = ?').pluck().get(clip.fileName) as number;
    if (refs === 0) rmSync(clip.path, { force: true });
  });
  attempt(() => {
    if (sessionIdOfUid(db, uid) === null) rmSync(archivePath, { force: true });
  });
}

/** Code 'archive-unreadable': the received analysis archive could not be read (`detail` says why); one is made from the stored pose on export. */
function archiveUnreadableWarning(detail: string): Warning {
  return warning('archive-unreadable', 'info', "The analysis service's archive could not be read; an archive is made from the stored pose instead.", { detail });
}
