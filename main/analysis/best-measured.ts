/**
 * Which of a clip's analysed strokes gives the top-level result (analyseStrokes, stroke-analysis.ts),
 * and keeping only that one's per-frame series while the strokes are analysed.
 */
import type { ClipStroke } from './strokes/index.js';
import { ballEvidenceRank } from './strokes/index.js';
import { VIEW_BLIND_FEATURES, type TechniqueOutput } from './technique/index.js';
import { spreadSeries, type StretchOutput } from './stroke-stretch.js';

/** One detected stroke's analysis: its output, or why it could not be measured. */
export interface Analysed {
  stroke: ClipStroke;
  out: TechniqueOutput | null;
  failure: string | null;
  /** Where `out`'s per-frame values lie in the clip when they are still its stretch's (stroke-stretch.ts analyseStretchLocal); {@link seriesKeeper} lays the kept ones onto the clip. */
  stretch?: Omit<StretchOutput, 'out'>;
}

/**
 * The analysis to show first: one that measures more than half of what its camera view lets it
 * measure, then the one whose stroke the ball shows best (strokes.ts `ballEvidenceRank`), then the
 * highest confidence × share of applicable features measured; null when none was measured.
 *
 * Decided, not fitted: the ball's word that a stroke is a hit does not outrank a stroke measured
 * far better. The case that asked for it is one public pickleball clip filmed from behind
 * (Parkvr/pickleball-shot-classifier @955d008 videos/24.mp4): its ball-confirmed forehand at
 * 41.2 s measured 3 of the 6 features its view allows (the hand unseen at contact) and headed the
 * session over forehands measuring most of theirs. "More than half" puts exactly half below, so
 * that one clip chose the strictness; on the 13 labelled clips no coach run changes (eval
 * 2026-11-27), so they neither confirm nor contradict it. Features the view cannot measure
 * (view-gate.ts) do not count against a stroke: from behind every stroke loses the same six.
 */
export function bestMeasured(analysed: readonly Analysed[]): TechniqueOutput | null {
  let best: TechniqueOutput | null = null;
  let bestKey: Key = [-Infinity, -Infinity, -Infinity];
  for (const a of analysed) {
    if (!a.out) continue;
    const key = measuredKey(a.stroke, a.out);
    if (ranksAbove(key, bestKey)) [best, bestKey] = [a.out, key];
  }
  return best;
}

/** Share of the features a stroke's view allows that it must measure more than, to rank as measured (half: most of them). */
export const MEASURED_SHARE = 0.5;

/** What {@link bestMeasured} ranks by: [measures more than {@link MEASURED_SHARE} of what its view allows (1/0), ball evidence rank, confidence × share of applicable features measured]. */
type Key = [number, number, number];

function measuredKey(stroke: ClipStroke, out: TechniqueOutput): Key {
  const n = out.result.features.length;
  const leftOut = out.result.features_left_out ?? [];
  const view = out.result.camera_view?.view;
  const blind = view ? VIEW_BLIND_FEATURES[view] : {};
  const unmeasured = leftOut.filter((f) => blind[f.feature_name] === undefined).length;
  // A serve or dink scores no feature (technique/swing-kind.ts): its detector confidence alone.
  const measured = n === 0 || n / (n + unmeasured) > MEASURED_SHARE ? 1 : 0;
  return [
    measured,
    ballEvidenceRank(stroke.ballEvidence),
    stroke.confidence * (n > 0 ? n / (n + leftOut.length) : 1),
  ];
}

const ranksAbove = (key: Key, than: Key) => {
  for (let i = 0; i < key.length; i++) if (key[i] !== than[i]) return key[i]! > than[i]!;
  return false;
};

/**
 * Passes each analysis through, keeping the per-frame series (kinetic_chain's three and
 * wrist_speed's `plot_values`, one number per frame of the clip each) only on the one
 * {@link bestMeasured} would pick so far, in the order given, laid onto the whole clip there when
 * they are still its stretch's (stroke-stretch.ts spreadSeries; the others are never widened): a
 * stroke's entry reads only their peaks (stroke-analysis.ts strokeEntry), the top-level result is
 * the best's (or the coach's) whole.
 * Decided (issue 29): each stroke of a clip without scene cuts is analysed on the whole clip, so
 * keeping every stroke's series cost 32 bytes a frame per stroke (a 100,000-frame clip with one
 * stroke every 5 s: 10 KB a frame), the result being the same.
 */
export function seriesKeeper(): (a: Analysed) => Analysed {
  let best: TechniqueOutput | undefined;
  let bestKey: Key = [-Infinity, -Infinity, -Infinity];
  return (a) => {
    if (!a.out) return a;
    const key = measuredKey(a.stroke, a.out);
    if (!ranksAbove(key, bestKey)) {
      dropSeries(a.out);
      return a;
    }
    if (best) dropSeries(best);
    const kept: Analysed = a.stretch ? { ...a, out: spreadSeries({ ...a.stretch, out: a.out }) } : a;
    [best, bestKey] = [kept.out!, key];
    return kept;
  };
}

/** Empties the analysis's per-frame series (the `plot_values` of kinetic_chain.speed_dict and wrist_speed). */
function dropSeries(out: TechniqueOutput): void {
  const chain = out.result.kinetic_chain?.speed_dict;
  if (chain) for (const s of [chain.hip, chain.shoulder, chain.wrist]) s.plot_values = [];
  if (out.result.wrist_speed?.plot_values) out.result.wrist_speed.plot_values = [];
}
