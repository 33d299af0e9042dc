/**
 * Every stroke of the analysed player in a clip: ball contact, side (forehand, backhand, serve),
 * one- or two-handed, and a confidence. The one stroke detector of the app: the technique
 * analysis analyses each stroke it finds (stroke-analysis.ts) and the tennis statistics count them.
 *
 * Method (README.md "Strokes"), on the ranked swings of {@link contactCandidates}:
 * 1. **Swings of either hand.** The candidates of the dominant wrist, plus those of the other
 *    wrist where the wrists are together around contact (a two-handed backhand: the dominant
 *    wrist of a left-hander's two-handed backhand at tennis_broadcast_1 frame 65 makes no swing
 *    window of its own within 0.15 s, the other wrist does, at frame 66).
 * 2. **Weak swings dropped.** A swing is kept when
 *    - its chord speed is ≥ {@link MIN_RELATIVE_SCORE} of the clip's strongest swing,
 *    - its peak hand speed within ± {@link PEAK_SEARCH_S} of contact reaches the sport's
 *      {@link MIN_PEAK_HAND_SPEED} (m/s on the analysis clock),
 *    - the hand is measured in ≥ {@link MIN_COVERAGE} of the samples within ± 0.15 s of contact
 *      (a swing made of interpolated or blurred samples at the clip's end is no stroke), and
 *    - no stronger kept swing lies within {@link MIN_STROKE_GAP_S} (the backswing and the
 *      recovery of a stroke make swing windows of their own 0.33–0.48 s away), and
 *    - contact is ≥ {@link EDGE_S} from the clip's ends (the whole swing window is in the clip),
 *      and no scene cut (scene-cuts.ts: joined clips) lies within a swing window of it: the jump
 *      of the skeleton at a join reads as a very fast swing. Such swings are also left out of
 *      the clip's best score.
 * 3. **Side.** Serve (or overhead) when the dominant wrist is above the head in the picture at a
 *    sample from {@link SERVE_LOOKBACK_S} before contact to {@link SERVE_LOOKAHEAD_S} after (in
 *    a groundstroke the hand is below the shoulder then; it only rises above the head in the
 *    follow-through, ≥ 0.13 s after contact); a serve's contact then moves to the hitting wrist's highest point within
 *    DetectionParams.serveTopSearchS of it (serve-contact.ts: the arm extended up to the ball).
 *    Otherwise forehand or backhand by side-call.ts. Two-handed: a backhand whose
 *    wrists stay together around contact (swing-input.ts `inferTwoHanded`).
 *
 * Thresholds are ours: the data-chosen ones are DetectionParams (detection-params.ts), chosen
 * leave-one-clip-out on 29 strokes in 13 clips by the evaluation harness (test/eval/params-fit.ts),
 * which prints the left-out figures as its headline.
 */
import type { Sport, StrokeContact, StrokeSide } from '../../contract/technique-schema.js';
import { J } from '../../pose/h36m.js';
import { CANDIDATE_WINDOW_S, contactCandidates, handMeasuredMask, UNMEASURED_FACTOR, type ContactCandidate, type ContactEvidence } from '../technique/index.js';
import { computeKinematics, type Kinematics } from '../core/index.js';
import { joint2 } from '../core/index.js';
import { sceneCuts } from '../core/index.js';
import { classifySide, type SideCall } from './side-call.js';
import { inferTwoHanded } from '../core/index.js';
import { DETECTION_PARAMS, type DetectionParams } from './detection-params.js';
import { wristTop } from './serve-contact.js';

/** Sides of a stroke and a stroke's contact: the contract's (main/contract/technique-schema.ts `STROKE_SIDES`, `StrokeContact`), re-exported. */
export type { StrokeContact, StrokeSide };

/** Lowest chord speed kept, as a share of the clip's strongest swing: DETECTION_PARAMS.minRelativeScore (detection-params.ts: chosen leave-one-clip-out). */
export const MIN_RELATIVE_SCORE = DETECTION_PARAMS.minRelativeScore;
/**
 * Lowest peak hand speed of a stroke, m/s on the analysis clock, per sport. Tennis: 5.0, between
 * the fastest non-stroke swing (3.7 m/s in the engine's pose of the shared tennis clips, 4.5 m/s
 * in the Detectron2 keypoints of tennis_forehand_2 lifted to 3D, frame 240, on the video clock) and
 * the slowest labelled stroke (6.1 m/s); walking and jogging arm swing stays under 2–3 m/s. Pickleball (and `none`): 1.8, under
 * the dink of pickleball_broadcast_1 (2.0 m/s): soft shots are strokes too.
 */
