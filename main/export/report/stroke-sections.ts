/**
 * The session report's stroke sections (issue 11): a table of every stroke of the clip (side,
 * ball contact — marked "contact set by the coach" when a correction set it (main/library/stroke-corrections.ts) —
 * detector confidence, overall and category scores) and the consistency of the
 * analysed strokes per feature (mean, SD, CV, n, and the range of values).
 */
import { categoryLabel, strokeSideWord, unscoredStrokeWord } from '../../contract/display-names.js';
import type { SessionDetail } from '../../library/library-types.js';
import { esc } from './report-style.js';
import { wasAnalysed } from './session-summary.js';

const num = (v: number, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '–');

/** "Strokes" table; '' when the session has no strokes. The stroke the page's features describe is marked ★. */
export function strokeTableHtml(d: SessionDetail): string {
  if (d.strokes.length === 0) return '';
  const cats = [...new Set(d.strokes.flatMap((s) => Object.keys(s.categories)))];
  const head = ['#', 'side', 'contact', 'confidence', 'overall', ...cats.map(categoryLabel)].map((h) => `<th>${esc(h)}</th>`).join('');
  const rows = d.strokes
    .map((s) => {
      const side = `${strokeSideWord(s.side, d.session.sport)}${s.twoHanded ? ' (two-handed)' : ''}`;
      const cells = [
        `${s.index}${s.primary ? ' ★' : ''}`,
        side,
        `${num(s.contact.timestamp, 2)} s · frame ${s.contact.frameNr}${s.contactSource === 'coach' ? ' · contact set by the coach' : ''}`,
        num(s.confidence, 2),
        s.overallScore === null ? unscoredStrokeWord(s) : String(Math.round(s.overallScore)),
        ...cats.map((c) => (s.categories[c] ? String(Math.round(s.categories[c].average_score)) : '–')),
      ];
      return `<tr>${cells.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`;
    })
    .join('');
  const analysed = d.strokes.filter(wasAnalysed).length;
  const note = `${d.strokes.length} stroke${d.strokes.length === 1 ? '' : 's'} found, ${analysed} analysed as ${d.session.swingType.replace(/_/g, ' ')}; ★ the stroke whose features this report shows. Contact times on the video's timeline.`;
  return `<h2>Strokes</h2><table class="strokes"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table><p class="meta">${esc(note)}</p>`;
}

/** "Consistency" table over the analysed strokes; '' when no feature was measured on two or more strokes. */
export function consistencyHtml(d: SessionDetail): string {
  const rows = d.consistency.filter((c) => c.n >= 2);
  if (rows.length === 0) return '';
  const human = new Map(d.strokes.flatMap((s) => s.features.map((f) => [f.feature_name, f.feature_human_readable_name] as const)));
  const body = rows
    .map((c) => {
      const values = d.strokes.flatMap((s) => s.features.filter((f) => f.feature_name === c.feature).map((f) => f.value));
      const cells = [
        human.get(c.feature) ?? c.feature,
        `${num(c.mean, 2)} ${c.unit}`,
        `${num(c.sd, 2)} ${c.unit}`,
        c.cv === null ? '–' : `${num(c.cv * 100, 0)} %`,
        String(c.n),
        `${num(Math.min(...values), 2)} – ${num(Math.max(...values), 2)}`,
      ];
      return `<tr>${cells.map((x) => `<td>${esc(x)}</td>`).join('')}</tr>`;
    })
    .join('');
  const head = ['feature', 'mean', 'SD', 'CV', 'strokes', 'range'].map((h) => `<th>${esc(h)}</th>`).join('');
  return `<h2>Consistency</h2><table class="consistency"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table><p class="meta">${esc(
    'Spread of each feature over the analysed strokes: SD with n − 1, CV = SD / |mean| (lower is more consistent).',
  )}</p>`;
}
