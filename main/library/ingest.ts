/**
 * Ingest: one finished analysis (a validated DoneLine, or a direct analysis's done object with
 * its typed pose) becomes one session in the library.
 *
 * Order (the crash-safety argument, README.md):
 *  1. files first: the clip is copied under its content hash and the archive written under its
 *     uid, each atomically (temp + fsync + rename + folder fsync);
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
import { join } from 'node:path';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS } from '../archive/errors.js';
import { readArchive } from '../archive/read.js';
import { writeFileAtomic } from '../archive/atomic-file.js';
import { buildArchive } from '../archive/write.js';
import { MAX_CAPTURE_FPS, SPORTS, SWING_TYPES, type DoneResult, type Sport, type SwingType, type TechniqueRequestMetadata } from '../contract/technique-schema.js';
import { isCaptureFps } from '../contract/capture-rate.js';
import type { VideoInfo } from '../av/index.js';
import { ballFromJson, checkBallCandidates, type BallCandidates } from '../pose/ball-candidates.js';
import { poseTrackFromJson, type PoseTrack } from '../pose/pose-track.js';
import type { WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import { storeClip, type StoredClip } from './files.js';
import { withLibraryLock } from './lock.js';
import { archiveFileName, pathsOf } from './paths.js';
import { createPlayer, findPlayerByName, getPlayer } from './players.js';
import { insertAnalysisRows } from './analysis-rows.js';
import { replaceTags } from './tags.js';
import type { AnalysisBackend, AnalysisTimings, NewPlayer, RowId } from './library-types.js';

/**
 * The session part of an ingest. Clip facts (duration, fps, size) come from the engine's probe
 * (main/engine/probe.ts), e.g. the `VideoInfo` a direct analysis returns ({@link clipFacts}).
 */
