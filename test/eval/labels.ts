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
  /**
   * Who plays this stroke (labels/README.md "Second batch"; only its entries carry it): `pro` a
   * touring or teaching professional, `amateur` a recreational player, `unknown` stock-footage
   * models and players whose level the clip does not show (never in a pro-versus-amateur test).
   * Absent on the first batch's entries: clips.ts gives their clip's group.
   */
  group: z.enum(['pro', 'amateur', 'unknown']).optional(),
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

/** Side of a stroke as the stroke detector classes the motion: forehand, backhand or serve (overhead). */
/** The stroke sides, as the contract defines them. */
export type { StrokeSide } from '../../main/contract/technique-schema.js';
import type { StrokeSide } from '../../main/contract/technique-schema.js';

/**
 * The side a label's `stroke` text names, as the stroke detector (main/analysis/strokes/strokes.ts,
 * "Side") classes the motion, or null when the text names none: "volley (forehand)" → forehand,
 * "dink (probably backhand)" → backhand, "serve" → serve, "overhead" → serve (the hand above the
 * head at contact, the detector's serve class), "serve (underhand)" → forehand (a pickleball
 * serve is a forehand swing below the waist).
 */
export function strokeSide(stroke: string): StrokeSide | null {
  const s = stroke.toLowerCase();
  if (s.includes('underhand')) return 'forehand';
  if (s.includes('serve') || s.includes('overhead')) return 'serve';
  if (s.includes('backhand')) return 'backhand';
  if (s.includes('forehand')) return 'forehand';
  return null;
}

/** Kind of a labelled stroke: what is hit and how, whatever the side. */
export type StrokeKind = 'serve' | 'overhead' | 'volley' | 'dink' | 'drive';

/**
 * The kind a label's `stroke` text names: "serve (underhand)" → serve, "overhead" → overhead,
 * "volley (forehand)" → volley, "backhand (dink/block)" and "dink (probably forehand)" → dink
 * (the first of dink/volley named), anything else ("forehand", "forehand (drive)", "backhand
 * (two-handed)") → drive.
 */
export function strokeKind(stroke: string): StrokeKind {
  const s = stroke.toLowerCase();
  if (s.includes('serve')) return 'serve';
  if (s.includes('overhead')) return 'overhead';
  const dink = s.indexOf('dink');
  const volley = s.indexOf('volley');
  if (dink >= 0 && (volley < 0 || dink < volley)) return 'dink';
  if (volley >= 0) return 'volley';
  return 'drive';
}

/**
 * The stroke type of the known-groups test (issue 26: amateurs below professionals "of the same
 * stroke type"): sport, kind and side, and "two-handed" where the text says so. Examples:
 * ("tennis", "forehand") → "tennis forehand"; ("tennis", "backhand (two-handed)") → "tennis
 * two-handed backhand"; ("pickleball", "backhand (dink/block)") → "pickleball backhand dink";
 * ("tennis", "serve") → "tennis serve".
 */
export function strokeType(sport: string, stroke: string): string {
  const kind = strokeKind(stroke);
  if (kind === 'serve' || kind === 'overhead') return `${sport} ${kind}`;
  const side = strokeSide(stroke);
  const hands = stroke.toLowerCase().includes('two-handed') ? 'two-handed ' : '';
  return [sport, `${hands}${side ?? ''}`.trim(), kind === 'drive' ? '' : kind].filter(Boolean).join(' ');
}

/**
 * Capture frame rate of a clip, frames per real second: fps / slow_motion_factor (labels
 * README: "Capture rate ≈ fps / factor"), e.g. 29.97 / 0.13 ≈ 230.5.
 */
export function captureFps(clip: Pick<ClipLabels, 'fps' | 'slow_motion_factor'>): number {
  return clip.fps / clip.slow_motion_factor;
}
