/**
 * How much of one clip Swing Studio reads, and the frame-count rules of pose data that comes
 * from outside this process (archives, a `/process` done answer). Node-free numbers shared by
 * the decoder (main/av/decode-limits.ts capDecode), the pose JSON schema (./pose-json.ts) and
 * the pose track checks (main/pose/pose-checks.ts).
 *
 * Swing Studio analyses one swing: API.md ("Limits") recommends 3–10 s; 120 s is twelve times
 * that. 240 fps is the highest capture frame rate of phone slow motion we accept, so
 * 120 s × 240 fps = 28,800 frames.
 *
 * Decided: the caps live in contract/ (not av/) so the schemas below av may name them.
 */

/** Longest media time decoded from one clip, s (12 × API.md's 10 s recommended maximum). */
export const MAX_DECODE_S = 120;
/** Most frames decoded from one clip (MAX_DECODE_S × 240 fps slow motion). */
export const MAX_DECODE_FRAMES = MAX_DECODE_S * 240;

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
