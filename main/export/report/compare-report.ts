/**
 * The comparison report: two strokes on one A4 page set (print CSS of report-style.ts) — who and
 * what each stroke is (with its number for a session of several strokes), both overall scores, the key frame at ball contact of each (skeleton
 * drawn, the joints of the features measured at contact highlighted), and every technique
 * feature of either stroke side by side: value with unit and score of each, and the difference
 * (second − first) in the feature's unit. Rendered to PDF by the same pipeline as the session report.
 */
import { captureRateText } from '../../contract/capture-rate.js';
import type { Feature } from '../../contract/technique-schema.js';
import { strokeSideWord } from '../../contract/display-names.js';
import { strokeOrdinal } from '../../contract/stroke-view.js';
import type { StrokeDetail } from '../../library/library-types.js';
import type { ReportKeyFrame } from './session-report.js';
import { esc, REPORT_CSS } from './report-style.js';

/** Additions to the report CSS: value cells never wrap, the two stroke cards share the width, the two contact frames are larger. */
const COMPARE_CSS = `
td.v { white-space: nowrap; }
.scores .score-card { flex: 1; }
.frames figure { width: 86mm; }
.frames figure img { max-height: 95mm; }
`;

/** One row of the comparison: a feature and its row in each stroke (null = not measured there). */
export interface CompareFeatureRow {
  name: string;
  title: string;
  unit: string;
  first: Feature | null;
  second: Feature | null;
}

/** Every feature of either stroke, in the first stroke's order then the second's new ones. */
export function compareFeatureRows(a: { features: readonly Feature[] }, b: { features: readonly Feature[] }): CompareFeatureRow[] {
  const names = [...new Set([...a.features, ...b.features].map((f) => f.feature_name))];
  return names.map((name) => {
    const first = a.features.find((f) => f.feature_name === name) ?? null;
    const second = b.features.find((f) => f.feature_name === name) ?? null;
    const any = (first ?? second)!;
    return { name, title: any.feature_human_readable_name, unit: typeof any.unit === 'string' ? any.unit : '', first, second };
  });
}

/** A value as the report prints it: one decimal, no "-0". */
export function reportNumber(v: number): string {
  const r = Math.round(v * 10) / 10;
  return (Object.is(r, -0) ? 0 : r).toFixed(1);
}

function cell(f: Feature | null, unit: string): string {
  if (!f) return '<td>—</td>';
  return `<td class="v"><b>${reportNumber(f.value)}</b>${unit ? ` ${esc(unit)}` : ''} <span class="level">${Math.round(f.score)} · ${esc(f.level)}</span></td>`;
}

function diffCell(r: CompareFeatureRow): string {
  if (!r.first || !r.second) return '<td>—</td>';
  const d = reportNumber(r.second.value - r.first.value);
  const signed = /[1-9]/.test(d) && !d.startsWith('-') ? `+${d}` : d.replace(/^-/, '−');
  return `<td class="v">${signed}${r.unit ? ` ${esc(r.unit)}` : ''}</td>`;
}

/** "Stroke 2 of 3 · forehand · contact at 15.77 s" for sessions with several strokes, else "". */
function strokeLine(d: StrokeDetail): string {
  const n = strokeOrdinal(d);
  if (!n || !d.stroke) return '';
  return `<div>${esc(n[0]!.toUpperCase() + n.slice(1))} · ${esc(strokeSideWord(d.stroke.side, d.session.sport))} · contact at ${d.stroke.contact.timestamp.toFixed(2)} s</div>`;
}

function strokeHeader(d: StrokeDetail, which: string): string {
  const s = d.session;
  const overall = d.overallScore;
  return `<div class="score-card"><div>${which}</div><div class="v">${overall == null ? '–' : Math.round(overall)}</div>
<div><b>${esc(d.player.name)}</b> · ${esc(d.player.dominantHand)}-handed · ${(d.player.heightMm / 1000).toFixed(2)} m</div>
<div>${esc(s.title || s.swingType.replace(/_/g, ' '))} · ${esc(s.recordedAt.slice(0, 10))} · ${esc(s.sport)}</div>${strokeLine(d)}
<div>Capture rate: ${esc(captureRateText(d.analysis?.captureFps ?? null, s.fps))}</div></div>`;
}

/** The whole comparison page; `contactFrames` are the two key frames at contact (first, second), embedded as data URLs. */
export function compareReportHtml(a: StrokeDetail, b: StrokeDetail, contactFrames: readonly (ReportKeyFrame | null)[]): string {
  const rows = compareFeatureRows(a, b);
  const figure = (k: ReportKeyFrame | null, who: string) =>
    k ? `<figure><img src="data:image/png;base64,${k.png.toString('base64')}" alt="${esc(k.label)}"><figcaption>${esc(who)} · ${esc(k.label)} · ${k.timestamp.toFixed(2)} s</figcaption></figure>` : `<p>${esc(who)}: no pose at contact.</p>`;
  const table = rows
    .map((r) => `<tr data-feature="${esc(r.name)}"><td>${esc(r.title)}</td>${cell(r.first, r.unit)}${cell(r.second, r.unit)}${diffCell(r)}</tr>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Comparison — ${esc(a.player.name)} and ${esc(b.player.name)}</title>
<style>${REPORT_CSS}${COMPARE_CSS}</style></head><body>
<h1>Comparison of two strokes</h1>
<div class="meta">Synchronised at ball contact · differences are second − first, in each feature's unit</div>
<div class="scores">${strokeHeader(a, 'First stroke')}${strokeHeader(b, 'Second stroke')}</div>
<h2>Ball contact</h2><div class="frames">${figure(contactFrames[0] ?? null, 'First')}${figure(contactFrames[1] ?? null, 'Second')}</div>
<h2>Features</h2>
${rows.length ? `<table><thead><tr><th>Feature</th><th>First (${esc(a.player.name)})</th><th>Second (${esc(b.player.name)})</th><th>Difference</th></tr></thead><tbody>${table}</tbody></table>` : '<p>Neither stroke has measured features.</p>'}
<footer>Swing Studio · analyses ${esc(a.analysis?.uid ?? '')} and ${esc(b.analysis?.uid ?? '')}</footer>
<script>document.body.dataset.chartsReady = "1";</script>
</body></html>`;
}
