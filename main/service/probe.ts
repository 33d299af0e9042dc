/**
 * ffprobe of a local file or an http(s) URL: the few facts the video check and the upload
 * validation need. Runs the bundled/system ffprobe (see config/binaries.ts) with a time limit.
 */
import { execFile } from 'node:child_process';
import { ffprobePath } from '../config/binaries.js';

/** What ffprobe tells about the first video stream. */
export interface ProbeInfo {
  /** Display width and height in pixels (rotation applied: portrait stays portrait). */
  width: number;
  height: number;
  /** Average frame rate, frames per second. */
  fps: number;
  /** Duration, seconds. */
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

function rate(text: string | undefined): number {
  const [n, d] = (text ?? '').split('/').map(Number);
  return n && d ? n / d : 0;
}

interface FfprobeStream {
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

/**
 * Probes `input` (path or http(s) URL).
 * @throws ProbeError when ffprobe fails or finds no video stream with a size and a frame rate.
 */
export async function probe(input: string, signal?: AbortSignal): Promise<ProbeInfo> {
  const net = /^https?:/i.test(input) ? ['-rw_timeout', String(PROBE_TIMEOUT_MS * 1000)] : [];
  const args = ['-v', 'error', ...net, '-print_format', 'json', '-show_streams', '-show_format', '-select_streams', 'v:0', input];
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(ffprobePath(), args, { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, signal }, (err, out, errText) => {
      if (err) reject(new ProbeError(String(errText || err.message).trim().split('\n').pop() ?? 'ffprobe failed'));
      else resolve(out);
    });
  });
  const json = JSON.parse(stdout) as { streams?: FfprobeStream[]; format?: { duration?: string } };
  const s = json.streams?.[0];
  if (!s?.width || !s.height) throw new ProbeError('no video stream');
  const fps = rate(s.avg_frame_rate) || rate(s.r_frame_rate);
  if (!fps) throw new ProbeError('no frame rate');
  const durationS = Number(s.duration ?? json.format?.duration ?? 0) || 0;
  const rotation = Math.abs(Number(s.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? s.tags?.rotate ?? 0));
  const quarter = rotation % 180 === 90;
  const frames = Number(s.nb_frames) || Math.round(durationS * fps);
  return {
    width: quarter ? s.height : s.width,
    height: quarter ? s.width : s.height,
    fps,
    durationS,
    frames,
    codec: s.codec_name ?? 'unknown',
  };
}
