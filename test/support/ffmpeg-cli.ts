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
