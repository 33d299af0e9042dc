/**
 * analyseStrokes: the technique `result` of a clip with every stroke in it (issue 11). Each
 * stroke of the requested swing type found by the stroke detector (strokes.ts) is analysed like
 * a single stroke (computeTechniqueResult with its contact fixed), the others are listed; the
 * top-level fields keep API.md's one-stroke shape for one of them (main/service/README.md
 * "Every stroke"), and `strokes`, `stroke_index`, `consistency` are our extras.
 */
import type { Sport, Stroke, SwingType, TechniqueResult } from '../contract/technique-schema.js';
import { strokeSideWord } from '../contract/display-names.js';
import { warning, type Warning } from '../contract/warning.js';
import { BALL_CLOCK_PARAMS, ballClock, clipStrokes, type ClipStroke, type ClipStrokes } from './strokes/index.js';
import { featureConsistency, meanScore } from './technique/index.js';
import { checkPair, InsufficientPoseError, pictureScale } from './core/index.js';
import { nearestFrame } from '../pose/frame-time.js';
import { ballEvidenceRank, DETECTION_PARAMS, strokeContact, type DetectionParams, type StrokeSide } from './strokes/index.js';
import { computeTechniqueResult, type AnalysisInput, type TechniqueOutput } from './technique/index.js';
import { analyseAtTime, analyseStretchLocal } from './stroke-stretch.js';
import { unmeasuredStroke } from './unmeasured-stroke.js';
import { matchesRequest, sideSwingType, strokeSwingType } from './stroke-types.js';
import { bestMeasured, seriesKeeper, type Analysed } from './best-measured.js';


const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** Swing type of each detected stroke (stroke-types.ts), by stroke. */
function typesOf(found: ClipStrokes, meta: AnalysisInput['meta']): Map<ClipStroke, SwingType | null> {
  const c = { pair: found.pair, hand: meta.dominant_hand, sport: meta.sport, requested: meta.swing_type };
  const firstForehand = found.strokes.find((s) => s.side === 'forehand');
  return new Map(found.strokes.map((s) => [s, strokeSwingType(s, { ...c, first: s === firstForehand })]));
}

/**
 * The technique output of a clip with every stroke (module doc). Rule for the top-level stroke:
 * the one at `ball_timestamp` when given (analysed at the coach's contact, as before); otherwise
 * the best-measured stroke of the requested type: highest detector confidence × share of the
 * applicable features measured. When the detector finds strokes but none of the requested type,
 * the most likely one (highest confidence; the next when it cannot be measured) is analysed
 * instead, as its own swing type (stroke-types.ts; a stroke of none, a pickleball overhead, as the requested one),
 * and a warning names what was found and what was asked ({@link substituteWarning}). When the
 * detector finds no stroke at all (a slowed clip without its capture rate, a soft swing), the
 * single-stroke analysis of computeTechniqueResult is the result and its stroke the one listed.
 * @param params the stroke detector's data-chosen constants (strokes/detection-params.ts); the
 *   product runs with the shipped DETECTION_PARAMS, the evaluation harness passes others to fit them.
 * When strokes are found but none can be measured (too little pose around each), the most
 * confident one is kept without technique ({@link unmeasuredStroke}) instead of an error.
 * @throws InsufficientPoseError when no stroke is found and the clip's single-stroke analysis cannot be measured; Error, RangeError as computeTechniqueResult.
 */
