/** Errors of media I/O (main/av/): a clip that cannot be probed, and a decode or encode that fails. */

/**
 * The clip's meta-data could not be read (cannot be opened, refused input, no usable video
 * stream, no answer in time); message starts with "could not extract meta-data from the video: ".
 */
export class VideoProbeError extends Error {
  override name = 'VideoProbeError';
  /** The reason without the message's prefix, e.g. "no video stream". */
  readonly detail: string;
  constructor(detail: string) {
    super(`could not extract meta-data from the video: ${detail}`);
    this.detail = detail;
  }
}

/** FFmpeg failed while decoding or encoding frames (message carries FFmpeg's reason), or a decode passed its cap. */
export class VideoDecodeError extends Error {
  override name = 'VideoDecodeError';
}
