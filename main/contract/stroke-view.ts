/**
 * One stroke of a session as the screens and exports show it (issue 11, issue 12): its features,
 * categories, left-out list and ball contact. The session's stored rows describe its analysed
 * (primary) stroke; any other stroke's come from its `strokes` row. Pure: used by the session
 * page's stroke strip (renderer/src/lib/strokes/stroke-choice.ts), the Compare screen and the
 * comparison exports (main/export/compare-export.ts).
 *
 * Decided: in contract/ (the renderer runs it), typed by the few fields it reads
 * ({@link ViewableSession}, {@link ViewableStroke}); main/library/library-types.ts SessionDetail
 * and SessionStroke have them, and `StrokeDetail` there is {@link StrokeDetailOf} a SessionDetail.
 */
import type { Feature, FeatureCategory, LeftOutFeature } from './technique-schema.js';

/** Ball contact: the frame of the `contact` feature event (or API.md ball_timestamp). */
export interface ContactEvent {
  /** Seconds on the clip's timeline. */
  timestamp: number;
  /** Frame index from 0. */
  frameNr: number;
}

/** A feature as shown: the session's stored row (with its id) or a stroke's feature (no row). */
export type ShownFeature = Feature & { id?: number };

/** What is shown for one stroke. */
export interface StrokeView {
  features: ShownFeature[];
  categories: Record<string, FeatureCategory>;
  leftOut: LeftOutFeature[];
  /** Ball contact on the video (timestamp s, frameNr from 0), or null. */
  contact: ContactEvent | null;
}

/** What this module reads of one stroke of a session (library SessionStroke). */
export interface ViewableStroke {
  /** From 1, in time order. */
  index: number;
  /** The stroke the session's top-level features describe. */
  primary: boolean;
  contact: ContactEvent;
  /** Mean feature score 0–100; null without features. */
  overallScore: number | null;
  features: Feature[];
  categories: Record<string, FeatureCategory>;
  leftOut: LeftOutFeature[];
}

/** What this module reads of a session (library SessionDetail). */
export interface ViewableSession {
  features: ShownFeature[];
  categories: Record<string, FeatureCategory>;
  leftOut: LeftOutFeature[];
  contact: ContactEvent | null;
  strokes: ViewableStroke[];
  /** Latest analysis (its overall score 0–100), or null. */
  analysis: { overallScore: number | null } | null;
}

/**
 * The features, categories, left-out list and contact for `stroke`: the session's own (stored
 * rows, which describe the primary stroke) when the stroke is primary or null, else the stroke's.
 * A stroke of another swing type than the session's has no features.
 */
export function strokeView(detail: ViewableSession | null, stroke: ViewableStroke | null): StrokeView {
  if (!detail) return { features: [], categories: {}, leftOut: [], contact: null };
  if (!stroke || stroke.primary) {
    return { features: detail.features, categories: detail.categories, leftOut: detail.leftOut, contact: detail.contact ?? strokeContact(stroke) };
  }
  return { features: stroke.features, categories: stroke.categories, leftOut: stroke.leftOut, contact: strokeContact(stroke) };
}

function strokeContact(stroke: ViewableStroke | null): ContactEvent | null {
  return stroke ? { timestamp: stroke.contact.timestamp, frameNr: stroke.contact.frameNr } : null;
}

/**
 * A session `D` seen as one of its strokes: the session's detail with the features, categories,
 * left-out list and contact of the chosen stroke ({@link strokeView}), the stroke itself and its
 * overall score (mean feature score 0–100; null when it has no features).
 */
export type StrokeDetailOf<D extends ViewableSession> = Omit<D, keyof StrokeView> &
  StrokeView & {
    /** The chosen stroke; null when the session lists no strokes (its analysed stroke is used). */
    stroke: D['strokes'][number] | null;
    overallScore: number | null;
  };

/**
 * Session `detail` as its stroke `strokeIndex` (`SessionStroke.index`, from 1; null = the
 * analysed stroke, the session's top-level features and contact).
 * @returns null when the session lists no stroke with that index.
 */
export function detailOfStroke<D extends ViewableSession>(detail: D, strokeIndex: number | null): StrokeDetailOf<D> | null {
  const stroke = strokeIndex === null ? (detail.strokes.find((s) => s.primary) ?? null) : (detail.strokes.find((s) => s.index === strokeIndex) ?? null);
  if (strokeIndex !== null && !stroke) return null;
  const overallScore = !stroke || stroke.primary ? (detail.analysis?.overallScore ?? stroke?.overallScore ?? null) : stroke.overallScore;
  return { ...detail, ...strokeView(detail, stroke), stroke, overallScore };
}

/**
 * How a stroke of `detail` is stored as a reference or picked for a comparison: null for its
 * analysed (primary) stroke or no stroke, else the stroke's index; so one stroke has one reference.
 */
export function canonicalStrokeIndex(detail: { strokes: readonly Pick<ViewableStroke, 'index' | 'primary'>[] }, strokeIndex: number | null): number | null {
  if (strokeIndex === null) return null;
  return detail.strokes.find((s) => s.index === strokeIndex)?.primary ? null : strokeIndex;
}

/** "stroke 2 of 3" for sessions with several strokes, else "" (a one-stroke session needs no number). */
export function strokeOrdinal(d: { stroke: Pick<ViewableStroke, 'index'> | null; strokes: readonly unknown[] }): string {
  return d.stroke && d.strokes.length > 1 ? `stroke ${d.stroke.index} of ${d.strokes.length}` : '';
}
