/**
 * The session report: one HTML/CSS page (print CSS) with player, date, sport and swing, overall
 * and per-category scores, every stroke of the clip — summarised from 21 strokes on (session-summary.ts) — and their consistency (stroke-sections.ts), every feature (score, level, the level-ranges bar with the value on
 * it, observation, suggestion), key frames with the skeleton, and the kinetic-chain chart.
 * Rendered to PDF by Chromium in the CLI and by Electron's printToPDF in the app.
 */
import { LEVELS } from '../../contract/technique-schema.js';
import { categoryLabel } from '../../contract/display-names.js';
import { captureRateText, clockSentence } from '../../contract/capture-rate.js';
import type { FeatureRow, SessionDetail } from '../../library/library-types.js';
import { chartDivs, chartScripts, uplotAssetsInline, type ChartSpec } from './report-charts.js';
import { esc, REPORT_CSS } from './report-style.js';
import { consistencyHtml, strokeTableHtml } from './stroke-sections.js';
import { strokeSummaryHtml, summarises, type StrokeKeyFrame } from './session-summary.js';

/** A rendered key frame: label, time (s) and PNG bytes. */
export interface ReportKeyFrame {
  label: string;
  timestamp: number;
  png: Buffer;
}

/** Position (0..100 %) of `value` on the bar of the four level value ranges. */
export function valueBarPosition(f: Pick<FeatureRow, 'value' | 'value_ranges'>): number {
  const ranges = LEVELS.map((l) => f.value_ranges[l]);
  const lo = Math.min(...ranges.flat());
  const hi = Math.max(...ranges.flat());
  if (!(hi > lo)) return 50;
  // Bars are drawn as four equal segments in level order; place the value inside its segment.
  for (let i = 0; i < ranges.length; i++) {
    const [a, b] = ranges[i]!;
    const [min, max] = [Math.min(a, b), Math.max(a, b)];
    if (f.value >= min && f.value <= max) {
      const t = max > min ? (f.value - min) / (max - min) : 0.5;
      const forward = a <= b ? t : 1 - t;
      return (i + forward) * 25;
    }
  }
  const first = ranges[0]!;
  const belowFirst = first[0] <= first[1] ? f.value < Math.min(...first) : f.value > Math.max(...first);
  return belowFirst ? 0 : 100;
}

