/**
 * The system ffmpeg/ffprobe CLIs, a test-only tool: tests use them to make clips at test time
 * (cuts, re-timed and synthetic clips) and to check what the app wrote with an independent
 * decoder. The app itself never needs them (it ships FFmpeg in-process, main/av/). `npm test`
 * checks they are installed first (test/support/system-check.mjs says how to get them).
 */
import { execFileSync } from 'node:child_process';

function which(name: string): string {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`tests need the ${name} CLI (Debian: apt-get install ffmpeg)`);
  }
}

/** Absolute path of the system ffmpeg. @throws Error when it is not installed. */
export const testFfmpeg = (): string => which('ffmpeg');
/** Absolute path of the system ffprobe. @throws Error when it is not installed. */
export const testFfprobe = (): string => which('ffprobe');

/** What ffprobe reads from a written video: first video stream's size, rate, counted frames, and the file's duration (s). */
export interface ProbedVideo {
  width: number;
  height: number;
  /** As ffprobe prints it, e.g. `30000/1001`. */
  r_frame_rate: string;
  /** Frames decoded by ffprobe (`-count_frames`). */
  nb_read_frames: string;
  duration: number;
}

/** Probes `path` with the system ffprobe, counting its frames by decoding. @throws Error when ffprobe fails. */
export function probeWritten(path: string): ProbedVideo {
  const out = execFileSync(testFfprobe(), ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,r_frame_rate,nb_read_frames:format=duration', '-of', 'json', path], { encoding: 'utf8' });
  const j = JSON.parse(out) as { streams: Omit<ProbedVideo, 'duration'>[]; format: { duration: string } };
  return { ...j.streams[0]!, duration: Number(j.format.duration) };
}

/** Frame `n` (decode order) of `path` as raw RGB24 bytes (width × height × 3), decoded by the system ffmpeg. */
export function frameRgb(path: string, n: number): Buffer {
  return execFileSync(testFfmpeg(), ['-v', 'error', '-i', path, '-vf', `select=eq(n\\,${n})`, '-fps_mode', 'passthrough', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 64 << 20 });
}

/**
 * Writes `durationS` seconds of a shared clip from `startS` (input seek, so the cut starts at 0 s)
 * to `out` as H.264 (veryfast, CRF 18), no audio: the short real cuts tests run the engine on.
 * @param source absolute path of the clip (test/support/media.ts mediaPath).
 * @throws Error when ffmpeg is missing or fails.
 */
export function cutRealClip(source: string, startS: number, durationS: number, out: string): void {
  execFileSync(testFfmpeg(), ['-v', 'error', '-y', '-ss', String(startS), '-i', source, '-t', String(durationS), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-an', out]);
}
