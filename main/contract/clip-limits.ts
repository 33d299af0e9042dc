/**
 * How much of one clip Swing Studio reads, and the frame-count rules of pose data that comes
 * from outside this process (archives, a `/process` done answer). Node-free numbers shared by
 * the decoder (main/av/decode-limits.ts capDecode), the probe check before any decode
 * ({@link clipLengthProblem}: the engine, jobs.check), the pose JSON schema (./pose-json.ts) and
 * the pose track checks (main/pose/pose-checks.ts).
 *
 * Decided: the caps live in contract/ (not av/) so the schemas below av may name them.
 * Decided: 3 h of media, a guard against endless streams (a live camera, a looping or broken
 * container), not a statement about what coaches film: an academy's practice set or a match is
 * 20 min to 2 h. The whole clip's pose is held as typed arrays and its frames are streamed
 * (main/engine/README.md "Memory"), so peak memory grows with frames only by the per-frame pose.
 */

/** Longest media time decoded from one clip, s: 3 h (a guard against endless streams). */
export const MAX_DECODE_S = 3 * 3600;
/**
 * Most frames decoded from one clip: 3 h at 60 fps (648,000; 45 min of 240 fps slow motion).
 * Memory grows per frame, not per second, so this is the cap that bounds it.
 */
export const MAX_DECODE_FRAMES = MAX_DECODE_S * 60;

/** A length in words, its zero parts left out: "95 s", "12 min 5 s", "3 h", "3 h 10 s". */
export function lengthWords(s: number): string {
  if (s < 120) return `${Math.round(s)} s`;
  const [h, min, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), Math.floor(s % 60)];
  return [h && `${h} h`, min && `${min} min`, sec && `${sec} s`].filter(Boolean).join(' ');
}

/**
 * Why a probed clip is too long to analyse, in one line naming its length and the cap, or
 * undefined when it fits (or the probe does not say: NaN duration, 0 frames; the decode guard
 * main/av/decode-limits.ts capDecode then stops it at the cap). Call it on the probe's facts
 * before any decode.
 * @param durationS the probe's duration, s (VideoInfo.durationS).
 * @param frameCount the probe's frame count (VideoInfo.frameCount).
 */
export function clipLengthProblem(durationS: number, frameCount: number): string | undefined {
  if (durationS > MAX_DECODE_S) return `the clip is ${lengthWords(durationS)} long, longer than the ${lengthWords(MAX_DECODE_S)} Swing Studio analyses from one clip: trim it or split it`;
  if (frameCount > MAX_DECODE_FRAMES) return `the clip has ${frameCount} frames, longer than the ${MAX_DECODE_FRAMES} frames Swing Studio analyses from one clip: trim it or split it`;
  return undefined;
}

/** What the caller knows of the clip the pose belongs to. */
export interface PoseLimits {
  /**
   * The clip's own frame count (the probe's VideoInfo.frameCount). When given, a track may have
   * at most clipFrames + {@link CLIP_FRAME_SLACK} frames, numbered below that.
   */
  clipFrames?: number;
}

/**
 * Frames a track may have beyond the clip's probed count: a probe's count is nb_frames or
 * duration × fps, which are off by a frame or two from what decodes (the same observation as
 * main/pipeline/technique-pipeline.ts TRUNCATED_SHARE).
 */
export const CLIP_FRAME_SLACK = 2;

/** One past the highest frame number (and the most frames) a track of this clip may have. */
export function poseFrameLimit(limits: PoseLimits = {}): number {
  const clip = limits.clipFrames;
  if (clip === undefined || !Number.isFinite(clip) || clip < 0) return MAX_DECODE_FRAMES;
  return Math.min(MAX_DECODE_FRAMES, Math.floor(clip) + CLIP_FRAME_SLACK);
}

/** The limit in words, for the one-line problems below. */
export function limitWords(limits: PoseLimits): string {
  const clip = limits.clipFrames;
  return poseFrameLimit(limits) < MAX_DECODE_FRAMES && clip !== undefined
    ? `the clip has ${clip} frames`
    : `Swing Studio decodes at most ${MAX_DECODE_FRAMES} frames from one clip`;
}

/** A track of `frames` frames is too long for the clip: call before allocating `frames` of anything. */
export function poseFramesProblem(frames: number, limits: PoseLimits = {}): string | undefined {
  if (frames <= poseFrameLimit(limits)) return undefined;
  return `${frames} pose frames, more than the clip can have (${limitWords(limits)})`;
}

/** A frame number outside the clip: below 0, or at or past {@link poseFrameLimit}. */
export function frameNumberProblem(frameNr: number, limits: PoseLimits = {}): string | undefined {
  const limit = poseFrameLimit(limits);
  if (Number.isInteger(frameNr) && frameNr >= 0 && frameNr < limit) return undefined;
  return `frame number ${frameNr} is outside the clip (0 to ${limit - 1}; ${limitWords(limits)})`;
}
