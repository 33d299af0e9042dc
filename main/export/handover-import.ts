/**
 * Imports a session hand-over (main/export/handover.ts) into a library. Everything is checked
 * before anything is stored: ZIP limits and paths (the archive reader's), the manifest, every
 * entry's SHA-256, the analysis JSON against its schema, the archive's pose, the drawings
 * against the drawing schema (version 2; a version-1 hand-over has none). Then one transaction
 * stores it all (the ingestAnalysis rows and the drawings, which get new ids in the receiving
 * library, under the new session), so a refused or interrupted import leaves no rows behind.
 *
 * Identity: a session is identified by its analysis uid. Importing the same hand-over twice
 * returns the existing session; a *different* session with the same uid is never overwritten
 * (HandoverError `conflict`). A player with the same name is merged only when the caller says so
 * (`playerMerge: 'merge'`); by default the import stops with `player-exists` so the UI can ask.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { readArchive } from '../archive/read.js';
import { probeVideo } from '../engine/probe.js';
import { readZipEntries } from '../archive/zip-entries.js';
import type { ArchiveLimits } from '../archive/errors.js';
import { DoneLine } from '../contract/technique.js';
import type { WritableDb } from '../library/db.js';
import { getSessionDetail } from '../library/detail.js';
import { saveDrawing } from '../library/drawings.js';
import { withLibraryLock } from '../library/lock.js';
import { pathsOf } from '../library/paths.js';
import { ingestAnalysis, sessionIdOfUid } from '../library/ingest.js';
import { playbackProxyFor } from '../library/playback-proxy.js';
import { storePlaybackProxy } from '../library/proxies.js';
import { getSession } from '../library/sessions.js';
import { makeSessionThumbnail } from '../library/thumbnail.js';
import { findPlayerByName } from '../library/players.js';
import type { NewPlayer, RowId } from '../library/types.js';
import { AnalysisExport } from './analysis-json.js';
import { HandoverDrawings, HandoverManifest, sha256Hex } from './handover.js';
import { zodIssueText } from '../contract/zod-issues.js';

/** Limits of a hand-over ZIP: few entries, the clip dominates the size (1 GiB in all). */
export const HANDOVER_LIMITS: Readonly<ArchiveLimits> = {
  maxEntries: 16,
  maxEntryBytes: 1024 ** 3,
  maxTotalBytes: 1024 ** 3,
};

/** Why an import was refused. */
export type HandoverErrorCode = 'invalid' | 'player-exists' | 'conflict';

/** A refused import; the library is unchanged. `playerId` is set for `player-exists`. */
export class HandoverError extends Error {
  override name = 'HandoverError';
  constructor(
    readonly code: HandoverErrorCode,
    message: string,
    readonly playerId?: RowId,
  ) {
    super(message);
  }
}

/** What to do when the library already has a player with the hand-over's player name. */
export type PlayerMerge = 'ask' | 'merge' | 'new';

/** Result of an import. */
export interface HandoverImportResult {
  sessionId: RowId;
  /** False when the same session was already in the library (nothing changed). */
  created: boolean;
}

/** Reads and checks a hand-over ZIP without touching any library. @throws HandoverError / ArchiveError. */
export function readHandover(zipPath: string) {
  const size = statSync(zipPath).size;
  if (size > HANDOVER_LIMITS.maxTotalBytes)
    throw new HandoverError(
      'invalid',
      `hand-over is ${size} bytes, over the ${HANDOVER_LIMITS.maxTotalBytes}-byte limit`,
    );
  const entries = readZipEntries(readFileSync(zipPath), HANDOVER_LIMITS);
  const manifestBytes = entries.get('manifest.json');
  if (!manifestBytes)
    throw new HandoverError('invalid', 'manifest.json: entry is missing from the hand-over');
  const manifest = parseWith(HandoverManifest, manifestBytes, 'manifest.json');
  const required = ['analysis.json', 'archive.zip', manifest.clip, ...(manifest.version >= 2 ? ['drawings.json'] : [])];
  for (const name of required) {
    const data = entries.get(name);
    if (!data) throw new HandoverError('invalid', `${name}: entry is missing from the hand-over`);
    if (manifest.sha256[name] !== sha256Hex(data))
      throw new HandoverError('invalid', `${name}: SHA-256 does not match the manifest (damaged or altered)`);
  }
  const analysis = parseWith(AnalysisExport, entries.get('analysis.json')!, 'analysis.json');
  if (!analysis.analysis || analysis.analysis.uid !== manifest.analysis_uid)
    throw new HandoverError('invalid', 'analysis.json: analysis uid missing or different from the manifest');
  const clip = entries.get(manifest.clip)!;
  if (sha256Hex(clip) !== analysis.session.clip_sha256)
    throw new HandoverError('invalid', `${manifest.clip}: not the clip the analysis was made from`);
  const archiveBytes = entries.get('archive.zip')!;
  const archive = readArchive(archiveBytes);
  const drawings = manifest.version >= 2 ? parseWith(HandoverDrawings, entries.get('drawings.json')!, 'drawings.json').drawings : [];
  return { manifest, analysis, clip, archiveBytes, archive, drawings };
}

