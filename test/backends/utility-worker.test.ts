/**
 * The Electron utility-process protocol end to end under plain Node: a real node:worker_threads
 * Worker runs main/electron/service-host.ts (what service-entry.ts runs in Electron) behind an
 * Electron-shaped parent port, and each analysis port goes through the real MessagePortMain
 * adapter (main/electron/analysis-port.ts) over a shim of MessagePortMain's event shape
 * (test/backends/support/service-worker.ts). The main side is what local-service.ts does: wait
 * for `ready`, send `{type: 'analysis-port'}` with one end of a MessageChannel, and hand
 * analyserOverPort to the job queue. Checked: a job's progress events and warnings arrive from
 * the other thread and it ends done with the pose stored bit for bit; an `error` outcome fails the
 * job with its message; a cancel aborts the run in the worker within a second; video checks and
 * tennis tasks over a tasks port (main/backends/task-port.ts) answer as in process, errors and
 * cancel included; `stop` ends the worker with code 0. Electron's own objects (utilityProcess.fork, MessageChannelMain, the real
 * MessagePortMain) are not here: see main/electron/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyserOverPort } from '../../main/backends/direct-port.js';
import { tasksOverPort } from '../../main/backends/task-port.js';
import type { BackendResolver } from '../../main/backends/index.js';
import type { ServiceMessage } from '../../main/electron/service-host.js';
import { JobQueue, type JobView } from '../../main/jobs/index.js';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { poseTrackFromJson } from '../../main/pose/pose-track.js';
import { analysedClip, type AnalysedClip } from '../support/analysed-clip.js';

const home = mkdtempSync(join(tmpdir(), 'ss-utility-worker-'));
let worker: Worker;
let ready: Extract<ServiceMessage, { type: 'ready' }>;
let db: WritableDb;
let queue: JobQueue;
let analysed: AnalysedClip;
const aborted: number[] = [];
let onHolding: (() => void) | undefined;

function post(data: ServiceMessage, ports: MessagePort[] = []): void {
  worker.postMessage({ data, ports }, ports);
}
type MessagePort = import('node:worker_threads').MessagePort;

beforeAll(async () => {
  analysed = await analysedClip(); // cached on disk; the worker reads the same cache
  // TypeScript behind tsx's loader, as main/engine/infer-pool.ts starts its workers under vitest.
  const tsxApi = createRequire(import.meta.url).resolve('tsx/esm/api');
  const entry = new URL('./support/service-worker.ts', import.meta.url).href;
  worker = new Worker(`require(${JSON.stringify(tsxApi)}).register(); import(${JSON.stringify(entry)});`, { eval: true, workerData: { home } });
  worker.on('message', (m: { control?: string }) => {
    if (m.control === 'aborted') aborted.push(performance.now());
    if (m.control === 'holding') onHolding?.();
  });
  ready = await new Promise((resolve, reject) => {
    worker.on('message', (m: ServiceMessage) => (m.type === 'ready' ? resolve(m) : m.type === 'failed' && reject(new Error(m.message))));
    worker.once('error', reject);
  });
  const { port1, port2 } = new MessageChannel();
  post({ type: 'analysis-port' }, [port2]);
  const analyser = analyserOverPort(port1);
  const backends: BackendResolver = {
    direct: () => Promise.resolve(analyser),
    client: () => Promise.reject(new Error('no HTTP in this test')),
    close: () => Promise.resolve(analyser.close()),
  };
  db = openLibrary(home);
  queue = new JobQueue({ db, home, backends });
  queue.start();
}, 240_000);

afterAll(async () => {
  await queue.stop();
  db.close();
  await worker.terminate();
  rmSync(home, { recursive: true, force: true });
});

/** Enqueues an analysis job of the analysed clip and collects its views until it ends; `onHolding` when the worker's run holds. */
async function job(mode: 'done' | 'error' | 'hold', holding?: (id: number) => void) {
  worker.postMessage({ control: 'mode', mode });
  const views: JobView[] = [];
  let id = -1;
  onHolding = () => holding?.(id);
  const seen = (j: JobView) => {
    if (j.id === id) views.push(j);
  };
  const off = queue.on('job', seen);
  id = queue.enqueueAnalysis({ videoPath: analysed.clipPath, player: { name: 'Worker Player', dominantHand: 'right', heightMm: 1850 }, sport: 'tennis', swingType: 'forehand_drive', backend: 'local' });
  await queue.whenIdle();
  off();
  return { final: queue.get(id), views };
}

