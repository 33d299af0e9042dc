/**
 * The one schema of a job's input (issue 13, building blocks): the app's IPC contract
 * (`jobs.enqueueAnalysis` in preload/contract.ts, so also the browser bridge), the CLI
 * (`analyze`, `tennis`) and the job queue (at enqueue and again before a job runs) all validate
 * with it, and their types are derived from it. Strict objects: an unknown field is refused, so
 * a renderer cannot smuggle e.g. a `clipPath`. Whether the clip file exists and has an accepted
 * extension is checked on the file system by main/jobs/validate.ts.
 */
import { z } from 'zod';
import {
  BackendInput,
  BallTimestampS,
  CaptureFps,
  HandInput,
  HeightMm,
  HttpUrlInput,
  IsoDateOrDateTime,
  LocalPathInput,
  PlayerName,
  RowIdInput,
  SportInput,
  SwingTypeInput,
} from '../contract/fields.js';
import { PlayerPoint } from './player-point.js';
import { SWING_TYPE_SPORTS } from './technique-names.js';

/** The player a clip shows: an existing library player (`id`) or one to find/create by name. */
export const JobPlayerSchema = z.strictObject({
  id: RowIdInput.optional(),
  /** 1..200 characters, trimmed. */
  name: PlayerName,
  dominantHand: HandInput,
  /** Standing height, millimetres (main/contract/player-height.ts: 500..2800). */
  heightMm: HeightMm,
});

/** A technique analysis of one clip (API.md endpoint 5), stored as a new library session. */
export const AnalysisJobInputSchema = z.strictObject({
  /** Absolute path of the clip (.mp4, .mov, .avi or .mkv: API.md endpoint 5). */
  videoPath: LocalPathInput,
  player: JobPlayerSchema,
  sport: SportInput,
  swingType: SwingTypeInput,
  /** Ball contact time, seconds on the clip's timeline (API.md `ball_timestamp`); detected when omitted. */
  ballTimestampS: BallTimestampS.optional(),
  /** Frame rate the camera recorded at, frames/s (our metadata extension `capture_fps`); real time when omitted. */
  captureFps: CaptureFps.optional(),
  /** The person to analyse (our metadata extension `player_point`: source pixels, seconds); the engine's own choice when omitted. */
  playerPoint: PlayerPoint.optional(),
  backend: BackendInput,
  /** Session title, at most 200 characters (default: the file name). */
  title: z.string().max(200, 'title is at most 200 characters').optional(),
  /** ISO 8601 date or date-time with zone the clip was recorded (default: the file's modification time). */
  recordedAt: IsoDateOrDateTime.optional(),
  /**
   * How the library keeps the clip (issue 29 item 4): 'copied' into the library (default, as
   * before) or 'linked' (kept in place: the library stores its path and content hash, no copy;
   * main/library/linked-clips.ts).
   */
  clipStorage: z.enum(['copied', 'linked']).optional(),
}).refine((j) => SWING_TYPE_SPORTS[j.swingType].includes(j.sport), {
  // As the request schema (technique-schema.ts): a swing type outside its sports is refused at the edge.
  message: 'the swing type is not a stroke of this sport (dink: pickleball only; serve: tennis or pickleball)',
  path: ['swingType'],
});

/** Message when a tennis task names neither or both of a file and a URL. */
export const TENNIS_SOURCE_MESSAGE = 'a tennis task needs exactly one of a video file or a video URL';

/** A tennis statistics task (API.md sections 3-4) on a clip file or an already reachable URL. */
export const TennisJobInputSchema = z
  .strictObject({
    /** Absolute path of a clip to upload first (upload-url + presigned PUT). */
    videoPath: LocalPathInput.optional(),
    /** http(s) URL the service can read (used as `video_url` directly). */
    videoUrl: HttpUrlInput.optional(),
    /** Library session the result belongs to, if any. */
    sessionId: RowIdInput.optional(),
    backend: BackendInput,
  })
  .refine((t) => (t.videoPath === undefined) !== (t.videoUrl === undefined), TENNIS_SOURCE_MESSAGE);

/** The player of an analysis job. */
export type JobPlayer = z.output<typeof JobPlayerSchema>;
/** A valid analysis job input (what the queue stores and runs). */
export type AnalysisJobInput = z.output<typeof AnalysisJobInputSchema>;
/** A valid tennis job input. */
export type TennisJobInput = z.output<typeof TennisJobInputSchema>;