/**
 * Imports a hand-over into `db`.
 * The clip must open as a video with the shipped FFmpeg's clip demuxers (MP4/MOV, Matroska/WebM,
 * AVI): a playlist or any other file named like a clip is refused before it is stored.
 * @throws HandoverError (`invalid`, `player-exists`, `conflict`), ArchiveError (unsafe or corrupt ZIP).
 */
export async function importHandover(
  db: WritableDb,
  zipPath: string,
  opts: { playerMerge?: PlayerMerge } = {},
): Promise<HandoverImportResult> {
  const h = readHandover(zipPath);
  const a = h.analysis;
  const uid = a.analysis!.uid;
  const existing = sessionIdOfUid(db, uid);
  if (existing !== null) {
    const d = getSessionDetail(db, existing);
    const same =
      d && d.session.clipSha256 === a.session.clip_sha256 && sameFeatures(d.features, a.result.features);
    if (same) return { sessionId: existing, created: false };
    throw new HandoverError(
      'conflict',
      `a different session (${existing}) already has analysis id ${uid}; nothing was imported`,
    );
  }
  const player = choosePlayer(db, a.player, opts.playerMerge ?? 'ask');
  const done = DoneLine.parse({
    status: 'done',
    uid,
    warnings: a.analysis!.warnings,
    errors: a.analysis!.errors,
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
    video_entry_2D_json: a.pose_2d ?? {
      entry_type: 'video',
      source_path: '',
      annotation_format: 'H36M',
      annotation_data: [],
    },
    video_entry_3D_json: a.pose_3d ?? {
      entry_type: 'video',
      source_path: '',
      annotation_format: 'H36M',
      annotation_data: [],
    },
    ...(a.ball_candidates ? { ball_candidates: a.ball_candidates } : {}),
    metadata: {
      pipeline_version: a.analysis!.pipeline_version,
      compute_version: a.analysis!.compute_version,
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'swing-handover-'));
  try {
    const clipPath = join(dir, h.manifest.clip);
    writeFileSync(clipPath, h.clip);
    await probeVideo(clipPath).catch((err: unknown) => {
      throw new HandoverError(
        'invalid',
        `${h.manifest.clip}: not a video clip Swing Studio can read (${err instanceof Error ? err.message : String(err)})`,
      );
    });
    const proxy = await playbackProxyFor(clipPath, dir);
    const s = a.session;
    // The session rows and its drawings in one transaction (ingest's own becomes a savepoint);
    // the drawings were checked against the drawing schema above, so only I/O can fail here.
    const sessionId = withLibraryLock(pathsOf(db).root, () =>
      db
        .transaction((): RowId => {
          const id = ingestAnalysis(db, {
            player,
            session: {
              sourceClipPath: clipPath,
              recordedAt: s.recorded_at,
              sport: s.sport as never,
              swingType: s.swing_type as never,
              durationS: s.duration_s,
              fps: s.fps,
              ...(s.capture_fps ? { captureFps: s.capture_fps } : {}),
              width: s.width,
              height: s.height,
              title: s.title,
              notes: s.notes,
              tags: s.tags,
            },
            analysis: done,
            pose2d: h.archive.pose2d,
            pose3d: h.archive.pose3d,
            archiveBytes: h.archiveBytes,
            backend: a.analysis!.backend === 'remote' ? 'remote' : 'local',
          });
          for (const drawing of h.drawings) saveDrawing(db, id, drawing);
          return id;
        })
        .immediate(),
    );
    const stored = getSession(db, sessionId)?.clipPath;
    if (proxy && stored) storePlaybackProxy(db, basename(stored), proxy.path, proxy.reason);
    // The library card's picture (contact frame); the session stands without it.
    await makeSessionThumbnail(db, sessionId).catch(() => null);
    return { sessionId, created: true };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function choosePlayer(db: WritableDb, p: AnalysisExport['player'], merge: PlayerMerge): RowId | NewPlayer {
  const fresh: NewPlayer = {
    name: p.name,
    dominantHand: p.dominant_hand,
    heightMm: p.height_mm,
    notes: p.notes,
  };
  const same = findPlayerByName(db, p.name);
  if (!same) return fresh;
  if (merge === 'merge') return same.id;
  if (merge === 'ask')
    throw new HandoverError(
      'player-exists',
      `the library already has a player named "${p.name}": merge into it, or import as a new player`,
      same.id,
    );
  for (let n = 2; ; n++) {
    const name = `${p.name} (${n})`;
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

function parseWith<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  bytes: Buffer,
  name: string,
): T {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new HandoverError('invalid', `${name}: not valid JSON`);
  }
  const r = schema.safeParse(json);
  if (!r.success) {
    throw new HandoverError('invalid', `${name}: ${zodIssueText(r.error)}`);
  }
  return r.data;
}
