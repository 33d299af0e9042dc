/**
 * Benchmark (not a test): video checks and tennis statistics tasks on the local backend, direct
 * (main/backends/direct-tasks.ts: the service's task and check code in this process, the clip
 * read where it lies) against HTTP through the in-process local service (`localTransport:
 * 'http'`: the clip uploaded to its storage, then `/api/videos/check` or the tennis routes,
 * polled). Each figure is a ratio of the two paths measured in the same run, medians of
 * LOCAL_TASKS_ROUNDS rounds (default 3), the paths alternating which goes first:
 * - check: one check of the clip as `swing-studio check <file>` does it (direct: checkVideos of
 *   its file: URL; HTTP: upload-url + presigned PUT + checkVideos of the downloadUrl), after one
 *   unmeasured check that starts each path; CHECK_REPEATS checks per round, wall and CPU summed;
 * - tennis job, real: one tennis job through the job queue (queued → done, result stored in the
 *   library) with the real engine, each in a fresh home folder;
 * - tennis job, statistics replayed: the same with the engine's result of the first real run
 *   replayed, so only what differs between the paths is measured (upload, HTTP, polling).
 * LOCAL_TASKS_PARTS (comma list of check, real, replay; default all) selects parts.
 * Run: `npm run bench -- local-tasks` or `npx tsx test/bench/local-tasks.ts [clip]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '../../main/api/client.js';
import { createBackendResolver } from '../../main/backends/index.js';
import { JobQueue } from '../../main/jobs/queue.js';
import { openLibrary } from '../../main/library/db.js';
import type { AnalysisPipeline } from '../../main/pipeline/pipeline-types.js';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { nodeSecretBox } from '../../main/settings/api-key.js';
import { mediaPath } from '../support/media.js';
import { measured, median } from './measure.js';

type Path = 'direct' | 'http';
const ROUNDS = Number(process.env.LOCAL_TASKS_ROUNDS ?? 3);
const PARTS = new Set((process.env.LOCAL_TASKS_PARTS ?? 'check,real,replay').split(',').map((p) => p.trim()));
const CHECK_REPEATS = 10;

/** A fresh home and resolver over `path`; `close()` removes them. */
function backendsOn(path: Path, pipeline: AnalysisPipeline) {
  const home = mkdtempSync(join(tmpdir(), `ss-bench-tasks-${path}-`));
  const backends = createBackendResolver({ home, secretBox: nodeSecretBox(home), env: {}, localTransport: path, localService: { log: () => undefined, pipeline: () => Promise.resolve(pipeline) } });
  return {
    home,
    backends,
    close: async () => {
      await backends.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** CHECK_REPEATS checks of `clip` over `path`, as the check command runs them: summed wall and CPU seconds. */
async function checks(clip: string, path: Path): Promise<{ wall: number; cpu: number }> {
  const b = backendsOn(path, techniquePipeline);
  try {
    const t = await b.backends.tasks!('local');
    const once = async () => {
      const url = t.fileUrl?.(clip) ?? (await (t as ApiClient).uploadVideo(clip, { contentType: 'video/mp4' })).downloadUrl;
      const r = await t.checkVideos([url]);
      if (!r.data?.[url]) throw new Error(`${path} check failed: ${JSON.stringify(r.errors)}`);
    };
    await once();
    const m = await measured(async () => {
      for (let i = 0; i < CHECK_REPEATS; i++) await once();
    });
    return { wall: m.wall, cpu: m.cpu };
  } finally {
    await b.close();
  }
}

/** One tennis job of `clip` over `path` with `pipeline`: wall and CPU seconds, queued → done. */
async function tennisJob(clip: string, path: Path, pipeline: AnalysisPipeline): Promise<{ wall: number; cpu: number }> {
  const b = backendsOn(path, pipeline);
  const db = openLibrary(b.home);
  const queue = new JobQueue({ db, home: b.home, backends: b.backends });
  try {
    queue.start();
    const m = await measured(async () => {
      const id = queue.enqueueTennis({ videoPath: clip, backend: 'local' });
      await queue.whenIdle();
      return queue.get(id);
    });
    if (m.value?.state !== 'done') throw new Error(`${path} tennis job ended ${m.value?.state}: ${m.value?.reason ?? ''}`);
    return { wall: m.wall, cpu: m.cpu };
  } finally {
    await queue.stop();
    await b.close();
    db.close();
  }
}

async function main(): Promise<void> {
  const clip = process.argv[2] || mediaPath('tennis_forehand_2.mp4');
  const f2 = (v: number) => v.toFixed(2);
  console.log(`clip: ${clip}; parts ${[...PARTS].join(', ')}; ${ROUNDS} rounds; load average at start ${loadavg().map(f2).join(' ')}`);
  const runs: Record<string, { wall: number[]; cpu: number[] }> = {};
  const add = (k: string, r: { wall: number; cpu: number }) => ((runs[k] ??= { wall: [], cpu: [] }).wall.push(r.wall), runs[k].cpu.push(r.cpu));
  let recorded: unknown;
  const recording: AnalysisPipeline = {
    ...techniquePipeline,
    tennisStatistics: async (input, o) => (recorded = await techniquePipeline.tennisStatistics(input, o)),
  };
  const replaying: AnalysisPipeline = { ...techniquePipeline, tennisStatistics: () => Promise.resolve(recorded) };
  for (let round = 0; round < ROUNDS; round++) {
    const order: Path[] = round % 2 === 0 ? ['direct', 'http'] : ['http', 'direct'];
    for (const p of order) {
      if (PARTS.has('check')) add(`check ${p}`, await checks(clip, p));
      if (PARTS.has('real')) add(`real ${p}`, await tennisJob(clip, p, recording));
    }
    if (PARTS.has('replay')) {
      if (recorded === undefined) await tennisJob(clip, 'direct', recording);
      for (const p of order) add(`replay ${p}`, await tennisJob(clip, p, replaying));
    }
  }
  const med = (k: string, what: 'wall' | 'cpu') => median(runs[k]?.[what] ?? []);
  const label: Record<string, string> = {
    check: `video check, ${CHECK_REPEATS} checks of the clip (HTTP: each uploaded first, as the check command does)`,
    real: 'tennis job, real engine (queued → done)',
    replay: 'tennis job, statistics replayed (transport, queue and storing only)',
  };
  for (const k of Object.keys(label).filter((x) => runs[`${x} direct`])) {
    const [d, h] = [`${k} direct`, `${k} http`];
    console.log(
      `${label[k]}: direct ${f2(med(d, 'wall'))} s wall, ${f2(med(d, 'cpu'))} CPU-s; HTTP ${f2(med(h, 'wall'))} s, ${f2(med(h, 'cpu'))} CPU-s ` +
        `→ direct / HTTP ${f2(med(d, 'wall') / med(h, 'wall'))} wall, ${f2(med(d, 'cpu') / med(h, 'cpu'))} CPU`,
    );
  }
  console.log(`load average at end ${loadavg().map(f2).join(' ')}`);
}

await main();
