/**
 * Ball-contact candidates of a clip: every swing the hitting hand makes, ranked, each with its
 * contact frame, whether the hand was measured there and a confidence. The single-stroke
 * analysis (phases.ts) takes the best; a multi-stroke analysis can take them all.
 *
 * Method (README.md "Swing phases and events"):
 * 1. **Swing windows.** Picture-plane chord speed over {@link CANDIDATE_WINDOW_S}: the net hand
 *    displacement between the first and last finite samples of the window divided by their time
 *    apart (a swing goes one way; detector jitter goes back and forth; the picture plane has no
 *    lift depth flips). For locating swings only, the 2D wrist counts down to confidence
 *    {@link LOCATE_MIN_CONFIDENCE}: a fast hand blurs and its keypoint confidence drops while the
 *    keypoint stays on the arm (seen at pickleball_rec_1 frames 113–115); a window counts only
 *    when ≥ {@link LOCATE_MIN_MEASURED} of its samples have the hand at the usual 0.3 (measured,
 *    or bridged by Kinematics' short-gap interpolation), and its
 *    finite samples span ≥ 60 % of it; a window with fewer than {@link FULL_WEIGHT_MEASURED} of
 *    its samples measured scores proportionally less. Candidates are the local maxima, ≥ one
 *    window apart.
 * 2. **Contact in a window.** The peak hand speed (3D, relative to the pelvis; Kinematics.handSpeed)
 *    within ± half a window, timed by the vertex of a parabola fitted to the samples within
 *    FIT_SHARE of the peak (else the centre of its plateau within PLATEAU_SHARE; hand-peak-time.ts);
 *    contact is the sample nearest {@link PEAK_TO_CONTACT_S} after it on
 *    the analysis clock (real seconds when the capture rate is known). When the peak lies in a run
 *    of ≥ {@link MIN_GAP_SAMPLES} samples where the hand is unmeasured (bridged by interpolation,
 *    so the speed there is a constant guess), contact is the middle of that run. The hand's linear speed
 *    peaks just before impact while the racket head, driven by wrist flexion and forearm
 *    pronation, still accelerates into the ball (Elliott, Marsh & Overheu 1989 and Elliott et al.
 *    1997 on forearm/hand/racket kinematics; Landlinger et al. 2010, J Sports Sci Med 9:643,
 *    report the racket's peak at impact). The steepest deceleration after the peak is kept to
 *    explain the event. The offset is ours, measured on the shared labelled clips (README.md
 *    "Swing phases and events").
 * 3. **Hand measured.** The hitting hand counts as measured at contact when it is measured (pose
 *    confidence ≥ 0.3, bone check passed) at every sample from two before to two after contact
 *    (the speeds at contact and its neighbours; a contact on a gap's edge may belong inside the
 *    gap); otherwise the candidate names the unmeasured run (a contact on a bridged,
 *    interpolated stretch is therefore never passed off as measured).
 */
import type { Kinematics } from '../core/index.js';
import { handPlaneOf } from '../core/index.js';
import { J } from '../../pose/h36m.js';
import { jointValid, MIN_CONFIDENCE, type PosePair } from '../core/index.js';
import { argmax } from '../core/index.js';
import { handPeakTime } from '../core/index.js';

/** Length of a swing window, seconds of the analysis clock (a forward swing is ≈ 0.2–0.3 s at full speed, Elliott 2006). */
export const CANDIDATE_WINDOW_S = 0.3;
/** Lowest 2D wrist confidence used to locate swings (not to measure features). Our choice, see module doc. */
export const LOCATE_MIN_CONFIDENCE = 0.1;
/** Share of a window's samples that must have the hand at {@link MIN_CONFIDENCE} (measured or bridged) for it to count. */
export const LOCATE_MIN_MEASURED = 0.3;
/**
 * Shortest unmeasured run whose middle replaces a hand-speed peak inside it, samples. A single
 * unmeasured sample is bridged between its two neighbours and its speed stands (measured on the
 * engine's 3 s cut of tennis_forehand_2 at 240 fps: the peak falls on one rejected sample, and
 * contact there leaves out every feature that needs the wrist at contact). Ours.
 */
export const MIN_GAP_SAMPLES = 2;

/**
 * Contact after the hand's speed peak, seconds of the analysis clock. Measured on the 11 labelled
 * strokes with the parabola-vertex peak (2026-11-23, engine 293540fc, capture rates of the
 * labels; README.md "Swing phases and events"): 10 and 20 ms both give 8/11 within ±2 frames;
 * 20 ms also calls every matched stroke's side right (10/10; 10 ms: 9/10) and puts the three cuts
 * of tennis_forehand_2 all at frame 122 (label 121). At 25–30 fps real time it is under a frame,
 * so there the peak is contact.
 */
export const PEAK_TO_CONTACT_S = 0.02;
/** Share of measured samples from which a window scores its full chord speed (below it, proportionally less). */
export const FULL_WEIGHT_MEASURED = 0.5;
/** Confidence factor of a contact whose hitting hand is not measured there. */
export const UNMEASURED_FACTOR = 0.5;

