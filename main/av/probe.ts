/**
 * The one probe of a clip (main/av/README.md "One probe"): the shipped FFmpeg in-process, or the
 * ffprobe named by FFPROBE_PATH (main/config/binaries.ts). Both give ffprobe's JSON shape
 * (`-show_streams -show_format`), so one parser ({@link videoInfoFromProbe}) and one rotation
 * rule serve both paths, and every caller gets the same {@link VideoInfo}.
 */
import { execFile } from 'node:child_process';
import type { Stream } from 'node-av/lib';
import { cliClipInput, cliFailureReason } from './cli-input.js';
import { ffprobePath } from '../config/binaries.js';
import { VideoProbeError } from './errors.js';
import { openClip } from './open-input.js';
import { loadAv } from './runtime.js';

/**
 * What the probe tells about a clip's first video stream. `width`/`height` are the DISPLAYED size
 * (after rotation metadata is applied, as an HTML video shows it), pixels.
 * Decided: one shape for every caller (engine, playability, service checks, library ingest); the
 * playback facts (`container`, `pixelFormat`) ride along so the playability decision needs no
 * second probe.
 */
export interface VideoInfo {
  width: number;
  height: number;
  /** Average frame rate, frames per second. */
  fps: number;
  /** Duration of the video stream (or of the container when the stream has none), seconds; NaN when neither says. */
  durationS: number;
  /** Frames in the stream (nb_frames, or duration × fps when the container does not say). */
  frameCount: number;
  /** Presentation time of the first frame on the video's own timeline, seconds. */
  startTimeS: number;
  /** Codec name as ffprobe reports it, e.g. "h264". */
  codec: string;
  /** Display rotation from the stream's side data / rotate tag, degrees (0, 90, 180, 270). */
  rotation: number;
  /**
   * Set by the analysis, never by the probe: the picture was turned on its side without a rotation
   * tag and was analysed turned upright by this rotation (ffprobe's convention, applied after
   * `rotation`: 90 = a quarter turn counter-clockwise, 270 = clockwise); `width`/`height` are then
   * the upright size. Absent: the picture is shown as its tag says.
   */
  turned?: 90 | 270;
  hasAudio: boolean;
  /** FFmpeg's demuxer name ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", "avi"); absent when not probed (hand-made facts). */
  container?: string;
  /** Pixel format as ffprobe names it ("yuv420p"); "unknown" when the stream does not say; absent when not probed. */
  pixelFormat?: string;
}

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
  pix_fmt?: string;
}
/** ffprobe's `-show_streams -show_format` JSON (the fields we read). */
export interface ProbeJson {
  streams?: ProbeStream[];
  format?: { duration?: string; start_time?: string; format_name?: string };
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
    container: j.format?.format_name ?? 'unknown',
    pixelFormat: v.pix_fmt ?? 'unknown',
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

/**
 * Display rotation in degrees as ffprobe prints it (`av_display_rotation_get`: counter-clockwise
 * negative), from a display matrix of 9 little-endian int32 (16.16 fixed point for the 2×2 part).
 * NaN for a degenerate matrix.
 */
export function displayMatrixRotation(m: Buffer): number {
  if (m.length < 36) return NaN;
  const fp = (i: number) => m.readInt32LE(i * 4) / 65536;
  const s0 = Math.hypot(fp(0), fp(3));
  const s1 = Math.hypot(fp(1), fp(4));
  if (s0 === 0 || s1 === 0) return NaN;
  return -((Math.atan2(fp(1) / s1, fp(0) / s0) * 180) / Math.PI);
}

/** A stream timestamp in seconds as ffprobe prints it; undefined for AV_NOPTS_VALUE. */
function seconds(ts: bigint, tb: { num: number; den: number }): string | undefined {
  // AV_NOPTS_VALUE is INT64_MIN; durations and start times are never negative here.
  if (ts < 0n || tb.den === 0) return undefined;
  return String((Number(ts) * tb.num) / tb.den);
}

/** Display rotation of a stream in ffprobe's convention (from its display matrix), NaN when it has none. */
export async function streamDisplayRotation(s: Stream): Promise<number> {
  const { constants } = await loadAv();
  const matrix = s.codecpar.getCodedSideData(constants.AV_PKT_DATA_DISPLAYMATRIX);
  return matrix ? displayMatrixRotation(matrix) : NaN;
}

/** One stream in ffprobe's JSON shape (video streams with size, rates, duration, pixel format and rotation). */
async function streamJson(s: Stream): Promise<ProbeStream> {
  const { constants, lib } = await loadAv();
  const par = s.codecpar;
  const type =
    par.codecType === constants.AVMEDIA_TYPE_VIDEO
      ? 'video'
      : par.codecType === constants.AVMEDIA_TYPE_AUDIO
        ? 'audio'
        : 'other';
  const out: ProbeStream = { codec_type: type, codec_name: lib.avGetCodecName(par.codecId) ?? 'unknown' };
  if (type !== 'video') return out;
  const rate = (r: { num: number; den: number }) => `${r.num}/${r.den}`;
  Object.assign(out, {
    width: par.width,
    height: par.height,
    avg_frame_rate: rate(s.avgFrameRate),
    r_frame_rate: rate(s.rFrameRate),
    nb_frames: s.nbFrames > 0n ? String(s.nbFrames) : undefined,
    duration: seconds(s.duration, s.timeBase),
    start_time: seconds(s.startTime, s.timeBase),
    pix_fmt: lib.avGetPixFmtName(par.format as never) ?? 'unknown',
  });
  const rotation = await streamDisplayRotation(s);
  if (Number.isFinite(rotation)) out.side_data_list = [{ rotation }];
  return out;
}

/**
 * Probes a local path or an http(s) URL in-process.
 * @throws VideoProbeError when the input cannot be opened or is not a supported clip;
 *   MediaRuntimeError when FFmpeg cannot load; the signal's reason when aborted.
 */
export async function probeJsonInProcess(
  pathOrUrl: string,
  signal?: AbortSignal,
  timeoutMs?: number,
): Promise<ProbeJson> {
  const { demuxer } = await openClip(pathOrUrl, {
    ...(signal ? { signal } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  try {
    const streams = await Promise.all(demuxer.streams.map(streamJson));
    return {
      streams,
      format: {
        duration: demuxer.duration > 0 ? String(demuxer.duration) : undefined,
        start_time: String(demuxer.startTime),
        format_name: demuxer.formatName,
      },
    };
  } finally {
    await demuxer.close();
  }
}
