/**
 * Imports a session hand-over (main/export/handover.ts) into a library: read and checked first
 * (handover-read.ts), then stored in one transaction (the ingestAnalysis rows and the drawings,
 * which get new ids in the receiving library, under the new session), so a refused or interrupted
 * import leaves no rows behind.
 *
 * Identity: a session is identified by its analysis uid. Importing the same hand-over twice
 * returns the existing session; a *different* session with the same uid is never overwritten
 * (HandoverError `conflict`). A player with the same name is merged only when the caller says so
 * (`playerMerge: 'merge'`); by default the import stops with `player-exists` so the UI can ask.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readArchive, type ArchiveContents } from '../archive/read.js';
import { DoneLine } from '../contract/technique-schema.js';
import { probeVideo } from '../av/index.js';
import type { WritableDb } from '../library/db.js';
import { getSessionDetail } from '../library/detail.js';
import { saveDrawing } from '../library/drawings.js';
import { clipFacts, ingestAnalysis, sessionIdOfUid, type IngestSession } from '../library/ingest.js';
import { withLibraryLock } from '../library/lock.js';
import { pathsOf } from '../library/paths.js';
import { playbackProxyFor } from '../library/playback-proxy.js';
import { findPlayerByName } from '../library/players.js';
import { storePlaybackProxy } from '../library/proxies.js';
import { getSession } from '../library/sessions.js';
import { makeSessionThumbnail } from '../library/thumbnail.js';
import type { NewPlayer, RowId } from '../library/library-types.js';
import { HandoverError, readHandoverEntries, type HandoverEntries } from './handover-read.js';

export { HANDOVER_LIMITS, HandoverError, type HandoverErrorCode } from './handover-read.js';

/** What to do when the library already has a player with the hand-over's player name. */
export type PlayerMerge = 'ask' | 'merge' | 'new';

/** Result of an import. */
export interface HandoverImportResult {
  sessionId: RowId;
  /** False when the same session was already in the library (nothing changed). */
  created: boolean;
}

/**
 * Imports a hand-over into `db`.
 *
 * Order: the hand-over is read and checked (handover-read.ts: nothing is written before); the clip
 * is written to a temp folder in the library's tmp/ (removed at the end, or by the sweep after a
 * kill), probed (duration, frame rate and size are the probe's: handover-facts.ts) and its playback
 * proxy made; the archive's pose is decoded and checked against the clip's frame count. Then, under the library lock, the import is decided
 * and stored: whether the uid is stored already (same session: "already in the library", nothing
 * written; another session: `conflict`), which player it belongs to, and ingestAnalysis with the
 * drawings in its one transaction. A second process importing the same hand-over at the same time
 * waits at the lock and then finds the session.
 * The clip must open as a video with the shipped FFmpeg's clip demuxers (MP4/MOV, Matroska/WebM,
 * AVI): a playlist or any other file named like a clip is refused before it is stored.
 * @throws HandoverError (`invalid`, `player-exists`, `conflict`), ArchiveError (unsafe or corrupt
 *   ZIP, a pose that does not fit the clip), LibraryError `busy` (lock held past LOCK_WAIT_MS).
 */
