/**
 * Errors thrown by the pose engine, each with its own class so callers can tell them apart. A clip
 * that cannot be probed or decoded throws main/av/errors.ts VideoProbeError / VideoDecodeError.
 */

/** No person was found in any decoded frame of the clip. */
export class NoPersonError extends Error {
  override name = 'NoPersonError';
  constructor(frames: number) {
    super(`no person found in any of the ${frames} decoded frames of the video`);
  }
}
