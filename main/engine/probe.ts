/**
 * Reading a clip's meta-data: the shipped FFmpeg in-process (main/av/probe.ts), or the ffprobe
 * named by FFPROBE_PATH (main/config/binaries.ts). Both give ffprobe's JSON shape, parsed here.
 */
import { execFile } from 'node:child_process';
import { cliClipInput, cliFailureReason } from '../av/cli-input.js';
import { ffprobePath } from '../config/binaries.js';
import { VideoProbeError } from './errors.js';
import type { VideoInfo } from './types.js';
import { probeJsonInProcess } from '../av/probe.js';

/** One stream of ffprobe's `-show_streams` JSON (the fields we read). */
export interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  start_time?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number | string }[];
}
/** ffprobe's `-show_streams -show_format` JSON (the fields we read). */
export interface ProbeJson {
  streams?: ProbeStream[];
  format?: { duration?: string; start_time?: string };
}

/** Parses an ffprobe rational like "30000/1001"; NaN when it is "0/0" or malformed. */
export function parseRate(rate: string | undefined): number {
  const [n, d] = (rate ?? '').split('/').map(Number);
  if (n === undefined || !Number.isFinite(n)) return NaN;
  const v = d === undefined ? n : n / d;
  return Number.isFinite(v) && v > 0 ? v : NaN;
}

/** Display rotation in degrees 0/90/180/270 from the side data (ffmpeg ≥ 5) or the legacy rotate tag. */
export function streamRotation(s: ProbeStream): number {
  const raw = s.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? s.tags?.rotate ?? 0;
  const deg = Math.round(Number(raw) / 90) * 90;
  return Number.isFinite(deg) ? ((deg % 360) + 360) % 360 : 0;
}

/** Converts ffprobe's JSON to {@link VideoInfo}. @throws VideoProbeError when there is no usable video stream. */
export function videoInfoFromProbe(j: ProbeJson): VideoInfo {
  const v = j.streams?.find((s) => s.codec_type === 'video');
  if (!v) throw new VideoProbeError('no video stream');
  if (!v.width || !v.height) throw new VideoProbeError('video stream has no frame size');
  const fps = parseRate(v.avg_frame_rate) || parseRate(v.r_frame_rate);
  if (!Number.isFinite(fps)) throw new VideoProbeError('video stream has no frame rate');
  const durationS = Number(v.duration ?? j.format?.duration);
  const rotation = streamRotation(v);
  const swap = rotation === 90 || rotation === 270;
  const nb = Number(v.nb_frames);
  return {
    width: swap ? v.height : v.width,
    height: swap ? v.width : v.height,
    fps,
    durationS: Number.isFinite(durationS) ? durationS : NaN,
    frameCount: Number.isFinite(nb) && nb > 0 ? nb : Math.round((durationS || 0) * fps),
    startTimeS: Number(v.start_time ?? j.format?.start_time ?? 0) || 0,
    codec: v.codec_name ?? 'unknown',
    rotation,
    hasAudio: (j.streams ?? []).some((s) => s.codec_type === 'audio'),
  };
}

/**
 * Probes a local path or an http(s) URL. `timeoutMs` (default 20 s) bounds the whole probe; for
 * URLs it is also the read timeout, so a host that stalls cannot hold a video check.
 * @throws VideoProbeError "could not extract meta-data from the video: ..." when the clip cannot be
 *   read or has no video stream; MediaRuntimeError when the shipped FFmpeg cannot load; the
 *   signal's reason when aborted.
 */
export async function probeVideo(
  pathOrUrl: string,
  signal?: AbortSignal,
  opts: { timeoutMs?: number } = {},
): Promise<VideoInfo> {
  const timeout = opts.timeoutMs ?? 20_000;
  const bin = ffprobePath();
  if (!bin) {
    const timer = AbortSignal.timeout(timeout);
    const both = signal ? AbortSignal.any([signal, timer]) : timer;
    try {
      return videoInfoFromProbe(await probeJsonInProcess(pathOrUrl, both, timeout));
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (timer.aborted) throw new VideoProbeError(`no answer within ${timeout / 1000} s`);
      throw err;
    }
  }
  return videoInfoFromProbe(await probeWithCli(bin, pathOrUrl, timeout, signal));
}

/** ffprobe (FFPROBE_PATH) of a path or URL. @throws VideoProbeError; the signal's reason when aborted. */
async function probeWithCli(
  bin: string,
  pathOrUrl: string,
  timeout: number,
  signal?: AbortSignal,
): Promise<ProbeJson> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', ...cliClipInput(pathOrUrl, { timeoutMs: timeout })];
  const out = await new Promise<string>((resolve, reject) => {
    execFile(bin, args, { signal, timeout, maxBuffer: 8 << 20 }, (err, stdout, stderr) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      if (err) {
        return reject(new VideoProbeError(stderr.trim() ? cliFailureReason(stderr) : err.message));
      }
      resolve(stdout);
    });
  });
  try {
    return JSON.parse(out) as ProbeJson;
  } catch {
    throw new VideoProbeError('ffprobe printed no JSON');
  }
}