export const MIN_PEAK_HAND_SPEED: Readonly<Record<Sport, number>> = DETECTION_PARAMS.minPeakHandSpeed;
/** Half window in which the peak hand speed of a swing is read, seconds (half a swing window). */
export const PEAK_SEARCH_S = CANDIDATE_WINDOW_S / 2;
/** Lowest share of samples with the hand measured within ± 0.15 s of contact (measured: strokes ≥ 0.55, the clip-end swing of tennis_forehand_2 0.07). */
export const MIN_COVERAGE = DETECTION_PARAMS.minCoverage;
/** Closest two strokes of one player, seconds of the analysis clock (a stroke's own backswing / recovery swings lie 0.33–0.48 s away): DETECTION_PARAMS.minStrokeGapS (chosen leave-one-clip-out). */
export const MIN_STROKE_GAP_S = DETECTION_PARAMS.minStrokeGapS;
/** Closest a contact may lie to the clip's first or last sample, seconds: half a swing window, so the swing is inside the clip (measured: a swing at pickleball_broadcast_1 frame 2 is the clip's cut, not a stroke). */
export const EDGE_S = CANDIDATE_WINDOW_S / 2;
/** How long before contact the hand may be above the head for a serve, seconds. */
export const SERVE_LOOKBACK_S = 0.1;
/**
 * How long after the hand-speed contact the hand may be above the head for a serve, seconds.
 * Decided, not fitted: a serve's hand-speed contact can run a frame or two early while the racket
 * still rises (an unseen side-on pro serve, christinathr2000/TennisCoach `AlphaPose/input/video001.mp4`:
 * contact at 64, wrist above the head from 65, wrist top at 68; it was read as a forehand), and a
 * groundstroke's follow-through lifts the wrist above the head no sooner than 0.13 s after
 * contact (the labelled clips' strokes: 0.13 s for a pickleball volley, 0.21–0.40 s for forehands).
 */
export const SERVE_LOOKAHEAD_S = 0.05;

/** What the detector reads: the pose pair, hitting hand, clock rate (samples/s), and the sport (speed threshold). */
export interface StrokeEvidence extends ContactEvidence {
  sport: Sport;
}

/** What decided a stroke's side: side-call.ts's rule, or the hand above the head (serve). */
export type StrokeSideBasis = SideCall['basis'] | 'hand_above_head' | 'none';

/** One stroke. Indices are samples of the pair's tracks; `t` is the analysis clock, seconds. */
export interface DetectedStroke {
  /** Ball contact sample and its analysis-clock time (real seconds with a capture rate). */
  index: number;
  t: number;
  /** Sub-sample contact time on the analysis clock, seconds (ContactCandidate.tExact). */
  tExact: number;
  side: StrokeSide;
  /** What decided `side`; `none` when no rule had its joints (the side is then `forehand`, unverified). */
  sideBasis: StrokeSideBasis;
  /** Both hands on the racket at contact (backhands only). */
  twoHanded: boolean;
  /** Chord speed of the swing window, m/s (contact-candidates.ts). */
  score: number;
  /** Peak hand speed within ± {@link PEAK_SEARCH_S} of contact, m/s. */
  peakHandSpeed: number;
  /** Hitting hand measured at contact (contact-candidates.ts step 3). */
  handMeasured: boolean;
  /**
   * 0–1: (share of samples within ± 0.15 s with the hand measured) × (score / the clip's best score)
   * × 0.5 when the hand is not measured at contact (contact-candidates.ts `UNMEASURED_FACTOR`).
   */
  confidence: number;
  /** Which wrist's swing located the stroke, or the ball's flight turning round at the wrist (ball-hits.ts `ballHits`). */
  foundBy: 'dominant_wrist' | 'other_wrist' | 'ball_flight';
  /** side-call.ts's evidence at contact (trunk rotation rate, wrist side), null when no rule had its joints. */
  sideCall: SideCall | null;
  /** What the ball's flight says at contact (ball-strokes.ts `judgeByBall`); absent without ball candidates. */
  ballEvidence?: BallEvidence;
}

/**
 * The ball's flight at a stroke's contact (ball-strokes.ts): `hit` the ball turns round at the
 * wrist (ball-hits.ts), `near` a flight could meet the racket there (ball-flight.ts
 * `hit-possible`), `unseen` no flight near it (hidden, too small, no ball candidates there),
 * `ruled-out` the ball flies on through (a swing kept only because no other was left).
 */
export type BallEvidence = 'hit' | 'near' | 'unseen' | 'ruled-out';

