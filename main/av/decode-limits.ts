/**
 * Caps of every decode, so an endless or huge stream can neither grow memory nor hold the
 * engine: a clip is read for at most {@link MAX_DECODE_S} of media time and
 * {@link MAX_DECODE_FRAMES} frames. Swing Studio analyses one swing: API.md ("Limits") recommends
 * 3–10 s; 120 s is twelve times that. 240 fps is the highest capture frame rate of phone slow
 * motion we accept, so 120 s × 240 fps = 28,800 frames. The two caps are
 * main/contract/clip-limits.ts's (the pose schemas name them too).
 */
import { MAX_DECODE_FRAMES, MAX_DECODE_S } from '../contract/clip-limits.js';
import { VideoDecodeError } from './errors.js';

/**
 * Passes frames through until a cap is passed, then stops the source (its `return()` runs, which
 * closes the demuxer or kills ffmpeg) and throws.
 * @param frames decoded frames with `timestamp` (s, the clip's own timeline) in decode order.
 * @throws VideoDecodeError "the clip is longer than 120 s …" when frame MAX_DECODE_FRAMES + 1 or a
 *   frame more than MAX_DECODE_S after the first arrives; whatever the source throws.
 */
export async function* capDecode<F extends { timestamp: number }>(frames: AsyncGenerator<F>): AsyncGenerator<F> {
  let n = 0;
  let first: number | undefined;
  for await (const f of frames) {
    first ??= f.timestamp;
    if (++n > MAX_DECODE_FRAMES || f.timestamp - first > MAX_DECODE_S) {
      throw new VideoDecodeError(
        `the clip is longer than ${MAX_DECODE_S} s or ${MAX_DECODE_FRAMES} frames; Swing Studio analyses 3-10 s around one swing (trim the clip)`,
      );
    }
    yield f;
  }
}
