/**
 * The stroke strip's filter and jumps for long practice sessions (issue 29 item 5: hundreds of
 * strokes): which strokes the strip lists (by swing type, side and overall-score range), the best
 * and worst of them, and the stroke a key (← → Home End) moves to among them. Pure; the filter's
 * state lives in strip-filter-state.svelte.ts, StrokeStrip.svelte shows it.
 */
import type { SessionStroke } from '../../../../preload/contract.js';

/** Scores run 0–100 (API.md overall score). */
export const SCORE_MIN = 0;
export const SCORE_MAX = 100;

/**
 * What the strip lists: a swing type (`SessionStroke.swingType`, 'unknown' for null) or 'all', a
 * side (`SessionStroke.side`) or 'all', and an overall-score range [minScore, maxScore] (0–100,
 * inclusive). A stroke without a score (not analysed, or a serve with events only) passes the
 * score range only while it is the whole 0–100.
 */
export interface StripFilter {
  type: string;
  side: string;
  minScore: number;
  maxScore: number;
}

/** The filter that lists every stroke. */
export const NO_FILTER: Readonly<StripFilter> = { type: 'all', side: 'all', minScore: SCORE_MIN, maxScore: SCORE_MAX };

/** True when `f` lists every stroke. */
export function isNoFilter(f: StripFilter): boolean {
  return f.type === 'all' && f.side === 'all' && f.minScore <= SCORE_MIN && f.maxScore >= SCORE_MAX;
}

/** A stroke's type key for the filter: its swing type, 'unknown' when the analysis gave none. */
export function strokeTypeKey(s: Pick<SessionStroke, 'swingType'>): string {
  return s.swingType ?? 'unknown';
}

/** Whether stroke `s` passes filter `f`. */
export function passes(s: SessionStroke, f: StripFilter): boolean {
  if (f.type !== 'all' && strokeTypeKey(s) !== f.type) return false;
  if (f.side !== 'all' && s.side !== f.side) return false;
  if (f.minScore <= SCORE_MIN && f.maxScore >= SCORE_MAX) return true;
  return s.overallScore !== null && s.overallScore >= f.minScore && s.overallScore <= f.maxScore;
}

/** The strokes filter `f` lists, in the given (time) order. */
export function filterStrokes(strokes: readonly SessionStroke[], f: StripFilter): SessionStroke[] {
  return isNoFilter(f) ? [...strokes] : strokes.filter((s) => passes(s, f));
}

/** The values present in `strokes` for the type or side menu, with their counts, most frequent first (ties by name). */
export function choicesOf(strokes: readonly SessionStroke[], key: 'type' | 'side'): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const s of strokes) {
    const v = key === 'type' ? strokeTypeKey(s) : s.side;
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts.entries()].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/**
 * The best (`which` = 'best': highest overall score) or worst scored stroke of `strokes` (its
 * `index`); the earlier one on a tie; null when none has a score.
 */
export function extremeStroke(strokes: readonly SessionStroke[], which: 'best' | 'worst'): number | null {
  let at: SessionStroke | null = null;
  for (const s of strokes) {
    if (s.overallScore === null) continue;
    if (!at || (which === 'best' ? s.overallScore > (at.overallScore ?? 0) : s.overallScore < (at.overallScore ?? 0))) at = s;
  }
  return at?.index ?? null;
}

/** A move among the listed strokes: one back or on, or to the first or the last. */
export type StripMove = 'previous' | 'next' | 'first' | 'last';

/**
 * The stroke (`index`) that `move` goes to among `listed` (the filtered strokes, time order) from
 * the chosen stroke `choice`. From a stroke not listed (or 'all', or none), 'next' goes to the
 * first listed stroke after it in time (the first listed for 'all'/none), 'previous' to the last
 * before it (the last listed). Stops at the ends; null when nothing is listed.
 */
export function moveAmong(listed: readonly SessionStroke[], choice: number | 'all' | null, move: StripMove): number | null {
  if (listed.length === 0) return null;
  if (move === 'first') return listed[0]!.index;
  if (move === 'last') return listed[listed.length - 1]!.index;
  const at = typeof choice === 'number' ? listed.findIndex((s) => s.index === choice) : -1;
  if (at >= 0) return listed[Math.min(listed.length - 1, Math.max(0, at + (move === 'next' ? 1 : -1)))]!.index;
  if (typeof choice !== 'number') return (move === 'next' ? listed[0] : listed[listed.length - 1])!.index;
  // Strokes are numbered in time order (SessionStroke.index), so the index orders them.
  const after = listed.find((s) => s.index > choice);
  const before = [...listed].reverse().find((s) => s.index < choice);
  return (move === 'next' ? (after ?? listed[listed.length - 1]) : (before ?? listed[0]))!.index;
}
