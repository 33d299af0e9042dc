/**
 * Where the second pass runs (second-pass.ts): the frames around each stroke, found on the fast
 * pass's 2D track by the hand-speed peaks of either wrist (a stroke's contact is at or next to
 * the peak of the hitting hand's speed: Elliott, "Biomechanics and tennis", BJSM 2006). Speeds
 * are in torso lengths (mid-shoulders to mid-hips, the frame's own) per REAL second, so the
 * player's distance from the camera and slow motion do not change them.
 */
import { J } from '../../pose/h36m.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import { median3InPlace } from './one-euro.js';

/**
 * Seconds of real time kept on each side of a contact: the issue's ≥ 0.6 s plus 0.15 s for the
 * peak-to-contact offset (a 2D hand-speed peak falls within ±0.1 s of contact on the labelled
 * strokes, and a 20 images/s cadence adds half a period).
 * Decided (issue 29 item 2, speed): stays 0.75. At 0.5 the second pass has a third fewer frames,
 * but `npm run eval` with fresh poses (2026-11-27, commit 67a721a; 13 clips, 29 strokes) lost:
 * contact ±2 frames 17/29 against 19/29, precision 19/29 against 22/30, recall 19/29 against
 * 22/29 (left out), pro features advanced+ 62/85 against 73/95 (README, "Whole analysis per
 * video-second").
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
/**
 * A clip up to this long (seconds of video) is re-estimated whole: a coach's cut of one stroke
 * (the app's and the harness's cuts are 3 s; issue 9: "the whole clip when it is short"). On such
 * a cut of a slowed clip whose capture rate is unknown, the stroke's hand is slow on the video's
 * clock, so the fast pass's fastest 2D hand may be a keypoint jump instead: measured on the 3 s cut
 * of tennis_forehand_2 from 2.8 s (test/support/analysed-clip.ts, contact at frame 37), the window
 * fell on frames 56–89 and the hitting wrist read at confidence 0.1–0.5 through contact.
 */
export const WHOLE_CLIP_VIDEO_S = 4;

/** Frames of the second pass: `[first, last]` inclusive ranges of track frames, and the contacts they surround. */
export interface StrokeWindows {
  ranges: [number, number][];
  /** Track frames of the hand-speed peaks taken as contacts. */
  contacts: number[];
  /** True when the ranges were widened to the whole clip (short clip, or windows covering most of it). */
  wholeClip: boolean;
  /** True when the clip lasts at most {@link WHOLE_CLIP_VIDEO_S} seconds of video (a cut: re-estimated whole). */
  short: boolean;
  /** True when no peak reached {@link MIN_STROKE_SPEED} and the clip's fastest frame was taken (e.g. a slowed clip of unknown capture rate). */
  fastest: boolean;
}

/** Lowest keypoint confidence used for the hand speed (MoveNet model card: 0.2-0.3; tracker.ts KP_MIN_SCORE). */
const MIN_SCORE = 0.2;

/** x and y series of joint j (NaN where absent or below MIN_SCORE), median-of-3 filtered (one-frame flips removed). */
function series(t: PoseTrack, j: number): [Float64Array, Float64Array] {
  const xs = new Float64Array(t.frames).fill(NaN);
  const ys = new Float64Array(t.frames).fill(NaN);
  for (let f = 0; f < t.frames; f++) {
    if (!t.present[f] || (t.confidences[f * t.joints + j] ?? 0) < MIN_SCORE) continue;
    xs[f] = t.keypoints[(f * t.joints + j) * 2]!;
    ys[f] = t.keypoints[(f * t.joints + j) * 2 + 1]!;
  }
  median3InPlace(xs);
  median3InPlace(ys);
  return [xs, ys];
}

/**
 * Per frame, the faster wrist's speed in torso lengths per real second (central difference of
 * median-of-3 filtered positions; NaN where a wrist or the torso is missing). `times` are the
 * frames' video times, seconds.
 */
export function handSpeeds(t: PoseTrack, times: ArrayLike<number>, realPerVideo: number): Float64Array {
  const out = new Float64Array(t.frames).fill(NaN);
  const [[px, py], [tx, ty]] = [series(t, J.pelvis), series(t, J.thorax)];
  const wrists = [series(t, J.leftWrist), series(t, J.rightWrist)];
  for (let f = 1; f + 1 < t.frames; f++) {
    const dt = (times[f + 1]! - times[f - 1]!) * realPerVideo;
    const size = Math.hypot(tx[f]! - px[f]!, ty[f]! - py[f]!);
    if (!(dt > 0) || !(size > 0)) continue;
    for (const [xs, ys] of wrists) {
      const v = Math.hypot(xs[f + 1]! - xs[f - 1]!, ys[f + 1]! - ys[f - 1]!) / size / dt;
      if (Number.isFinite(v)) out[f] = Math.max(Number.isFinite(out[f]!) ? out[f]! : 0, v);
    }
  }
  return out;
}

/**
 * The second pass's frames: windows of ±{@link WINDOW_HALF_S} real seconds around each
 * hand-speed peak ≥ {@link MIN_STROKE_SPEED} (or the fastest frame when none is), merged; the
 * whole clip when they cover more than {@link WHOLE_CLIP_SHARE} of it or the clip lasts at most
 * {@link WHOLE_CLIP_VIDEO_S} seconds of video. `times`: video seconds
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
  const fastest = peaks.length === 0;
  if (fastest) {
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
  const short = t.frames > 0 && times[t.frames - 1]! - times[0]! <= WHOLE_CLIP_VIDEO_S;
  const wholeClip = t.frames > 0 && peaks.length > 0 && (covered > WHOLE_CLIP_SHARE * t.frames || short);
  return { ranges: wholeClip ? [[0, t.frames - 1]] : ranges, contacts: peaks, wholeClip, short, fastest: fastest && peaks.length > 0 };
}
