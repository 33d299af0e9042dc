/**
 * The session report's stroke summary for a long session (issue 29 item 5: a practice set of
 * hundreds of strokes): instead of one table row per stroke, the strokes counted by swing type
 * and side (with their overall scores' min / median / max), each feature's spread over the
 * strokes (score and value: min / median / max), and the best and worst {@link RANKED} strokes
 * by overall score, each with its contact key frame. Used from {@link SUMMARY_FROM} strokes on;
 * the per-feature consistency table (stroke-sections.ts) follows it as for a short session.
 * Decided: from 21 strokes on (the brief's "over 20"), where the stroke table starts to run over
 * a page of A4 (about 30 rows fit one) and a coach no longer reads it row by row.
 */
import { categoryLabel, strokeSideWord } from '../../contract/display-names.js';
import { SWING_TYPE_LABELS, type SwingType } from '../../contract/technique-schema.js';
import type { SessionDetail, SessionStroke } from '../../library/library-types.js';
import { esc } from './report-style.js';

/** Strokes from which on the report summarises them. */
export const SUMMARY_FROM = 21;
/** Best and worst strokes shown with their key frame. */
export const RANKED = 3;

/** A stroke's contact key frame for the summary: its `SessionStroke.index`, the frame's time (s, video) and PNG bytes (null when it could not be extracted, with `error` saying why). */
export interface StrokeKeyFrame {
  stroke: number;
  timestamp: number;
  png: Buffer | null;
  error?: string;
}

/** True when the report summarises the strokes of `d` (more than 20) instead of listing them. */
export function summarises(d: Pick<SessionDetail, 'strokes'>): boolean {
  return d.strokes.length >= SUMMARY_FROM;
}

/** True when stroke `s` was analysed: it has features, or (a serve or dink, which scores no drive feature) its events. */
export function wasAnalysed(s: Pick<SessionStroke, 'features' | 'events'>): boolean {
  return s.features.length > 0 || s.events.length > 0;
}

