/**
 * A stroke list the coach corrected, measured again (issue 27 "Coach in the loop"): the library's
 * capture-rate recompute of a corrected session (main/library/recompute.ts) keeps the coach's
 * strokes at their contact frames and measures each one again at the new rate with
 * analyseCoachStroke (stroke-correction.ts), instead of running the stroke detector again. Pure.
 */
import type { Stroke, TechniqueResult } from '../contract/technique-schema.js';
import { warning, type Warning } from '../contract/warning.js';
import { featureConsistency, type AnalysisInput } from './technique/index.js';
import { InsufficientPoseError } from './core/index.js';
import { analyseCoachStroke, type CoachStroke } from './stroke-correction.js';
import { withBallClock } from './stroke-analysis.js';

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** What {@link analyseKeptStrokes} gives: the technique result with every kept stroke, and the analysis' warnings. */
export interface KeptStrokesAnalysis {
  result: TechniqueResult;
  warnings: Warning[];
}

/**
 * A stroke list the coach corrected, analysed again with `raw.meta` (issue 27: a change of
 * capture rate keeps the coach's corrections). Each stroke of `strokes` (time order) stays at its
 * contact frame — a video frame, the same at any capture rate — with its side, two-handed flag,
 * detector confidence and `contact_source`, and is measured again as {@link analyseCoachStroke}
 * measures it (a detected contact keeps its confidence). The top-level fields are those of the
 * stroke whose `index` is `primaryIndex` when it is measured, else of the measured stroke with
 * the highest confidence; `consistency` is over the measured strokes. Warnings: the top-level
 * stroke's, one 'coach-strokes-kept' (info), one 'stroke-not-analysed' per stroke that could not
 * be measured.
 * Decided: a stroke that cannot be measured any more stays listed without features (evidence
 * lowers what is shown, it never drops a stroke the coach kept).
 * @throws InsufficientPoseError when no stroke can be measured; Error, RangeError as computeTechniqueResult.
 */
export function analyseKeptStrokes(input: AnalysisInput, strokes: readonly Stroke[], primaryIndex: number | null): KeptStrokesAnalysis {
  // The clip's ball clock once for all the strokes (each analyseCoachStroke would read it again: the ball's flights and the player's scale over the whole clip).
  const raw = withBallClock(input);
  const slowed = raw.meta.capture_fps ? raw.fps / raw.meta.capture_fps : 1;
  // The contact frame's own time (the stored contact time is rounded to the millisecond).
  const timeOf = (st: Stroke): number => {
    const i = raw.pose3d.frameNr.indexOf(st.contact.frame_nr);
    return i >= 0 ? raw.pose3d.timestamps[i]! : st.contact.timestamp;
  };
  const entries = strokes.map((st, n) => {
    const source = st.contact_source;
    const cs: CoachStroke = {
      timestamp: timeOf(st),
      frameNr: st.contact.frame_nr,
      side: st.side,
      twoHanded: st.two_handed,
      confidence: st.confidence,
      contactDetected: source === undefined || source === 'detected',
    };
    const kept = source === undefined ? {} : { contact_source: source };
    try {
      const a = analyseCoachStroke(raw, cs, n + 1);
      return { was: st.index, stroke: { ...a.stroke, ...kept }, out: a.out, failure: null as string | null };
    } catch (err) {
      if (!(err instanceof InsufficientPoseError)) throw err;
      const { overall_score: _s, kinetic_chain: _k, events: _e, features_left_out: _l, camera_view: _v, serve_stages: _g, ...rest } = st;
      const stroke: Stroke = { ...rest, index: n + 1, features: [], feature_categories: {}, contact: { ...st.contact, real_time: r3(st.contact.timestamp * slowed) } };
      return { was: st.index, stroke, out: null, failure: err.message };
    }
  });
  const measured = entries.filter((e) => e.out !== null);
  const top = measured.find((e) => e.was === primaryIndex) ?? [...measured].sort((a, b) => b.stroke.confidence - a.stroke.confidence)[0];
  if (!top?.out) {
    throw new InsufficientPoseError(`too little pose to analyse: none of the ${strokes.length} kept strokes could be measured (${entries.map((e) => e.failure ?? 'not of the analysed swing type').join('; ')})`, 0);
  }
  const result: TechniqueResult = {
    ...top.out.result,
    strokes: entries.map((e) => e.stroke),
    stroke_index: top.stroke.index,
    consistency: featureConsistency(measured.map((e) => e.stroke.features)),
  };
  const n = entries.length;
  const kept = warning('coach-strokes-kept', 'info', 'The strokes as the coach corrected them were kept and measured again.', {
    detail: `${n} stroke${n === 1 ? '' : 's'} kept at their contact frames as corrected by the coach; ${measured.length} analysed as ${raw.meta.swing_type}`,
  });
  const notes = entries
    .filter((e) => e.failure !== null)
    .map((e) =>
      warning('stroke-not-analysed', 'warning', 'A stroke could not be analysed.', {
        detail: `stroke at frame ${e.stroke.contact.frame_nr} not analysed: ${e.failure}`,
        frames: { from: e.stroke.contact.frame_nr, to: e.stroke.contact.frame_nr },
      }),
    );
  return { result, warnings: [...top.out.warnings, kept, ...notes] };
}
