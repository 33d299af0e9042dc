/**
 * Tennis tasks on long rally videos (issue 29 item 5): the analysis budget follows the probed
 * length of a real clip joined at test time (ffmpeg concat of a shared clip, no re-encode), the
 * overrun message names the limit in minutes and the clip's length, a task stopped mid-run is
 * re-queued with its working folder (pose checkpoints) and downloaded copy kept and resumes with
 * them, and a /process request behind a running task hears a heartbeat and ends with a `failed`
 * line past its longest wait. Real HTTP on 127.0.0.1, real SQLite in temp homes; the analysis glue
 * is a stand-in (the engine's own checkpoint resume is tested in test/engine/pose-checkpoint.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo, type VideoInfo } from '../../main/av/index.js';
import { lengthWords } from '../../main/contract/clip-limits.js';
import type { AnalysisPipeline, TechniqueOutcome } from '../../main/pipeline/pipeline-types.js';
import { analysisBudgetCeilingMs, analysisBudgetMs, overrunMessage, TASK_ANALYSIS_S_PER_VIDEO_S, TASK_DEADLINE_MS } from '../../main/service/task-budget.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';
import { api, startTestService, tempHome, uploadUrls } from './helpers.js';

type Svc = Awaited<ReturnType<typeof startTestService>>;
interface StatsCall {
  input: string;
  video: VideoInfo | undefined;
  checkpointDir: string | undefined;
  /** Files already in checkpointDir when the call started. */
  found: string[];
}

const h = tempHome();
let longClip = '';
let long: VideoInfo;
const shortClip = mediaPath('balance_portrait_60fps_1.mp4');

beforeAll(async () => {
  // 9 × tennis_forehand_1 (21.7 s, 480p30) ≈ 3 min 15 s, joined without re-encoding (≈ 6 MB, < 1 s).
  const list = join(h.home, 'list.txt');
  writeFileSync(list, Array.from({ length: 9 }, () => `file '${mediaPath('tennis_forehand_1.mp4')}'`).join('\n'));
  longClip = join(h.home, 'rally.mp4');
  execFileSync(testFfmpeg(), ['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', longClip]);
  long = await probeVideo(longClip);
});
afterAll(() => h.cleanup());

/** A pipeline whose tennis statistics record their call and wait for `finish()` or their abort signal; /process analyses answer at once. */
function standIn(o: { checkpointFile?: string } = {}) {
  const calls: StatsCall[] = [];
  let finish: (() => void) | undefined;
  const pipeline: AnalysisPipeline = {
    secondsPerFrame: () => 0.1,
    analyseTechnique: () => Promise.resolve<TechniqueOutcome>({ kind: 'no-analysis', message: 'stand-in', warnings: [] }),
    writeTechniqueArchive: () => Promise.resolve(),
    tennisStatistics: (input, { signal, video, checkpointDir, onProgress }) =>
      new Promise((resolve, reject) => {
        onProgress?.(0.55);
        const found = checkpointDir && existsSync(checkpointDir) ? readdirSync(checkpointDir) : [];
        calls.push({ input, video, checkpointDir, found });
        // What the engine does as chunks are done: a file in the checkpoint folder.
        if (checkpointDir && o.checkpointFile) {
          mkdirSync(checkpointDir, { recursive: true });
          writeFileSync(join(checkpointDir, o.checkpointFile), 'chunk');
        }
        finish = () => resolve({ swings: [], warnings: [], resumedFrom: found });
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      }),
  };
  return { pipeline, calls, finish: () => finish?.() };
}

async function until(cond: () => boolean | Promise<boolean>, tries = 400): Promise<void> {
  for (let i = 0; i < tries && !(await cond()); i++) await new Promise((r) => setTimeout(r, 25));
  expect(await cond()).toBe(true);
}

async function upload(svc: Svc, path: string): Promise<string> {
  const { uploadUrl, downloadUrl } = await uploadUrls(svc, 'rally.mp4');
  expect((await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, body: readFileSync(path) })).status).toBe(200);
  return downloadUrl;
}

