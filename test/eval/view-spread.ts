/**
 * Issue 26 item 4, "add the spread of the same stroke over the clips of the bigger set": for each
 * stroke type (labels.ts strokeType) and each scored feature, the values of the labelled strokes
 * grouped by the camera view the analysis estimated (technique/camera-view.ts), with their count,
 * median and range. A feature a view cannot measure is left out there (view-gate.ts), so its cell
 * is empty. Descriptive only: the strokes of a type mix players and levels, and a cell holds a
 * handful of strokes, so a wider range in one view is a hint of the view's error, not a measure of
 * it (the 4-camera table, eval-3d.ts / multiview.ts, measures that on one trial).
 */
import { CAMERA_VIEWS } from '../../main/contract/technique-schema.js';
import type { ClipEvents } from './report.js';
import type { StrokeOutcome } from './strokes.js';
import { mdTable, num, type Cell } from './table.js';

/** One cell: the feature's values on the strokes of one type seen from one view. */
export interface ViewSpreadCell {
  n: number;
  median: number;
  min: number;
  max: number;
}

/** One row: a feature of a stroke type, its unit, and a cell per camera view (absent where no stroke of that view scored it). */
export interface ViewSpreadRow {
  type: string;
  feature: string;
  unit: string;
  views: Partial<Record<(typeof CAMERA_VIEWS)[number], ViewSpreadCell>>;
}

function cell(values: number[]): ViewSpreadCell {
  const v = [...values].sort((a, b) => a - b);
  const mid = v.length >> 1;
  return { n: v.length, median: v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2, min: v[0]!, max: v[v.length - 1]! };
}

/**
 * The rows of the spread table: every (stroke type, feature) scored on at least two strokes of
 * that type (any views), serves and overheads excluded (no scored features), strokes without an
 * estimated view skipped.
 */
export function viewSpreadRows(strokes: readonly StrokeOutcome[]): ViewSpreadRow[] {
  const byType = new Map<string, StrokeOutcome[]>();
  for (const s of strokes) {
    if (!s.view || / (serve|overhead)$/.test(s.type)) continue;
    byType.set(s.type, [...(byType.get(s.type) ?? []), s]);
  }
  const rows: ViewSpreadRow[] = [];
  for (const [type, list] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
    const names = [...new Set(list.flatMap((s) => s.features.map((f) => f.name)))];
    for (const feature of names) {
      const scored = list.flatMap((s) => s.features.filter((f) => f.name === feature).map((f) => ({ view: s.view!, f })));
      if (scored.length < 2) continue;
      const views: ViewSpreadRow['views'] = {};
      for (const v of CAMERA_VIEWS) {
        const vals = scored.filter((x) => x.view === v).map((x) => x.f.value);
        if (vals.length) views[v] = cell(vals);
      }
      rows.push({ type, feature, unit: scored[0]!.f.unit, views });
    }
  }
  return rows;
}

/** The report section (markdown): the table of {@link viewSpreadRows} over every clip's labelled strokes. */
export function renderViewSpread(clips: readonly ClipEvents[]): string {
  const rows = viewSpreadRows(clips.flatMap((c) => c.strokes));
  const fmt = (c: ViewSpreadCell | undefined, unit: string): string => {
    if (!c) return '';
    const d = unit === 'deg' || unit === 'deg/s' ? 0 : 2;
    return c.n === 1 ? `1: ${num(c.median, d)}` : `${c.n}: ${num(c.median, d)} [${num(c.min, d)}…${num(c.max, d)}]`;
  };
  const table: Cell[][] = rows.map((r) => [r.type, r.feature, r.unit, ...CAMERA_VIEWS.map((v) => fmt(r.views[v], r.unit))]);
  return [
    '### Issue 26: the same stroke type over the labelled clips, per camera view (n: median [min…max])',
    mdTable(['stroke type', 'feature', 'unit', ...CAMERA_VIEWS], table),
    'Each stroke in the view the analysis estimated around its contact. Descriptive: a type mixes players and levels, and a cell holds few strokes, so a wider range in one view hints at that view\'s error without measuring it; an empty cell is a view that never scored the feature (left out there, view-gate.ts, or no stroke of that view).',
  ].join('\n\n');
}
