/**
 * The value → score → level map shared by every feature.
 *
 * A feature's reference is five breakpoints b0..b4 running from the beginner end to the
 * professional end (ascending when more is better, descending when less is better). Level i
 * covers the values between b_i and b_{i+1}; its score range is {@link SCORE_RANGES}. Inside a
 * level the score is linear in the value (piecewise-linear overall). Past b0 the score is 0.
 * Past b4 it is 100 when `beyond` is "clamp"; when `beyond` is "mirror" (too much is a fault,
 * e.g. a knee bend so deep it costs balance) the value is reflected about b4 first, so the score
 * falls again at the same rate it rose.
 */
import { LEVELS, type Level } from '../../contract/technique-schema.js';

/** Score band of each level, 0–100 (our convention: equal 20-point bands above a 40-point beginner band). */
export const SCORE_RANGES: Readonly<Record<Level, [number, number]>> = {
  beginner: [0, 40],
  intermediate: [40, 60],
  advanced: [60, 80],
  professional: [80, 100],
};

const SCORE_BREAKS = [0, 40, 60, 80, 100] as const;

/** Five breakpoints from the beginner end to the professional end of the value scale. */
export type Breakpoints = readonly [number, number, number, number, number];

/** A feature's reference ranges and where they come from. */
export interface Reference {
  breakpoints: Breakpoints;
  beyond: 'clamp' | 'mirror';
  /** Citation or an honest note that the band is a coaching heuristic. */
  source: string;
}

/** `value_ranges` of a reference: [min, max] per level. */
export function valueRanges(ref: Reference): Record<Level, [number, number]> {
  const b = ref.breakpoints;
  const out = {} as Record<Level, [number, number]>;
  LEVELS.forEach((lvl, i) => {
    const lo = b[i]!;
    const hi = b[i + 1]!;
    out[lvl] = [Math.min(lo, hi), Math.max(lo, hi)];
  });
  return out;
}

/** Score 0–100 of a value under a reference (see module doc). */
export function scoreValue(value: number, ref: Reference): number {
  const b = ref.breakpoints;
  const asc = b[4] > b[0];
  let v = value;
  const past4 = asc ? v > b[4] : v < b[4];
  if (past4) {
    if (ref.beyond === 'clamp') return 100;
    v = 2 * b[4] - v;
  }
  const before0 = asc ? v <= b[0] : v >= b[0];
  if (before0) return 0;
  for (let i = 0; i < 4; i++) {
    const lo = b[i]!;
    const hi = b[i + 1]!;
    const inside = asc ? v >= lo && v <= hi : v <= lo && v >= hi;
    if (inside) {
      const frac = hi === lo ? 1 : (v - lo) / (hi - lo);
      return round1(SCORE_BREAKS[i]! + frac * (SCORE_BREAKS[i + 1]! - SCORE_BREAKS[i]!));
    }
  }
  return 100;
}

/** Level of a score: the level whose score range holds it (a boundary belongs to the higher level). */
export function levelOf(score: number): Level {
  if (score >= 80) return 'professional';
  if (score >= 60) return 'advanced';
  if (score >= 40) return 'intermediate';
  return 'beginner';
}

/** Where a value sits relative to the professional band: below it, inside it, or past it. */
export function position(value: number, ref: Reference): 'short' | 'ideal' | 'over' {
  const [lo, hi] = valueRanges(ref).professional;
  const asc = ref.breakpoints[4] > ref.breakpoints[0];
  if (value >= lo && value <= hi) return 'ideal';
  const pastFar = asc ? value > hi : value < lo;
  return pastFar ? (ref.beyond === 'mirror' ? 'over' : 'ideal') : 'short';
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
