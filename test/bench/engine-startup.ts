/**
 * Benchmark (not a test) of the engine's fixed start-up cost per analysis (issue 29 item 2): the
 * CPU seconds an analysis pays whatever the clip's length, against the per-frame cost.
 * - pool: InferencePool.start with the default plan (worker thread start, ONNX Runtime load,
 *   lightning + multipose sessions, the crop model's warm-up run) until ready, then close;
 * - second-pass model: the first BlazePose heavy request of a started pool (session creation
 *   on first use) minus the median of the next ones (the per-frame cost);
 * - probe: probeVideo of the clip.
 * From TypeScript sources each worker also compiles its modules with tsx (the built app does not),
 * so the pool's figure is an upper bound for the app. Medians of STARTUP_BENCH_ROUNDS rounds
 * (default 3).
 * Run: `npx tsx test/bench/engine-startup.ts [clip]`.
 */
import { loadavg } from 'node:os';
import { decodeFrames, decodeSize, probeVideo } from '../../main/av/index.js';
import { InferencePool, inferPlan } from '../../main/engine/inference/infer-pool.js';
import { blazePoseCropBytes } from '../../main/engine/inference/blazepose.js';
import { mediaPath } from '../support/media.js';
import { measured, median } from './measure.js';

const ROUNDS = Number(process.env.STARTUP_BENCH_ROUNDS ?? 3);
const f2 = (v: number) => v.toFixed(2);

async function main(): Promise<void> {
  const clip = process.argv[2] || mediaPath('pickleball_rec_1.mp4');
  console.log(`clip ${clip}; load average at start ${loadavg().map(f2).join(' ')}`);
  const v = await probeVideo(clip);
  const size = decodeSize(v.width, v.height, 640);
  let frame: { rgb: Uint8Array; width: number; height: number } | undefined;
  for await (const f of decodeFrames(clip, size)) if (f.index === 100) (frame = f);
  if (!frame) throw new Error('clip has fewer than 101 frames');
  const crop = { cx: size.width / 2, cy: size.height / 2, side: size.height * 0.6, angle: 0.1 };
  const bytes = blazePoseCropBytes(frame, crop);
  const rows: Record<string, number[]> = {};
  const add = (k: string, x: number) => (rows[k] ??= []).push(x);
  for (let r = 0; r < ROUNDS; r++) {
    add('probe', (await measured(() => probeVideo(clip))).cpu);
    const started = await measured(() => InferencePool.start(inferPlan(), 'movenet-lightning'));
    const pool = started.value;
    add('pool start (workers, ORT, lightning + multipose sessions, warm-up)', started.cpu);
    const first = await measured(() => pool.landmarks('blazepose-heavy', bytes, crop));
    const next: number[] = [];
    for (let i = 0; i < 5; i++) next.push((await measured(() => pool.landmarks('blazepose-heavy', bytes, crop))).cpu);
    add('heavy per frame', median(next));
    add('heavy first use minus a frame (session creation)', first.cpu - median(next));
    const closed = await measured(() => pool.close());
    add('pool close', closed.cpu);
  }
  for (const [k, xs] of Object.entries(rows)) console.log(`${k}: ${f2(median(xs))} CPU-s (${xs.map(f2).join(', ')})`);
  console.log(`load average at end ${loadavg().map(f2).join(' ')}`);
}

await main();
