/**
 * Which stroke of a session the page shows (issue 11): the stroke strip's choice and what
 * follows from it — the features, categories and left-out list of the feature column, the ball
 * contact and kinetic-chain peaks of the timeline and chart. Pure; the playback store holds
 * the choice.
 */
import type { Feature, FeatureCategory, LeftOutFeature } from '../../../../main/contract/technique.js';
import type { ContactEvent } from '../../../../main/library/types.js';
import type { SessionDetail, SessionStroke } from '../../../../preload/contract.js';

/** What the strip has chosen: a stroke (`SessionStroke.index`), all strokes (the consistency view), or nothing (no strokes listed). */
export type StrokeChoice = number | 'all' | null;

/** A feature as the feature column lists it: the session's stored row (with its id) or a stroke's feature. */
export type ShownFeature = Feature & { id?: number };

/** What the page shows for a choice. */
export interface StrokeView {
  features: ShownFeature[];
  categories: Record<string, FeatureCategory>;
  leftOut: LeftOutFeature[];
  /** Ball contact on the video (timestamp s, frameNr from 0), or null. */
  contact: ContactEvent | null;
}

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

/**
 * The features, categories, left-out list and contact for `stroke`: the session's own (stored
 * rows, which describe the primary stroke) when the stroke is primary or null, else the stroke's.
 * A stroke of another swing type than the session's has no features.
 */
export function strokeView(detail: SessionDetail | null, stroke: SessionStroke | null): StrokeView {
  if (!detail) return { features: [], categories: {}, leftOut: [], contact: null };
  if (!stroke || stroke.primary) {
    return { features: detail.features, categories: detail.categories, leftOut: detail.leftOut, contact: detail.contact ?? strokeContact(stroke) };
  }
  return { features: stroke.features, categories: stroke.categories, leftOut: stroke.leftOut, contact: strokeContact(stroke) };
}

function strokeContact(stroke: SessionStroke | null): ContactEvent | null {
  return stroke ? { timestamp: stroke.contact.timestamp, frameNr: stroke.contact.frameNr } : null;
}
