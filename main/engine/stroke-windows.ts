/**
 * Where the second pass runs (second-pass.ts): the frames around each stroke, found on the fast
 * pass's 2D track by the hand-speed peaks of either wrist (a stroke's contact is at or next to
 * the peak of the hitting hand's speed: Elliott, "Biomechanics and tennis", BJSM 2006). Speeds
 * are in torso lengths (mid-shoulders to mid-hips, the frame's own) per REAL second, so the
 * player's distance from the camera and slow motion do not change them.
 */
import { J } from '../pose/h36m.js';
import type { PoseTrack } from '../pose/pose-track.js';

/**
 * Seconds of real time kept on each side of a contact: the issue's ≥ 0.6 s plus 0.15 s for the
 * peak-to-contact offset (a 2D hand-speed peak falls within ±0.1 s of contact on the labelled
 * strokes, and a 20 images/s cadence adds half a period).
 */
export const WINDOW_HALF_S = 0.75;
/**
 * Lowest peak hand speed of a stroke, torso lengths per real second: ≈ 4 m/s for a 0.5 m torso;
 * groundstroke hand speeds at contact are 10-25 m/s (Landlinger et al. 2010), a walking arm
 * swing ≈ 1-2 m/s. When no peak reaches it (e.g. a slowed clip whose capture rate is unknown),
 * the clip's fastest moment is taken as its one stroke.
 */
export const MIN_STROKE_SPEED = 8;
/** Peaks closer than this (real seconds) are one stroke (the faster is kept). */
const MIN_PEAK_GAP_S = 0.5;
/** When the windows would cover more than this share of the frames, the whole clip is re-estimated. */
export const WHOLE_CLIP_SHARE = 0.6;

/** Frames of the second pass: `[first, last]` inclusive ranges of track frames, and the contacts they surround. */
export interface StrokeWindows {
  ranges: [number, number][];
  /** Track frames of the hand-speed peaks taken as contacts. */
  contacts: number[];
  /** True when the ranges were widened to the whole clip (short clip, or windows covering most of it). */
  wholeClip: boolean;
}

function point(t: PoseTrack, f: number, j: number): [number, number] | null {
  const i = (f * t.joints + j) * 2;
  const [x, y] = [t.keypoints[i]!, t.keypoints[i + 1]!];
  return t.present[f] && Number.isFinite(x) && Number.isFinite(y) ? [x, y] : null;
}

function torso(t: PoseTrack, f: number): number {
  const [p, th] = [point(t, f, J.pelvis), point(t, f, J.thorax)];
  return p && th ? Math.hypot(th[0] - p[0], th[1] - p[1]) : NaN;
}

/**
 * Per frame, the faster wrist's speed in torso lengths per real second (central difference;
 * NaN where a wrist or the torso is missing). `times` are the frames' video times, seconds.
 */
export function handSpeeds(t: PoseTrack, times: ArrayLike<number>, realPerVideo: number): Float64Array {
  const out = new Float64Array(t.frames).fill(NaN);
  for (let f = 1; f + 1 < t.frames; f++) {
    const dt = (times[f + 1]! - times[f - 1]!) * realPerVideo;
    const size = torso(t, f);
    if (!(dt > 0) || !(size > 0)) continue;
    let best = NaN;
    for (const j of [J.leftWrist, J.rightWrist]) {
      const [a, b] = [point(t, f - 1, j), point(t, f + 1, j)];
      if (a && b) best = Math.max(Number.isFinite(best) ? best : 0, Math.hypot(b[0] - a[0], b[1] - a[1]) / size / dt);
    }
    out[f] = best;
  }
  return out;
}

/**
 * The second pass's frames: windows of ±{@link WINDOW_HALF_S} real seconds around each
 * hand-speed peak ≥ {@link MIN_STROKE_SPEED} (or the fastest frame when none is), merged; the
 * whole clip when they cover more than {@link WHOLE_CLIP_SHARE} of it. `times`: video seconds
 * per track frame; `realPerVideo`: real seconds per video second (1, or fps ÷ capture rate).
 * Empty when the track has no hand speed at all.
 */
export function strokeWindows(t: PoseTrack, times: ArrayLike<number>, realPerVideo = 1): StrokeWindows {
  const speed = handSpeeds(t, times, realPerVideo);
  const realT = (f: number) => times[f]! * realPerVideo;
  const peaks: number[] = [];
  for (let f = 0; f < t.frames; f++) {
    const v = speed[f]!;
    if (!(v >= MIN_STROKE_SPEED) || (speed[f - 1] ?? -1) > v || (speed[f + 1] ?? -1) > v) continue; // local maximum (NaN neighbours allowed)
    const last = peaks.at(-1);
    if (last !== undefined && realT(f) - realT(last) < MIN_PEAK_GAP_S) {
      if (v > speed[last]!) peaks[peaks.length - 1] = f;
    } else peaks.push(f);
  }
  if (peaks.length === 0) {
    let best = -1;
    speed.forEach((v, f) => (Number.isFinite(v) && (best < 0 || v > speed[best]!) ? (best = f) : 0));
    if (best >= 0) peaks.push(best);
  }
  const ranges: [number, number][] = [];
  for (const p of peaks) {
    let [a, b] = [p, p];
    while (a > 0 && realT(p) - realT(a - 1) <= WINDOW_HALF_S) a--;
    while (b + 1 < t.frames && realT(b + 1) - realT(p) <= WINDOW_HALF_S) b++;
    const prev = ranges.at(-1);
    if (prev && a <= prev[1] + 1) prev[1] = Math.max(prev[1], b);
    else ranges.push([a, b]);
  }
  const covered = ranges.reduce((s, [a, b]) => s + b - a + 1, 0);
  const wholeClip = t.frames > 0 && peaks.length > 0 && covered > WHOLE_CLIP_SHARE * t.frames;
  return { ranges: wholeClip ? [[0, t.frames - 1]] : ranges, contacts: peaks, wholeClip };
}
