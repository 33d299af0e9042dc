/**
 * The kinetic-chain chart (hip and shoulder rotation speed in deg/s on the left axis; wrist
 * speed in m/s — or mph — on the right axis) drawn with uPlot, with each series' peak marked
 * and a playhead that follows the video clock. Clicking the plot seeks the video there.
 * Plain class: the component mounts it, feeds it `setPlayhead(t)` and calls `dispose()`.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One series of the chart: per-sample values on the shared time axis and its peak sample. */
export interface ChartSeries {
  label: string;
  /** Values in the unit of `axis` (already converted to display units); null = gap. */
  values: (number | null)[];
  /** Index of the peak sample (API.md `peak_index`), or -1 for none. */
  peakIndex: number;
  /** 'rot' = left axis (deg/s), 'lin' = right axis (m/s or mph), 'ang' = an angle in degrees (drawings put on the chart; its own right axis). */
  axis: 'rot' | 'lin' | 'ang';
  colour: string;
}

/** Everything the chart plots. */
export interface ChartData {
  /** Sample times, seconds on the video timeline, ascending. */
  times: number[];
  series: ChartSeries[];
  /** Label of the right axis unit, e.g. "m/s" or "mph". */
  linUnit: string;
  /** Ball contact time, seconds, drawn as a dashed line (null for none). */
  contactTime: number | null;
}

/** The chart. */
export class KineticChart {
  readonly #plot: uPlot;
  readonly #playhead: HTMLDivElement;
  readonly #data: ChartData;
  #time = NaN;

  /** Builds the chart in `container` at `width × height` CSS px; `onSeek(t)` gets clicks (seconds). */
  constructor(container: HTMLElement, data: ChartData, width: number, height: number, onSeek: (t: number) => void) {
    this.#data = data;
    // Canvas cannot resolve CSS variables: read the theme's colours once (the chart is rebuilt per session).
    const muted = getComputedStyle(container).getPropertyValue('--text-muted').trim() || '#8a94a3';
    const opts: uPlot.Options = {
      width,
      height,
      cursor: { y: false, drag: { x: false, y: false }, points: { show: false } },
      legend: { show: true, live: false },
      scales: { x: { time: false } },
      series: [
        { label: 't (s)' },
        ...data.series.map((s) => ({ label: s.label, stroke: s.colour, width: 2, scale: s.axis, points: { show: false } })),
      ],
      axes: [
        { stroke: muted, grid: { stroke: 'rgba(128,128,128,0.15)' }, label: 'time (s)' },
        { scale: 'rot', label: 'deg/s', stroke: muted, grid: { stroke: 'rgba(128,128,128,0.15)' } },
        { scale: 'lin', side: 1, label: data.linUnit, stroke: muted, grid: { show: false } },
        ...(data.series.some((s) => s.axis === 'ang') ? [{ scale: 'ang', side: 1 as const, label: 'deg', stroke: muted, grid: { show: false } }] : []),
      ],
      hooks: { draw: [(u) => this.#drawMarks(u)] },
    };
    const aligned: uPlot.AlignedData = [data.times, ...data.series.map((s) => s.values)];
    this.#plot = new uPlot(opts, aligned, container);
    this.#playhead = document.createElement('div');
    this.#playhead.className = 'chart-playhead';
    this.#playhead.dataset['testid'] = 'chart-playhead';
    this.#plot.over.appendChild(this.#playhead);
    this.#plot.over.addEventListener('click', (e) => {
      const t = this.#plot.posToVal(e.offsetX, 'x');
      if (Number.isFinite(t)) onSeek(Math.max(0, t));
    });
  }

  /** Time under the playhead, seconds (NaN before the first call). */
  get playheadTime(): number {
    return this.#time;
  }

  /** Moves the playhead to `t` seconds (a DOM move only; the plot is not redrawn). */
  setPlayhead(t: number): void {
    this.#time = t;
    const x = this.#plot.valToPos(t, 'x');
    this.#playhead.style.transform = `translateX(${Number.isFinite(x) ? x : -10}px)`;
  }

  /** Resizes the chart to `width × height` CSS px. */
  resize(width: number, height: number): void {
    this.#plot.setSize({ width, height });
    if (Number.isFinite(this.#time)) this.setPlayhead(this.#time);
  }

  /** Removes the chart and its listeners. */
  dispose(): void {
    this.#plot.destroy();
  }

  /** Peak markers (a dot on each series' peak) and the ball-contact line, in canvas pixels. */
  #drawMarks(u: uPlot): void {
    const ctx = u.ctx;
    const { top, height } = u.bbox;
    ctx.save();
    const contact = this.#data.contactTime;
    if (contact !== null) {
      const x = u.valToPos(contact, 'x', true);
      ctx.strokeStyle = '#ffb020';
      ctx.setLineDash([6, 4]);
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + height);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    for (const s of this.#data.series) {
      const v = s.values[s.peakIndex];
      const t = this.#data.times[s.peakIndex];
      if (v === undefined || v === null || t === undefined || !Number.isFinite(v)) continue;
      const x = u.valToPos(t, 'x', true);
      const y = u.valToPos(v, s.axis, true);
      ctx.fillStyle = s.colour;
      ctx.strokeStyle = '#000';
      ctx.beginPath();
      ctx.arc(x, y, 5 * devicePixelRatio, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
    ctx.restore();
  }
}
