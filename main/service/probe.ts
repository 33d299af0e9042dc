/**
 * ffprobe of a local file or an http(s) URL for the video check, the tennis task and /process:
 * the engine's probe (main/engine/probe.ts: one parser, one rotation rule for the whole app)
 * with the service's time limit, reduced to the facts the service needs.
 */
import { probeVideo } from '../engine/probe.js';
import { VideoProbeError } from '../engine/errors.js';

/** What ffprobe tells about the first video stream. */
export interface ProbeInfo {
  /** Display width and height in pixels (rotation applied: portrait stays portrait). */
  width: number;
  height: number;
  /** Average frame rate, frames per second. */
  fps: number;
  /** Duration, seconds (0 when the container gives none). */
  durationS: number;
  /** Frame count: the container's nb_frames, else round(duration × fps). */
  frames: number;
  codec: string;
}

/** The input has no readable video stream or could not be read at all. */
export class ProbeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProbeError';
  }
}

/** Time limit of one probe, ms (a remote host that stalls must not hold a check forever). */
export const PROBE_TIMEOUT_MS = 30_000;

/**
 * Probes `input` (path or http(s) URL).
 * @throws ProbeError when ffprobe fails or finds no video stream with a size and a frame rate.
 */
export async function probe(input: string, signal?: AbortSignal): Promise<ProbeInfo> {
  try {
    const v = await probeVideo(input, signal, { timeoutMs: PROBE_TIMEOUT_MS });
    return { width: v.width, height: v.height, fps: v.fps, durationS: Number.isFinite(v.durationS) ? v.durationS : 0, frames: v.frameCount, codec: v.codec };
  } catch (err) {
    if (err instanceof VideoProbeError) throw new ProbeError(err.message.replace(/^could not extract meta-data from the video: /, ''));
    throw err;
  }
}
