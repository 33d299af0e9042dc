/**
 * Benchmark (not a test) of the pose engine on tennis_forehand_2.mp4 (1080p, 10.01 s, 29.97 fps,
 * the fast pass: MoveNet lightning, `secondPass: false`). Every figure is a ratio of two measurements of the same run
 * (the machine is shared and its load varies; absolute times do not carry between machines);
 * medians of ENGINE_BENCH_ROUNDS rounds (default 3), the variants alternating within a round:
 * - /process against decode: estimatePose (probe, worker start-up incl. model load, decode,
 *   tracking, smoothing, 3D lift) wall and CPU seconds ÷ those of decoding the same clip at the
 *   same size through the engine's decode alone (measure.ts, as test/bench/decode.ts);
 * - ONNX Runtime against TF.js WASM: lightning frames per CPU-second, one worker and one thread
 *   each, on the same frame and crop, and the largest keypoint difference between the two;
 * - pipeline against pure inference: estimatePose frames/s ÷ crop-model frames/s through the
 *   same pool plan with as many requests in flight as workers (no decode, no tracking);
 * - scaling: estimatePose with 1 worker × 1 thread, 1 × 2, 2 × 1 and the default plan for all
 *   cores (SWING_INFER_WORKERS / SWING_INFER_THREADS), and on the TF.js WASM fallback (the
 *   engine's runtime before ONNX Runtime) for comparison;
 * - second pass against fast pass (issue 9: ≤ 2×): the second pass's wall time (decode again +
 *   BlazePose heavy around the stroke, timings.secondPassS) ÷ the rest of the same estimatePose
 *   call, on the clip at real time (one stroke: a ±0.75 s window), default plan;
 * - peak RSS of a process running one analysis (test/bench/engine-rss.ts) on ONNX Runtime and
 *   on the TF.js WASM fallback (the engine's runtime before ONNX Runtime: 2 workers); and of the
 *   fast pass and of a whole /process analysis with automatic decoder threads against 1;
 * - decoder threads: the default plan with 1 and 2 decoder threads against the default
 *   (FFmpeg's automatic count; SWING_DECODE_THREADS), each also as pipeline / pure inference;
 * - the direct local backend against HTTP through the local service (backend-paths.ts): one
 *   analysis job each, wall and CPU, with the real pipeline and with its outcome replayed.
 *   `transport` replays only (one real direct job recorded in the first round): the two paths
 *   without the engine, whole job and up to the `storing` state.
 * - ball candidates (ball-detect.ts, part `ball` or `plans`): their time in the default plan's fast
 *   pass ÷ its wall time, and ÷ the decode baseline's.
 * - whole analysis (part `whole`, issue 29 item 2: ≤ 2.0 CPU-s per video-s): estimatePose with the
 *   second pass, then analyseStrokes, as techniquePipeline.analyseTechnique runs them: CPU-s per
 *   video-s and ÷ the decode baseline's CPU of the same round, with the engine's own CPU split
 *   (timings: fast pass incl. decode, second pass, smoothing + lift) and the stroke analysis.
 *   Run it on the issue's kind of clip: `ENGINE_BENCH_PARTS=whole npx tsx test/bench/engine.ts ../shared/media/pickleball_rec_1.mp4`.
 * ENGINE_BENCH_PARTS (comma list of plans, decode-threads, runtime, paths, transport, rss, ball, whole; default all but transport and ball)
 * selects parts; the decode baseline and the pure-inference ceiling always run.
 * Run: `npm run bench -- engine` or `npx tsx test/bench/engine.ts [clip]`.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { estimatePose } from '../../main/engine/index.js';
import { decodeFrames, decodeSize, probeVideo } from '../../main/av/index.js';
import { inferPlan, InferencePool, type InferPlan } from '../../main/engine/inference/infer-pool.js';
import type { CocoPose } from '../../main/engine/inference/movenet.js';
import { mediaPath } from '../support/media.js';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { analyseStrokes } from '../../main/analysis/index.js';
import { jobRun, recording, replaying } from './backend-paths.js';
import { decodeBaseline, measured, median } from './measure.js';

const ROUNDS = Number(process.env.ENGINE_BENCH_ROUNDS ?? 3);
const PARTS = new Set((process.env.ENGINE_BENCH_PARTS ?? 'whole,plans,decode-threads,runtime,paths,rss').split(',').map((p) => p.trim()));
/** A module path that does not exist: makes onnxruntime-node's import fail, so the engine runs the TF.js WASM fallback. */
const NO_ORT = '/nonexistent/onnxruntime-node.js';

type Frame = { rgb: Uint8Array; width: number; height: number };

/** The 100th decoded frame of the clip (the player is in view). */
async function sampleFrame(clip: string, size: { width: number; height: number }): Promise<Frame> {
  for await (const f of decodeFrames(clip, size)) if (f.index === 100) return f;
  throw new Error('clip has fewer than 101 frames');
}

