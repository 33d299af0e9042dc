/**
 * Decode path benchmark: the shipped FFmpeg in-process (main/av/decode.ts, the default) against
 * the CLI pipe (a system ffmpeg via FFMPEG_PATH, the engine's decode before), decoding the same
 * clip to the engine's input size (longer side 640, RGB24), 3 rounds each, alternating.
 * Reports median wall and CPU seconds (this process's threads + reaped children) and the ratio
 * in-process / CLI pipe (< 1: in-process is faster). Needs the system ffmpeg for the baseline.
 */
import { readFileSync } from 'node:fs';
import { decodeFrames, decodeSize } from '../../main/engine/frame-source.js';
import { probeVideo } from '../../main/engine/probe.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';

const ROUNDS = 3;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

/** CPU seconds of this process's threads plus reaped children: /proc/self/stat utime..cstime, 100 Hz ticks. */
function cpuSeconds(): number {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
}

async function run(clip: string, size: { width: number; height: number }, cli: string | undefined) {
  if (cli) process.env.FFMPEG_PATH = cli;
  else delete process.env.FFMPEG_PATH;
  const c0 = cpuSeconds();
  const t0 = performance.now();
  let frames = 0;
  for await (const _ of decodeFrames(clip, size)) frames++;
  const wall = (performance.now() - t0) / 1000;
  await new Promise((res) => setTimeout(res, 200)); // let ffmpeg be reaped so its CPU is counted
  return { wall, cpu: cpuSeconds() - c0, frames };
}

async function main(): Promise<void> {
  const clip = process.argv[2] || mediaPath('tennis_forehand_2.mp4');
  const v = await probeVideo(clip);
  const size = decodeSize(v.width, v.height, 640);
  const cli = testFfmpeg();
  const r = {
    inproc: { wall: [] as number[], cpu: [] as number[] },
    pipe: { wall: [] as number[], cpu: [] as number[] },
  };
  let frames = 0;
  for (let i = 0; i < ROUNDS; i++) {
    for (const [k, bin] of [
      ['inproc', undefined],
      ['pipe', cli],
    ] as const) {
      const x = await run(clip, size, bin);
      r[k].wall.push(x.wall);
      r[k].cpu.push(x.cpu);
      frames = x.frames;
    }
  }
  const [iw, pw, ic, pc] = [
    median(r.inproc.wall),
    median(r.pipe.wall),
    median(r.inproc.cpu),
    median(r.pipe.cpu),
  ];
  console.log(
    `decode of ${clip} (${v.width}×${v.height}, ${frames} frames) to ${size.width}×${size.height} RGB24, 1 decoder thread, median of ${ROUNDS}:`,
  );
  console.log(`  in-process (shipped FFmpeg): ${iw.toFixed(2)} s wall, ${ic.toFixed(2)} CPU-s`);
  console.log(`  CLI pipe (${cli}): ${pw.toFixed(2)} s wall, ${pc.toFixed(2)} CPU-s`);
  console.log(`  in-process / CLI pipe: ${(iw / pw).toFixed(2)} × wall, ${(ic / pc).toFixed(2)} × CPU`);
}

await main();
