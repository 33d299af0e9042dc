/**
 * The consistency view's rows (issue 11): per feature of the session's consistency (mean, SD,
 * CV and n over the analysed strokes, main/analysis/consistency.ts), each stroke's value as a
 * dot on the feature's level bar (API.md `value_ranges`), with the mean and the mean ± SD band on
 * the same axis. Pure: positions are fractions 0..1 of the bar width.
 * A feature measured on many strokes (a whole practice session, issue 29 item 5: from
 * {@link DENSE_FROM} strokes) gets no dot per stroke: the values' histogram over the bar
 * ({@link HISTOGRAM_BINS} bins), the median, and the strokes of the lowest and highest value as
 * its only dots, so the view's size does not grow with the session.
 */
import type { FeatureConsistency } from '../../../../main/contract/technique-schema.js';
import type { SessionStroke } from '../../../../preload/contract.js';
import { levelBar, type LevelSegment } from '../geometry/level-bar.js';

/**
 * Dots closer than this share of the bar width go on separate lanes so both stay visible (an
 * 8 CSS px dot on the ≈ 320 px bar of the detail column at 1280×720 is 0.025 of it).
 */
export const DOT_GAP = 0.025;

/** Strokes from which on a row is drawn as a histogram (Decided: 40 dots of 8 px still fit on about 4 lanes of the ≈ 320 px bar). */
export const DENSE_FROM = 41;
/** Histogram bins across the bar of a dense row (each ≈ 8 px on the ≈ 320 px bar, a dot's width). */
export const HISTOGRAM_BINS = 40;

/** One stroke's value on the bar. */
export interface ConsistencyDot {
  /** `SessionStroke.index` (1-based, time order). */
  stroke: number;
  /** The value, in the row's `unit`. */
  value: number;
  /** Its level (API.md level name). */
  level: string;
  /** Position, 0..1 of the bar width. */
  x: number;
  /** Lane from 0 (on the bar) up: dots within {@link DOT_GAP} of an earlier dot move up a lane. */
  lane: number;
}

/** One feature's row of the consistency view. */
export interface ConsistencyRow {
  feature: string;
  name: string;
  unit: string;
  /** Mean and sample SD (n − 1) over the strokes, in `unit` (from the analysis). */
  mean: number;
  sd: number;
  /** SD / |mean| (null when the mean is 0). */
  cv: number | null;
  /** Strokes that have the feature. */
  n: number;
  /** The level bands on the bar and the axis ends (value units). */
  segments: LevelSegment[];
  min: number;
  max: number;
  /** Mean and mean ± SD positions, 0..1. */
  meanX: number;
  sdFromX: number;
  sdToX: number;
  /** One dot per stroke that has the feature; for a dense row only the lowest and the highest value's strokes (in that order; one when every value is the same). */
  dots: ConsistencyDot[];
  /** True when the row is drawn as a histogram ({@link DENSE_FROM} strokes or more). */
  dense: boolean;
  /** Strokes per bin across the bar ({@link HISTOGRAM_BINS} bins, bin k covers [k, k+1) / bins); empty unless `dense`. */
  bins: number[];
  /** The median value (`unit`) and its position 0..1. */
  median: number;
  medianX: number;
}

/** Counts of `xs` (0..1) in `bins` equal bins over [0, 1] (1 counts in the last). */
export function histogram(xs: readonly number[], bins = HISTOGRAM_BINS): number[] {
  const out = new Array<number>(bins).fill(0);
  for (const x of xs) out[Math.min(bins - 1, Math.max(0, Math.floor(x * bins)))]! += 1;
  return out;
}

/** Median of `values` (mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const m = Math.floor(v.length / 2);
  return v.length === 0 ? NaN : v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

/**
 * Lanes for dots at `xs` (0..1) in order: each dot takes the lowest lane with no earlier dot
 * within `gap` on it.
 */
export function dotLanes(xs: readonly number[], gap = DOT_GAP): number[] {
  const placed: { x: number; lane: number }[] = [];
  return xs.map((x) => {
    let lane = 0;
    while (placed.some((p) => p.lane === lane && Math.abs(p.x - x) < gap)) lane++;
    placed.push({ x, lane });
    return lane;
  });
}

/**
 * The rows of `consistency`, least consistent first (CV descending; a null CV — mean 0 — last,
 * then by name), each with the dots of the `strokes` that have the feature. Bands and the
 * feature's name come from the primary stroke when it has the feature, else the first stroke
 * that has it; a feature no stroke carries is left out.
 */
export function consistencyRows(strokes: readonly SessionStroke[], consistency: readonly FeatureConsistency[]): ConsistencyRow[] {
  const ordered = [...strokes].sort((a, b) => Number(b.primary) - Number(a.primary));
  const rows: ConsistencyRow[] = [];
  for (const c of consistency) {
    const ref = ordered.map((s) => s.features.find((f) => f.feature_name === c.feature)).find((f) => f !== undefined);
    if (!ref) continue;
    const values = strokes.flatMap((s) => {
      const f = s.features.find((g) => g.feature_name === c.feature);
      return f ? [{ stroke: s.index, value: f.value, level: f.level }] : [];
    });
    const mid = median(values.map((v) => v.value));
    const bar = levelBar(ref.value_ranges, c.mean, [c.mean - c.sd, c.mean + c.sd, mid, ...values.map((v) => v.value)]);
    const xs = bar.points.slice(3);
    const dense = values.length >= DENSE_FROM;
    const placed = values.map((v, i) => ({ ...v, x: xs[i] ?? 0.5, lane: 0 }));
    let dots: ConsistencyDot[];
    if (dense) {
      // The earliest stroke of the lowest and of the highest value (placed is in time order).
      const low = placed.reduce((m, d) => (d.value < m.value ? d : m));
      const high = placed.reduce((m, d) => (d.value > m.value ? d : m));
      dots = low === high ? [low] : [low, high];
    } else {
      const lanes = dotLanes(xs);
      dots = placed.map((d, i) => ({ ...d, lane: lanes[i] ?? 0 }));
    }
    rows.push({
      feature: c.feature,
      name: ref.feature_human_readable_name,
      unit: c.unit,
      mean: c.mean,
      sd: c.sd,
      cv: c.cv,
      n: c.n,
      segments: bar.segments,
      min: bar.min,
      max: bar.max,
      meanX: bar.marker,
      sdFromX: bar.points[0] ?? bar.marker,
      sdToX: bar.points[1] ?? bar.marker,
      dots,
      dense,
      bins: dense ? histogram(xs) : [],
      median: mid,
      medianX: bar.points[2] ?? bar.marker,
    });
  }
  return rows.sort((a, b) => (b.cv ?? -1) - (a.cv ?? -1) || a.name.localeCompare(b.name));
}