/**
 * Rank of a stroke's {@link BallEvidence} when one stroke is chosen among several (stroke-analysis.ts):
 * hit 3, near 2, unseen or no ball candidates 1, ruled-out 0. Decided, not fitted: a stroke hits a
 * ball, so a swing the ball is seen at outranks one it is not seen at, whatever the pose's confidence.
 * Measured 2026-11-27 (`npm run eval -- --reuse-pose-any`): no coach run of the 13 labelled clips
 * changes (where several strokes of the asked type compete, they have the same evidence); it
 * decides where a ball-confirmed stroke competes with a more confident swing the ball is not at.
 */
export function ballEvidenceRank(e: BallEvidence | undefined): number {
  return e === 'hit' ? 3 : e === 'near' ? 2 : e === 'ruled-out' ? 0 : 1;
}

/** Samples [a, b] within ± half seconds of sample f. */
function around(t: ArrayLike<number>, f: number, before: number, after = before): [number, number] {
  let a = f;
  let b = f;
  while (a > 0 && t[f]! - t[a - 1]! <= before + 1e-9) a--;
  while (b < t.length - 1 && t[b + 1]! - t[f]! <= after + 1e-9) b++;
  return [a, b];
}

function peakSpeed(k: Kinematics, i: number): number {
  const [a, b] = around(k.t, i, PEAK_SEARCH_S);
  let v = -Infinity;
  for (let j = a; j <= b; j++) if (k.handSpeed[j]! > v) v = k.handSpeed[j]!;
  return v;
}

function coverage(k: Kinematics, measured: readonly boolean[], i: number): number {
  const [a, b] = around(k.t, i, CANDIDATE_WINDOW_S / 2);
  let n = 0;
  for (let j = a; j <= b; j++) if (measured[j]) n++;
  return n / (b - a + 1);
}

/** True when the dominant wrist is above the head (2D, y down) from {@link SERVE_LOOKBACK_S} before contact to {@link SERVE_LOOKAHEAD_S} after. */
export function handAboveHead(k: Kinematics, ev: ContactEvidence, i: number): boolean {
  const [a, b] = around(k.t, i, SERVE_LOOKBACK_S, SERVE_LOOKAHEAD_S);
  const wrist = ev.hand === 'right' ? J.rightWrist : J.leftWrist;
  for (let f = a; f <= b; f++) {
    const w = joint2(ev.pair, f, wrist);
    const h = joint2(ev.pair, f, J.head) ?? joint2(ev.pair, f, J.neckNose);
    if (w && h && w[1] < h[1]) return true;
  }
  return false;
}

interface Swing {
  c: ContactCandidate;
  k: Kinematics;
  foundBy: DetectedStroke['foundBy'];
  peak: number;
  cover: number;
}

/**
 * Every stroke of the clip in time order (module doc).
 * @param k kinematics of the dominant wrist (`handPoint: 'dominant_wrist'`) on the analysis clock.
 * @param rulesOut true for a swing (contact sample index) that other evidence rules out
 *   (ball-strokes.ts: the ball flies on through its contact); asked of each swing that passes
 *   every other rule, strongest first, so that a ruled-out swing does not hide a weaker one within
 *   {@link MIN_STROKE_GAP_S} of it.
 * @param p the data-chosen constants (detection-params.ts; the product's {@link DETECTION_PARAMS}).
 * @returns [] when no swing passes (a clip without strokes is not an error here).
 */
export function detectStrokes(k: Kinematics, ev: StrokeEvidence, rulesOut?: (index: number) => boolean, p: DetectionParams = DETECTION_PARAMS): DetectedStroke[] {
  const other: ContactEvidence = { ...ev, hand: ev.hand === 'right' ? 'left' : 'right' };
  const kOther = computeKinematics(ev.pair, ev.rate, other.hand, 'dominant_wrist');
  const swings: Swing[] = [];
  for (const [kk, e, foundBy] of [
    [k, ev, 'dominant_wrist'],
    [kOther, other, 'other_wrist'],
  ] as const) {
    const measured = handMeasuredMask(kk, e);
    for (const c of contactCandidates(kk, e, p.peakToContactS)) {
      if (foundBy === 'other_wrist' && !inferTwoHanded(ev.pair, k, c.index)) continue;
      swings.push({ c, k: kk, foundBy, peak: peakSpeed(kk, c.index), cover: coverage(kk, measured, c.index) });
    }
  }
  const cuts = sceneCuts(ev.pair);
  const clean = swings.filter((s) => !cuts.some((c) => Math.abs(k.t[c]! - s.c.t) <= CANDIDATE_WINDOW_S));
  const best = Math.max(0, ...clean.map((s) => s.c.score));
  const kept: Swing[] = [];
  for (const s of clean.sort((x, y) => y.c.score - x.c.score)) {
    if (!(s.c.score >= p.minRelativeScore * best)) continue;
    if (!(s.peak >= p.minPeakHandSpeed[ev.sport])) continue;
    if (s.cover < p.minCoverage) continue;
    if (s.c.t - k.t[0]! < EDGE_S || k.t[k.t.length - 1]! - s.c.t < EDGE_S) continue;
    if (kept.some((o) => Math.abs(o.c.t - s.c.t) < p.minStrokeGapS)) continue;
    if (rulesOut?.(s.c.index)) continue;
    kept.push(s);
  }
  return kept.sort((x, y) => x.c.index - y.c.index).map((s) => describe(k, ev, s, best, p));
}

