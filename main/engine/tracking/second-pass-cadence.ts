/**
 * Which window frames the second pass runs BlazePose heavy on (issue 29 item 2, speed), and the
 * fill of the window frames it skips. Off by default ({@link SPARSE_IMAGES_PER_S} = 0: every
 * image is run). With a rate: every distinct image near each stroke's contact is run (the
 * frames the technique features read there); elsewhere in the windows at most that many
 * images per real second, and each skipped frame takes the BlazePose
 * result interpolated between its run neighbours (never MoveNet's pose between two BlazePose
 * frames: the pose would jitter between two models).
 */
import type { BlazePoseResult, Crop } from '../inference/index.js';
import type { StrokeWindows } from './stroke-windows.js';

/**
 * Real seconds before a window's hand-speed peak run at every image: the peak lies within ±0.1 s
 * of contact (stroke-windows.ts), and the analysis reads up to 0.3 s before contact there (the
 * side call's trunk and hips, main/analysis/strokes/side-call.ts BEFORE_S; the forward swing of
 * the contact search, CANDIDATE_WINDOW_S). Decided from those spans, not fitted.
 */
export const DENSE_BEFORE_S = 0.4;
/**
 * Real seconds after the peak run at every image: contact ≤ 0.1 s after the peak, then 0.1 s the
 * analysis reads after contact (the view's median heading VIEW_WINDOW_S, the chain's peaks
 * AFTER_CONTACT_S, the hand speed at contact ±0.1 s). Decided from those spans, not fitted.
 */
export const DENSE_AFTER_S = 0.2;
/**
 * Most images per real second run outside the dense spans; 0 = every image everywhere (the
 * behaviour before the cadence). {@link secondPassSparseRate} reads the override
 * `SWING_SECOND_PASS_SPARSE_IPS` (a number ≥ 0).
 * Decided (issue 29 item 2): 0, i.e. off by default; the cadence stays behind the override
 * because `npm run eval -- --no-cuts` with fresh poses (2026-11-27, commit 7f5a66c, in clean
 * clones; 13 clips, 29 strokes) lost a contact with either rate tried, against the same commit
 * without it (contact ±2 19/29, precision 22/30, recall 22/29 left out, pro features advanced+
 * 73/95, 3D 80 mm):
 * - 15 per s (every 2nd image at 30 fps): contact ±2 18/29 (pickleball_rec_outdoor_1 2/3 → 0/3,
 *   tennis_rally_pro_behind_1 1/4 → 2/4), precision 23/30, recall 23/29, pro 75/97, 3D 80 mm,
 *   fitted-floor precision / recall 21/30 / 21/29 (was 23/31 / 23/29); saves 23 of 145 BlazePose
 *   runs on pickleball_rec_1 (≈ 2 CPU-s, ≈ 0.2 CPU-s per video-s: the 2.0 target is not reached).
 * - 30 per s (changes only clips above 30 real images/s: here the slowed clips given their capture
 *   rate): contact ±2 18/29 (tennis_forehand_2: +2 → +7 frames), pro 72/94, the rest unchanged.
 * Not fitted: the two values tried are the eval's 30 images/s and half of it.
 */
export const SPARSE_IMAGES_PER_S = 0;
/** A frame is run when at least this share of the sparse period has passed since the last run one (a clip's frame times jitter). */
const PERIOD_SLACK = 0.9;
/** The next candidate may lie at most this many sparse periods after the last run frame, else this one is run (a frame without a crop leaves a hole). */
const MAX_GAP_PERIODS = 1.2;

/** The sparse rate in force: `SWING_SECOND_PASS_SPARSE_IPS` when it is a number ≥ 0, else {@link SPARSE_IMAGES_PER_S}. 0 = every image run. */
export function secondPassSparseRate(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.SWING_SECOND_PASS_SPARSE_IPS);
  return env.SWING_SECOND_PASS_SPARSE_IPS !== undefined && env.SWING_SECOND_PASS_SPARSE_IPS !== '' && v >= 0 ? v : SPARSE_IMAGES_PER_S;
}

