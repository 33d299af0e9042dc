/**
 * The one place that converts between clip time and frame index. Times are seconds (on the
 * clip's timeline unless a function says otherwise), frames are indices from 0 into a pose
 * track's frames (not the container's frame numbers, `PoseTrack.frameNr`). Node-free and pure:
 * the engine, the analysis, the exports and the renderer all use these.
 *
 * Decided: each conversion is defined here once. Functions that are about something else and
 * only use a conversion stay where they are and call these: the analysis clock of a pose pair
 * (main/analysis/core/kinematics.ts frameTimes), the Compare screen's real time from contact
 * (main/pose/stroke-timing.ts frameAt) and its seek target (renderer compare-sync.ts seekTime).
 */

/**
 * Index of the frame shown at media time `t` seconds: the last frame whose timestamp is ≤ t
 * (binary search; clamps to the first and last frame; −1 when there are no frames). A timestamp
 * up to 1e-4 s past `t` still counts (float noise between the container's pts and mediaTime).
 * Used by every view on the video clock.
 */
export function frameAtTime(timestamps: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = timestamps.length - 1;
  if (hi < 0) return -1;
  const eps = 1e-4; // tolerate float noise between the container's pts and mediaTime
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((timestamps[mid] ?? Infinity) <= t + eps) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Index of the frame whose time (`times`, seconds) is nearest to `t` seconds; the first of a tie; 0 when empty. */
export function nearestFrame(times: ArrayLike<number>, t: number): number {
  let best = 0;
  for (let i = 1; i < times.length; i++) if (Math.abs(times[i]! - t) < Math.abs(times[best]! - t)) best = i;
  return best;
}

/**
 * Time of every frame of a track, seconds of video: its timestamps when strictly increasing,
 * else frame index / `fps` (a track with repeated or missing timestamps).
 */
export function videoTimes(track: { timestamps: ArrayLike<number>; frames: number }, fps: number): Float64Array {
  const ts = track.timestamps;
  let increasing = ts.length > 0;
  for (let i = 1; i < ts.length && increasing; i++) increasing = ts[i]! > ts[i - 1]!;
  return increasing ? Float64Array.from(ts) : Float64Array.from({ length: track.frames }, (_, f) => f / fps);
}

/**
 * Linear map between two clocks sampled at the same frames: the time on clock `to` of time `x`
 * on clock `from` (both ascending, seconds), interpolated between the two samples around `x` and
 * clamped to the ends; NaN when there are no samples. Used for a sub-frame video time (a
 * detected contact) on the analysis clock.
 */
export function mapClock(from: ArrayLike<number>, to: ArrayLike<number>, x: number): number {
  const n = from.length;
  if (n === 0) return NaN;
  if (!(x > from[0]!)) return to[0]!;
  if (!(x < from[n - 1]!)) return to[n - 1]!;
  let i = 0;
  while (i + 2 < n && from[i + 1]! <= x) i++;
  const span = from[i + 1]! - from[i]!;
  return span > 0 ? to[i]! + ((x - from[i]!) / span) * (to[i + 1]! - to[i]!) : to[i]!;
}

/**
 * Times of `n` samples of a per-frame series, seconds: the pose timestamps when the series has
 * one value per pose frame (the engine's documented alignment), else `i / fps` (`i / 30` when fps
 * is not positive).
 */
export function sampleTimes(n: number, poseTimestamps: ArrayLike<number> | null, fps: number): number[] {
  if (poseTimestamps && poseTimestamps.length === n) return Array.from(poseTimestamps);
  const step = fps > 0 ? 1 / fps : 1 / 30;
  return Array.from({ length: n }, (_, i) => i * step);
}
