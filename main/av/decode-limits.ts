/**
 * Caps of every decode, so an endless or huge stream can neither grow memory nor hold the
 * engine: a clip is read for at most {@link MAX_DECODE_S} of media time (3 h) and
 * {@link MAX_DECODE_FRAMES} frames (648,000: 3 h at 60 fps); the numbers and why (memory) are
 * main/contract/clip-limits.ts's (the pose schemas name them too). Two checks:
 * - {@link refuseLongClip} on the probe's facts, before anything is decoded: a clip whose
 *   container says it is longer is refused at once;
 * - {@link capDecode} while decoding, for a clip whose probe does not say or lies (no duration,
 *   a live stream, a broken header).
 */
import { clipLengthProblem, lengthWords, MAX_DECODE_FRAMES, MAX_DECODE_S } from '../contract/clip-limits.js';
import { VideoDecodeError } from './errors.js';

/**
 * A clip refused for its length (name stays 'VideoDecodeError', so callers that sort decode
 * failures by name treat it as one); the message is one line naming the length and the cap.
 */
export class ClipTooLongError extends VideoDecodeError {}

/**
 * Refuses a probed clip longer than the caps before any decode.
 * @param video the probe's facts: duration s (NaN when unknown) and frame count.
 * @throws ClipTooLongError "the clip is 3 h 2 min long, longer than the 3 h Swing Studio analyses …".
 */
export function refuseLongClip(video: { durationS: number; frameCount: number }): void {
  const problem = clipLengthProblem(video.durationS, video.frameCount);
  if (problem) throw new ClipTooLongError(problem);
}

/**
 * Passes frames through until a cap is passed, then stops the source (its `return()` runs, which
 * closes the demuxer or kills ffmpeg) and throws.
 * @param frames decoded frames with `timestamp` (s, the clip's own timeline) in decode order.
 * @throws ClipTooLongError "the clip is longer than 3 h or 648000 frames …" when frame
 *   MAX_DECODE_FRAMES + 1 or a frame more than MAX_DECODE_S after the first arrives; whatever the
 *   source throws.
 */
export async function* capDecode<F extends { timestamp: number }>(frames: AsyncGenerator<F>): AsyncGenerator<F> {
  let n = 0;
  let first: number | undefined;
  for await (const f of frames) {
    first ??= f.timestamp;
    if (++n > MAX_DECODE_FRAMES || f.timestamp - first > MAX_DECODE_S) {
      throw new ClipTooLongError(
        `the clip is longer than ${lengthWords(MAX_DECODE_S)} or ${MAX_DECODE_FRAMES} frames, the most Swing Studio analyses from one clip (its header did not say): trim it or split it`,
      );
    }
    yield f;
  }
}
