/**
 * The Compare screen's sides and what it shows (compare.svelte.ts): one side is a session seen as
 * one of its strokes (main/library/stroke-view.ts), with the stroke's timing for the shared clock
 * (../playback/compare-sync.ts); the debug record the e2e tests read.
 */
import type { SessionDetail } from '../../../../preload/contract.js';
import type { PoseTrack } from '../../../../main/pose/pose-track.js';
import type { StrokeDetail } from '../../../../main/library/library-types.js';
import { detailOfStroke } from '../../../../main/contract/stroke-view.js';
import { strokeOf, type CompareStroke } from '../playback/compare-sync.js';

/** One side: its session as the chosen stroke, the whole session, the clip URL and the stroke's timing. */
export interface CompareSide {
  /** The session seen as the chosen stroke: its features, contact and score. */
  detail: StrokeDetail;
  /** The session as loaded (every stroke). */
  session: SessionDetail;
  /** The chosen stroke (`SessionStroke.index`; null = the analysed stroke). */
  strokeIndex: number | null;
  url: string | null;
  stroke: CompareStroke | null;
}

/**
 * Side `strokeIndex` of `session`.
 * @throws Error naming the strokes the session has, when it has no such stroke.
 */
export function compareSide(session: SessionDetail, url: string | null, strokeIndex: number | null): CompareSide {
  const detail = detailOfStroke(session, strokeIndex);
  if (!detail) {
    const n = session.strokes.length;
    throw new Error(`session ${session.session.id} has no stroke ${strokeIndex} (it has ${n === 0 ? 'none' : n === 1 ? 'stroke 1' : `strokes 1–${n}`})`);
  }
  return { detail, session, strokeIndex, url, stroke: strokeOf(detail) };
}

/** How the two strokes are shown: two panes, or the second skeleton over the first video. */
export type CompareMode = 'side' | 'overlay';

/** The second stroke aligned on the first video (main/pose/stroke-overlay.ts), or why it cannot be. */
export type OverlayTrack = { track: PoseTrack; error: null } | { track: null; error: string };

/**
 * What each side last drew (pose frame index, media time) and the shared position; in overlaid
 * mode also the second skeleton's joints as drawn on the first video (its pixels; null = not drawn).
 */
export interface CompareDebug {
  rel: number;
  a: { frameIndex: number; mediaTime: number };
  b: { frameIndex: number; mediaTime: number };
  overlay?: { frameIndex: number; joints: ([number, number] | null)[] };
}

declare global {
  interface Window {
    __compareDebug?: CompareDebug;
  }
}