export async function importHandover(
  db: WritableDb,
  zipPath: string,
  opts: { playerMerge?: PlayerMerge } = {},
): Promise<HandoverImportResult> {
  const h = readHandoverEntries(zipPath);
  const merge = opts.playerMerge ?? 'ask';
  // Early answers (decided again under the lock): nothing is probed for a known session or a refused player.
  const known = sessionIdOfUid(db, h.analysis.analysis.uid);
  if (known !== null) return knownSession(db, known, h);
  choosePlayer(db, h.facts.player, merge);
  const paths = pathsOf(db);
  mkdirSync(paths.tmpDir, { recursive: true, mode: 0o700 });
  const dir = mkdtempSync(join(paths.tmpDir, 'handover-'));
  try {
    const clipPath = join(dir, h.manifest.clip);
    writeFileSync(clipPath, h.clip);
    const info = await probeVideo(clipPath).catch((err: unknown) => {
      throw new HandoverError('invalid', `${h.manifest.clip}: not a video clip Swing Studio can read (${err instanceof Error ? err.message : String(err)})`);
    });
    // The pose may not have more frames, nor frame numbers, than the probed clip (main/pose/pose-checks.ts).
    const archive = readArchive(h.archiveBytes, undefined, { clipFrames: info.frameCount });
    const proxy = await playbackProxyFor(clipPath, dir, { video: info });
    const result = withLibraryLock(paths.root, () => storeLocked(db, h, merge, { ...clipFacts(info), sourceClipPath: clipPath }, archive));
    if (!result.created) return result;
    const stored = getSession(db, result.sessionId)?.clipPath;
    if (proxy && stored) storePlaybackProxy(db, basename(stored), proxy.path, proxy.reason);
    // The library card's picture (contact frame); the session stands without it.
    await makeSessionThumbnail(db, result.sessionId).catch(() => null);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The clip as stored for the session: the temp copy and the probe's facts. */
type ProbedClip = Pick<IngestSession, 'sourceClipPath' | 'durationS' | 'fps' | 'width' | 'height'>;

/**
 * The import's decision and its rows, run under the library lock (every writer of sessions holds
 * it, so nothing changes between the check and the ingest's transaction).
 */
function storeLocked(db: WritableDb, h: HandoverEntries, merge: PlayerMerge, clip: ProbedClip, archive: ArchiveContents): HandoverImportResult {
  const a = h.analysis;
  const existing = sessionIdOfUid(db, a.analysis.uid);
  if (existing !== null) return knownSession(db, existing, h);
  const sessionId = ingestAnalysis(db, {
    player: choosePlayer(db, h.facts.player, merge),
    session: { ...h.facts.session, ...clip },
    analysis: doneLineOf(a),
    pose2d: archive.pose2d,
    pose3d: archive.pose3d,
    archiveBytes: h.archiveBytes,
    backend: a.analysis.backend === 'remote' ? 'remote' : 'local',
    // The drawings were checked against the drawing schema when read, so only I/O can fail here.
    inTransaction: (id) => {
      for (const drawing of h.drawings) saveDrawing(db, id, drawing);
    },
  });
  return { sessionId, created: true };
}

/** The answer for a uid the library has: the same session (nothing imported), else a conflict. */
function knownSession(db: WritableDb, existing: RowId, h: HandoverEntries): HandoverImportResult {
  const a = h.analysis;
  const d = getSessionDetail(db, existing);
  if (d && d.session.clipSha256 === a.session.clip_sha256 && sameFeatures(d.features, a.result.features)) return { sessionId: existing, created: false };
  throw new HandoverError('conflict', `a different session (${existing}) already has analysis id ${a.analysis.uid}; nothing was imported`);
}

/** The analysis of the hand-over as a done line (its pose JSON as exported; the stored pose is the archive's). */
function doneLineOf(a: HandoverEntries['analysis']): DoneLine {
  const emptyPose = { entry_type: 'video', source_path: '', annotation_format: 'H36M', annotation_data: [] };
  return DoneLine.parse({
    status: 'done',
    uid: a.analysis.uid,
    warnings: a.analysis.warnings,
    errors: a.analysis.errors,
    result: {
      features: a.result.features,
      feature_categories: a.result.feature_categories,
      ...(a.result.kinetic_chain ? { kinetic_chain: a.result.kinetic_chain } : {}),
      ...(a.result.wrist_speed ? { wrist_speed: a.result.wrist_speed } : {}),
      ...(a.result.capture_fps ? { capture_fps: a.result.capture_fps } : {}),
      ...(a.result.slow_motion_guess ? { slow_motion_guess: a.result.slow_motion_guess } : {}),
      ...(a.result.strokes ? { strokes: a.result.strokes } : {}),
      ...(a.result.stroke_index ? { stroke_index: a.result.stroke_index } : {}),
      ...(a.result.consistency ? { consistency: a.result.consistency } : {}),
    },
    video_entry_2D_json: a.pose_2d ?? emptyPose,
    video_entry_3D_json: a.pose_3d ?? emptyPose,
    ...(a.ball_candidates ? { ball_candidates: a.ball_candidates } : {}),
    metadata: { pipeline_version: a.analysis.pipeline_version, compute_version: a.analysis.compute_version },
  });
}

/**
 * The player the session is stored under: a new one, the existing one of the same name (`merge`),
 * or a new one named "<name> (n)" (`new`).
 * @throws HandoverError `player-exists` with `ask` when the name exists.
 */
function choosePlayer(db: WritableDb, fresh: NewPlayer, merge: PlayerMerge): RowId | NewPlayer {
  const same = findPlayerByName(db, fresh.name);
  if (!same) return fresh;
  if (merge === 'merge') return same.id;
  if (merge === 'ask')
    throw new HandoverError(
      'player-exists',
      `the library already has a player named "${fresh.name}": merge into it, or import as a new player`,
      same.id,
    );
  for (let n = 2; ; n++) {
    const name = `${fresh.name} (${n})`;
    if (!findPlayerByName(db, name)) return { ...fresh, name };
  }
}

function sameFeatures(
  a: readonly { feature_name: string; value: number }[],
  b: readonly { feature_name: string; value: number }[],
): boolean {
  const key = (fs: readonly { feature_name: string; value: number }[]) =>
    fs
      .map((f) => `${f.feature_name}=${f.value}`)
      .sort()
      .join('|');
  return key(a) === key(b);
}
