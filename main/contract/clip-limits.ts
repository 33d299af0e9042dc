/**
 * How much of one clip Swing Studio reads, and the frame-count rules of pose data that comes
 * from outside this process (archives, a `/process` done answer). Node-free numbers shared by
 * the decoder (main/av/decode-limits.ts capDecode), the probe check before any decode
 * ({@link clipLengthProblem}: the engine, jobs.check), the pose JSON schema (./pose-json.ts) and
 * the pose track checks (main/pose/pose-checks.ts).
 *
 * Decided: the caps live in contract/ (not av/) so the schemas below av may name them.
 * Decided: 3 h of media and 324,000 frames (3 h at 30 fps, 1 h 30 min at 60 fps, 22 min 30 s of
 * 240 fps slow motion), so that one job's peak memory stays ≤ 1.5 GiB by measurement (issue 29
 * item 1; was 270,000 frames until the archive's pose encoder stopped making an object per frame,
 * main/archive/pose-encode.ts). The engine holds the clip's per-frame results as typed arrays
 * (main/engine/frame-store.ts, 254 bytes a frame + 408 per learned 3D pose). Measured 2026-11-27
 * with the memory bench (`npm run bench -- memory`, test/bench/memory.ts: a real clip's cached pose
 * played at 60 fps, 70 % of the frames with a second-pass result held as the second pass holds
 * them, finishTracks, analyseStrokes, the archive's bytes, both pose rows inserted into SQLite,
 * everything kept alive to the end; load 7-11): peak RSS over the bench's baseline, without the
 * service's done line, 74 MiB at 10,000 frames, 140 MiB at 50,000, 500 MiB at 216,000 (1 h at
 * 60 fps), 848 MiB at 324,000 (2,743 bytes a frame), 1,694 MiB at 648,000 (3 h at 60 fps; 2,742
 * bytes a frame: flat with length); before the encoder change 3,583 bytes a frame (739 MiB at
 * 216,000, 2,214 MiB at 648,000). The engine's models are not in it: a process that ran
 * estimatePose on a short clip peaks at 648 MiB and keeps 492 MiB resident after its workers
 * close. So a job at the cap peaks at ≈ 492 MiB + 848 MiB = 1.31 GiB. During the second pass, with
 * the models loaded: ≈ 648 MiB + the bench's second-pass stage (584 MiB at 324,000 frames) =
 * 1.20 GiB; 3 h at 60 fps would peak at 492 + 1,694 MiB = 2.13 GiB. Decided: the cap is the
 * measured 324,000 (3 h at 30 fps, what the issue asks for), not the ≈ 399,000 frames at which
 * 2,742 B a frame reaches 1.5 GiB: that keeps 14 % margin (190 MiB) for what the bench does not
 * hold (the library's other rows, the app's own data) and for run-to-run spread (two runs at
 * 216,000 frames differed by 74 MiB). Measured again 2026-11-27 after the 3D lift's per-run and
 * the analysis's per-stroke memory were cut (main/engine/README.md "Memory with length", second
 * round; alternated runs, load 4-9): 2,443 bytes a frame at 216,000 frames (2,497 and 2,560
 * before), 2,582 at 648,000 (was 2,742), so ≈ 492 + 755–798 MiB = 1.22–1.26 GiB at the cap and
 * 492 + 1,596 MiB = 2.04 GiB measured at 648,000 (3 h at 60 fps, which would need ≤ 1,689 bytes
 * a frame): the cap stays. A player in view the whole session (one
 * run of present frames, the bench's `--clip tennis_forehand_2.mp4`) costs more: 3,185 bytes a
 * frame at 324,000, ≈ 492 + 984 MiB = 1.44 GiB at the cap (before the cut 16 KB a frame at 30,000
 * frames, and at 324,000 the analysis ran out of an 8 GB heap). These figures are the app's default (direct) path: the
 * local service's `/process` also writes the pose into its done line as JSON (~1.1-1.2 KB a frame of
 * text, 383 MB at the cap), frame by frame since issue 29 (main/service/done-line-stream.ts: ≈ 15
 * MiB of heap whatever the length, no string limit; built whole it cost ≈ 4.3 KB a frame more, 2.6
 * GiB at the cap, and threw RangeError past V8's longest string), main/engine/README.md "Memory with
 * length". Decoded frames are streamed (the read-ahead and the relay's 8-frame credit) and the
 * kept crops are capped (64 MiB), so neither grows with length. What still grows per frame and
 * would let the cap rise: main/engine/README.md "Memory with length".
 * The caps stay a guard against endless streams (a live camera, a looping or broken container) too.
 */

/** Longest media time decoded from one clip, s: 3 h (issue 29; the frame cap bounds memory, see the file comment). */
export const MAX_DECODE_S = 10_800;
/**
 * Most frames decoded from one clip: 324,000 (3 h at 30 fps, 1 h 30 min at 60 fps, 22 min 30 s
 * of 240 fps slow motion). Memory grows per frame, not per second, so this is the cap that bounds
 * it: ≈ 1.22–1.26 GiB peak at the cap (2,443–2,582 bytes a frame, measured 2026-11-27), 1.44 GiB
 * with the player in view throughout (3,185 bytes a frame); 3 h at 60 fps measured ≈ 2.04 GiB:
 * see the file comment.
 */
export const MAX_DECODE_FRAMES = 324_000;

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