function setPlan(plan: InferPlan | undefined, tfjs = false): void {
  for (const [k, v] of [['SWING_INFER_WORKERS', plan?.workers], ['SWING_INFER_THREADS', plan?.threads], ['SWING_ORT_MODULE', tfjs ? NO_ORT : undefined]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = String(v);
  }
}

/** `frames` lightning runs on one crop through a pool of `plan` (as many in flight as workers): wall, CPU, the last pose, the runtime. */
async function inference(plan: InferPlan, frame: Frame, frames: number, tfjs = false) {
  setPlan(plan, tfjs);
  const pool = await InferencePool.start(plan, 'movenet-lightning');
  try {
    const crop = { cx: frame.width / 2, cy: frame.height / 2, side: frame.height * 0.8 };
    for (let i = 0; i < 3 * plan.workers; i++) await pool.pose(frame, crop);
    let last: CocoPose | undefined;
    const m = await measured(async () => {
      const inFlight: Promise<CocoPose>[] = [];
      for (let i = 0; i < frames; i++) {
        inFlight.push(pool.pose(frame, crop));
        if (inFlight.length >= plan.workers) last = await inFlight.shift();
      }
      for (const p of inFlight) last = await p;
    });
    return { wall: m.wall, cpu: m.cpu, pose: last, runtime: pool.runtime };
  } finally {
    await pool.close();
    setPlan(undefined);
  }
}

/**
 * One estimatePose run, fast pass only unless `secondPass` (BlazePose around the strokes), with
 * `plan` (undefined: the default for this machine's cores), on the TF.js WASM fallback when
 * `tfjs`, with `decodeThreads` FFmpeg decoder threads (undefined: the engine's default).
 */
async function pipeline(clip: string, plan?: InferPlan, tfjs = false, secondPass = false, decodeThreads?: number) {
  setPlan(plan, tfjs);
  if (decodeThreads !== undefined) process.env.SWING_DECODE_THREADS = String(decodeThreads);
  const m = await measured(() => estimatePose(clip, { playerHeightMm: 1850, secondPass })).finally(() => delete process.env.SWING_DECODE_THREADS);
  setPlan(undefined);
  const { secondPassS, secondPassFrames, totalS, ballS } = m.value.timings;
  return { wall: m.wall, cpu: m.cpu, frames: m.value.pose2d.frames, secondRatio: secondPassS / (totalS - secondPassS), secondPassFrames, ballS };
}

/** CPU-s of one whole analysis (estimatePose with the second pass, then analyseStrokes, as techniquePipeline runs them), split. */
async function wholeAnalysis(clip: string) {
  const e = await measured(() => estimatePose(clip, { playerHeightMm: 1850 }));
  const { pose2d, pose3d, ball, video } = e.value;
  const meta = { uid: 'bench-whole', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1850 } as const;
  const a = await measured(() => Promise.resolve(analyseStrokes({ pose2d, pose3d, ball, fps: video.fps, width: video.width, height: video.height, meta })));
  const t = e.value.timings;
  return { cpu: e.cpu + a.cpu, fast: t.fastPassCpuS, second: t.secondPassCpuS, finish: t.finishCpuS, analysis: a.cpu, secondFrames: t.secondPassFrames, secondRuns: t.secondPassRuns };
}

/**
 * Peak RSS (MiB) of a fresh process running one analysis of the clip (engine-rss.ts): `mode`
 * fast (estimatePose, fast pass) or process (the whole /process analysis), on the TF.js WASM
 * fallback when `tfjs`, with `decodeThreads` FFmpeg decoder threads (undefined: automatic).
 */
function peakRssMiB(clip: string, tfjs: boolean, mode: 'fast' | 'process' = 'fast', decodeThreads?: number): number {
  const script = fileURLToPath(new URL('./engine-rss.ts', import.meta.url));
  const env = { ...process.env, ...(tfjs ? { SWING_ORT_MODULE: NO_ORT } : {}), ...(decodeThreads !== undefined ? { SWING_DECODE_THREADS: String(decodeThreads) } : {}) };
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, clip, mode], { env, encoding: 'utf8' });
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  return line.startsWith('{') ? (JSON.parse(line) as { maxRssMiB: number }).maxRssMiB : NaN;
}

const maxDiff = (a?: CocoPose, b?: CocoPose) =>
  a && b ? Math.max(...Array.from(a.xy, (v, i) => Math.abs(v - (b.xy[i] ?? NaN))), ...Array.from(a.score, (v, i) => Math.abs(v - (b.score[i] ?? NaN)))) : NaN;
const f2 = (v: number) => v.toFixed(2);

