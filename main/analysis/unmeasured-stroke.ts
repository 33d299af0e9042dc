/**
 * A detected stroke that the pose cannot measure, kept as an analysis instead of an error
 * (issue 26 "Never refuse a clip in which a person swings"): the player is too small in the
 * picture (a drone view of a 40-60 px player), hidden, or the stroke ends the clip. The stroke
 * detector saw the swing, so the coach gets the clip with the stroke marked at its contact and
 * a warning saying why no technique was scored, not an `error`. Pure.
 */
import type { LeftOutFeature, TechniqueResult } from '../contract/technique-schema.js';
import { warning, type Warning } from '../contract/warning.js';
import type { ClipStroke } from './strokes/index.js';
import { FEATURES, type TechniqueOutput } from './technique/index.js';

/**
 * The technique output of stroke `s` with nothing measured: no feature (each of {@link FEATURES}
 * in `features_left_out` with `failure` as its reason), one `ball_contact` event at the
 * detector's contact (its confidence), and the warning 'technique-not-measured'.
 * Decided: the result is a stroke list with its contacts rather than an error, because the
 * detector's evidence (a swing of the hand at this frame) is what the coach filmed; evidence that
 * is too thin to score lowers what is shown, it never turns the clip into an error.
 * @param s the stroke (its `contact.frame_nr` is a video frame, `contact.timestamp` video seconds)
 * @param failure why it could not be measured (InsufficientPoseError's message), shown as the detail
 */
export function unmeasuredStroke(s: ClipStroke, failure: string): TechniqueOutput {
  const reason = `the player's body was not measured well enough around this stroke (${failure})`;
  const leftOut: LeftOutFeature[] = FEATURES.map((d) => ({ feature_name: d.name, feature_human_readable_name: d.human, reason }));
  const result: TechniqueResult = { features: [], feature_categories: {}, features_left_out: leftOut };
  const confidence = Math.min(1, Math.max(0, s.confidence));
  return {
    result,
    warnings: [notMeasuredWarning(s.contact.frame_nr, failure)],
    contact: { frame: s.contact.frame_nr, timestamp: s.contact.timestamp, detected: true },
    events: [{ name: 'ball_contact', timestamp: s.contact.timestamp, frame_nr: s.contact.frame_nr, confidence, hand_measured: s.handMeasured }],
  };
}

/** Code 'technique-not-measured' (warning): the strokes are marked, their technique could not be scored; `detail` is the pose failure. */
export function notMeasuredWarning(frameNr: number, failure: string): Warning {
  return warning(
    'technique-not-measured',
    'warning',
    'The strokes are marked, but the player’s body could not be measured well enough to score their technique (the player may be too small in the picture, hidden, or cut off).',
    { detail: `stroke at frame ${frameNr} marked without technique: ${failure}`, frames: { from: frameNr, to: frameNr } },
  );
}
