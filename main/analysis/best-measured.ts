/**
 * Which of a clip's analysed strokes gives the top-level result (analyseStrokes, stroke-analysis.ts),
 * and keeping only that one's per-frame series while the strokes are analysed.
 */
import type { ClipStroke } from './strokes/index.js';
import { ballEvidenceRank } from './strokes/index.js';
import type { TechniqueOutput } from './technique/index.js';

/** One detected stroke's analysis: its output, or why it could not be measured. */
export interface Analysed {
  stroke: ClipStroke;
  out: TechniqueOutput | null;
  failure: string | null;
}

/**
 * The analysis whose stroke the ball shows best (strokes.ts `ballEvidenceRank`), then with the
 * highest confidence × share of applicable features measured; null when none was measured.
 */
export function bestMeasured(analysed: readonly Analysed[]): TechniqueOutput | null {
  let best: TechniqueOutput | null = null;
  let bestKey: [number, number] = [-Infinity, -Infinity];
  for (const a of analysed) {
    if (!a.out) continue;
    const key = measuredKey(a.stroke, a.out);
    if (ranksAbove(key, bestKey)) [best, bestKey] = [a.out, key];
  }
  return best;
}

/** What {@link bestMeasured} ranks a measured analysis by: [ball evidence rank, confidence × share of applicable features measured]. */
function measuredKey(stroke: ClipStroke, out: TechniqueOutput): [number, number] {
  const n = out.result.features.length;
  // A serve or dink scores no feature (technique/swing-kind.ts): its detector confidence alone.
  return [ballEvidenceRank(stroke.ballEvidence), stroke.confidence * (n > 0 ? n / (n + (out.result.features_left_out?.length ?? 0)) : 1)];
}

const ranksAbove = (key: [number, number], than: [number, number]) => key[0] > than[0] || (key[0] === than[0] && key[1] > than[1]);

/**
 * Passes each analysis through, keeping the per-frame series (kinetic_chain's three and
 * wrist_speed's `plot_values`, one number per frame of the clip each) only on the one
 * {@link bestMeasured} would pick so far, in the order given: a stroke's entry reads only their
 * peaks (stroke-analysis.ts strokeEntry), the top-level result is the best's (or the coach's) whole.
 * Decided (issue 29): each stroke of a clip without scene cuts is analysed on the whole clip, so
 * keeping every stroke's series cost 32 bytes a frame per stroke (a 100,000-frame clip with one
 * stroke every 5 s: 10 KB a frame), the result being the same.
 */
export function seriesKeeper(): (a: Analysed) => Analysed {
  let best: TechniqueOutput | undefined;
  let bestKey: [number, number] = [-Infinity, -Infinity];
  return (a) => {
    if (!a.out) return a;
    const key = measuredKey(a.stroke, a.out);
    if (!ranksAbove(key, bestKey)) dropSeries(a.out);
    else {
      if (best) dropSeries(best);
      [best, bestKey] = [a.out, key];
    }
    return a;
  };
}

/** Empties the analysis's per-frame series (the `plot_values` of kinetic_chain.speed_dict and wrist_speed). */
function dropSeries(out: TechniqueOutput): void {
  const chain = out.result.kinetic_chain?.speed_dict;
  if (chain) for (const s of [chain.hip, chain.shoulder, chain.wrist]) s.plot_values = [];
  if (out.result.wrist_speed?.plot_values) out.result.wrist_speed.plot_values = [];
}