/** What the detector needs beyond the kinematics: the pose pair, the hitting hand, the clock's rate (samples/s). */
export interface ContactEvidence {
  pair: PosePair;
  hand: 'left' | 'right';
  rate: number;
}

/** One swing of the hitting hand and its ball contact. Indices are into the tracks (samples). */
export interface ContactCandidate {
  /** Contact sample and its analysis-clock time, seconds. */
  index: number;
  t: number;
  /**
   * Sub-sample contact time on the analysis clock, seconds (module doc, step 2, before it is
   * rounded to the nearest sample `index`): features measured at contact interpolate to it.
   */
  tExact: number;
  /** Chord speed of the swing window, m/s (picture plane): the ranking key. */
  score: number;
  /** Sample of the peak hand speed, and of the steepest deceleration after it (−1 when none). */
  peakIndex: number;
  decelIndex: number;
  /** False when the hitting hand is not measured at contact (module doc, step 3). */
  handMeasured: boolean;
  /** The unmeasured run of samples [first, last] at contact, when `handMeasured` is false. */
  unmeasured: [number, number] | null;
  /**
   * 0–1: (share of samples within ± half a window with the hand measured) × (score / best score of
   * the clip) × {@link UNMEASURED_FACTOR} when the hand is not measured at contact.
   */
  confidence: number;
}

/** Per sample: the hitting hand point (dominant wrist, or both wrists for the midpoint) is measured. */
export function handMeasuredMask(k: Kinematics, ev: ContactEvidence): boolean[] {
  const w = ev.hand === 'right' ? J.rightWrist : J.leftWrist;
  const joints = k.handPoint === 'wrist_midpoint' ? [J.leftWrist, J.rightWrist] : [w];
  return Array.from({ length: k.t.length }, (_, f) => joints.every((j) => jointValid(ev.pair, f, j)));
}

/**
 * The picture-plane hand (Kinematics.handPlane, metres) with the wrist(s) accepted down to
 * {@link LOCATE_MIN_CONFIDENCE}: the same series definition run on a copy of the pair whose
 * wrist confidences in [LOCATE_MIN_CONFIDENCE, MIN_CONFIDENCE) are raised to MIN_CONFIDENCE.
 */
export function locatingPlane(k: Kinematics, ev: ContactEvidence): [number, number][] {
  const joints = [J.leftWrist, J.rightWrist];
  const lift = (t: PosePair['pose2d']) => {
    const c = Float32Array.from(t.confidences);
    for (let f = 0; f < t.frames; f++) {
      for (const j of joints) {
        const i = f * t.joints + j;
        if (c[i]! >= LOCATE_MIN_CONFIDENCE && c[i]! < MIN_CONFIDENCE) c[i] = MIN_CONFIDENCE;
      }
    }
    return { ...t, confidences: c };
  };
  const pair: PosePair = { ...ev.pair, pose2d: lift(ev.pair.pose2d), pose3d: lift(ev.pair.pose3d) };
  return handPlaneOf(pair, ev.rate, ev.hand, k.handPoint);
}

/** Samples [a, b] within ± `half` seconds of sample f. */
function span(t: ArrayLike<number>, f: number, half: number): [number, number] {
  let a = f;
  let b = f;
  while (a > 0 && t[f]! - t[a - 1]! <= half + 1e-9) a--;
  while (b < t.length - 1 && t[b + 1]! - t[f]! <= half + 1e-9) b++;
  return [a, b];
}

/**
 * Swing score per sample, m/s: chord speed over the window centred on it (module doc, step 1);
 * NaN where the window does not count.
 */
export function swingScore(k: Kinematics, plane: readonly [number, number][]): Float64Array {
  const n = k.t.length;
  const out = new Float64Array(n).fill(NaN);
  const half = CANDIDATE_WINDOW_S / 2;
  for (let f = 0; f < n; f++) {
    const [a0, b0] = span(k.t, f, half);
    let strong = 0;
    for (let i = a0; i <= b0; i++) if (Number.isFinite(k.handPlane[i]![0] + k.handPlane[i]![1])) strong++;
    if (strong < LOCATE_MIN_MEASURED * (b0 - a0 + 1)) continue;
    let a = a0;
    let b = b0;
    while (a < f && !Number.isFinite(plane[a]![0] + plane[a]![1])) a++;
    while (b > f && !Number.isFinite(plane[b]![0] + plane[b]![1])) b--;
    const dt = k.t[b]! - k.t[a]!;
    if (!(dt >= 0.6 * CANDIDATE_WINDOW_S) || !Number.isFinite(plane[a]![0] + plane[b]![0])) continue;
    // Weighted by the share of the window measured at full confidence: low-confidence samples help
    // find a swing, but a window made mostly of them (a wrist drifting onto the background) ranks lower.
    out[f] = (Math.hypot(plane[b]![0] - plane[a]![0], plane[b]![1] - plane[a]![1]) / dt) * Math.min(1, strong / (b0 - a0 + 1) / FULL_WEIGHT_MEASURED);
  }
  return out;
}

