/**
 * How much of one clip Swing Studio reads, and the frame-count rules of pose data that comes
 * from outside this process (archives, a `/process` done answer). Node-free numbers shared by
 * the decoder (main/av/decode-limits.ts capDecode), the probe check before any decode
 * ({@link clipLengthProblem}: the engine, jobs.check), the pose JSON schema (./pose-json.ts) and
 * the pose track checks (main/pose/pose-checks.ts).
 *
 * Decided: the caps live in contract/ (not av/) so the schemas below av may name them.
 * Decided: 1 h of media and 108,000 frames (1 h at 30 fps, 30 min at 60 fps), not the 3 h issue 29
 * asks for, because the whole clip's pose is not yet held as typed arrays while it is estimated.
 * Measured (2026-11-27, `/usr/bin/time -v node dist/main/cli/bin.js analyze`, whole CLI process,
 * peak RSS, machine shared): pickleball_rec_1.mp4 (10 s, 1080p30, 300 frames) 667 MiB; joined 6×
 * (60 s, 1,800 frames) 722 MiB; joined 15× (150 s, 4,500 frames) 702 MiB. Peak RSS is flat within
 * ±30 MiB of noise up to 150 s, so it cannot resolve the per-frame cost: the 10 → 150 s rise bounds
 * it at ≈ 8.7 KB per frame; the per-frame objects in the code (main/engine/README.md "Memory with
 * length") come to an estimated 2–4 KB. At 108,000 frames that is ≈ 0.9–1.6 GiB in all; 3 h at 60 fps
 * (648,000 frames) would be 2–6 GiB. Decoded frames are streamed (the read-ahead and the relay's
 * 8-frame credit) and the kept crops are capped (64 MiB), so neither grows with length.
 * The caps stay a guard against endless streams (a live camera, a looping or broken container) too.
 */

/** Longest media time decoded from one clip, s: 1 h (memory, see the file comment). */
export const MAX_DECODE_S = 3600;
/**
 * Most frames decoded from one clip: 108,000 (1 h at 30 fps, 30 min at 60 fps, 7.5 min of 240 fps
 * slow motion). Memory grows per frame, not per second, so this is the cap that bounds it.
 */
export const MAX_DECODE_FRAMES = 108_000;

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