/**
 * Per track frame, 1 when the second pass runs the model on it: of the frames that have a crop
 * (`crops`, secondPassCrops), every one within [peak − {@link DENSE_BEFORE_S}, peak +
 * {@link DENSE_AFTER_S}] real seconds of a window's peak (`windows.contacts`), the first and last
 * of each range, and elsewhere one per 1/`rate` real seconds. Every frame with a crop is run when
 * `rate` is 0 or the windows are a short clip's or the fastest-frame fallback's
 * (`windows.short`, `windows.fastest`: the peak may not be the stroke there, stroke-windows.ts).
 * `times`: video seconds per frame; `realPerVideo`: real seconds per video second.
 */
export function secondPassRuns(crops: readonly (Crop | undefined)[], windows: StrokeWindows, times: ArrayLike<number>, realPerVideo = 1, rate = SPARSE_IMAGES_PER_S): Uint8Array {
  const run = new Uint8Array(crops.length);
  const everyImage = !(rate > 0) || windows.short || windows.fastest;
  const realT = (f: number) => times[f]! * realPerVideo;
  const dense = (f: number) => windows.contacts.some((p) => realT(f) >= realT(p) - DENSE_BEFORE_S - 1e-9 && realT(f) <= realT(p) + DENSE_AFTER_S + 1e-9);
  const period = 1 / rate;
  for (const [a, b] of windows.ranges) {
    const cand: number[] = [];
    for (let f = a; f <= b; f++) if (crops[f]) cand.push(f);
    let last = -1;
    cand.forEach((f, i) => {
      const next = cand[i + 1];
      const due = last < 0 || next === undefined || realT(f) - realT(last) >= PERIOD_SLACK * period || realT(next) - realT(last) > MAX_GAP_PERIODS * period;
      if (everyImage || dense(f) || due) [run[f], last] = [1, f];
    });
  }
  return run;
}

/**
 * Fills `out` (BlazePose results per frame, the run frames' set) for each frame that has a crop
 * but was not run: linear in time between the nearest run frames before and after it that have a
 * result, 2D points and learned 3D (`world`) alike; each score and the pose flag are the smaller
 * of the two (an interpolated point is no surer than its weaker source). A frame without a run
 * neighbour on both sides stays undefined (its fast-pass pose stands). Returns the frames filled.
 */
export function fillSkipped(out: (BlazePoseResult | undefined)[], crops: readonly (Crop | undefined)[], run: Uint8Array, times: ArrayLike<number>): number {
  // The first and last frame of each range are run (secondPassRuns), so both neighbours lie in the skipped frame's range.
  const next = new Int32Array(out.length).fill(-1);
  for (let f = out.length - 2; f >= 0; f--) next[f] = run[f + 1] ? f + 1 : next[f + 1]!;
  let filled = 0;
  let prev = -1;
  for (let f = 0; f < out.length; f++) {
    if (run[f]) prev = f;
    if (run[f] || !crops[f] || prev < 0 || next[f]! < 0) continue;
    const [a, b] = [out[prev], out[next[f]!]];
    if (!a || !b) continue;
    out[f] = lerpResult(a, b, (times[f]! - times[prev]!) / (times[next[f]!]! - times[prev]!));
    filled++;
  }
  return filled;
}

function lerpResult(a: BlazePoseResult, b: BlazePoseResult, w: number): BlazePoseResult {
  const lerp = (x: Float32Array, y: Float32Array) => x.map((v, i) => v + (y[i]! - v) * w);
  return { xy: lerp(a.xy, b.xy), world: lerp(a.world, b.world), score: a.score.map((v, i) => Math.min(v, b.score[i]!)), poseFlag: Math.min(a.poseFlag, b.poseFlag) };
}
