/**
 * Part of test/bench/engine.ts: one analysis job of the queue (main/jobs) on the local backend,
 * the direct path (main/backends/direct.ts: the pipeline called in-process) against HTTP through
 * the in-process local service (multipart upload to /process, a copy under service/tmp, NDJSON
 * with JSON pose, two probes), wall and CPU seconds of the whole job (queued → done, library
 * ingest and thumbnail included), each in a fresh home folder.
 * - `real`: the real pipeline (fast pass + second pass) on both paths;
 * - `transport`: the engine's outcome of one run replayed on both paths, so only what differs
 *   between them is measured (the engine is most of a job and its time varies with the load).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Warning } from '../../main/contract/warning.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBackendResolver } from '../../main/backends/index.js';
import { JobQueue } from '../../main/jobs/queue.js';
import { openLibrary } from '../../main/library/db.js';
import type { AnalysisPipeline, TechniqueOutcome } from '../../main/pipeline/pipeline-types.js';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { nodeSecretBox } from '../../main/settings/api-key.js';
import { cpuSeconds, measured } from './measure.js';

/** Local transport of a job. */
export type Transport = 'direct' | 'http';

/** The real pipeline, keeping the last outcome (and its progress and warnings) for {@link replaying}. */
export function recording(): AnalysisPipeline & { last?: { outcome: TechniqueOutcome; progress: number[]; warnings: Warning[] } } {
  const p: AnalysisPipeline & { last?: { outcome: TechniqueOutcome; progress: number[]; warnings: Warning[] } } = {
    ...techniquePipeline,
    async analyseTechnique(path, meta, hooks) {
      const [progress, warnings]: [number[], Warning[]] = [[], []];
      const outcome = await techniquePipeline.analyseTechnique(path, meta, {
        ...hooks,
        onProgress: (s) => (progress.push(s), hooks.onProgress?.(s)),
        onWarning: (w) => (warnings.push(w), hooks.onWarning?.(w)),
      });
      p.last = { outcome, progress, warnings };
      return outcome;
    },
  };
  return p;
}

/** A pipeline that answers every analysis with `rec` (progress and warnings replayed), running no engine. */
export function replaying(rec: NonNullable<ReturnType<typeof recording>['last']>): AnalysisPipeline {
  return {
    ...techniquePipeline,
    analyseTechnique(_path, _meta, hooks) {
      for (const s of rec.progress) hooks.onProgress?.(s);
      for (const w of rec.warnings) hooks.onWarning?.(w);
      return Promise.resolve(rec.outcome);
    },
  };
}

/**
 * Runs one analysis job of `clip` on the local backend over `transport` with `pipeline`, in a
 * fresh home folder (removed after).
 * @returns wall and CPU seconds of the job from enqueue to done, and of its part up to the
 *   `storing` state (`toStoring`: the analysis and its transport, without the common ingest,
 *   playback check and thumbnail).
 * @throws Error when the job does not end done.
 */
export async function jobRun(clip: string, transport: Transport, pipeline: AnalysisPipeline): Promise<{ wall: number; cpu: number; toStoring: { wall: number; cpu: number } }> {
  const home = mkdtempSync(join(tmpdir(), `ss-bench-${transport}-`));
  const db = openLibrary(home);
  const backends = createBackendResolver({ home, secretBox: nodeSecretBox(home), env: {}, localTransport: transport, localService: { log: () => undefined, pipeline: () => Promise.resolve(pipeline) } });
  const queue = new JobQueue({ db, home, backends });
  let t0 = 0;
  let c0 = 0;
  let toStoring = { wall: NaN, cpu: NaN };
  queue.on('job', (j) => {
    if (j.state === 'storing' && Number.isNaN(toStoring.wall)) toStoring = { wall: (performance.now() - t0) / 1000, cpu: cpuSeconds() - c0 };
  });
  try {
    queue.start();
    [t0, c0] = [performance.now(), cpuSeconds()];
    const m = await measured(async () => {
      const id = queue.enqueueAnalysis({
        videoPath: clip,
        player: { name: 'Bench Player', dominantHand: 'right', heightMm: 1850 },
        sport: 'tennis',
        swingType: 'forehand_drive',
        backend: 'local',
      });
      await queue.whenIdle();
      return queue.get(id);
    });
    if (m.value?.state !== 'done') throw new Error(`${transport} job ended ${m.value?.state}: ${m.value?.reason ?? ''}`);
    return { wall: m.wall, cpu: m.cpu, toStoring };
  } finally {
    await queue.stop();
    await backends.close();
    db.close();
    rmSync(home, { recursive: true, force: true });
  }
}
