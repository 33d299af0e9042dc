/**
 * One stroke analysed at a contact the coach chose (issue 27 "Coach in the loop"): the same
 * analysis `analyze --ball-time` runs (computeTechniqueResult with `ball_timestamp` at the
 * contact), turned into the contract's `strokes[]` element. Pure: the library's stroke
 * corrections (main/library/stroke-corrections.ts) call it on the stored pose, without pose estimation.
 *
 * Decided: a stroke is analysed when its side's swing type (stroke-types.ts `sideSwingType`: a
 * tennis serve is a serve, a pickleball overhead has none) is the session's requested one, as
 * analyseStrokes analyses the requested type only (a coach's stroke has no pose-read dink or
 * pickleball-serve call: a forehand or backhand of a dink or pickleball-serve session is analysed as
 * the session's type); any
 * other stroke is listed with its contact and no features. Decided: the stroke is analysed on the
 * whole clip (on ±30 s of a clip over a minute long: stroke-stretch.ts analyseAtTime), as
 * `analyze --ball-time` does (a joined clip is not cut into scenes here), so moving a contact
 * gives exactly the features a ball time at that frame gives.
 */
import type { Stroke, StrokeSide, SwingType } from '../contract/technique-schema.js';
import { meanScore, type AnalysisInput, type TechniqueOutput } from './technique/index.js';
import { analyseAtTime } from './stroke-stretch.js';
import { sideSwingType } from './stroke-types.js';
import { withBallClock } from './stroke-analysis.js';

/** A stroke as the coach placed it: contact on the video clock, side and grip. */
export interface CoachStroke {
  /** Contact, seconds of video (the frame's timestamp). */
  timestamp: number;
  /** Contact, video frame number (from 0). */
  frameNr: number;
  side: StrokeSide;
  twoHanded: boolean;
  /** 0–1 confidence to keep (a detected stroke's); 1 for a stroke the coach added. */
  confidence: number;
  /** True when the contact is still the detector's (a side change of a detected stroke): the events keep its confidence, as analyseStrokes gives them. */
  contactDetected: boolean;
}

/** What {@link analyseCoachStroke} gives: the stroke entry and, when analysed, the technique output (top-level fields of a primary stroke). */
export interface CoachStrokeAnalysis {
  stroke: Stroke;
  out: TechniqueOutput | null;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Stroke `s` analysed at its contact (module doc). `index` is the stroke's 1-based place.
 * The contact of the entry is the coach's frame: frame_nr, timestamp (s of video) and real_time
 * (s on the analysis clock: × fps / capture_fps when the clip is slowed).
 * @throws InsufficientPoseError when the stroke's type is analysed but no feature can be measured; Error, RangeError as computeTechniqueResult.
 */
export function analyseCoachStroke(raw: AnalysisInput, s: CoachStroke, index: number): CoachStrokeAnalysis {
  const own = sideSwingType(s.side, raw.meta.sport);
  const requested = raw.meta.swing_type;
  const sessionType = (requested === 'dink' || requested === 'serve') && raw.meta.sport === 'pickleball' && s.side !== 'serve';
  const swingType: SwingType | null = sessionType ? requested : own;
  const analysed = swingType !== null && swingType === requested;
  const out = analysed ? analyseAtTime({ ...withBallClock(raw), meta: { ...raw.meta, ball_timestamp: s.timestamp } }, s.timestamp, s.contactDetected ? { detectedContactConfidence: s.confidence } : {}) : null;
  const slowed = raw.meta.capture_fps ? raw.fps / raw.meta.capture_fps : 1;
  const features = out?.result.features ?? [];
  const score = meanScore(features);
  const chain = out?.result.kinetic_chain?.speed_dict;
  const peak = (x: { peak_index: number; peak_speed: number; unit?: string | undefined }) => ({
    peak_index: x.peak_index,
    peak_speed: x.peak_speed,
    ...(x.unit ? { unit: x.unit } : {}),
  });
  const contactEvent = out?.events.find((e) => e.name === 'ball_contact');
  const stroke: Stroke = {
    index,
    side: s.side,
    two_handed: s.twoHanded,
    swing_type: swingType,
    contact: { frame_nr: s.frameNr, timestamp: r3(s.timestamp), real_time: r3(s.timestamp * slowed) },
    confidence: Math.min(1, Math.max(0, s.confidence)),
    hand_measured: contactEvent?.hand_measured ?? true,
    features,
    feature_categories: out?.result.feature_categories ?? {},
    ...(score !== null ? { overall_score: r3(score) } : {}),
    ...(chain ? { kinetic_chain: { hip: peak(chain.hip), shoulder: peak(chain.shoulder), wrist: peak(chain.wrist) } } : {}),
    ...(out ? { events: out.events } : {}),
    ...(out?.result.serve_stages ? { serve_stages: out.result.serve_stages } : {}),
    ...(out?.result.serve_measures ? { serve_measures: out.result.serve_measures } : {}),
    ...(out?.result.dink_measures ? { dink_measures: out.result.dink_measures } : {}),
    ...(out?.result.features_left_out?.length ? { features_left_out: out.result.features_left_out } : {}),
    ...(out?.result.camera_view ? { camera_view: out.result.camera_view } : {}),
  };
  return { stroke, out };
}