describe('the utility-process protocol in a real Worker', () => {
  it('posts ready with the service address', () => {
    expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.techniqueUrl).toBe(ready.baseUrl);
    expect(ready.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a job gets the progress events and warning from the worker and stores the pose bit for bit', async () => {
    const { final, views } = await job('done');
    expect(final?.state, final?.reason).toBe('done');
    // The worker sends 0.25, 0.5, 0.75; the queue throttles live progress (job-view.ts), so the
    // views hold some of them, rising, and the last one.
    const shares = views.filter((v) => v.state === 'analysing').map((v) => v.share);
    expect(shares.at(-1)).toBe(0.75);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(shares.every((s) => [0, 0.25, 0.5, 0.75].includes(s))).toBe(true);
    expect(final?.warnings.map((w) => w.message)).toContain('stand-in warning from the utility process');
    const detail = getSessionDetail(db, final?.sessionId ?? -1);
    const expected = poseTrackFromJson(analysed.done.video_entry_2D_json);
    expect(detail?.pose2d?.keypoints).toEqual(expected.keypoints);
    expect(detail?.pose2d?.frames).toBe(90);
    expect(detail?.pose3d?.keypoints).toEqual(poseTrackFromJson(analysed.done.video_entry_3D_json).keypoints);
  });

  it('an error outcome fails the job with its message', async () => {
    const { final } = await job('error');
    expect(final?.state).toBe('failed');
    expect(final?.reason).toContain('no person found in any of the 90 decoded frames');
  });

  it('a cancel aborts the run in the worker within a second', async () => {
    let cancelledAt = NaN;
    const { final } = await job('hold', (id) => {
      cancelledAt = performance.now();
      queue.cancel(id);
    });
    expect(final?.state).toBe('cancelled');
    for (let i = 0; i < 500 && aborted.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(aborted).toHaveLength(1);
    // The brief's bound (one message each way between threads); measured 2–15 ms at load 10.
    expect((aborted[0] ?? Infinity) - cancelledAt).toBeLessThan(1000);
  });

  it('video checks and tennis tasks over a tasks port give the in-process answers and errors', async () => {
    const { port1, port2 } = new MessageChannel();
    post({ type: 'tasks-port' }, [port2]);
    const tasks = tasksOverPort(port1);
    worker.postMessage({ control: 'mode', mode: 'done' });
    const url = tasks.fileUrl!(analysed.clipPath);
    const missing = pathToFileURL(join(home, 'not-there.mp4')).href;
    const checked = await tasks.checkVideos([url, missing]);
    // The 3 s cut: 3.0 s is within 3–10 s, 29.97 ≥ 29 fps, 1080 ≥ 480 px (video-check-route.ts).
    expect(checked.data?.[url]).toMatchObject({ video_ok: true, fps_check: true, resolution_check: true });
    expect(checked.errors?.[missing]).toEqual({ status: 404, message: `No such file: ${join(home, 'not-there.mp4')}` });
    const { taskId } = await tasks.createTennisTask({ video_url: url });
    const statuses: string[] = [];
    const done = await tasks.waitForTennisTask(taskId, { onStatus: (s) => statuses.push(s.state) });
    expect(done.result).toEqual({ file: analysed.clipPath, hand: 'right' });
    expect(statuses.at(-1)).toBe('done');
    await expect(tasks.createTennisTask({ video_url: missing })).rejects.toMatchObject({ name: 'ApiError', kind: 'input', status: 404 });
    await expect(tasks.waitForTennisTask('0f6c5a52-32b4-4a5e-9d1e-3c2b1a0f9e8d')).rejects.toMatchObject({ kind: 'input', status: 404 });

    worker.postMessage({ control: 'mode', mode: 'hold' });
    const held = await tasks.createTennisTask({ video_url: url });
    const ac = new AbortController();
    const waiting = tasks.waitForTennisTask(held.taskId, { signal: ac.signal });
    ac.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'cancelled' });
    tasks.close();
  });

  it('stop ends the worker with code 0', async () => {
    const exited = new Promise<number>((r) => worker.once('exit', r));
    post({ type: 'stop' });
    expect(await exited).toBe(0);
  });
});
