/**
 * Which stroke of a session the page shows (issue 11): the stroke strip's choice and what
 * follows from it — the features, categories and left-out list of the feature column, the ball
 * contact and kinetic-chain peaks of the timeline and chart (`strokeView`, shared with Compare:
 * main/library/stroke-view.ts). Pure; the playback store holds the choice.
 */
import type { SessionDetail, SessionStroke } from '../../../../preload/contract.js';

export { strokeView, type ShownFeature, type StrokeView } from '../../../../main/contract/stroke-view.js';

/** What the strip has chosen: a stroke (`SessionStroke.index`), all strokes (the consistency view), or nothing (no strokes listed). */
export type StrokeChoice = number | 'all' | null;

/** The stroke the page opens on: the primary one (the session's top-level features), else the first; null without strokes. */
export function defaultStroke(strokes: readonly SessionStroke[]): number | null {
  return (strokes.find((s) => s.primary) ?? strokes[0])?.index ?? null;
}

/**
 * The stroke `delta` places after the choice in time order (negative: before), stopping at the
 * first and the last; from 'all' or nothing, `delta` > 0 goes to the first stroke and < 0 to
 * the last. Null without strokes.
 */
export function adjacentStroke(strokes: readonly SessionStroke[], choice: StrokeChoice, delta: number): number | null {
  if (strokes.length === 0) return null;
  const at = typeof choice === 'number' ? strokes.findIndex((s) => s.index === choice) : -1;
  const i = at < 0 ? (delta > 0 ? 0 : strokes.length - 1) : Math.min(strokes.length - 1, Math.max(0, at + delta));
  return strokes[i]?.index ?? null;
}

/** The chosen stroke, or null for 'all', nothing, or an index the session does not list. */
export function chosenStroke(detail: SessionDetail | null, choice: StrokeChoice): SessionStroke | null {
  return typeof choice === 'number' ? (detail?.strokes.find((s) => s.index === choice) ?? null) : null;
}
