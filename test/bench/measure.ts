/**
 * Helpers shared by the benchmarks: CPU seconds of this process, medians, and the decode
 * baseline (the engine's own decode of a clip to its input size, frames counted and dropped).
 */
import { readFileSync } from 'node:fs';
import { decodeFrames } from '../../main/av/index.js';

/** Median of the values (the upper one of the middle two for an even count); NaN when empty. */
export function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/**
 * CPU seconds used so far by this process's threads (worker threads included) plus its reaped
 * children (a CLI ffmpeg): /proc/self/stat utime, stime, cutime, cstime, 100 Hz ticks (Linux).
 */
export function cpuSeconds(): number {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return [11, 12, 13, 14].reduce((a, i) => a + Number(f[i] ?? 0), 0) / 100;
}

/** Wall seconds, CPU seconds and result of `fn` (waits 200 ms after it so a child ffmpeg is reaped and counted). */
export async function measured<T>(fn: () => Promise<T>): Promise<{ wall: number; cpu: number; value: T }> {
  const c0 = cpuSeconds();
  const t0 = performance.now();
  const value = await fn();
  const wall = (performance.now() - t0) / 1000;
  await new Promise((res) => setTimeout(res, 200));
  return { wall, cpu: cpuSeconds() - c0, value };
}

/**
 * Decodes the whole clip at `size` through the engine's decode (main/av/frame-source.ts:
 * in-process FFmpeg, or FFMPEG_PATH's CLI when `cli` is given), dropping the frames.
 * Returns wall and CPU seconds and the frame count.
 */
export async function decodeBaseline(clip: string, size: { width: number; height: number }, cli?: string) {
  if (cli) process.env.FFMPEG_PATH = cli;
  else delete process.env.FFMPEG_PATH;
  const r = await measured(async () => {
    let frames = 0;
    for await (const _ of decodeFrames(clip, size)) frames++;
    return frames;
  });
  return { wall: r.wall, cpu: r.cpu, frames: r.value };
}
