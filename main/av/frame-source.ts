/**
 * Streaming decode. By default the shipped FFmpeg decodes in-process (main/av/decode.ts). With
 * FFMPEG_PATH set (main/config/binaries.ts), the CLI pipe below: ffmpeg writes raw RGB24 frames to a pipe, already downscaled; each frame is
 * handed to the caller with its presentation time on the video's own timeline (`-copyts` keeps
 * a stream that starts after 0, `showinfo` prints each frame's pts_time on stderr). A relay
 * worker (decode-worker-source.ts) drains the pipe so decoding (ffmpeg's process, another core)
 * overlaps inference; at most READ_AHEAD_FRAMES frames wait in memory, never the whole clip.
 */
import { Worker } from 'node:worker_threads';
import { ffmpegPath } from '../config/binaries.js';
import { VideoDecodeError } from './errors.js';
import { DECODE_WORKER_SOURCE } from './decode-worker-source.js';
import { decodeFramesInProcess, decodeThreads, rotationFilters, type DecodedFrame } from './decode.js';
import { cliClipInput, cliFailureReason } from './cli-input.js';
import { capDecode } from './decode-limits.js';

type WorkerMessage =
  | { type: 'pid'; pid: number }
  | { type: 'frame'; buf: Uint8Array }
  | { type: 'stderr'; text: string }
  | { type: 'exit'; code: number | null; error?: string };

/** Size frames are decoded at: the displayed size scaled so the longer side is ≤ maxSide, even numbers. */
export function decodeSize(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number } {
  const k = Math.min(1, maxSide / Math.max(width, height));
  const even = (v: number) => Math.max(2, 2 * Math.round((v * k) / 2));
  return { width: even(width), height: even(height) };
}

let liveDecoders = 0;
/** Decode relay workers alive in this process (each ends by itself shortly after its ffmpeg exits). */
export function liveDecodeWorkers(): number {
  return liveDecoders;
}

const READ_AHEAD_FRAMES = 8;
// ffmpeg decoder threads: decodeThreads() (main/av/decode.ts; with TF.js, 1 thread had measured
// 0.73× vs 0.67-0.71× of inference speed for the automatic count; with ONNX Runtime automatic wins).
const PTS_RE = /\bn:\s*(\d+)\s+pts:\s*-?\d+\s+pts_time:\s*(-?[\d.e+-]+)/;

/**
 * Decodes `videoPath` frame by frame, upright (display rotation applied, then `turn`, a further
 * rotation in ffprobe's convention for a picture turned without a tag: VideoInfo.turned); `size`
 * is the displayed size (after both) scaled by {@link decodeSize}.
 * At most MAX_DECODE_S of media and MAX_DECODE_FRAMES frames are decoded (main/contract/clip-limits.ts).
 * @throws VideoDecodeError when decoding fails or the clip passes a decode cap; VideoProbeError when the clip cannot be opened;
 *   the signal's reason when aborted (decoding stops at once).
 */
export function decodeFrames(
  videoPath: string,
  size: { width: number; height: number },
  signal?: AbortSignal,
  turn = 0,
): AsyncGenerator<DecodedFrame> {
  const bin = ffmpegPath();
  return capDecode(bin ? decodeWithCli(bin, videoPath, size, signal, turn) : decodeFramesInProcess(videoPath, size, signal, turn));
}

/**
 * The CLI pipe: FFMPEG_PATH's ffmpeg decodes (autorotating) into a relay worker.
 * @throws VideoDecodeError when ffmpeg exits non-zero; the signal's reason when aborted (ffmpeg is killed).
 */
async function* decodeWithCli(
  bin: string,
  videoPath: string,
  size: { width: number; height: number },
  signal?: AbortSignal,
  turn = 0,
): AsyncGenerator<DecodedFrame> {
  const frameBytes = size.width * size.height * 3;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-threads',
    String(decodeThreads()),
    '-copyts',
    ...cliClipInput(videoPath, { capDuration: true }),
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
  ];
  // showinfo after scale: its per-frame checksums then run on the small frame (1.84 vs 2.12 s CPU for
  // tennis_forehand_2.mp4). fast_bilinear would save 0.5 s more but aliases small far players:
  // on pickleball_rec_1.mp4 the tracker then took the wrong person after a loss.
  // checksum=0: showinfo's per-frame checksums are unused (≈ 0.1 s CPU per 300 frames).
  args.push(
    '-vf',
    [...rotationFilters(turn), `scale=${size.width}:${size.height}:flags=bilinear`, 'showinfo=checksum=0'].join(','),
    '-fps_mode',
    'passthrough',
  );
  args.push('-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1');
  const worker = new Worker(DECODE_WORKER_SOURCE, {
    eval: true,
    workerData: { bin, args, frameBytes, credit: READ_AHEAD_FRAMES },
  });
  liveDecoders++;
  worker.once('exit', () => liveDecoders--);
  const frames: Uint8Array[] = [];
  const times: number[] = [];
  let pid: number | undefined;
  let stderrTail = '';
  let stderrLine = '';
  let exit: { code: number | null; error?: string } | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const killFfmpeg = () => {
    worker.postMessage({ type: 'kill' });
    if (pid !== undefined && exit === undefined) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  };
  const onAbort = () => (killFfmpeg(), notify());
  signal?.addEventListener('abort', onAbort, { once: true });
  worker.on('message', (m: WorkerMessage) => {
    if (m.type === 'pid') pid = m.pid;
    else if (m.type === 'frame') frames.push(m.buf);
    else if (m.type === 'exit') exit = { code: m.code, ...(m.error ? { error: m.error } : {}) };
    else if (m.type === 'stderr') {
      const lines = (stderrLine + m.text).split('\n');
      stderrLine = lines.pop() ?? '';
      for (const line of lines) {
        const t = PTS_RE.exec(line);
        if (t) times[Number(t[1])] = Number(t[2]);
        else if (line.trim()) stderrTail = (stderrTail + '\n' + line).slice(-2000);
      }
    }
    notify();
  });
  worker.on('error', (e) => ((exit ??= { code: -1, error: e.message }), notify()));
  worker.on('exit', () => ((exit ??= { code: -1, error: 'decode worker stopped' }), notify()));

  try {
    for (let index = 0; ; index++) {
      // A frame is ready when its pixels AND its showinfo line have arrived (or ffmpeg is done).
      while (!(frames.length > 0 && (times[index] !== undefined || exit)) && !(exit && frames.length === 0)) {
        if (signal?.aborted) throw signal.reason;
        await new Promise<void>((r) => (wake = r));
      }
      if (signal?.aborted) throw signal.reason;
      const rgb = frames.shift();
      if (!rgb) break;
      worker.postMessage({ type: 'credit', n: 1 });
      const timestamp = times[index] ?? (index > 0 ? (times[index - 1] ?? 0) : 0);
      times[index] = timestamp;
      yield { index, timestamp, width: size.width, height: size.height, rgb };
    }
    if (exit?.error) throw new VideoDecodeError(`ffmpeg could not run: ${exit.error}`);
    if (exit?.code !== 0)
      throw new VideoDecodeError(
        `ffmpeg failed (exit ${exit?.code}): ${cliFailureReason(stderrTail)}`,
      );
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (exit === undefined) killFfmpeg();
    // Let the worker see ffmpeg's exit (so it reaps the child) and end by itself; force it after 5 s.
    const force = setTimeout(() => void worker.terminate(), 5000);
    force.unref();
    worker.once('exit', () => clearTimeout(force));
  }
}
