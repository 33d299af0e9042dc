/**
 * The report's issue-26 part: the headline (left-out figures, in-sample beside them), the
 * per-clip table, the coach runs that end in an error with their text, and the known groups per
 * stroke type. Inputs from headline.ts; column meanings in main/analysis/README.md, "Accuracy".
 */
import type { ClipFigures, HarnessConstants } from './figures.js';
import type { Count, Headline } from './headline.js';
import type { LocoResult } from './loco.js';
import type { ClipEvents } from './report.js';
import { mdTable, num, pct, ratio, type Cell } from './table.js';

type Loco = LocoResult<HarnessConstants, ClipFigures, Headline>;
/** The headline's run: the detector's constants fitted per fold (params-loco.ts), or none fitted. */
type Fitted = LocoResult<unknown, ClipFigures, Headline>;

const short = (clip: string) => clip.replace(/\.mp4$/, '');
const count = ([k, n]: Count) => (n ? `${ratio(k, n)} (${pct(k / n)})` : '0/0');
const factor = (f: number | null) => (f === null ? '–' : `${num(f, 1)}×`);

/** The headline table: each measure left out, in sample, and issue 26's target. */
export function renderHeadline(shipped: Fitted, floor: Loco, paramsNote = ''): string {
  const rows = (label: string, f: (h: Headline) => string, target: string): Cell[] => [label, f(shipped.leftOut), f(shipped.inSample), target];
  const typeLine = (h: Headline) => `${ratio(h.types.filter((t) => t.ordered).length, h.types.length)}${h.types.length ? ` (${h.types.map((t) => `${t.type} ${t.ordered ? 'yes' : 'no'}`).join('; ')})` : ''}`;
  const table: Cell[][] = [
    rows('clips ending in an error although a labelled stroke exists', (h) => ratio(...h.clipsInError), '0'),
    rows("contact within ±2 frames, analysed player's labelled strokes (stroke windows)", (h) => count(h.contact), '≥ 85 %'),
    rows('stroke detection precision (clip-strokes.ts, match within 0.15 s real)', (h) => count(h.precision), '≥ 85 %'),
    rows('stroke detection recall', (h) => count(h.recall), '≥ 85 %'),
    rows('side of the matched strokes', (h) => count(h.side), ''),
    rows('contact within ±2 frames of the matched strokes', (h) => count(h.matchedContact), ''),
    rows('known groups: stroke types where every amateur stroke scores below every pro stroke', typeLine, 'all'),
    rows('known groups: pro features advanced or professional', (h) => count(h.proHigh), '≥ 75 %'),
    rows('slowed clips (≥ 2×): guess within 1.5× of the label', (h) => count(h.slowedGuessOk), '≥ 80 %'),
    rows('real-time clips: no guess', (h) => count(h.realTimeNoGuess), 'all'),
  ];
  table.push([
    'detection with a confidence floor fitted on the other clips: precision / recall',
    `${count(floor.leftOut.precision)} / ${count(floor.leftOut.recall)}`,
    `${count(floor.inSample.precision)} / ${count(floor.inSample.recall)} (floor ${num(floor.allConstants.detectionFloor, 2)})`,
    '',
  ]);
  return [
    '### Issue 26: headline, leave-one-clip-out (in-sample beside it; their gap is the over-fit)',
    mdTable(['measure', 'left out (headline)', 'in sample', 'target'], table),
    paramsNote,
    `The last row is a floor on the detector's confidence that the harness fits on top of the shipped constants (F1 on the training clips), floors per fold: ${floor.folds.map((f) => `${short(f.clip)} ${num(f.constants.detectionFloor, 2)}`).join(', ')}.`,
  ].join('\n\n');
}

/** Per clip: the coach run's outcome and the clip's left-out figures. */
export function renderClipFigures(clips: readonly ClipEvents[], shipped: Fitted, floor: Loco): string {
  const rows = shipped.folds.map((fold, i): Cell[] => {
    const f = fold.leftOut;
    const c = clips.find((x) => x.clip === fold.clip)!;
    const g = floor.folds[i]!.leftOut;
    return [
      short(f.clip),
      `${c.coach.swingType}${c.coach.captureFps ? ` @ ${num(c.coach.captureFps, 0)} fps` : ''}`,
      c.coach.error === null ? `analysed (contact ${c.coach.contactFrame})` : '**error**',
      ratio(f.contactOk, f.labelled),
      c.detectors.find((d) => d.name === 'strokes (clip-strokes.ts)')?.detectedFrames.join(', ') || '–',
      ratio(f.matched, f.detected),
      ratio(f.matched, f.labelled),
      f.matched ? ratio(f.sideOk, f.matched) : '–',
      factor(f.labelledFactor),
      factor(f.guessedFactor),
      f.guessOk ? 'yes' : 'no',
      `${num(floor.folds[i]!.constants.detectionFloor, 2)}: ${ratio(g.matched, g.detected)}, ${ratio(g.matched, g.labelled)}`,
    ];
  });
  const errors = clips.filter((c) => c.coach.error !== null);
  return [
    '### Issue 26: per clip (left out)',
    mdTable(['clip', 'coach run: swing type asked, capture rate', 'outcome', 'contact ±2 (windows)', 'detected frames (shipped constants)', 'precision', 'recall', 'side', 'labelled factor', 'guessed (no rate)', 'guess right', 'fitted floor: precision, recall'], rows),
    errors.length
      ? ['Clips whose coach run ends in an error (the text of the `error` line):', ...errors.map((c) => `- ${short(c.clip)} (${c.coach.swingType}): "${c.coach.error}"`)].join('\n')
      : 'No coach run ends in an error.',
  ].join('\n\n');
}

/** Known groups per stroke type: the mean scores of pro and amateur strokes where a type has both. */
export function renderTypeOrders(h: Headline, clips: readonly ClipEvents[]): string {
  const rows: Cell[][] = h.types.map((t) => [t.type, t.pro.map((v) => num(v, 1)).join(', '), t.amateur.map((v) => num(v, 1)).join(', '), t.ordered ? 'yes' : 'no']);
  const all = clips.flatMap((c) => c.strokes);
  const one = [...new Set(all.map((s) => s.type))].filter((t) => !h.types.some((x) => x.type === t)).sort();
  const groupsOf = (t: string) => [...new Set(all.filter((s) => s.type === t).map((s) => s.group))].join('/');
  return [
    '### Issue 26: known groups per stroke type (mean feature score per stroke; `unknown` strokes left out)',
    rows.length ? mdTable(['stroke type', 'pro strokes', 'amateur strokes', 'every amateur below every pro'], rows) : 'No stroke type has scored strokes of both groups.',
    `Types without both groups scored: ${one.map((t) => `${t} (${groupsOf(t)})`).join('; ') || 'none'}.`,
  ].join('\n\n');
}
