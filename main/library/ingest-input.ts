/**
 * What an ingest takes (ingest.ts): the session's facts, the typed analysis or a done object,
 * the received archive and backend; {@link clipFacts} from the engine's probe, and
 * {@link checkInput}, which refuses bad input before any file is written.
 * Decided: split from ingest.ts (the ingest's order of writes stays there); ingest.ts re-exports
 * these, so callers import from ingest.ts as before.
 */
import type { VideoInfo } from '../av/index.js';
import { isCaptureFps } from '../contract/capture-rate.js';
import { MAX_CAPTURE_FPS, SPORTS, SWING_TYPES, type DoneResult, type Sport, type SwingType, type TechniqueRequestMetadata } from '../contract/technique-schema.js';
import type { TechniqueAnalysis } from '../pipeline/index.js';
import type { BallCandidates } from '../pose/ball-candidates.js';
import type { PoseTrack } from '../pose/pose-track.js';
import type { ClipHash } from './linked-clips.js';
import { LibraryError } from './errors.js';
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

/** Everything ingestTechniqueAnalysis (ingest.ts) stores. */
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
 * What ingestAnalysis (ingest.ts) takes: a done object instead of the typed analysis (a done line
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

/**
 * Checks an ingest's input before anything is written: a non-empty uid, an ISO 8601 recordedAt,
 * a known sport and swing type, clipStorage copied/linked, durationS, fps, width and height > 0,
 * captureFps in (0, MAX_CAPTURE_FPS], backend local/remote.
 * @throws LibraryError `invalid-input` naming the first bad field.
 */
export function checkInput(i: TechniqueIngestInput): void {
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