export interface IngestSession {
  /** The clip as recorded, anywhere on disk; it is copied into the library. */
  sourceClipPath: string;
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

/** Everything {@link ingestAnalysis} stores. */
export interface IngestInput {
  /** An existing player's id, or a new player (an existing one with the same name is reused). */
  player: RowId | NewPlayer;
  session: IngestSession;
  /**
   * The done object: a done line validated with DoneLine (main/contract/technique.ts), or, from
   * the direct local backend, one without its JSON pose entries (then pose2d and pose3d are required).
   */
  analysis: DoneResult;
  /** Pose as typed arrays, stored as given; default: decoded from the done line's video_entry_2D_json / 3D_json. */
  pose2d?: PoseTrack;
  pose3d?: PoseTrack;
  /** The engine's ball candidates, stored as given; default: decoded from the done line's `ball_candidates` (our extra), none without it. */
  ball?: BallCandidates | undefined;
  /** The vendor's archive, as a file or as bytes. Without either (or when it is unreadable) one is written from the done line and pose. */
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

/** The session's clip facts from the engine's probe of the clip: seconds, frames/s, displayed pixels. */
export function clipFacts(video: VideoInfo): Pick<IngestSession, 'durationS' | 'fps' | 'width' | 'height'> {
  return { durationS: video.durationS, fps: video.fps, width: video.width, height: video.height };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function checkInput(i: IngestInput): void {
  const s = i.session;
  const bad = (msg: string) => new LibraryError('invalid-input', msg);
  if (!i.analysis.uid) throw bad('analysis uid is empty');
  if (!ISO_DATE.test(s.recordedAt)) throw bad(`recordedAt must be an ISO 8601 date or date-time, got "${s.recordedAt}"`);
  if (!SPORTS.includes(s.sport)) throw bad(`unknown sport "${String(s.sport)}"`);
  if (!SWING_TYPES.includes(s.swingType)) throw bad(`unknown swing type "${String(s.swingType)}"`);
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
 * Archive bytes for the library: the vendor's when readable, else one built from the done line
 * and pose (with a warning saying so).
 */
function archiveBytesFor(i: IngestInput, pose2d: PoseTrack, pose3d: PoseTrack, warnings: string[]): Uint8Array {
  let given = i.archiveBytes;
  if (!given && i.archivePath) {
    try {
      // Read whole only under the archive cap (a downloaded archive_url file can be anything).
      const size = statSync(i.archivePath).size;
      if (size > DEFAULT_ARCHIVE_LIMITS.maxTotalBytes) throw new Error(`${size} bytes, over the ${DEFAULT_ARCHIVE_LIMITS.maxTotalBytes}-byte archive limit`);
      given = readFileSync(i.archivePath);
    } catch (err) {
      warnings.push(`the analysis archive ${i.archivePath} could not be read (${(err as Error).message}); a local archive was written instead`);
    }
  }
  if (given) {
    try {
      readArchive(Buffer.from(given.buffer, given.byteOffset, given.byteLength));
      return given;
    } catch (err) {
      if (!(err instanceof ArchiveError)) throw err;
      warnings.push(`the analysis archive was unreadable (${err.code}: ${err.message}); a local archive was written instead`);
    }
  }
  return buildArchive({ pose2d, pose3d, analysis: i.analysis });
}

function poseFromJson(entry: DoneResult['video_entry_2D_json'], which: '2D' | '3D'): PoseTrack {
  if (!entry) throw new LibraryError('invalid-input', `the analysis has no ${which} pose: give pose${which.toLowerCase()} or the done line's video_entry_${which}_json`);
  return poseTrackFromJson(entry);
}

/**
 * Stores one analysis and its session; see the module comment for the order of writes.
 * @returns the session id (the existing one when `analysis.uid` was ingested before).
 * @throws LibraryError `invalid-input` (bad session facts, unreadable clip), `not-found`
 *   (player id), `busy` (another process held the library lock past LOCK_WAIT_MS),
 *   `duplicate-name` never (an existing name is reused); fs errors (disk full).
 */
export function ingestAnalysis(db: WritableDb, input: IngestInput): RowId {
  return withLibraryLock(pathsOf(db).root, () => ingestLocked(db, input));
}

/**
 * The ball candidates to store: as given, or decoded from the done line's `ball_candidates`; ones
 * that do not fit the pose are left out with a warning (the analysis itself is kept).
 */
function ballOf(input: IngestInput, frames: number, warnings: string[]): BallCandidates | undefined {
  try {
    const ball = input.ball ?? (input.analysis.ball_candidates ? ballFromJson(input.analysis.ball_candidates) : undefined);
    if (ball) checkBallCandidates(ball, frames);
    return ball;
  } catch (err) {
    warnings.push(`ball candidates not stored: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

function ingestLocked(db: WritableDb, input: IngestInput): RowId {
  const done = input.analysis;
  const existing = sessionIdOfUid(db, done.uid);
  if (existing !== null) return existing;
  checkInput(input);
  if (typeof input.player === 'number' && !getPlayer(db, input.player)) throw new LibraryError('not-found', `no player with id ${input.player}`);
  const pose2d = input.pose2d ?? poseFromJson(done.video_entry_2D_json, '2D');
  const pose3d = input.pose3d ?? poseFromJson(done.video_entry_3D_json, '3D');
  const paths = pathsOf(db);

  // 1. Files, atomically, before any row refers to them.
  const clip = storeClip(paths, input.session.sourceClipPath);
  const archiveFile = archiveFileName(done.uid);
  const archivePath = join(paths.archivesDir, archiveFile);
  try {
    const warnings: string[] = [];
    const ball = ballOf(input, pose2d.frames, warnings);
    writeFileAtomic(archivePath, archiveBytesFor(input, pose2d, pose3d, warnings));
    // 2. One transaction for every row.
    return db.transaction(() => insertSessionRows(db, input, { clip, archiveFile, pose2d, pose3d, warnings, ball })).immediate();
  } catch (err) {
    removeUncommitted(db, done.uid, clip, archivePath);
    throw err;
  }
}

/** What {@link insertSessionRows} stores besides the input: the files written and the decoded pose. */
interface StoredParts {
  clip: StoredClip;
  archiveFile: string;
  pose2d: PoseTrack;
  pose3d: PoseTrack;
  warnings: string[];
  ball: BallCandidates | undefined;
}

/** Player (when new), session, tags, analysis rows and the caller's rows; run inside the ingest's transaction. */
function insertSessionRows(db: WritableDb, input: IngestInput, f: StoredParts): RowId {
  const done = input.analysis;
  const again = sessionIdOfUid(db, done.uid);
  if (again !== null) return again;
  const p = input.player;
  const playerId = typeof p === 'number' ? p : (findPlayerByName(db, p.name)?.id ?? createPlayer(db, p).id);
  const s = input.session;
  const sessionId = db
    .prepare(
      `INSERT INTO sessions (player_id, recorded_at, sport, swing_type, clip_file, clip_sha256, duration_s, fps, capture_fps, width, height, title, notes, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .pluck()
    .get(playerId, s.recordedAt, s.sport, s.swingType, f.clip.fileName, f.clip.sha256, s.durationS, s.fps, s.captureFps ?? null, s.width, s.height, s.title ?? '', s.notes ?? '', new Date().toISOString()) as number;
  replaceTags(db, sessionId, s.tags ?? []);
  const timings: AnalysisTimings = { uploadS: input.timings?.uploadS ?? null, analysisS: input.timings?.analysisS ?? null, storeS: input.timings?.storeS ?? null };
  insertAnalysisRows(db, {
    sessionId, done, backend: input.backend, timings, archiveFile: f.archiveFile, pose2d: f.pose2d, pose3d: f.pose3d, extraWarnings: f.warnings,
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
