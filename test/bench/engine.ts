/**
 * Benchmark (not a test) of the pose engine on tennis_forehand_2.mp4 (1080p, 10.01 s, 29.97 fps).
 * For each crop model, measured in the same run, alternating (the machine is shared, load varies):
 * - ceiling ×1 / ×2: pure crop-model inference on a pre-decoded frame (no decode, no tracking),
 *   one request per frame through an inference pool (main/engine/infer-pool.ts) of 1 worker,
 *   and of 2 workers with two requests in flight: what the pipeline could reach at best;
 * - pipeline ×1 / ×2: estimatePose wall time (probe, worker start-up incl. model load and
 *   warm-up, decode in ffmpeg, tracking, smoothing, 3D lift) with 1 and with 2 inference workers.
 * Reports frames/s, pipeline time / clip duration (goal < 0.5), pipeline speed / ceiling speed
 * of the same worker count (goal ≥ 0.8), worker start-up time, the pipeline's CPU seconds (all
 * threads + ffmpeg: what an idle 2-core machine needs at least half of in wall time), load
 * average and peak RSS.
 * Medians of ENGINE_BENCH_ROUNDS rounds (default 3).
 * Run: `npx tsx test/bench/engine.ts [clip] [lightning|thunder|both]` (default lightning).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { estimatePose } from '../../main/engine/index.js';
import { decodeFrames, decodeSize } from '../../main/engine/frame-source.js';
import { InferencePool } from '../../main/engine/infer-pool.js';
import type { CropModel } from '../../main/engine/movenet.js';
import { probeVideo } from '../../main/engine/probe.js';
import { mediaPath } from '../support/media.js';

/** Rounds per model (env ENGINE_BENCH_ROUNDS, default 3). */
const ROUNDS = Number(process.env.ENGINE_BENCH_ROUNDS ?? 3);

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[s.length >> 1] ?? NaN;
}

/** The 100th decoded frame of the clip (the player is in view). */
async function sampleFrame(clip: string): Promise<{ rgb: Uint8Array; width: number; height: number }> {
  const v = await probeVideo(clip);
  for await (const f of decodeFrames(clip, decodeSize(v.width, v.height, 640))) if (f.index === 100) return f;
  throw new Error('clip has fewer than 101 frames');
}

/** Seconds for `frames` crop-model runs through a pool of `workers`, `workers` requests in flight; and the pool's start-up seconds. */
async function ceiling(model: CropModel, workers: number, frame: Awaited<ReturnType<typeof sampleFrame>>, frames: number) {
  const t0 = performance.now();
  const pool = await InferencePool.start({ workers, threads: 1 }, model);
  const startS = (performance.now() - t0) / 1000;
  try {
    const crop = { cx: frame.width / 2, cy: frame.height / 2, side: frame.height * 0.8 };
    for (let i = 0; i < 3 * workers; i++) await pool.pose(frame, crop);
    const t1 = performance.now();
    const inFlight: Promise<unknown>[] = [];
    for (let i = 0; i < frames; i++) {
      inFlight.push(pool.pose(frame, crop));
      if (inFlight.length >= workers) await inFlight.shift();
    }
    await Promise.all(inFlight);
    return { inferS: (performance.now() - t1) / 1000, startS };
  } finally {
    await pool.close();
  }
}

/** CPU seconds used so far by this process's threads plus its reaped children (ffmpeg): /proc/self/stat utime..cstime, 100 Hz ticks. */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return [11, 12, 13, 14].reduce((a, i) => a + Number(fields[i] ?? 0), 0) / 100;
}

/** One estimatePose run with `workers` inference workers, and the CPU seconds it used (all threads + ffmpeg). */
async function pipeline(clip: string, model: CropModel, workers: number) {
  process.env.SWING_INFER_WORKERS = String(workers);
  const c0 = cpuSeconds();
  const r = await estimatePose(clip, { playerHeightMm: 1850, cropModel: model });
  await new Promise((res) => setTimeout(res, 200)); // let ffmpeg be reaped so its CPU is counted
  return { r, cpuS: cpuSeconds() - c0 };
}

const fmt = (v: number[]) => v.map((x) => x.toFixed(2)).join(', ');

async function main(): Promise<void> {
  const clip = process.argv[2] || mediaPath('tennis_forehand_2.mp4');
  const which = process.argv[3] ?? 'lightning';
  const models: CropModel[] = which === 'both' ? ['movenet-lightning', 'movenet-thunder'] : [`movenet-${which}` as CropModel];
  const frame = await sampleFrame(clip);
  console.log(`clip: ${clip}; wasm SIMD, 1 thread per worker; load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const model of models) {
    const runs = { pipe1: [] as number[], pipe2: [] as number[], inf1: [] as number[], inf2: [] as number[], start1: [] as number[], start2: [] as number[], cpu1: [] as number[], cpu2: [] as number[] };
    let r: Awaited<ReturnType<typeof estimatePose>> | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      for (const workers of [1, 2] as const) {
        const p = await pipeline(clip, model, workers);
        r = p.r;
        runs[`pipe${workers}`].push(r.timings.totalS);
        runs[`cpu${workers}`].push(p.cpuS);
        const c = await ceiling(model, workers, frame, r.pose2d.frames);
        runs[`inf${workers}`].push(c.inferS);
        runs[`start${workers}`].push(c.startS);
      }
    }
    if (!r) return;
    const frames = r.pose2d.frames;
    const dur = r.video.durationS;
    for (const w of [1, 2] as const) {
      const [pipe, inf] = [median(runs[`pipe${w}`]), median(runs[`inf${w}`])];
      console.log(
        `${model} ×${w} worker(s), ${frames} frames of a ${dur.toFixed(2)} s clip, median of ${ROUNDS} | pipeline ${pipe.toFixed(2)} s = ` +
          `${(pipe / dur).toFixed(2)}× clip duration, ${(frames / pipe).toFixed(1)} frames/s | pure inference ${inf.toFixed(2)} s = ` +
          `${(inf / dur).toFixed(2)}× duration, ${(frames / inf).toFixed(1)} frames/s | pipeline/inference speed ${(inf / pipe).toFixed(2)} | ` +
          `worker start-up ${median(runs[`start${w}`]).toFixed(2)} s | pipeline CPU ${median(runs[`cpu${w}`]).toFixed(2)} s (all threads + ffmpeg) | runs: pipeline ${fmt(runs[`pipe${w}`])}; inference ${fmt(runs[`inf${w}`])}`,
      );
    }
  }
  console.log(`load average at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}; peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
}

await main();