/** Local maxima of `s` at least one window apart, strongest first. */
function windowMaxima(t: ArrayLike<number>, s: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (!Number.isFinite(s[i])) continue;
    const [a, b] = span(t, i, CANDIDATE_WINDOW_S);
    let top = true;
    for (let j = a; j <= b && top; j++) top = !(s[j]! > s[i]! || (s[j] === s[i] && j < i));
    if (top) out.push(i);
  }
  return out.sort((x, y) => s[y]! - s[x]!);
}

/** Contact sample of the swing centred at `center` (module doc, step 2). */
function contactIn(k: Kinematics, center: number, measured: readonly boolean[], peakToContactS: number): { index: number; tExact: number; peak: number; decel: number } {
  const [a, b] = span(k.t, center, CANDIDATE_WINDOW_S / 2);
  const v = k.handSpeed;
  const peak = argmax(v, a, b);
  if (peak < 0) return { index: center, tExact: k.t[center]!, peak: -1, decel: -1 };
  let decel = -1;
  let steepest = 0;
  const [, end] = span(k.t, peak, CANDIDATE_WINDOW_S / 2);
  for (let i = peak + 1; i <= end; i++) {
    const d = (v[i - 1]! - v[i]!) / (k.t[i]! - k.t[i - 1]!);
    if (d > steepest) [steepest, decel] = [d, i];
  }
  const run = unmeasuredRun(measured, peak);
  // A peak inside a bridged gap of MIN_GAP_SAMPLES or more is a peak of interpolated speed
  // (constant through the gap): the gap's middle is the unbiased contact estimate. A shorter hole
  // is bridged between close neighbours and its speed stands.
  const gap = run && run[1] - run[0] + 1 >= MIN_GAP_SAMPLES ? run : null;
  const top = handPeakTime(k, peak, a, b);
  const tm = gap ? (k.t[gap[0]]! + k.t[gap[1]]!) / 2 : top + peakToContactS;
  let index = peak;
  for (let i = gap ? gap[0] : a; i <= (gap ? gap[1] : end); i++) if (Math.abs(k.t[i]! - tm) < Math.abs(k.t[index]! - tm)) index = i;
  return { index, tExact: Math.min(k.t[k.t.length - 1]!, Math.max(k.t[0]!, tm)), peak, decel };
}

/**
 * The unmeasured run at sample c (module doc, step 3), or null when the hand is measured at every
 * sample from c − 2 to c + 2 (its speed at c and at both neighbours, so c is no gap's edge).
 */
export function unmeasuredAt(measured: readonly boolean[], c: number): [number, number] | null {
  const near = [0, 1, -1, 2, -2].map((d) => c + d).filter((i) => i >= 0 && i < measured.length);
  const u = near.find((i) => !measured[i]);
  if (u === undefined) return null;
  let a = u;
  let b = u;
  while (a > 0 && !measured[a - 1]) a--;
  while (b < measured.length - 1 && !measured[b + 1]) b++;
  return [a, b];
}

/** The unmeasured run [first, last] containing sample i, or null when the hand is measured at i. */
function unmeasuredRun(measured: readonly boolean[], i: number): [number, number] | null {
  if (measured[i]) return null;
  let a = i;
  let b = i;
  while (a > 0 && !measured[a - 1]) a--;
  while (b < measured.length - 1 && !measured[b + 1]) b++;
  return [a, b];
}

/** Share of samples within ± half a window of c with the hand measured. */
function coverage(t: ArrayLike<number>, measured: readonly boolean[], c: number): number {
  const [a, b] = span(t, c, CANDIDATE_WINDOW_S / 2);
  let ok = 0;
  for (let i = a; i <= b; i++) if (measured[i]) ok++;
  return ok / (b - a + 1);
}

/**
 * Every swing of the clip with its ball contact, strongest swing first (see module doc).
 * Empty when no window has enough measured hand samples.
 * @param peakToContactS contact after the hand's speed peak, seconds of the analysis clock
 *   (default {@link PEAK_TO_CONTACT_S}; the stroke detector passes its DetectionParams' value,
 *   strokes/detection-params.ts, chosen leave-one-clip-out).
 */
export function contactCandidates(k: Kinematics, ev: ContactEvidence, peakToContactS: number = PEAK_TO_CONTACT_S): ContactCandidate[] {
  const measured = handMeasuredMask(k, ev);
  const score = swingScore(k, locatingPlane(k, ev));
  const centers = windowMaxima(k.t, score);
  const best = centers.length ? score[centers[0]!]! : NaN;
  return centers.map((center) => {
    const { index, tExact, peak, decel } = contactIn(k, center, measured, peakToContactS);
    const unmeasured = unmeasuredAt(measured, index);
    const strength = best > 0 ? score[center]! / best : 0;
    const confidence = coverage(k.t, measured, index) * strength * (unmeasured ? UNMEASURED_FACTOR : 1);
    return {
      index,
      t: k.t[index]!,
      tExact,
      score: score[center]!,
      peakIndex: peak,
      decelIndex: decel,
      handMeasured: unmeasured === null,
      unmeasured,
      confidence,
    };
  });
}
