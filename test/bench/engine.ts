/**
 * Benchmark (not a test) of the pose engine on tennis_forehand_2.mp4 (1080p, 10.01 s, 29.97 fps).
 * For each crop model (movenet-lightning, movenet-thunder), measured in the same run:
 * - ceiling: pure model inference, the crop model run once per frame on a fixed input (no
 *   decode, no crop, no tracking): what the pipeline could reach at best;
 * - pipeline: estimatePose wall time (probe, decode in ffmpeg, tracking, smoothing, 3D lift),
 *   after preloadEngine() (model load + warm-up, reported on its own line).
 * Also multipose at 512 px per frame (the alternative "detect everyone every frame" design),
 * on 60 frames. Reports frames/s, pipeline time / clip duration (goal < 0.5), pipeline speed /
 * inference speed (goal ≥ 0.8) and the process's peak RSS.
 * Pipeline and ceiling runs alternate, ENGINE_BENCH_ROUNDS times (default 3); medians compared.
 * Run: `npx tsx test/bench/engine.ts [clip] [lightning|thunder|both]`.
 */
import { estimatePose, preloadEngine } from '../../main/engine/analyze-video.js';
import { loadPoseModel, type ModelName } from '../../main/engine/model-files.js';
import { CROP_MODELS, type CropModel } from '../../main/engine/movenet.js';
import { backendInfo, tfReady } from '../../main/engine/tf-runtime.js';
import { mediaPath } from '../support/media.js';

/** Rounds per model (env ENGINE_BENCH_ROUNDS, default 3). */
const ROUNDS = Number(process.env.ENGINE_BENCH_ROUNDS ?? 3);

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[s.length >> 1] ?? NaN;
}

async function inferenceSeconds(model: ModelName, w: number, h: number, runs: number): Promise<number> {
  const tf = await tfReady();
  const m = await loadPoseModel(model);
  const x = tf.zeros([1, h, w, 3], 'int32');
  const once = async () => {
    const o = m.execute(x) as import('@tensorflow/tfjs').Tensor;
    await o.data();
    o.dispose();
  };
  for (let i = 0; i < 3; i++) await once(); // warm-up (kernel set-up)
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await once();
  x.dispose();
  return (performance.now() - t0) / 1000;
}

async function main(): Promise<void> {
  const clip = process.argv[2] || mediaPath('tennis_forehand_2.mp4');
  const which = process.argv[3] ?? 'both';
  const models: CropModel[] = which === 'both' ? ['movenet-lightning', 'movenet-thunder'] : [`movenet-${which}` as CropModel];
  await tfReady();
  console.log(`backend: ${backendInfo()}; clip: ${clip}`);
  for (const model of models) {
    const size = CROP_MODELS[model];
    const cold = performance.now();
    await preloadEngine(model);
    console.log(`${model}: model load + warm-up (once per process) ${((performance.now() - cold) / 1000).toFixed(2)} s`);
    // Alternate pipeline and ceiling runs and compare medians: the machine is shared, load varies.
    const pipes: number[] = [];
    const infs: number[] = [];
    let r: Awaited<ReturnType<typeof estimatePose>> | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      r = await estimatePose(clip, { playerHeightMm: 1850, cropModel: model });
      pipes.push(r.timings.totalS);
      infs.push(await inferenceSeconds(model, size, size, r.pose2d.frames));
    }
    if (!r) return;
    const frames = r.pose2d.frames;
    const [pipe, inf] = [median(pipes), median(infs)];
    console.log(
      `${model}: ${frames} frames of a ${r.video.durationS.toFixed(2)} s clip, median of ${ROUNDS} | pipeline ${pipe.toFixed(2)} s = ` +
        `${(pipe / r.video.durationS).toFixed(2)}× clip duration, ${(frames / pipe).toFixed(1)} frames/s ` +
        `(last run: decode wait ${r.timings.decodeS.toFixed(2)} s, tracking+models ${r.timings.inferenceS.toFixed(2)} s) | ` +
        `pure inference ${inf.toFixed(2)} s, ${(frames / inf).toFixed(1)} frames/s | pipeline/inference speed ` +
        `${(inf / pipe).toFixed(2)} | runs: pipeline ${pipes.map((v) => v.toFixed(2)).join(', ')}; inference ${infs.map((v) => v.toFixed(2)).join(', ')}`,
    );
  }
  const mp = await inferenceSeconds('movenet-multipose', 512, 288, 60);
  console.log(`movenet-multipose 512×288 per frame: ${((mp / 60) * 1000).toFixed(1)} ms, ${(60 / mp).toFixed(1)} frames/s`);
  console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
}

await main();