export function analyseStrokes(input: AnalysisInput, params: DetectionParams = DETECTION_PARAMS): TechniqueOutput {
  const raw = withBallClock(input);
  const { meta } = raw;
  const found = clipStrokes({
    pose2d: raw.pose2d,
    pose3d: raw.pose3d,
    fps: raw.fps,
    sport: meta.sport,
    dominantHand: meta.dominant_hand,
    captureFps: meta.capture_fps,
    ball: raw.ball,
    params,
  });
  const types = typesOf(found, meta);
  const typeOf = (s: ClipStroke): SwingType | null => types.get(s) ?? (s.sideBasis === 'none' ? meta.swing_type : sideSwingType(s.side, meta.sport));
  const keep = seriesKeeper();
  const analysed: Analysed[] = found.strokes
    .filter((s) => matchesRequest(s.side, typeOf(s), meta.swing_type))
    .map((s) => keep(analyseOne(raw, found, s, meta.swing_type)));
  let substitute: Analysed | undefined;
  if (analysed.length === 0 && meta.ball_timestamp === undefined) {
    for (const s of [...found.strokes].sort((a, b) => ballEvidenceRank(b.ballEvidence) - ballEvidenceRank(a.ballEvidence) || b.confidence - a.confidence)) {
      const a = keep(analyseOne(raw, found, s, typeOf(s) ?? meta.swing_type));
      analysed.push(a);
      if (a.out) {
        substitute = a;
        break;
      }
    }
  }
  // The coach's ball time on its stretch (stroke-stretch.ts, as a stroke the coach places); no stroke found: the whole clip.
  const own =
    meta.ball_timestamp !== undefined ? analyseAtTime(raw, meta.ball_timestamp, {}) : found.strokes.length === 0 ? computeTechniqueResult(raw) : null;
  let top = own ?? bestMeasured(analysed);
  let unmeasured = false;
  if (!top && analysed.length > 0) {
    // A swing the pose cannot measure is marked, not refused (unmeasured-stroke.ts).
    const pick = [...analysed].sort((a, b) => b.stroke.confidence - a.stroke.confidence)[0]!;
    top = pick.out = unmeasuredStroke(pick.stroke, pick.failure ?? 'too little pose');
    unmeasured = true;
  }
  if (!top)
    throw new InsufficientPoseError(
      `too little pose to analyse: no stroke could be measured (${analysed.map((a) => a.failure).join('; ')})`,
      analysed.length,
    );
  const entries = analysed.map((a) => ({ stroke: a.stroke, out: a.out }));
  const others = found.strokes
    .filter((s) => !analysed.some((a) => a.stroke === s))
    .map((stroke) => ({ stroke, out: null }));
  let list = [...entries, ...others];
  let topStroke: ClipStroke | undefined = analysed.find((a) => a.out === top)?.stroke;
  if (own) {
    // The coach's (or the fallback's) stroke: the detected stroke it falls on takes its analysis, else it is added.
    const c = own.contact;
    const i = nearestFrame(found.k.videoT, c.timestamp);
    const near = list.find((e) => Math.abs(e.stroke.t - found.k.t[i]!) <= params.minStrokeGapS / 2);
    topStroke = near?.stroke ?? ownStroke(found, i, meta.swing_type, own);
    list = [...list.filter((e) => e !== near), { stroke: topStroke, out: own }];
  }
  list.sort((a, b) => a.stroke.index - b.stroke.index);
  const strokes = list.map((e, n) => strokeEntry(e.stroke, n + 1, e.out, typeOf(e.stroke)));
  const strokeIndex = list.findIndex((e) => e.stroke === topStroke) + 1;
  const measured = list.flatMap((e) => (e.out ? [e.out.result.features] : []));
  const result: TechniqueResult = {
    ...top.result,
    strokes,
    stroke_index: strokeIndex,
    consistency: featureConsistency(measured),
  };
  const notes = analysed
    .filter((a) => a.failure)
    .map((a) => atFrame('stroke-not-analysed', 'warning', 'A stroke could not be analysed.', a.stroke.contact.frame_nr, `stroke at frame ${a.stroke.contact.frame_nr} not analysed: ${a.failure}`));
  const ruledOut = found.ruledOut.map((r) =>
    atFrame('swing-ruled-out', 'info', 'A swing was not counted as a stroke.', r.frameNr, `swing at frame ${r.frameNr} not counted as a stroke: ${r.reason}`),
  );
  const doubted = found.doubted.map((r) =>
    atFrame(
      'stroke-doubted',
      'notice',
      'A doubtful swing was kept as the stroke, as no other swing was found.',
      r.frameNr,
      `swing at frame ${r.frameNr} kept as a stroke at lower confidence, as no other swing was found, although ${r.reason}`,
    ),
  );
  const ballFound = found.ballFound.map((r) =>
    atFrame('stroke-found-by-ball', 'notice', 'A stroke was found from the ball alone, without a clear swing of the hand.', r.frameNr, `stroke at frame ${r.frameNr} found by the ball alone (no swing of the hand): ${r.reason}`),
  );
  const timed = found.retimed.map((r) =>
    atFrame('contact-timed-by-ball', 'info', "A stroke's contact was placed where the ball meets the racket.", r.frameNr, `contact of the stroke at frame ${r.frameNr} placed by the ball: ${r.reason}`),
  );
  const asked = substitute ? [substituteWarning(substitute.stroke, meta.swing_type, typeOf(substitute.stroke))] : [];
  const summary = strokesSummary(strokes, substitute ? (typeOf(substitute.stroke) ?? meta.swing_type) : meta.swing_type, meta.sport, unmeasured);
  return {
    ...top,
    result,
    warnings: [...asked, ...top.warnings, summary, ...ballFound, ...timed, ...doubted, ...ruledOut, ...notes],
  };
}

