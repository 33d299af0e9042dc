/** Errors thrown by the pose engine, each with its own class so callers can tell them apart. */

/** ffprobe could not read the clip; message starts with "could not extract meta-data from the video: ". */
export class VideoProbeError extends Error {
  override name = 'VideoProbeError';
  constructor(detail: string) {
    super(`could not extract meta-data from the video: ${detail}`);
  }
}

/** ffmpeg failed while decoding frames (message carries ffmpeg's last stderr lines). */
export class VideoDecodeError extends Error {
  override name = 'VideoDecodeError';
}

/** No person was found in any decoded frame of the clip. */
export class NoPersonError extends Error {
  override name = 'NoPersonError';
  constructor(frames: number) {
    super(`no person found in any of the ${frames} decoded frames of the video`);
  }
}
