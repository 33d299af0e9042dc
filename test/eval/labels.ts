/**
 * The stroke labels of the shared clips (../shared/media/labels/strokes.json, described in its
 * README.md): read from the shared media folder (never copied into the repo) and validated.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { mediaPath } from '../support/media.js';

/** One labelled stroke. `contact_frame` is the 0-based decoded frame index (ffmpeg's n). */
export const StrokeLabel = z.object({
  contact_frame: z.number().int().nonnegative(),
  /** ± frames the labeller gives the contact. */
  uncertainty_frames: z.number().nonnegative(),
  player: z.string(),
  hand: z.enum(['right', 'left', 'unknown']),
  /** Free text: "forehand", "backhand (two-handed)", "serve", "volley (forehand)", "dink (probably backhand)", … */
  stroke: z.string(),
  /** False when contact was inferred from the ball changing direction. */
  contact_visible: z.boolean(),
  notes: z.string().optional(),
});
export type StrokeLabel = z.infer<typeof StrokeLabel>;

/** The labels of one clip. */
export const ClipLabels = z.object({
  /** Frames per second of the video (its own clock). */
  fps: z.number().positive(),
  frames: z.number().int().positive(),
  /** Real seconds per video second (1 = real time; 0.13 ≈ 8× slowed). */
  slow_motion_factor: z.number().positive().max(1),
  slow_motion_method: z.string(),
  strokes: z.array(StrokeLabel),
  notes: z.string().optional(),
});
export type ClipLabels = z.infer<typeof ClipLabels>;

/** strokes.json: clip file name → its labels. */
export const StrokeLabels = z.record(z.string(), ClipLabels);
export type StrokeLabels = z.infer<typeof StrokeLabels>;

/**
 * Reads and validates labels/strokes.json from the shared media folder.
 * @throws Error when the file is missing; ZodError when it does not match {@link StrokeLabels}.
 */
export function readStrokeLabels(): StrokeLabels {
  return StrokeLabels.parse(JSON.parse(readFileSync(mediaPath('labels/strokes.json'), 'utf8')));
}

/** Side of a stroke: forehand, backhand or serve; null when the text names none of them. */
export type StrokeSide = 'forehand' | 'backhand' | 'serve';

/**
 * The side a label's `stroke` text names ("volley (forehand)" → forehand, "dink (probably
 * backhand)" → backhand, "serve" → serve), or null.
 */
export function strokeSide(stroke: string): StrokeSide | null {
  const s = stroke.toLowerCase();
  if (s.includes('serve')) return 'serve';
  if (s.includes('backhand')) return 'backhand';
  if (s.includes('forehand')) return 'forehand';
  return null;
}

/**
 * Capture frame rate of a clip, frames per real second: fps / slow_motion_factor (labels
 * README: "Capture rate ≈ fps / factor"), e.g. 29.97 / 0.13 ≈ 230.5.
 */
export function captureFps(clip: Pick<ClipLabels, 'fps' | 'slow_motion_factor'>): number {
  return clip.fps / clip.slow_motion_factor;
}