/** Stroke `s` analysed as `swingType` at its detected contact (in its own scene when the clip is joined); an InsufficientPoseError becomes `failure`. */
function analyseOne(raw: AnalysisInput, found: ClipStrokes, s: ClipStroke, swingType: SwingType): Analysed {
  try {
    const at = { ...raw, meta: { ...raw.meta, swing_type: swingType, ball_timestamp: s.exactTimestamp } };
    const opts = { detectedContactConfidence: s.confidence };
    const local = analyseStretchLocal(at, found.cuts, found.timebase.kept[s.index]!, opts);
    return { stroke: s, out: local.out, failure: null, stretch: local };
  } catch (err) {
    if (err instanceof InsufficientPoseError) return { stroke: s, out: null, failure: err.message };
    throw err;
  }
}

/**
 * The warning (code 'stroke-substituted') when no stroke of the requested type was found and
 * stroke `s` (of swing type `own`, stroke-types.ts) is analysed instead; its detail e.g. "No forehand drive found: the
 * backhand at frame 33 (confidence 0.62) is analysed instead, as a backhand drive."; a stroke of no type (a pickleball
 * overhead) is "scored against forehand drive ranges".
 */
export function substituteWarning(s: ClipStroke, asked: SwingType, own: SwingType | null): Warning {
  const what = s.side === 'backhand' && s.twoHanded ? 'two-handed backhand' : s.side;
  const how = own ? `as a ${own.replace('_', ' ')}` : `scored against ${asked.replace('_', ' ')} ranges`;
  const detail = `No ${asked.replace('_', ' ')} found: the ${what} at frame ${s.contact.frame_nr} (confidence ${r2(s.confidence).toFixed(2)}) is analysed instead, ${how}.`;
  return atFrame('stroke-substituted', 'warning', `No ${asked.replace('_', ' ')} was found, so the ${what} was analysed instead.`, s.contact.frame_nr, detail);
}

/** A stroke for the analysis at sample i that no detected stroke matches (the coach's ball contact, or the fallback). */
function ownStroke(found: ClipStrokes, i: number, swingType: SwingType, out: TechniqueOutput): ClipStroke {
  const side: StrokeSide = swingType === 'backhand_drive' ? 'backhand' : swingType === 'serve' ? 'serve' : 'forehand';
  const contactEvent = out.events.find((e) => e.name === 'ball_contact');
  return {
    index: i,
    t: found.k.t[i]!,
    tExact: found.k.t[i]!,
    side,
    sideBasis: 'none',
    twoHanded: false,
    score: 0,
    peakHandSpeed: NaN,
    handMeasured: contactEvent?.hand_measured ?? false,
    confidence: contactEvent?.confidence ?? (out.contact.detected ? 0 : 1),
    foundBy: 'dominant_wrist',
    sideCall: null,
    contact: strokeContact(found.k, found.pair.pose3d.frameNr, i),
    exactTimestamp: found.k.videoT[i]!,
  };
}

