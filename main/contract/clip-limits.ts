/**
 * How much of one clip Swing Studio reads, and the frame-count rules of pose data that comes
 * from outside this process (archives, a `/process` done answer). Node-free numbers shared by
 * the decoder (main/av/decode-limits.ts capDecode), the probe check before any decode
 * ({@link clipLengthProblem}: the engine, jobs.check), the pose JSON schema (./pose-json.ts) and
 * the pose track checks (main/pose/pose-checks.ts).
 *
 * Decided: the caps live in contract/ (not av/) so the schemas below av may name them.
 * Decided (2026-11-29, issue 29 item 1: "clips up to 3 hours are analysed in one job"): 3 h of
 * media and 648,000 frames (3 h at 60 fps, 45 min of 240 fps slow motion). Until then the cap was
 * 324,000 frames (3 h at 30 fps, 1 h 30 min at 60 fps), chosen so that a job at the cap stayed
 * ≤ 1.5 GiB, and a 3 h session filmed at 60 fps was refused; the 1.5 GiB is for an hour
 * of 1080p60. Measured with the memory bench (`npm run bench -- memory`, test/bench/memory.ts: a
 * real clip's cached pose played at 60 fps, the second pass's results for 70 % of the frames,
 * finishTracks, analyseStrokes, the archive, both pose rows into SQLite, the done line in pieces;
 * the models are not in it: a process that ran the engine keeps ≈ 492 MiB resident), 2026-11-29,
 * one run each, after the second pass stopped holding its results and a session's strokes stopped
 * widening their series to the clip (main/engine/README.md "Memory with length"): peak RSS over
 * the bench's baseline at 648,000 frames 1,155 MiB (1,868 bytes a frame, pickleball_rec_1 looped)
 * and 1,159 MiB (1,876, tennis_forehand_2 looped: the player in view the whole session); before
 * those two cuts 1,389 and 2,314 MiB. So a 3 h job at 60 fps peaks at ≈ 492 + 1,159 MiB = 1.61
 * GiB (7 % over 1.5 GiB: analysed rather than refused), an hour of 1080p60 (216,000 frames; the
 * player in view throughout: 467 MiB, measured the same day with the second pass streamed) at
 * ≈ 0.94 GiB. The earlier rounds (2,443–2,582 bytes a frame on 2026-11-27, 3,185 with the player
 * in view throughout) are in that README. The engine holds the clip's per-frame results as typed
 * arrays (main/engine/frame-store.ts, 254 bytes a frame + 408 per learned 3D pose).
 * The local service's `/process` also writes the pose into its done line as JSON (~1.1-1.2 KB a
 * frame of text, ≈ 766 MB at 648,000 frames), frame by frame (main/service/done-line-stream.ts:
 * ≈ 15 MiB of heap whatever the length, no string limit; the bench's last stage sets no new
 * peak). Decoded frames are streamed (the read-ahead and the relay's 8-frame credit) and the kept
 * crops are capped (64 MiB), so neither grows with length. What still grows per frame:
 * main/engine/README.md "Memory with length".
 * The caps stay a guard against endless streams (a live camera, a looping or broken container) too.
 */

/** Longest media time decoded from one clip, s: 3 h (issue 29; the frame cap bounds memory, see the file comment). */
export const MAX_DECODE_S = 10_800;
/**
 * Most frames decoded from one clip: 648,000 (3 h at 60 fps, 45 min of 240 fps slow motion).
 * Memory grows per frame, not per second, so this is the cap that bounds it: ≈ 1.61 GiB peak at
 * the cap (1,868–1,876 bytes a frame over the models' 492 MiB, measured 2026-11-29): see the file
 * comment.
 */
export const MAX_DECODE_FRAMES = 648_000;

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
