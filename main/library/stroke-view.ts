/**
 * One stroke of a session as the screens and exports show it (issue 11, issue 12): its features,
 * categories, left-out list and ball contact. The session's stored rows describe its analysed
 * (primary) stroke; any other stroke's come from its `strokes` row. Pure: used by the session
 * page's stroke strip (renderer/src/lib/strokes/stroke-choice.ts), the Compare screen and the
 * comparison exports (main/export/compare-export.ts).
 */
import type { Feature, FeatureCategory, LeftOutFeature } from '../contract/technique-schema.js';
import type { ContactEvent, SessionDetail, SessionStroke } from './library-types.js';

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

/**
 * A session seen as one of its strokes: the session's detail with the features, categories,
 * left-out list and contact of the chosen stroke ({@link strokeView}), the stroke itself and its
 * overall score (mean feature score 0–100; null when it has no features).
 */
export type StrokeDetail = Omit<SessionDetail, keyof StrokeView> &
  StrokeView & {
    /** The chosen stroke; null when the session lists no strokes (its analysed stroke is used). */
    stroke: SessionStroke | null;
    overallScore: number | null;
  };

/**
 * Session `detail` as its stroke `strokeIndex` (`SessionStroke.index`, from 1; null = the
 * analysed stroke, the session's top-level features and contact).
 * @returns null when the session lists no stroke with that index.
 */
export function detailOfStroke(detail: SessionDetail, strokeIndex: number | null): StrokeDetail | null {
  const stroke = strokeIndex === null ? (detail.strokes.find((s) => s.primary) ?? null) : (detail.strokes.find((s) => s.index === strokeIndex) ?? null);
  if (strokeIndex !== null && !stroke) return null;
  const overallScore = !stroke || stroke.primary ? (detail.analysis?.overallScore ?? stroke?.overallScore ?? null) : stroke.overallScore;
  return { ...detail, ...strokeView(detail, stroke), stroke, overallScore };
}

/**
 * How a stroke of `detail` is stored as a reference or picked for a comparison: null for its
 * analysed (primary) stroke or no stroke, else the stroke's index; so one stroke has one reference.
 */
export function canonicalStrokeIndex(detail: Pick<SessionDetail, 'strokes'>, strokeIndex: number | null): number | null {
  if (strokeIndex === null) return null;
  return detail.strokes.find((s) => s.index === strokeIndex)?.primary ? null : strokeIndex;
}

/** "stroke 2 of 3" for sessions with several strokes, else "" (a one-stroke session needs no number). */
export function strokeOrdinal(d: Pick<StrokeDetail, 'stroke' | 'strokes'>): string {
  return d.stroke && d.strokes.length > 1 ? `stroke ${d.stroke.index} of ${d.strokes.length}` : '';
}

/** One side of a comparison: a session and its stroke (`SessionStroke.index`; null = its analysed stroke). */
export interface StrokeRef {
  sessionId: number;
  strokeIndex: number | null;
}

/**
 * A stroke reference written as `<session-id>` (the analysed stroke) or `<session-id>:<stroke>`
 * (e.g. `12:2`, stroke 2 of session 12): the CLI's `export --compare` arguments and the Compare
 * route's `#/compare/12:2/7`. @returns null unless both are whole numbers ≥ 1.
 */
export function parseStrokeRef(text: string): StrokeRef | null {
  const m = /^(\d+)(?::(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const sessionId = Number(m[1]);
  const strokeIndex = m[2] === undefined ? null : Number(m[2]);
  if (!Number.isSafeInteger(sessionId) || sessionId < 1 || (strokeIndex !== null && !(Number.isSafeInteger(strokeIndex) && strokeIndex >= 1))) return null;
  return { sessionId, strokeIndex };
}

/** The text of a stroke reference, as {@link parseStrokeRef} reads it. */
export function formatStrokeRef(r: StrokeRef): string {
  return r.strokeIndex === null ? String(r.sessionId) : `${r.sessionId}:${r.strokeIndex}`;
}
