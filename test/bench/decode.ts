/**
 * Decode path benchmark: the shipped FFmpeg in-process (main/av/decode.ts, the default) against
 * the CLI pipe (a system ffmpeg via FFMPEG_PATH, the engine's decode before), decoding the same
 * clip to the engine's input size (longer side 640, RGB24), 3 rounds each, alternating.
 * Reports median wall and CPU seconds (this process's threads + reaped children) and the ratio
 * in-process / CLI pipe (< 1: in-process is faster). Needs the system ffmpeg for the baseline.
 */
import { decodeSize, probeVideo } from '../../main/av/index.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';
import { decodeBaseline as run, median } from './measure.js';

const ROUNDS = 3;

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
