/**
 * Run-time schemas of our serve (and dink) extension of the technique result: the 8 serve stages
 * and the measured values shown without a score. Split from technique-schema.ts, which
 * re-exports them (import them from there).
 */
import { z } from 'zod';

/**
 * Our extra for a serve (main/analysis/technique/serve-phases.ts): one of the 8 stages of
 * Kovacs & Ellenbecker 2011 (start, release, loading, cocking, acceleration, contact,
 * deceleration, finish) as a range of video frames `from_frame`..`to_frame` (from 0) and times
 * `from_timestamp`..`to_timestamp` (s, the video's timeline); contact is one frame.
 */
export const ServeStage = z.looseObject({
  name: z.string(),
  from_frame: z.number().int(),
  to_frame: z.number().int(),
  from_timestamp: z.number(),
  to_timestamp: z.number(),
});
export type ServeStage = z.infer<typeof ServeStage>;

/**
 * Our extra for a serve (main/analysis/technique/serve-measures.ts): a measured value without a
 * score: `name`, `human`, `value` in `unit`, the video `frame_nr` it is measured at, `band` (a
 * cited level band; null while no paper gives one), `note` (why no band; which view measures it)
 * and, where a paper gives one, a `reference`: the published mean (± SD) in `unit` and its source;
 * `fact`, where the value has one, says what it means in words (main/analysis/technique/serve-motion.ts).
 */
export const ServeMeasure = z.looseObject({
  name: z.string(),
  human: z.string(),
  value: z.number(),
  unit: z.string(),
  frame_nr: z.number().int(),
  band: z.looseObject({ source: z.string() }).nullable(),
  note: z.string(),
  reference: z.looseObject({ mean: z.number(), sd: z.number().optional(), source: z.string() }).optional(),
  /** A measured fact in words beside the value, e.g. the order of the speed peaks or which foot lands first. */
  fact: z.string().optional(),
});
export type ServeMeasure = z.infer<typeof ServeMeasure>;

/**
 * The serve and dink fields (our extension) of a stroke (`result.strokes[]`) and of a result,
 * spread into both shapes in technique-schema.ts: `serve_stages` (a tennis serve's 8 stages, in time
 * order), `serve_measures` (a tennis serve's values without a score: serve-measures.ts,
 * serve-motion.ts), `dink_measures` (a pickleball dink's values without a score, in
 * {@link ServeMeasure}'s shape: dink-measures.ts). Absent for other strokes.
 */
export const SERVE_DINK_FIELDS = {
  serve_stages: z.array(ServeStage).optional(),
  serve_measures: z.array(ServeMeasure).optional(),
  dink_measures: z.array(ServeMeasure).optional(),
};