async function createTask(svc: Svc, body: object): Promise<string> {
  const r = await api(svc, 'POST', '/api/statistics/tennis', body);
  expect(r.status).toBe(202);
  return (r.json.data as { task_id: string }).task_id;
}

async function settle(svc: Svc, id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 600; i++) {
    const r = await api(svc, 'GET', `/api/statistics/tennis/${id}`);
    if (r.status !== 202) return r.json;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`task ${id} did not finish`);
}

describe('the analysis budget of a tennis task', () => {
  it('follows the probed length of a joined real clip: 15 s per video-s, floor 15 min, ceiling at the 3 h clip cap', () => {
    expect(long.durationS).toBeGreaterThan(190);
    expect(long.durationS).toBeLessThan(200);
    const budget = analysisBudgetMs(long.durationS);
    expect(budget).toBe(Math.ceil(long.durationS * TASK_ANALYSIS_S_PER_VIDEO_S * 1000)); // ≈ 49 min
    expect(budget).toBeGreaterThan(TASK_DEADLINE_MS);
    expect(analysisBudgetMs(10)).toBe(TASK_DEADLINE_MS); // a 10 s clip: the floor
    expect(analysisBudgetMs(5 * 3600)).toBe(analysisBudgetCeilingMs()); // past the cap: the ceiling
    expect(analysisBudgetCeilingMs()).toBe(45 * 3600_000); // the 3 h clip cap at 15 s per video-s
    expect(analysisBudgetMs(Number.NaN)).toBe(analysisBudgetCeilingMs()); // the probe does not say
    expect(overrunMessage(budget, long.durationS)).toBe(
      `The analysis took longer than its limit of 49 min for this ${lengthWords(long.durationS)} video: try again when the computer is less busy, or split the video`,
    );
  });

  it('a task on the joined clip gets its budget from the probe, and fails past it with the limit in minutes and the clip length', async () => {
    const s = standIn();
    // 0.02 s per video-s (tests shorten the rate): ≈ 3.9 s for ≈ 195 s of video, over the 0.2 s floor.
    const svc = await startTestService(h.home, { pipeline: () => Promise.resolve(s.pipeline), taskDeadlineMs: 200, taskBudgetPerVideoS: 0.02 });
    try {
      const id = await createTask(svc, { video_url: await upload(svc, longClip) });
      await until(() => s.calls.length === 1);
      const started = Date.now();
      expect(s.calls[0]!.video?.durationS).toBe(long.durationS); // the worker's probe, handed to the engine
      expect(s.calls[0]!.checkpointDir).toBe(join(h.home, 'service', 'work', `task-${id}`, 'pose'));
      const r = await settle(svc, id);
      const budgetMs = analysisBudgetMs(long.durationS, { floorMs: 200, sPerVideoS: 0.02 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(budgetMs - 1000); // not the 0.2 s floor
      expect(r).toEqual({
        status: 'failed',
        task_id: id,
        error: `The analysis took longer than its limit of 1 min for this ${lengthWords(long.durationS)} video: try again when the computer is less busy, or split the video`,
      });
      expect(svc.logs.join('\n')).toContain(`tennis task ${id}: analysing ${lengthWords(long.durationS)} of video, limit 1 min`);
      expect(svc.logs).toContain(`tennis task ${id}: 50 % analysed`);
      expect(existsSync(join(h.home, 'service', 'work', `task-${id}`))).toBe(false);
    } finally {
      await svc.close();
    }
  });
});

describe('a tennis task stopped mid-run', () => {
  let files: Server;
  let filesUrl = '';
  beforeAll(async () => {
    files = createServer((req, res) => {
      if (req.url !== '/short.mp4') return res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': statSync(shortClip).size });
      createReadStream(shortClip).pipe(res);
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => files.close(r)));

  it('is re-queued with its pose checkpoints and downloaded copy kept, resumes from them, and removes both when done', async () => {
    const first = standIn({ checkpointFile: 'chunk-0.bin' });
    const a = await startTestService(h.home, { pipeline: () => Promise.resolve(first.pipeline), allowLanHosts: ['127.0.0.1'] });
    const id = await createTask(a, { video_url: `${filesUrl}/short.mp4`, read_video_from_origin: true });
    await until(() => first.calls.length === 1);
    const work = join(h.home, 'service', 'work', `task-${id}`);
    const copy = join(h.home, 'service', 'objects', 'videos', `task-${id}.video`);
    expect(first.calls[0]!.found).toEqual([]);
    expect(first.calls[0]!.input).toBe(copy);
    await a.close(); // stops mid-task: re-queued
    expect(a.logs.join('\n')).toContain(`tennis task ${id}: interrupted by shutdown, re-queued`);
    expect(readdirSync(join(work, 'pose'))).toEqual(['chunk-0.bin']);
    const copied = statSync(copy);
    expect(copied.size).toBe(statSync(shortClip).size);

    // A stray folder of a task that no longer exists is swept when the worker starts.
    const stray = join(h.home, 'service', 'work', 'task-00000000-0000-4000-8000-000000000000');
    mkdirSync(stray, { recursive: true });
    const second = standIn();
    const b = await startTestService(h.home, { pipeline: () => Promise.resolve(second.pipeline), allowLanHosts: ['127.0.0.1'] });
    try {
      await until(() => second.calls.length === 1);
      expect(existsSync(stray)).toBe(false);
      // The same local file (not downloaded again: same mtime, so the engine's checkpoint key matches) and its checkpoints.
      expect(second.calls[0]!.input).toBe(copy);
      expect(statSync(copy).mtimeMs).toBe(copied.mtimeMs);
      expect(second.calls[0]!.checkpointDir).toBe(join(work, 'pose'));
      expect(second.calls[0]!.found).toEqual(['chunk-0.bin']);
      second.finish();
      const done = await settle(b, id);
      expect(done.data).toBeDefined();
      const stats = (await (await fetch((done.data as { result_url: string }).result_url)).json()) as { resumedFrom: string[] };
      expect(stats.resumedFrom).toEqual(['chunk-0.bin']);
      expect(existsSync(work)).toBe(false);
      expect(existsSync(copy)).toBe(false); // read_video_from_origin true: the copy goes once the task is done
    } finally {
      await b.close();
    }
  });
});

describe('a /process request behind a running task', () => {
  it('ends with a failed line naming the busy engine past its longest wait, and the task goes on', async () => {
    const s = standIn();
    const svc = await startTestService(h.home, { pipeline: () => Promise.resolve(s.pipeline), processMaxWaitMs: 1500 });
    try {
      const id = await createTask(svc, { video_url: await upload(svc, shortClip) });
      await until(() => s.calls.length === 1);
      const form = new FormData();
      form.set('metadata', JSON.stringify({ uid: 'waits', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1800 }));
      form.set('file', new Blob([readFileSync(shortClip)]), 'clip.mp4');
      const res = await fetch(`${svc.techniqueUrl}/process`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${svc.token}` } });
      expect(res.status).toBe(200);
      const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      // The first line at once, then a heartbeat every third of the wait (30 s at the default 15 min).
      expect(lines.length).toBeGreaterThanOrEqual(3);
      for (const l of lines.slice(0, -1)) expect(l).toEqual({ status: 'processing', uid: 'waits', progress: 0, warnings: [] });
      const last = lines.at(-1)!;
      expect(last).toMatchObject({ status: 'failed', uid: 'waits', warnings: [] });
      expect((last.errors as string[])[0]).toMatch(/^The analysis engine was busy with a tennis statistics task \(running for \d+ s\) for the 2 s this analysis could wait: try again later$/);
      expect(svc.load().processWaiting).toBe(0);
      expect((await api(svc, 'GET', `/api/statistics/tennis/${id}`)).json.status).toBe('running');
      s.finish();
      expect((await settle(svc, id)).data).toBeDefined();
    } finally {
      await svc.close();
    }
  });
});
