/**
 * Each stroke of a clip is analysed on its own stretch of it:
 * - a clip joined from several scenes (scene-cuts.ts): its own scene only, so its backswing and
 *   follow-through searches (1.5 s and 1.2 s of real time around contact, phases.ts) do not run
 *   into another take;
 * - a long clip (issue 29, whole sessions): at most {@link STROKE_SPAN_S} of video on each side
 *   of its contact, so a session's analysis costs (strokes × span), not (strokes × clip length)
 *   in time and in the garbage each stroke leaves. A clip shorter than twice the span (every
 *   labelled and e2e clip) is analysed whole, as before.
 * The result is then laid back onto the whole clip: per-frame series get 0 outside the stretch (as
 * for frames without a measurement, API.md `plot_values` has one value per frame) and `peak_index`
 * is shifted to the clip's frames; `frame_nr` and `timestamp` are the clip's already (the tracks
 * keep them).
 */
import { selectFrames, type PoseTrack } from '../pose/pose-track.js';
import { videoTimes } from '../pose/frame-time.js';
import { computeTechniqueResult, type AnalysisInput, type TechniqueOptions, type TechniqueOutput } from './technique/index.js';

/** Frames [a, b) of the scene holding frame `f`, given the ascending scene cuts (first frames of new scenes). */
export function sceneOf(cuts: readonly number[], f: number, frames: number): [number, number] {
  let a = 0;
  let b = frames;
  for (const c of cuts) {
    if (c <= f) a = c;
    else {
      b = c;
      break;
    }
  }
  return [a, b];
}

type Series = { plot_values: number[]; peak_index: number };

/** The output with each per-frame series (kinetic_chain.speed_dict's three, wrist_speed) passed through `f`. */
function mapSeries(out: TechniqueOutput, f: <T extends Partial<Series>>(s: T) => T): TechniqueOutput {
  const r = out.result;
  const chain = r.kinetic_chain?.speed_dict;
  return {
    ...out,
    result: {
      ...r,
      ...(chain ? { kinetic_chain: { ...r.kinetic_chain, speed_dict: { ...chain, hip: f(chain.hip), shoulder: f(chain.shoulder), wrist: f(chain.wrist) } } } : {}),
      ...(r.wrist_speed ? { wrist_speed: f(r.wrist_speed) } : {}),
    },
  };
}

/**
 * A stroke's analysis on its stretch (frames [a, a + stretch length) of a clip of `frames`
 * frames), its series' `peak_index` already the clip's but their `plot_values` still the
 * stretch's: {@link spreadSeries} lays them onto the whole clip. Kept apart because a session's
 * strokes each laid onto the whole clip made 32 bytes a frame of garbage per stroke (issue 29,
 * memory), and only the analysis shown whole needs them (best-measured.ts seriesKeeper).
 */
export interface StretchOutput {
  out: TechniqueOutput;
  /** The stretch's first frame in the clip; undefined when the stretch is the whole clip. */
  a?: number;
  /** The clip's frame count. */
  frames: number;
}

/** The stretch output's `plot_values` laid onto the whole clip: 0 outside the stretch (module doc); the output itself when the stretch is the whole clip. */
export function spreadSeries({ out, a, frames }: StretchOutput): TechniqueOutput {
  if (a === undefined) return out;
  return mapSeries(out, (s) => {
    if (!s.plot_values) return s;
    const values = new Array<number>(frames).fill(0);
    s.plot_values.forEach((v, i) => (values[a + i] = v));
    return { ...s, plot_values: values };
  });
}

/**
 * Half of the stretch a stroke of a long clip is analysed on, seconds of video (module doc): 30 s,
 * 20× the longest search of the analysis (the backswing, 1.5 s of real time before contact,
 * phases.ts) at 1×, and still that search's length at 20× slow motion. Decided, not fitted.
 */
export const STROKE_SPAN_S = 30;

/** First index of ascending `t` with t[i] ≥ x (t.length when none). */
function firstAtOrAfter(t: ArrayLike<number>, x: number): number {
  let [lo, hi] = [0, t.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Frames [a, b) a stroke at input frame `frame` is analysed on (module doc): its scene (ascending
 * `cuts`), within {@link STROKE_SPAN_S} of video of the frame (`timestamps`, the track's, s) when
 * the scene lasts longer than twice that.
 */
export function strokeStretch(cuts: readonly number[], frame: number, timestamps: ArrayLike<number>): [number, number] {
  const [sa, sb] = sceneOf(cuts, frame, timestamps.length);
  if (timestamps[sb - 1]! - timestamps[sa]! <= 2 * STROKE_SPAN_S) return [sa, sb];
  const t = timestamps[frame]!;
  return [Math.max(sa, firstAtOrAfter(timestamps, t - STROKE_SPAN_S - 1e-9)), Math.min(sb, firstAtOrAfter(timestamps, t + STROKE_SPAN_S + 1e-9))];
}

/** Each track's frame times (frame-time.ts videoTimes: ascending), computed once per track however many strokes ask. */
const TIMES = new WeakMap<PoseTrack, Float64Array>();
function timesOf(raw: AnalysisInput): Float64Array {
  let t = TIMES.get(raw.pose2d);
  if (!t) TIMES.set(raw.pose2d, (t = videoTimes(raw.pose2d, raw.fps)));
  return t;
}

/**
 * computeTechniqueResult on the stretch of input frame `frame` ({@link strokeStretch}; the whole
 * clip when that is the whole clip), its peaks shifted to the clip's frames and its per-frame
 * values left on the stretch ({@link StretchOutput}).
 * @throws as computeTechniqueResult (InsufficientPoseError when the stretch is too short to analyse).
 */
export function analyseStretchLocal(raw: AnalysisInput, cuts: readonly number[], frame: number, opts: TechniqueOptions): StretchOutput {
  const frames = raw.pose2d.frames;
  const [a, b] = strokeStretch(cuts, frame, timesOf(raw));
  if (a === 0 && b === frames) return { out: computeTechniqueResult(raw, opts), frames };
  const idx = Int32Array.from({ length: b - a }, (_, i) => a + i);
  const out = computeTechniqueResult({ ...raw, pose2d: selectFrames(raw.pose2d, idx), pose3d: selectFrames(raw.pose3d, idx) }, opts);
  return { out: mapSeries(out, (s) => (s.peak_index !== undefined ? { ...s, peak_index: s.peak_index + a } : s)), a, frames };
}

/**
 * {@link analyseStretchLocal} laid back onto the whole clip ({@link spreadSeries}; module doc).
 * @throws as computeTechniqueResult (InsufficientPoseError when the stretch is too short to analyse).
 */
function analyseStretch(raw: AnalysisInput, cuts: readonly number[], frame: number, opts: TechniqueOptions): TechniqueOutput {
  return spreadSeries(analyseStretchLocal(raw, cuts, frame, opts));
}

/**
 * {@link analyseStretch} of the frame nearest `timestamp` (s of video) with no scene cuts: a stroke
 * the coach placed or a ball time (`analyze --ball-time`), analysed on the whole clip as before
 * unless the clip is longer than twice {@link STROKE_SPAN_S}.
 * @throws as computeTechniqueResult.
 */
export function analyseAtTime(raw: AnalysisInput, timestamp: number, opts: TechniqueOptions): TechniqueOutput {
  const t = timesOf(raw);
  const i = Math.min(firstAtOrAfter(t, timestamp), t.length - 1);
  const frame = i > 0 && Math.abs(t[i - 1]! - timestamp) <= Math.abs(t[i]! - timestamp) ? i - 1 : i;
  return analyseStretch(raw, [], frame, opts);
}