/** The `strokes[]` element of a stroke (contract Stroke). */
function strokeEntry(
  s: ClipStroke,
  index: number,
  out: TechniqueOutput | null,
  swingType: SwingType | null,
): Stroke {
  const chain = out?.result.kinetic_chain?.speed_dict;
  const peak = (x: { peak_index: number; peak_speed: number; unit?: string | undefined }) => ({
    peak_index: x.peak_index,
    peak_speed: x.peak_speed,
    ...(x.unit ? { unit: x.unit } : {}),
  });
  const features = out?.result.features ?? [];
  const score = meanScore(features);
  return {
    index,
    side: s.side,
    two_handed: s.twoHanded,
    swing_type: swingType,
    contact: { ...s.contact },
    confidence: r2(Math.min(1, Math.max(0, s.confidence))),
    hand_measured: s.handMeasured,
    features,
    feature_categories: out?.result.feature_categories ?? {},
    ...(score !== null ? { overall_score: r3(score) } : {}),
    ...(chain
      ? { kinetic_chain: { hip: peak(chain.hip), shoulder: peak(chain.shoulder), wrist: peak(chain.wrist) } }
      : {}),
    ...(out ? { events: out.events } : {}),
    ...(out?.result.serve_stages ? { serve_stages: out.result.serve_stages } : {}),
    ...(out?.result.serve_measures ? { serve_measures: out.result.serve_measures } : {}),
    ...(out?.result.dink_measures ? { dink_measures: out.result.dink_measures } : {}),
    ...(out?.result.features_left_out?.length ? { features_left_out: out.result.features_left_out } : {}),
    ...(out?.result.camera_view ? { camera_view: out.result.camera_view } : {}),
  };
}

function countSides(strokes: readonly { side: StrokeSide }[]): Record<StrokeSide, number> {
  const n: Record<StrokeSide, number> = { forehand: 0, backhand: 0, serve: 0 };
  for (const s of strokes) n[s.side]++;
  return n;
}

function sidesText(n: Record<StrokeSide, number>, sport: Sport): string {
  const parts = (Object.entries(n) as [StrokeSide, number][])
    .filter(([, c]) => c > 0)
    .map(([side, c]) => `${c} ${strokeSideWord(side, sport)}${c === 1 ? '' : 's'}`);
  return parts.length > 1
    ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
    : (parts[0] ?? 'none');
}

/**
 * The summary warning (code 'strokes-found'), detail e.g. "4 strokes found (3 forehands and 1
 * backhand); 3 analysed as forehand_drive", or "…; none could be measured" when `unmeasured`
 * (unmeasured-stroke.ts: strokes marked without technique).
 */
function strokesSummary(strokes: readonly Stroke[], swingType: SwingType, sport: Sport, unmeasured = false): Warning {
  // Analysed: it has its events (a serve or dink scores no feature, technique/swing-kind.ts).
  const analysed = strokes.filter((s) => s.events !== undefined).length;
  const found = `${strokes.length} stroke${strokes.length === 1 ? '' : 's'} found`;
  const how = unmeasured ? 'none could be measured' : `${analysed} analysed as ${swingType}`;
  const sides = sidesText(countSides(strokes), sport);
  return warning('strokes-found', 'info', `${found} (${sides}).`, { detail: `${found} (${sides}); ${how}` });
}

/** A warning about the stroke or swing at video frame `frameNr` (its `frames` range is that one frame). */
function atFrame(code: string, severity: Warning['severity'], message: string, frameNr: number, detail: string): Warning {
  return warning(code, severity, message, { detail, frames: { from: frameNr, to: frameNr } });
}

/**
 * `raw` with its ball clock cue (strokes/ball-clock.ts `ballClock` of its ball candidates, sport,
 * video fps and the player's picture scale) unless it has one: every analysis of a clip reads the same clock, the detector's
 * and a coach's correction alike (stroke-correction.ts).
 */
export function withBallClock(raw: AnalysisInput): AnalysisInput {
  if (raw.ballClock !== undefined) return raw;
  // The player's scale (m per px, per frame) measures the arcs flown at the player's depth (ball-clock.ts step 3).
  const scale = raw.ball ? pictureScale(checkPair(raw.pose2d, raw.pose3d), raw.fps) : undefined;
  return { ...raw, ballClock: ballClock(raw.ball, raw.fps, raw.meta.sport, BALL_CLOCK_PARAMS, scale) };
}
