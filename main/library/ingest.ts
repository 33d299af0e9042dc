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
 * What an ingest takes, and its checks, are in ingest-input.ts (re-exported here).
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { warning, type Warning } from '../contract/warning.js';
import { ballNotStoredWarning } from '../pipeline/index.js';
import { join } from 'node:path';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS } from '../archive/errors.js';
import { readArchive } from '../archive/read.js';
import { writeFileAtomic } from '../files/index.js';
import { checkBallCandidates, type BallCandidates } from '../pose/ball-candidates.js';
import { analysisFromDone, DonePoseMissingError } from '../pipeline/index.js';
import type { PoseTrack } from '../pose/pose-track.js';
import type { WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import { storeClip, type StoredClip } from './files.js';
import { checkInput, type IngestInput, type TechniqueIngestInput } from './ingest-input.js';
import { linkClip } from './linked-clips.js';
import { withLibraryLock } from './lock.js';
import { archiveFileName, pathsOf } from './paths.js';
import { createPlayer, findPlayerByName, getPlayer } from './players.js';
import { insertAnalysisRows } from './analysis-rows.js';
import { replaceTags } from './tags.js';
import type { AnalysisTimings, RowId } from './library-types.js';

export { clipFacts, type IngestInput, type IngestSession, type TechniqueIngestInput } from './ingest-input.js';

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
