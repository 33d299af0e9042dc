/**
 * Geometry of a feature's level bar: the four `value_ranges` of API.md (beginner …
 * professional, each `[low, high]` on the value scale) laid side by side on a 0..1 axis, and
 * the measured value as a marker on it. Ranges may run either way (a lower value can be the
 * better one) and may leave gaps; the axis spans all of them plus the value.
 */
import type { Level } from '../../../../main/contract/technique-schema.js';

/**
 * API.md's level names in ascending order (the same list as main/contract/technique-schema.ts LEVELS,
 * repeated as a type-checked literal so the renderer bundle does not pull in zod schemas).
 */
export const LEVEL_ORDER = ['beginner', 'intermediate', 'advanced', 'professional'] as const satisfies readonly Level[];

/** One coloured segment of the bar, positions as fractions 0..1 of the bar width. */
export interface LevelSegment {
  level: Level;
  /** Left edge, 0..1. */
  start: number;
  /** Right edge, 0..1 (≥ start). */
  end: number;
  /** The range on the value scale, sorted ascending. */
  low: number;
  high: number;
}

/** The bar: segments sorted left to right, the value marker, and the axis ends in value units. */
export interface LevelBar {
  segments: LevelSegment[];
  /** Position of the measured value, 0..1 (clamped). */
  marker: number;
  /** Value at the left end of the bar. */
  min: number;
  /** Value at the right end of the bar. */
  max: number;
  /** Positions of the `extra` values given to {@link levelBar}, 0..1 (clamped; 0.5 when not finite), in their order. */
  points: number[];
}

/** `value_ranges` of a feature: level name → [low, high] on the value scale. */
export type ValueRanges = Record<Level, readonly [number, number]>;

/**
 * Lays out the level bar of `ranges` with `value` on it. The axis spans every range end, the
 * value and the finite `extra` values (e.g. every stroke's value and mean ± SD in the
 * consistency view; their positions are `points`), padded by 5 % of the span on each side so a
 * value at an end stays visible. Ranges with non-finite ends are left out.
 */
export function levelBar(ranges: ValueRanges, value: number, extra: readonly number[] = []): LevelBar {
  const parts = LEVEL_ORDER.flatMap((level) => {
    const r = ranges[level];
    const [a, b] = r;
    if (!Number.isFinite(a) || !Number.isFinite(b)) return [];
    return [{ level, low: Math.min(a, b), high: Math.max(a, b) }];
  });
  const ends = parts.flatMap((p) => [p.low, p.high]);
  for (const v of [value, ...extra]) if (Number.isFinite(v)) ends.push(v);
  if (ends.length === 0) return { segments: [], marker: 0.5, min: 0, max: 1, points: extra.map(() => 0.5) };
  let min = Math.min(...ends);
  let max = Math.max(...ends);
  const span = max - min || Math.abs(max) || 1;
  min -= span * 0.05;
  max += span * 0.05;
  const at = (v: number) => Math.min(1, Math.max(0, (v - min) / (max - min)));
  const segments = parts
    .map((p) => ({ ...p, start: at(p.low), end: at(p.high) }))
    .sort((s, t) => s.start - t.start || s.end - t.end);
  const place = (v: number) => (Number.isFinite(v) ? at(v) : 0.5);
  return { segments, marker: place(value), min, max, points: extra.map(place) };
}