function featureBlock(f: FeatureRow): string {
  const unit = typeof f.unit === 'string' ? ` ${esc(f.unit)}` : '';
  const segs = LEVELS.map((l) => {
    const [a, b] = f.value_ranges[l];
    return `<div class="seg ${l}">${esc(l)} ${round(a)}–${round(b)}</div>`;
  }).join('');
  return `<div class="feature">
  <h3><span>${esc(f.feature_human_readable_name)}</span><span>${Math.round(f.score)} <span class="level">${esc(f.level)}</span></span></h3>
  <div>Value: <b>${round(f.value)}${unit}</b>${typeof f.uncertainty === 'number' ? ` ± ${round(f.uncertainty)}${unit} (the view's measured error)` : ''} · at ${esc(f.event.name.replace(/_/g, ' '))} (${f.event.timestamp.toFixed(2)} s)</div>
  <div class="bar">${segs}<div class="marker" style="left:${valueBarPosition(f).toFixed(1)}%"><span>${round(f.value)}${unit}</span></div></div>
  <p class="obs">${esc(f.observation)}</p>
  <p class="sug">→ ${esc(f.suggestion)}</p>
</div>`;
}

/** The kinetic-chain chart: hip and shoulder rotation speed (deg/s, left) and wrist speed (m/s, right). */
export function kineticChainChart(d: SessionDetail): ChartSpec | null {
  const kc = d.kineticChain;
  const pose = d.pose2d;
  if (!kc || !pose) return null;
  const n = Math.min(pose.frames, kc.hip.plot_values.length, kc.shoulder.plot_values.length, kc.wrist.plot_values.length);
  const x = Array.from(pose.timestamps.subarray(0, n));
  const vals = (v: number[]) => v.slice(0, n).map((y) => (Number.isFinite(y) ? y : null));
  return {
    id: 'kinetic-chain',
    title: 'Kinetic chain',
    x,
    xIsTime: false,
    xLabel: 'video time (s)',
    series: [
      { label: `hip (${kc.hip.unit ?? 'deg/s'})`, color: '#8e44ad', values: vals(kc.hip.plot_values), scale: 'ang' },
      { label: `shoulder (${kc.shoulder.unit ?? 'deg/s'})`, color: '#1f6feb', values: vals(kc.shoulder.plot_values), scale: 'ang' },
      { label: `wrist (${kc.wrist.unit ?? 'm/s'})`, color: '#e67e22', values: vals(kc.wrist.plot_values), scale: 'lin' },
    ],
    scales: { ang: { label: 'deg/s', side: 'left' }, lin: { label: 'm/s', side: 'right' } },
    markers: d.contact ? [{ x: d.contact.timestamp, label: 'contact' }] : [],
  };
}

/**
 * The whole report page. `keyFrames` (and `strokeFrames`, the contact frames of the best and worst
 * strokes of a summarised long session) are embedded as data URLs, so the page is self-contained.
 */
export function sessionReportHtml(d: SessionDetail, keyFrames: readonly ReportKeyFrame[], strokeFrames: readonly StrokeKeyFrame[] = []): string {
  const { session: s, player: p } = d;
  const overall = d.analysis?.overallScore;
  const cats = Object.entries(d.categories)
    .map(([name, c]) => `<div class="score-card"><div>${esc(categoryLabel(name))}</div><div class="v">${Math.round(c.average_score)}</div><div>${c.feature_count} features</div></div>`)
    .join('');
  const frames = keyFrames
    .map((k) => `<figure><img src="data:image/png;base64,${k.png.toString('base64')}" alt="${esc(k.label)}"><figcaption>${esc(k.label)} · ${k.timestamp.toFixed(2)} s</figcaption></figure>`)
    .join('');
  const chart = kineticChainChart(d);
  const charts = chart ? [chart] : [];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${esc(p.name)} — ${esc(s.swingType)} — ${esc(s.recordedAt.slice(0, 10))}</title>
<style>${uplotAssetsInline().css}${REPORT_CSS}</style></head><body>
<h1>${esc(p.name)}</h1>
<div class="meta">${esc(s.recordedAt.slice(0, 10))} · ${esc(s.sport)} · ${esc(s.swingType.replace(/_/g, ' '))} · ${esc(p.dominantHand)}-handed · ${esc(s.title)}</div>
<div class="meta">${esc(slowMotionLine(d))}</div>
<h2>Scores</h2>
<div class="scores"><div class="score-card overall"><div>Overall</div><div class="v">${overall == null ? '–' : Math.round(overall)}</div><div>${d.features.length} features</div></div>${cats}</div>
${summarises(d) ? strokeSummaryHtml(d, strokeFrames) : strokeTableHtml(d)}
${consistencyHtml(d)}
<h2>Key frames</h2><div class="frames">${frames || '<p>No pose to show.</p>'}</div>
${charts.length ? `<h2>Kinetic chain</h2>${chartDivs(charts)}` : ''}
<h2>Features</h2>
${d.features.map(featureBlock).join('\n') || '<p>No features were measured.</p>'}
${d.notes ? `<h2>Coach notes</h2><p>${esc(d.notes)}</p>` : ''}
<footer>Swing Studio · analysis ${esc(d.analysis?.uid ?? '')} · ${esc(d.analysis?.backend ?? '')} ${esc(d.analysis?.pipelineVersion ?? '')}</footer>
${charts.length ? chartScripts(charts) : '<script>document.body.dataset.chartsReady = "1";</script>'}
</body></html>`;
}

/** The analysis' clock: its capture rate and what the units are; with the slow-motion guess when there is one. */
function slowMotionLine(d: SessionDetail): string {
  const capture = d.analysis?.captureFps ?? null;
  const guess = capture === null ? d.analysis?.slowMotionGuess : null;
  const hint = guess ? ` The clip looks slowed about ${guess.factor.toFixed(1)}× (capture about ${guess.suggestedCaptureFps} fps); its speeds and timings are not scored (give the capture rate to measure them).` : '';
  return `Capture rate: ${captureRateText(capture, d.session.fps)}. ${clockSentence(capture, d.session.fps)}${hint}`;
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}
