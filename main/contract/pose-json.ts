/**
 * Run-time schemas of the pose data in a technique response (../shared/API.md "Pose data":
 * `video_entry_2D_json` / `video_entry_3D_json`), used by technique-schema.ts's done line and the
 * archive reader. Objects are `looseObject`: unknown extra fields are kept, never rejected.
 */
import { z } from 'zod';
import { MAX_DECODE_FRAMES, poseFramesProblem } from './clip-limits.js';

/** One person in a pose frame. 2D keypoints are [x, y] pixels; 3D are [x, y, z] metres. */
export const PoseInstance = z.looseObject({
  keypoints: z.array(z.array(z.number())),
  confidences: z.array(z.number()),
  bbox: z.array(z.number()).optional(),
  box_confidence: z.number().optional(),
});
export type PoseInstance = z.infer<typeof PoseInstance>;

/** One frame of pose data (`frame_nr` from 0, `timestamp` seconds on the video's timeline). */
export const PoseFrame = z.looseObject({
  frame_nr: z.number().int(),
  timestamp: z.number(),
  instances: z.array(PoseInstance),
});
export type PoseFrame = z.infer<typeof PoseFrame>;

/**
 * video_entry_2D_json / video_entry_3D_json (API.md "Pose data"). At most MAX_DECODE_FRAMES
 * frames (the engine's decode cap), refused before any frame is validated or copied; the other
 * pose rules are ./clip-limits.ts's and main/pose/pose-checks.ts's.
 */
export const VideoEntryJson = z.looseObject({
  entry_type: z.string(),
  source_path: z.string(),
  annotation_format: z.string(),
  annotation_data: z
    .array(PoseFrame)
    .max(MAX_DECODE_FRAMES, {
      error: (iss) =>
        poseFramesProblem(Array.isArray(iss.input) ? iss.input.length : Infinity) ?? 'too many pose frames',
    }),
});
export type VideoEntryJson = z.infer<typeof VideoEntryJson>;
