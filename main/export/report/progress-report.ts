/**
 * The player progress report: the player's feature scores across sessions over time — one
 * chart per feature category (each feature's score, 0–100, by recording date), a table of every
 * score, and the best and weakest features called out (by latest score; improvement = latest −
 * first). A session with several analysed strokes counts with their mean score, shown with its
 * spread (± SD of the stroke scores, n strokes). Same print CSS and chart library as the session report.
 */
import { categoryLabel } from '../../contract/display-names.js';
import type { FeatureHistoryPoint, Player } from '../../library/library-types.js';
import { chartDivs, chartScripts, uplotAssetsInline, type ChartSpec } from './report-charts.js';
import { esc, REPORT_CSS } from './report-style.js';

const PALETTE = ['#1f6feb', '#e67e22', '#27ae60', '#8e44ad', '#c0392b', '#16a085', '#d35400', '#2c3e50'];

/** A feature's trend over the player's sessions. */
export interface FeatureTrend {
  featureName: string;
  label: string;
  unit: string | null;
  first: number;
  latest: number;
  /** latest − first, score points. */
  change: number;
  sessions: number;
}

/** Per-feature trends, sorted by latest score, best first. */
export function featureTrends(history: readonly FeatureHistoryPoint[]): FeatureTrend[] {
  const by = new Map<string, FeatureHistoryPoint[]>();
  for (const p of history) by.set(p.featureName, [...(by.get(p.featureName) ?? []), p]);
  return [...by.values()]
    .map((pts) => {
      const sorted = [...pts].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
      const first = sorted[0]!;
      const last = sorted[sorted.length - 1]!;
      return {
        featureName: first.featureName,
        label: first.featureHumanReadableName,
        unit: first.unit,
        first: first.score,
        latest: last.score,
        change: last.score - first.score,
        sessions: sorted.length,
      };
    })
    .sort((a, b) => b.latest - a.latest);
}

/** One chart per category; features without a category go under "other". */
export function progressCharts(history: readonly FeatureHistoryPoint[], categoriesByFeature: Record<string, string[]>): ChartSpec[] {
  const sessions = [...new Map(history.map((p) => [p.sessionId, p.recordedAt])).entries()].sort((a, b) => a[1].localeCompare(b[1]));
  const x = sessions.map(([, at]) => Date.parse(at) / 1000);
  const cats = new Map<string, Set<string>>();
  for (const p of history) {
    for (const c of categoriesByFeature[p.featureName] ?? ['other']) cats.set(c, (cats.get(c) ?? new Set()).add(p.featureName));
  }
  return [...cats.entries()].map(([cat, feats], ci) => ({
    id: `cat-${ci}`,
    title: categoryLabel(cat),
    x,
    xIsTime: true,
    xLabel: 'session date',
    series: [...feats].map((name, i) => {
      const pts = history.filter((p) => p.featureName === name);
      return {
        label: pts[0]?.featureHumanReadableName ?? name,
        color: PALETTE[i % PALETTE.length]!,
        values: sessions.map(([sid]) => pts.find((p) => p.sessionId === sid)?.score ?? null),
        scale: 'score',
      };
    }),
    scales: { score: { label: 'score', side: 'left' as const, range: [0, 100] as [number, number] } },
  }));
}

/** The progress report page for a player. */
export function progressReportHtml(player: Player, history: readonly FeatureHistoryPoint[], categoriesByFeature: Record<string, string[]>): string {
  const trends = featureTrends(history);
  const charts = progressCharts(history, categoriesByFeature);
  const sessions = [...new Map(history.map((p) => [p.sessionId, p.recordedAt])).entries()].sort((a, b) => a[1].localeCompare(b[1]));
  const best = trends.slice(0, 3);
  const weakest = [...trends].reverse().slice(0, 3);
  const improved = [...trends].filter((t) => t.sessions > 1).sort((a, b) => b.change - a.change).slice(0, 3);
  const li = (t: FeatureTrend, extra = '') => `<li>${esc(t.label)}: <b>${Math.round(t.latest)}</b>${extra}</li>`;
  const rows = trends
    .map((t) => {
      const cells = sessions.map(([sid]) => {
        const p = history.find((h) => h.sessionId === sid && h.featureName === t.featureName);
        const spread = p?.strokes && p.strokes > 1 ? ` <span class="spread">±${Math.round(p.scoreSd ?? 0)} (${p.strokes})</span>` : '';
        return `<td>${p ? Math.round(p.score) : ''}${spread}</td>`;
      });
      return `<tr><td>${esc(t.label)}</td>${cells.join('')}<td>${t.change >= 0 ? '+' : ''}${Math.round(t.change)}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(player.name)} — progress</title>
<style>${uplotAssetsInline().css}${REPORT_CSS}</style></head><body>
<h1>${esc(player.name)} — progress</h1>
<div class="meta">${sessions.length} analysed sessions · ${esc(sessions[0]?.[1].slice(0, 10) ?? '')} to ${esc(sessions[sessions.length - 1]?.[1].slice(0, 10) ?? '')} · ${esc(player.dominantHand)}-handed</div>
<div class="callouts">
  <div><h3>Best features</h3><ul>${best.map((t) => li(t)).join('')}</ul></div>
  <div><h3>Weakest features</h3><ul>${weakest.map((t) => li(t)).join('')}</ul></div>
  <div><h3>Most improved</h3><ul>${improved.map((t) => li(t, ` (${t.change >= 0 ? '+' : ''}${Math.round(t.change)})`)).join('') || '<li>Needs two sessions</li>'}</ul></div>
</div>
<h2>Scores by category</h2>
${chartDivs(charts)}
<h2>All scores</h2>
<table><thead><tr><th>Feature</th>${sessions.map(([, at]) => `<th>${esc(at.slice(0, 10))}</th>`).join('')}<th>Change</th></tr></thead><tbody>
${rows}
</tbody></table>
<footer>Swing Studio · scores 0–100 per feature; a session with several strokes shows their mean score ± the SD of their scores (number of strokes)</footer>
${chartScripts(charts)}
</body></html>`;
}
