/**
 * Repeated frames and the true cadence of a clip. Frame-rate conversions (e.g. 20 images per
 * second shown in a 29.97 fps file, every third frame a copy; 2:3 pull-down of 24 fps film)
 * repeat images: a speed from frame differences then sees zero, then double. The engine spots
 * repeated images in the decoded pixels ({@link isRepeatedImage}) and gives a repeat the exact
 * pose of its original, so any later reader (the analysis, a recompute from the stored pose) can
 * find them again from the pose alone ({@link repeatsFromPose}) and measure on the distinct
 * images at their true, evenly spaced times ({@link cadenceOf}).
 */
import type { PoseTrack } from './pose-track.js';

/**
 * Pixel test of a repeated image: frame n repeats frame n−1 when their mean absolute difference
 * (gray levels 0–255, every 7th byte of the engine's RGB24 frame) is below
 * {@link REPEAT_MAX_RELATIVE} × the median difference of the last distinct frames and below
 * {@link REPEAT_MAX_ABSOLUTE}. Measured on the shared clips at 640 px (2026-11-23): the copies in
 * tennis_forehand_2.mp4 differ from their original by 0.03–0.18 (re-encoding noise) while its
 * distinct frames differ by 1.8–2.7; the slowest clip without copies (tennis_forehand_1.mp4, 4×
 * slow motion, static camera) has differences of 0.10–0.5 around a median of 0.38, never below
 * 0.3 × its neighbours. A relative test is needed because still scenes have small differences.
 */
export const REPEAT_MAX_RELATIVE = 0.3;
export const REPEAT_MAX_ABSOLUTE = 1.0;
/** Distinct-frame differences remembered for the relative test, and the fewest that allow it. */
const HISTORY = 6;
const MIN_HISTORY = 3;

/** Mean absolute difference of two equally sized byte images over every `step`-th byte (gray levels). */
export function meanAbsDiff(a: Uint8Array, b: Uint8Array, step = 7): number {
  if (a.length !== b.length) throw new RangeError(`images differ in size: ${a.length} vs ${b.length} bytes`);
  let s = 0;
  let n = 0;
  for (let i = 0; i < a.length; i += step, n++) s += Math.abs(a[i]! - b[i]!);
  return n ? s / n : 0;
}

/**
 * Online repeat test over a stream of frames: `push(frame)` returns true when the frame repeats
 * the previous one. Uses only past frames, so the engine can skip inference at once.
 */
export function isRepeatedImage(): (rgb: Uint8Array) => boolean {
  let prev: Uint8Array | undefined;
  const history: number[] = [];
  return (rgb) => {
    const d = prev ? meanAbsDiff(rgb, prev) : Infinity;
    prev = rgb;
    if (!Number.isFinite(d)) return false;
    const med = [...history].sort((x, y) => x - y)[history.length >> 1] ?? NaN;
    const repeat = history.length >= MIN_HISTORY && d < REPEAT_MAX_ABSOLUTE && d < REPEAT_MAX_RELATIVE * med;
    if (!repeat) {
      history.push(d);
      if (history.length > HISTORY) history.shift();
    }
    return repeat;
  };
}

/** Frames whose 2D keypoints equal the previous frame's exactly (player present in both): the engine's repeats. */
export function repeatsFromPose(track: PoseTrack): Uint8Array {
  const out = new Uint8Array(track.frames);
  const n = track.joints * track.dims;
  for (let f = 1; f < track.frames; f++) {
    if (!track.present[f] || !track.present[f - 1]) continue;
    let same = true;
    for (let i = 0; i < n && same; i++)
      same = Object.is(track.keypoints[f * n + i], track.keypoints[(f - 1) * n + i]);
    out[f] = same ? 1 : 0;
  }
  return out;
}

/** The distinct images of a clip and the times to measure them at. */
export interface Cadence {
  /** Indices (into the track) of the frames that are not repeats, ascending. */
  distinct: Int32Array;
  /** Time of each distinct image, seconds on the video's clock: evenly re-timed when the clip converts a cadence. */
  times: Float64Array;
  /** Distinct images per second of video. */
  imagesPerSecond: number;
  /** Frames that repeat the one before. */
  repeated: number;
  /** True when the repeats are a frame-rate conversion ({@link isCadenceConversion}): times were re-spaced evenly. */
  conversion: boolean;
}

/**
 * A clip converts a cadence (e.g. 20 → 29.97 fps) when at least this share of its frames repeat
 * the one before ...
 */
export const CADENCE_MIN_REPEAT_SHARE = 0.1;
/**
 * ... and the repeats are spread over the clip: in at least {@link CADENCE_EVEN_BLOCKS} of its
 * blocks of {@link CADENCE_BLOCK} frames the repeat share is at least half the clip's. A player
 * standing still gives runs of equal poses instead (all in a few blocks), which is not a cadence.
 */
export const CADENCE_BLOCK = 15;
export const CADENCE_EVEN_BLOCKS = 0.8;

/** True when the repeat flags look like a frame-rate conversion (see {@link CADENCE_MIN_REPEAT_SHARE}). */
export function isCadenceConversion(repeat: Uint8Array): boolean {
  const total = repeat.reduce((a, b) => a + b, 0);
  const share = repeat.length ? total / repeat.length : 0;
  const blocks = Math.floor(repeat.length / CADENCE_BLOCK);
  if (share < CADENCE_MIN_REPEAT_SHARE || blocks === 0) return false;
  let even = 0;
  for (let b = 0; b < blocks; b++) {
    let n = 0;
    for (let f = b * CADENCE_BLOCK; f < (b + 1) * CADENCE_BLOCK; f++) n += repeat[f]!;
    if (n / CADENCE_BLOCK >= share / 2) even++;
  }
  return even >= CADENCE_EVEN_BLOCKS * blocks;
}

/**
 * The cadence of a track with repeat flags. Distinct images of a converted clip were captured at
 * even intervals, not at the times the file shows them (20 images/s in 29.97 fps: shown at 0,
 * 2/30, 3/30, … captured at 0, 1/20, 2/20, …), so they are spread evenly over the span the
 * distinct images cover: image k at t₀ + k / r, r = (distinct − 1) / (t_last − t₀) where t_last is
 * the time of the last distinct image.
 * @throws RangeError when flags and timestamps differ in length.
 */
export function cadenceOf(repeat: Uint8Array, timestamps: ArrayLike<number>, fps: number): Cadence {
  if (repeat.length !== timestamps.length)
    throw new RangeError(
      `repeat flags (${repeat.length}) and timestamps (${timestamps.length}) differ in length`,
    );
  const idx: number[] = [];
  for (let f = 0; f < repeat.length; f++) if (!repeat[f]) idx.push(f);
  const distinct = Int32Array.from(idx);
  const repeated = repeat.length - distinct.length;
  const times = Float64Array.from(idx, (f) => timestamps[f]!);
  const span =
    repeat.length > 1
      ? (timestamps[repeat.length - 1]! - timestamps[0]!) * (repeat.length / (repeat.length - 1))
      : 1 / fps;
  const imagesPerSecond = span > 0 ? distinct.length / span : fps;
  if (isCadenceConversion(repeat) && distinct.length > 2) {
    const t0 = times[0]!;
    const step = (times[times.length - 1]! - t0) / (distinct.length - 1);
    for (let k = 0; k < times.length; k++) times[k] = t0 + k * step;
  }
  return { distinct, times, imagesPerSecond, repeated, conversion: isCadenceConversion(repeat) };
}