async function main(): Promise<void> {
  const clip = process.argv[2] || mediaPath('tennis_forehand_2.mp4');
  const v = await probeVideo(clip);
  const size = decodeSize(v.width, v.height, 640);
  const frame = await sampleFrame(clip, size);
  const cores = availableParallelism();
  const def = inferPlan(cores);
  const DEFAULT = `default ${def.workers}×${def.threads} (${cores} cores)`;
  const plans: Record<string, { plan?: InferPlan; tfjs?: boolean; second?: boolean; decodeThreads?: number }> = {};
  if (PARTS.has('plans')) {
    Object.assign(plans, { '1×1': { plan: { workers: 1, threads: 1 } }, '1×2': { plan: { workers: 1, threads: 2 } }, '2×1': { plan: { workers: 2, threads: 1 } } });
    plans[DEFAULT] = {};
    plans['TF.js WASM fallback (the engine before ONNX Runtime), default plan'] = { tfjs: true };
    plans['default plan, with the second pass'] = { second: true };
  }
  if (PARTS.has('ball')) plans[DEFAULT] = {};
  if (PARTS.has('decode-threads')) {
    plans[DEFAULT] = {};
    plans['default plan, 1 decoder thread (the default until 2026-11-23)'] = { decodeThreads: 1 };
    plans['default plan, 2 decoder threads'] = { decodeThreads: 2 };
  }
  console.log(`clip: ${clip}, ${size.width}×${size.height} decode; parts ${[...PARTS].join(', ')}; load average at start ${loadavg().map(f2).join(' ')}`);
  const runs: Record<string, { wall: number[]; cpu: number[] }> = {};
  const add = (k: string, wall: number, cpu: number) => ((runs[k] ??= { wall: [], cpu: [] }).wall.push(wall), runs[k].cpu.push(cpu));
  let frames = 300;
  const rec = recording();
  let diff = NaN;
  let runtime = '';
  for (let round = 0; round < ROUNDS; round++) {
    const d = await decodeBaseline(clip, size);
    add('decode', d.wall, d.cpu);
    if (PARTS.has('whole')) {
      const w = await wholeAnalysis(clip);
      for (const k of ['cpu', 'fast', 'second', 'finish', 'analysis', 'secondFrames', 'secondRuns'] as const) add(`whole ${k}`, w[k], w[k]);
      add('whole ratio', w.cpu / d.cpu, d.cpu);
    }
    for (const [name, o] of Object.entries(plans)) {
      const p = await pipeline(clip, o.plan, o.tfjs, o.second, o.decodeThreads);
      add(`pipeline ${name}`, p.wall, p.cpu);
      add(`second/fast ${name}`, p.secondRatio, p.secondPassFrames);
      add(`ball ${name}`, p.ballS / p.wall, p.ballS / d.wall);
      frames = p.frames;
    }
    if (PARTS.has('runtime')) {
      const ort = await inference({ workers: 1, threads: 1 }, frame, 150);
      const tfjs = await inference({ workers: 1, threads: 1 }, frame, 40, true);
      add('ort 1×1', ort.wall / 150, ort.cpu / 150);
      add('tfjs 1×1', tfjs.wall / 40, tfjs.cpu / 40);
      diff = maxDiff(ort.pose, tfjs.pose);
    }
    const pure = await inference(def, frame, frames);
    add('pure inference default', pure.wall, pure.cpu);
    runtime = pure.runtime;
    // Alternate which path goes first; a real direct run is recorded for the replays.
    const order = round % 2 === 0 ? (['direct', 'http'] as const) : (['http', 'direct'] as const);
    if (PARTS.has('paths')) {
      for (const t of order) {
        const r = await jobRun(clip, t, t === 'direct' ? rec : techniquePipeline);
        add(`job ${t}`, r.wall, r.cpu);
      }
    }
    if ((PARTS.has('paths') || PARTS.has('transport')) && !rec.last) await jobRun(clip, 'direct', rec);
    if (rec.last) {
      for (const t of order) {
        const r = await jobRun(clip, t, replaying(rec.last));
        add(`transport ${t}`, r.wall, r.cpu);
        add(`to storing ${t}`, r.toStoring.wall, r.toStoring.cpu);
      }
    }
  }
  const med = (k: string, what: 'wall' | 'cpu') => median(runs[k]?.[what] ?? []);
  const [dw, dc] = [med('decode', 'wall'), med('decode', 'cpu')];
  console.log(`runtime: ${runtime}; ${frames} frames of a ${f2(v.durationS)} s clip; medians of ${ROUNDS} rounds`);
  console.log(`decode baseline: ${f2(dw)} s wall, ${f2(dc)} CPU-s`);
  if (PARTS.has('whole')) {
    const w = (k: string) => med(`whole ${k}`, 'cpu');
    console.log(`whole analysis (estimatePose with the second pass + analyseStrokes): ${f2(w('cpu'))} CPU-s = ${f2(w('cpu') / v.durationS)} CPU-s per video-s = ${f2(med('whole ratio', 'wall'))}× the decode's CPU in the same round (decode ${f2(dc / v.durationS)} CPU-s per video-s)`);
    console.log(`  split, CPU-s: fast pass (probe, start-up, decode, MoveNet, ball, kept crops) ${f2(w('fast'))}, second pass ${f2(w('second'))} over ${w('secondFrames')} frames (${w('secondRuns')} BlazePose runs, the rest filled: second-pass-cadence.ts), smoothing + lift ${f2(w('finish'))}, stroke analysis ${f2(w('analysis'))}`);
  }
  const iw = med('pure inference default', 'wall');
  for (const name of Object.keys(plans)) {
    const [w, c] = [med(`pipeline ${name}`, 'wall'), med(`pipeline ${name}`, 'cpu')];
    console.log(`/process (estimatePose) ${name}: ${f2(w)} s wall = ${f2(w / dw)}× decode wall, ${f2(w / v.durationS)}× clip duration; ${f2(c)} CPU-s = ${f2(c / dc)}× decode CPU`);
    if (!plans[name]?.plan && !plans[name]?.tfjs && !plans[name]?.second) {
      console.log(`  pipeline / pure inference speed (${name}): ${f2(iw / w)} (${(frames / w).toFixed(1)} vs ${(frames / iw).toFixed(1)} frames/s)`);
    }
  }
  if (PARTS.has('runtime')) {
    const [ortCpu, tfCpu] = [med('ort 1×1', 'cpu'), med('tfjs 1×1', 'cpu')];
    console.log(`lightning frames per CPU-second, 1 worker × 1 thread: ONNX Runtime ${(1 / ortCpu).toFixed(1)}, TF.js WASM ${(1 / tfCpu).toFixed(1)} → ${f2(tfCpu / ortCpu)}×; ms per frame ${(1000 * med('ort 1×1', 'wall')).toFixed(1)} vs ${(1000 * med('tfjs 1×1', 'wall')).toFixed(1)}; largest keypoint difference ${diff.toExponential(1)} (px of the frame, score)`);
  }
  if (PARTS.has('plans')) {
    const SECOND = 'default plan, with the second pass';
    console.log(`second pass / fast pass wall time (default plan): ${f2(med(`second/fast ${SECOND}`, 'wall'))} over ${med(`second/fast ${SECOND}`, 'cpu')} re-estimated frames`);
  }
  if (PARTS.has('ball') || PARTS.has('plans')) {
    console.log(`ball candidates (ball-detect.ts) in the default plan's fast pass: ${(100 * med(`ball ${DEFAULT}`, 'wall')).toFixed(2)} % of its wall time, ${f2(med(`ball ${DEFAULT}`, 'cpu'))}× the decode baseline's wall time`);
  }
  if (PARTS.has('paths') || PARTS.has('transport')) {
    const label: Record<string, string> = {
      job: 'analysis job (real pipeline)',
      transport: 'analysis job, engine outcome replayed (transport + ingest only)',
      'to storing': 'the same, enqueue → storing (transport only)',
    };
    for (const k of Object.keys(label).filter((x) => runs[`${x} direct`])) {
      const [d, h] = [`${k} direct`, `${k} http`];
      console.log(
        `${label[k]}: direct ${f2(med(d, 'wall'))} s wall, ${f2(med(d, 'cpu'))} CPU-s; ` +
          `HTTP ${f2(med(h, 'wall'))} s, ${f2(med(h, 'cpu'))} CPU-s → direct / HTTP ${f2(med(d, 'wall') / med(h, 'wall'))} wall, ${f2(med(d, 'cpu') / med(h, 'cpu'))} CPU`,
      );
    }
  }
  if (!PARTS.has('rss')) {
    console.log(`load average at end ${loadavg().map(f2).join(' ')}`);
    return;
  }
  const [rssOrt, rssTf] = [peakRssMiB(clip, false), peakRssMiB(clip, true)];
  console.log(`peak RSS of one analysis: ONNX Runtime ${rssOrt.toFixed(0)} MiB, TF.js WASM fallback ${rssTf.toFixed(0)} MiB`);
  // Decoder threads: automatic (FFmpeg's count, the default) against 1, fast pass and whole /process.
  for (const mode of ['fast', 'process'] as const) {
    const [auto, one] = [peakRssMiB(clip, false, mode), peakRssMiB(clip, false, mode, 1)];
    console.log(`peak RSS, ${mode === 'fast' ? 'fast pass' : 'whole /process analysis'}: automatic decoder threads ${auto.toFixed(0)} MiB, 1 thread ${one.toFixed(0)} MiB → automatic / 1 thread ${f2(auto / one)}`);
  }
  console.log(`load average at end ${loadavg().map(f2).join(' ')}`);
}

await main();
