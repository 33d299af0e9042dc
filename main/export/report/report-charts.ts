/**
 * Charts of the reports, drawn by uPlot inside the report page (the same library the app
 * uses), so Chromium (CLI) and Electron's printToPDF (app) render the same figure. The page
 * sets `document.body.dataset.chartsReady = "1"` when every chart is drawn; PDF renderers wait
 * for it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** One line of a chart: label, colour, y values (null = gap), and the y-axis scale key. */
export interface ChartSeries {
  label: string;
  color: string;
  values: (number | null)[];
  scale: string;
}

/** A chart: x values (seconds or Unix seconds for dates), series, axis labels per scale. */
export interface ChartSpec {
  id: string;
  title: string;
  x: number[];
  xIsTime: boolean;
  xLabel: string;
  series: ChartSeries[];
  scales: Record<string, { label: string; side: 'left' | 'right'; range?: [number, number] }>;
  /** x positions of vertical markers (e.g. ball contact), with labels. */
  markers?: { x: number; label: string }[];
}

let uplotAssets: { js: string; css: string } | undefined;

/** uPlot's script and stylesheet, read once from node_modules. */
export function uplotAssetsInline(): { js: string; css: string } {
  uplotAssets ??= {
    js: readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8'),
    css: readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8'),
  };
  return uplotAssets;
}

/** `<div>` placeholders for charts (A4 content width ≈ 680 px at 96 dpi). */
export function chartDivs(charts: readonly ChartSpec[]): string {
  return charts.map((c) => `<div class="chart"><div id="${c.id}"></div></div>`).join('\n');
}

/** The inline scripts that draw the charts (uPlot + data + drawing code). */
export function chartScripts(charts: readonly ChartSpec[]): string {
  const { js } = uplotAssetsInline();
  const data = JSON.stringify(charts).replace(/</g, '\\u003c');
  return `<script>${js}</script>
<script>
(function () {
  var charts = ${data};
  charts.forEach(function (c) {
    var axes = [{ label: c.xLabel }];
    var scales = { x: { time: c.xIsTime } };
    Object.keys(c.scales).forEach(function (k) {
      var s = c.scales[k];
      scales[k] = s.range ? { range: s.range } : {};
      axes.push({ scale: k, label: s.label, side: s.side === 'right' ? 1 : 3, grid: { show: s.side !== 'right' } });
    });
    var series = [{}].concat(c.series.map(function (s) {
      return { label: s.label, stroke: s.color, width: 2, scale: s.scale, spanGaps: false, points: { show: c.xIsTime } };
    }));
    var markers = c.markers || [];
    var opts = {
      title: c.title, width: 680, height: 230, scales: scales, axes: axes, series: series, legend: { live: false },
      hooks: { draw: [function (u) {
        var ctx = u.ctx; ctx.save(); ctx.strokeStyle = '#111'; ctx.setLineDash([4, 4]); ctx.fillStyle = '#111';
        ctx.font = (10 * devicePixelRatio) + 'px sans-serif';
        markers.forEach(function (m) {
          var x = u.valToPos(m.x, 'x', true);
          ctx.beginPath(); ctx.moveTo(x, u.bbox.top); ctx.lineTo(x, u.bbox.top + u.bbox.height); ctx.stroke();
          ctx.fillText(m.label, x + 4, u.bbox.top + 12 * devicePixelRatio);
        });
        ctx.restore();
      }] }
    };
    new uPlot(opts, [c.x].concat(c.series.map(function (s) { return s.values; })), document.getElementById(c.id));
  });
  document.body.dataset.chartsReady = '1';
})();
</script>`;
}
