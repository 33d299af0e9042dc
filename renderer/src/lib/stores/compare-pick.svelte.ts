/**
 * The two strokes a coach picks to compare (in pick order; picking a third drops the oldest): a
 * session's analysed stroke from a Library card, or a chosen stroke of a session from the session
 * page ("Compare this stroke…"). The Compare screen opens with the first as the leading stroke.
 */
import type { StrokeRef } from '../../../../main/contract/stroke-ref.js';
import type { Route } from './route.js';

const same = (x: StrokeRef, y: StrokeRef) => x.sessionId === y.sessionId && x.strokeIndex === y.strokeIndex;

/** The compare picks. */
export class ComparePick {
  picks = $state<StrokeRef[]>([]);

  /** Adds stroke `ref` (`strokeIndex` null = the analysed stroke), or removes it when already picked. */
  toggle(ref: StrokeRef): void {
    this.picks = this.has(ref) ? this.picks.filter((p) => !same(p, ref)) : [...this.picks, ref].slice(-2);
  }

  has(ref: StrokeRef): boolean {
    return this.picks.some((p) => same(p, ref));
  }

  /** The Compare route of the two picks (first = leading), or null with fewer than two. */
  route(): Extract<Route, { screen: 'compare' }> | null {
    const [a, b] = this.picks;
    return a && b ? { screen: 'compare', a: a.sessionId, strokeA: a.strokeIndex, b: b.sessionId, strokeB: b.strokeIndex } : null;
  }

  clear(): void {
    this.picks = [];
  }
}

/** The app's compare picks. */
export const comparePick = new ComparePick();
