/**
 * Run-time schema of the technique request's `metadata` (../shared/API.md "Technique analysis
 * request metadata") with our documented extensions. Split from technique-schema.ts, which
 * re-exports it (import it from there).
 */
import { z } from 'zod';
import { MAX_CAPTURE_FPS } from './capture-rate.js';
import { BallTimestampS, HeightMm } from './fields.js';
import { PlayerPoint } from './player-point.js';
import { HANDS, SPORTS, SWING_TYPES, SWING_TYPE_SPORTS } from './technique-names.js';

/** `metadata` form field of `POST {technique_url}/process` (API.md "Technique analysis request metadata"). */
export const TechniqueRequestMetadata = z.looseObject({
  uid: z.string().min(1, 'uid is required'),
  sport: z.enum(SPORTS),
  swing_type: z.enum(SWING_TYPES),
  dominant_hand: z.enum(HANDS),
  /** Player height, millimetres, by the app's one height rule (fields.ts HeightMm: 500..2800, as the CLI's --height). */
  player_height_mm: HeightMm,
  store_data: z.boolean().optional(),
  /**
   * Ball hit time, seconds on the video's timeline (fields.ts BallTimestampS: 0..36,000); the
   * local service also refuses a time past the end of the clip it probed (ballTimeOutsideClip).
   */
  ball_timestamp: BallTimestampS.optional(),
  /**
   * Our extension (not in API.md): the frame rate the camera recorded at, frames per second
   * (Kinovea's "capture frame rate"). A clip recorded at 240 fps and played at 30 is slowed 8×:
   * with it every speed, time and duration in the result is in real seconds, while `frame_nr`
   * and `timestamp` stay on the video's own timeline. Sent to the local service only (the remote
   * client strips it: main/jobs/analysis-job.ts).
   */
  capture_fps: z.number().positive('capture_fps must be > 0').max(MAX_CAPTURE_FPS).optional(),
  /**
   * Our extension (not in API.md; other services ignore it): `{x, y, t?}`, the person to analyse,
   * pixels of the source frame (as displayed) at `t` seconds on the video's timeline (default the
   * first frame): the engine analyses the person whose box contains or is nearest to the point
   * and follows that person (player-point.ts; main/engine/README.md "Player choice"). Absent: the
   * engine's own choice. The local service also refuses a point outside the probed picture.
   */
  player_point: PlayerPoint.optional(),
  request_id: z.string().optional(),
  /** ISO 8601 date-time without zone, e.g. 2026-11-20T10:15:00. */
  timestamp: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/, 'timestamp must be ISO 8601 without zone')
    .optional(),
  form_session_id: z.string().optional(),
}).refine((m) => SWING_TYPE_SPORTS[m.swing_type].includes(m.sport), {
  // Decided: a swing type outside its sports (a tennis dink) is refused at the edge, not analysed as something else.
  message: 'swing_type is not a stroke of this sport (dink: pickleball only; serve: tennis or pickleball)',
  path: ['swing_type'],
});
export type TechniqueRequestMetadata = z.infer<typeof TechniqueRequestMetadata>;
