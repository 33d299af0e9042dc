/**
 * Probe with the shipped FFmpeg: the same facts ffprobe's `-show_streams -show_format` JSON
 * gives, in that JSON's shape, so one parser (engine/probe.ts `videoInfoFromProbe`) and one
 * rotation rule serve both the in-process and the CLI path.
 */
import type { Stream } from 'node-av/lib';
import type { ProbeJson, ProbeStream } from '../engine/probe.js';
import { openClip } from './open-input.js';
import { loadAv } from './runtime.js';

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
      },
    };
  } finally {
    await demuxer.close();
  }
}
