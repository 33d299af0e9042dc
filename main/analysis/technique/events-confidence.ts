/**
 * Confidence and hand measurement of the swing events (ball contact, end of backswing,
 * follow-through), and how they appear on a feature's `event` object: our documented extensions
 * `confidence` (0–1) and `hand_measured` (README.md "Swing phases and events").
 */
import type { FeatureEvent } from '../../contract/technique-schema.js';
import { warning, type Warning } from '../../contract/warning.js';
import type { ContactCandidate } from './contact-candidates.js';
import { unmeasuredAt } from './contact-candidates.js';
import type { EventName } from './feature-types.js';
import type { Kinematics } from '../core/index.js';
import type { SwingPhases } from './phases.js';

/**
 * A swing event: sample index, analysis-clock time (s), confidence 0–1, hitting hand measured
 * there; for backswing end and follow-through, what located it.
 */
export interface PhaseEvent {
  index: number;
  t: number;
  /**
   * Ball contact only: its sub-sample time on the analysis clock, seconds, when known (the
   * detector's estimate, or a `ball_timestamp` between two frames); `index` is the nearest sample.
   * Features measured at contact interpolate between the two samples around it (measure.ts).
   */
  tExact?: number;
  confidence: number;
  handMeasured: boolean;
  basis?: EventBasis;
}

/**
 * What located a backswing or follow-through event: its `rule` (trunk turn; hand speed drop),
 * the `fallback` rule (hand furthest from contact), the edge of the search window, or the start of
 * the clip (`clip_start`: the shoulders still turn back at the clip's first frames, so the clip
 * begins before the backswing ends and the true end is not in it).
 */
export type EventBasis = 'rule' | 'fallback' | 'window_edge' | 'clip_start';

/** Confidence factor per {@link EventBasis} (our scale: a fallback is half as sure, a window edge or the clip's start a quarter). */
export const BASIS_FACTOR: Readonly<Record<EventBasis, number>> = { rule: 1, fallback: 0.5, window_edge: 0.25, clip_start: 0.25 };

/**
 * A backswing or follow-through event found relative to contact: confidence = contact confidence ×
 * {@link BASIS_FACTOR} (it inherits contact's doubt, since it is searched from contact);
 * `handMeasured` as for contact (contact-candidates.ts `unmeasuredAt`).
 */
export function phaseEvent(k: Kinematics, measured: readonly boolean[], index: number, contactConfidence: number, basis: EventBasis): PhaseEvent {
  return { index, t: k.t[index]!, confidence: contactConfidence * BASIS_FACTOR[basis], handMeasured: unmeasuredAt(measured, index) === null, basis };
}

/**
 * The warning (code 'contact-hand-not-measured') for a detected contact whose hitting hand is not measured; its detail:
 * "ball contact at frame 123: the hitting hand is not measured in frames 119–132; contact estimated
 * from the hand speed around them (confidence 0.21)".
 */
export function contactWarning(c: ContactCandidate, frameNr: ArrayLike<number>, confidence: number): Warning {
  const fr = (i: number) => frameNr[i] ?? i;
  const [a, b] = c.unmeasured ?? [c.index, c.index];
  const range = a === b ? `frame ${fr(a)}` : `frames ${fr(a)}–${fr(b)}`;
  const from =
    c.index !== c.peakIndex
      ? `just after the hand's speed peak (frame ${fr(c.peakIndex)})`
      : `at the hand's speed peak (frame ${fr(c.peakIndex)})`;
  return warning('contact-hand-not-measured', 'notice', "The hitting hand was not seen around ball contact; contact was estimated from the hand's speed.", {
    detail: `ball contact at frame ${fr(c.index)}: the hitting hand is not measured in ${range}; contact estimated ${from} (confidence ${confidence.toFixed(2)})`,
    frames: { from: fr(a), to: fr(b) },
  });
}

/**
 * The extension fields of a feature's `event` for the swing event it names: `confidence`
 * (rounded to 0.01) and `hand_measured`; none for `forward_swing` (a speed's own peak frame).
 */
export function eventExtensions(phases: SwingPhases, name: EventName): Pick<FeatureEvent, 'confidence' | 'hand_measured'> {
  const e = name === 'ball_contact' ? phases.contact : name === 'backswing_end' ? phases.backswingEnd : name === 'follow_through' ? phases.followThroughEnd : null;
  return e ? { confidence: Math.round(e.confidence * 100) / 100, hand_measured: e.handMeasured } : {};
}