/**
 * Confidence factor of a stroke found by the ball alone (no swing window of the hand): as for a
 * hand not measured at contact (contact-candidates.ts `UNMEASURED_FACTOR`).
 */
export const BALL_FOUND_FACTOR = UNMEASURED_FACTOR;

/**
 * The stroke at sample `i` (sub-sample time `tExact`, analysis clock) that the ball's flight
 * shows and no swing of the hand made (a slow dink's lift): side as for any stroke, confidence =
 * hand coverage × {@link BALL_FOUND_FACTOR}, score 0 (no swing window). Null when the hand is
 * measured in fewer than {@link MIN_COVERAGE} of the samples around it, it lies within
 * {@link EDGE_S} of the clip's ends, or the hand's peak speed around it stays under the sport's
 * least stroke speed (DetectionParams.minPeakHandSpeed, as for every stroke).
 */
export function ballFoundStroke(k: Kinematics, ev: StrokeEvidence, i: number, tExact: number, p: DetectionParams = DETECTION_PARAMS): DetectedStroke | null {
  const measured = handMeasuredMask(k, ev);
  const cover = coverage(k, measured, i);
  if (cover < p.minCoverage || k.t[i]! - k.t[0]! < EDGE_S || k.t[k.t.length - 1]! - k.t[i]! < EDGE_S) return null;
  // The sport's least stroke speed holds here too: a ball turning near a still hand is another player's shot (pickleball_rec_outdoor_1 frame 18: 1.1 m/s).
  if (!(peakSpeed(k, i) >= p.minPeakHandSpeed[ev.sport])) return null;
  const c = { index: i, t: k.t[i]!, tExact, score: 0, peakIndex: i, decelIndex: -1, handMeasured: measured[i] ?? false, unmeasured: null, confidence: 0 };
  // The ball timed it: no move to the wrist's top.
  return { ...describe(k, ev, { c, k, foundBy: 'dominant_wrist', peak: peakSpeed(k, i), cover }, 0, { ...p, serveTopSearchS: 0 }), foundBy: 'ball_flight', confidence: cover * BALL_FOUND_FACTOR };
}

function describe(k: Kinematics, ev: StrokeEvidence, s: Swing, best: number, p: DetectionParams = DETECTION_PARAMS): DetectedStroke {
  const above = handAboveHead(k, ev, s.c.index);
  // A serve's contact: the wrist's top near the hand-speed peak (serve-contact.ts), when the fitted constant allows.
  const top = above ? wristTop(ev.pair, k.t, ev.hand, s.c.index, p.serveTopSearchS) : null;
  const i = top?.index ?? s.c.index;
  const call = classifySide(ev.pair, k, i, ev.hand, ev.sport === 'pickleball');
  const side: StrokeSide = above ? 'serve' : (call?.side ?? 'forehand');
  const strength = best > 0 ? s.c.score / best : 0;
  return {
    index: i,
    t: k.t[i]!,
    tExact: top?.tExact ?? s.c.tExact,
    side,
    sideBasis: above ? 'hand_above_head' : (call?.basis ?? 'none'),
    twoHanded: side === 'backhand' && inferTwoHanded(ev.pair, k, i),
    score: s.c.score,
    peakHandSpeed: s.peak,
    handMeasured: s.c.handMeasured,
    confidence: s.cover * strength * (s.c.handMeasured ? 1 : UNMEASURED_FACTOR),
    foundBy: s.foundBy,
    sideCall: call,
  };
}

/** The contact of sample `i`: frame_nr from the 3D track, timestamp from `k.videoT`, real time from `k.t` (seconds, 3 decimals). */
export function strokeContact(k: Kinematics, frameNr: ArrayLike<number>, i: number): StrokeContact {
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return { frame_nr: frameNr[i] ?? i, timestamp: r3(k.videoT[i]!), real_time: r3(k.t[i]!) };
}