/** Median of `v` (mean of the middle two for an even count); NaN for none. */
export function median(v: readonly number[]): number {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * The best and worst `n` strokes by overall score (scored strokes only; on a tie the earlier
 * first). A stroke is in `worst` only when it is not in `best` (fewer than 2n scored strokes).
 */
export function rankedStrokes(strokes: readonly SessionStroke[], n = RANKED): { best: SessionStroke[]; worst: SessionStroke[] } {
  const scored = strokes.filter((s) => s.overallScore !== null);
  const best = [...scored].sort((a, b) => (b.overallScore ?? 0) - (a.overallScore ?? 0) || a.index - b.index).slice(0, n);
  const worst = [...scored]
    .sort((a, b) => (a.overallScore ?? 0) - (b.overallScore ?? 0) || a.index - b.index)
    .filter((s) => !best.includes(s))
    .slice(0, n);
  return { best, worst };
}

const num = (v: number, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '–');
const spread = (v: readonly number[], d: number) => (v.length ? `${num(Math.min(...v), d)} / ${num(median(v), d)} / ${num(Math.max(...v), d)}` : '–');
const typeName = (t: SwingType | null) => (t ? (SWING_TYPE_LABELS[t] ?? t.replace(/_/g, ' ')) : 'type unknown');
const sideName = (s: SessionStroke, sport: string) => `${strokeSideWord(s.side, sport)}${s.twoHanded ? ' (two-handed)' : ''}`;
const table = (head: readonly string[], rows: readonly (readonly string[])[], cls: string) =>
  `<table class="${cls}"><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;

/** Strokes per swing type and side: count, analysed, overall score min / median / max. */
function countsTable(strokes: readonly SessionStroke[], sport: string): string {
  const groups = new Map<string, SessionStroke[]>();
  for (const s of strokes) {
    const k = `${typeName(s.swingType)}\u0000${sideName(s, sport)}`;
    groups.set(k, [...(groups.get(k) ?? []), s]);
  }
  const rows = [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .map(([k, g]) => {
      const [type = '', side = ''] = k.split('\u0000');
      const scores = g.flatMap((s) => (s.overallScore === null ? [] : [s.overallScore]));
      return [type, side, String(g.length), String(g.filter(wasAnalysed).length), spread(scores, 0)];
    });
  return table(['swing type', 'side', 'strokes', 'analysed', 'overall score min / median / max'], rows, 'stroke-counts');
}

/** Per feature over the strokes that have it: strokes, score and value min / median / max. */
function featureSpreadTable(strokes: readonly SessionStroke[]): string {
  const by = new Map<string, { name: string; unit: string; category: string; scores: number[]; values: number[] }>();
  for (const s of strokes)
    for (const f of s.features) {
      const e = by.get(f.feature_name) ?? { name: f.feature_human_readable_name, unit: typeof f.unit === 'string' ? f.unit : '', category: f.feature_categories.map(categoryLabel).join(', '), scores: [], values: [] };
      e.scores.push(f.score);
      e.values.push(f.value);
      by.set(f.feature_name, e);
    }
  if (by.size === 0) return '<p class="meta">No feature was measured on these strokes.</p>';
  const rows = [...by.values()]
    .sort((a, b) => median(a.scores) - median(b.scores) || a.name.localeCompare(b.name))
    .map((e) => [e.name, e.category, String(e.scores.length), spread(e.scores, 0), `${spread(e.values, 2)}${e.unit ? ` ${e.unit}` : ''}`]);
  return table(['feature', 'category', 'strokes', 'score min / median / max', 'value min / median / max'], rows, 'feature-spread');
}

/** One ranked stroke: its key frame (or why there is none) and caption. */
function rankedFigure(s: SessionStroke, frame: StrokeKeyFrame | undefined, rank: string, sport: string): string {
  const weakest = [...s.features].sort((a, b) => a.score - b.score)[0];
  const caption = `${rank}: stroke ${s.index} · ${sideName(s, sport)} · ${Math.round(s.overallScore ?? 0)} · contact ${num(s.contact.timestamp, 2)} s${weakest ? ` · weakest: ${weakest.feature_human_readable_name} ${Math.round(weakest.score)}` : ''}`;
  const img = frame?.png ? `<img src="data:image/png;base64,${frame.png.toString('base64')}" alt="${esc(`stroke ${s.index} at contact`)}">` : `<p class="meta">${esc(`No frame: ${frame?.error ?? 'the session has no pose at this stroke'}`)}</p>`;
  return `<figure class="ranked" data-stroke="${s.index}">${img}<figcaption>${esc(caption)}</figcaption></figure>`;
}

/**
 * The "Strokes" section of a long session: a sentence of counts, the counts by type and side,
 * each feature's spread, and the best and worst strokes with their contact key frames from
 * `frames` (by stroke index). '' when the session is not summarised ({@link summarises}).
 */
export function strokeSummaryHtml(d: Pick<SessionDetail, 'strokes' | 'session'>, frames: readonly StrokeKeyFrame[]): string {
  if (!summarises(d)) return '';
  const analysed = d.strokes.filter(wasAnalysed).length;
  const scored = d.strokes.filter((s) => s.overallScore !== null).length;
  const byStroke = new Map(frames.map((f) => [f.stroke, f]));
  const { best, worst } = rankedStrokes(d.strokes);
  const figs = (list: SessionStroke[], rank: string) => list.map((s) => rankedFigure(s, byStroke.get(s.index), rank, d.session.sport)).join('');
  const sentence = `${d.strokes.length} strokes found, ${analysed} analysed as ${d.session.swingType.replace(/_/g, ' ')}, ${scored} with an overall score. Summarised: counts, each feature's spread and the best and worst ${RANKED} strokes (the feature CSV and the JSON export list every stroke).`;
  return `<h2>Strokes</h2><p class="meta" data-summary="strokes">${esc(sentence)}</p>
<h3>Strokes by type and side</h3>${countsTable(d.strokes, d.session.sport)}
<h3>Each feature over the strokes</h3>${featureSpreadTable(d.strokes)}<p class="meta">${esc('Weakest median score first. Values on the analysis clock, as in the feature list.')}</p>
<div class="ranked-group"><h3>Best ${RANKED} strokes</h3><div class="frames">${figs(best, 'Best') || '<p>No stroke has an overall score.</p>'}</div></div>
<div class="ranked-group"><h3>Worst ${RANKED} strokes</h3><div class="frames">${figs(worst, 'Worst') || '<p>No other stroke has an overall score.</p>'}</div></div>`;
}
