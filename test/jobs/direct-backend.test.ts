/**
 * The direct local backend (main/backends/direct.ts) against the HTTP path through the local
 * service, for the same real clip (a 3 s cut of tennis_forehand_2.mp4 around its forehand):
 * both store the same session. The engine runs once (it is slow on 2 shared cores): the first
 * job (direct) runs the real pipeline, and the second (HTTP: multipart upload to /process, NDJSON,
 * JSON pose, zod, ingest) gets the same outcome replayed, so any difference comes from the
 * transport and the ingest. Tolerances of the HTTP path (poseTrackToJson rounds, the direct
 * path does not): 2D keypoints and boxes 0.01 px / 2 (+ float32 spacing at 2048 px, 2.4e-4),
 * 3D keypoints 0.1 mm / 2 (+ float32 spacing at 2 m), confidences 0.001 / 2; timestamps, frame
 * numbers, presence, results, features and warnings equal. Two known differences: a 3D box is
 * NaN as the engine makes it (direct) but 0 after JSON (which has no NaN), and the HTTP path's
 * `source_path` names the service's temporary copy of the upload.
 * Probes (main/av/probe.ts probeVideo, the one probe of main/av/, counted through vi.mock): exactly
 * 1 per analysis on the direct path (the engine's, whose facts also decide playability and size the
 * thumbnail), 2 on the HTTP path (the /process validation, handed to the engine, and the job's,
 * which also decides playability).
 * Job states, progress, warnings and cancel are checked on the direct path as on HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { warningText, type Warning } from '../../main/contract/warning.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackendResolver, type BackendResolver } from '../../main/backends/index.js';
import { probeVideo } from '../../main/av/index.js';
import { JobQueue, type AnalysisJobInput, type JobView } from '../../main/jobs/index.js';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import { playbackProxyFor } from '../../main/library/playback-proxy.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { listSessions } from '../../main/library/sessions.js';
import type { SessionDetail } from '../../main/library/library-types.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import type { AnalysisPipeline, RunHooks, TechniqueOutcome } from '../../main/pipeline/pipeline-types.js';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { nodeSecretBox } from '../../main/settings/api-key.js';
import { cutRealClip } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';

vi.mock('../../main/av/probe.js', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../../main/av/probe.js')>();
  return { ...orig, probeVideo: vi.fn(orig.probeVideo) };
});
const probes = vi.mocked(probeVideo);

const dir = mkdtempSync(join(tmpdir(), 'ss-direct-'));
const clip = join(dir, 'forehand_cut.mp4');

/** The engine's outcome of the first call, replayed (progress, warnings, pose re-labelled with the caller's path) to later calls. */
function replayingPipeline(): AnalysisPipeline & { runs: number } {
  let first: { outcome: TechniqueOutcome; progress: number[]; warnings: Warning[] } | undefined;
  const relabel = (t: PoseTrack, path: string): PoseTrack => ({ ...t, sourcePath: path });
  const p = {
    ...techniquePipeline,
    runs: 0,
    async analyseTechnique(path: string, meta: Parameters<AnalysisPipeline['analyseTechnique']>[1], hooks: RunHooks): Promise<TechniqueOutcome> {
      if (!first) {
        p.runs++;
        const progress: number[] = [];
        const warnings: Warning[] = [];
        const outcome = await techniquePipeline.analyseTechnique(path, meta, {
          ...hooks,
          onProgress: (s) => (progress.push(s), hooks.onProgress?.(s)),
          onWarning: (w) => (warnings.push(w), hooks.onWarning?.(w)),
        });
        first = { outcome, progress, warnings };
        return outcome;
      }
      for (const s of first.progress) hooks.onProgress?.(s);
      for (const w of first.warnings) hooks.onWarning?.(w);
      const o = first.outcome;
      return o.kind === 'done' ? { ...o, pose2d: relabel(o.pose2d, path), pose3d: relabel(o.pose3d, path) } : o;
    },
  };
  return p;
}

const pipeline = replayingPipeline();

interface Run {
  home: string;
  db: WritableDb;
  backends: BackendResolver;
  queue: JobQueue;
  seen: JobView[];
}
const runs: Run[] = [];

function open(transport: 'direct' | 'http', pipe: AnalysisPipeline = pipeline): Run {
  const home = mkdtempSync(join(dir, `${transport}-`));
  const db = openLibrary(home);
  const backends = createBackendResolver({ home, secretBox: nodeSecretBox(home), env: {}, localTransport: transport, localService: { log: () => undefined, pipeline: () => Promise.resolve(pipe) } });
  const queue = new JobQueue({ db, home, backends });
  const run: Run = { home, db, backends, queue, seen: [] };
  queue.on('job', (j) => run.seen.push(j));
  queue.start();
  runs.push(run);
  return run;
}

const INPUT: AnalysisJobInput = {
  videoPath: clip,
  player: { name: 'Roger Example', dominantHand: 'right', heightMm: 1850 },
  sport: 'tennis',
  swingType: 'forehand_drive',
  backend: 'local',
  title: 'Forehand cut',
  recordedAt: '2026-11-20T10:00:00Z',
};

/** Runs one job to its end; @returns its final view, the states it went through and the probes it made. */
async function analyse(run: Run): Promise<{ job: JobView; states: string[]; probes: string[]; detail: SessionDetail }> {
  const before = probes.mock.calls.length;
  const id = run.queue.enqueueAnalysis(INPUT);
  await run.queue.whenIdle();
  const job = run.queue.get(id)!;
  const states = run.seen.filter((j) => j.id === id).map((j) => j.state).filter((s, i, a) => s !== a[i - 1]);
  const detail = getSessionDetail(run.db, job.sessionId ?? -1);
  if (!detail) throw new Error(`job ended ${job.state}: ${job.reason ?? ''}`);
  return { job, states, probes: probes.mock.calls.slice(before).map((c) => String(c[0])), detail };
}

/** Largest |a − b| over the entries where either is finite (NaN on one side only counts as Infinity). */
function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i]!, b[i]!];
    if (Number.isNaN(x) && Number.isNaN(y)) continue;
    m = Math.max(m, Number.isFinite(x - y) ? Math.abs(x - y) : Infinity);
  }
  return m;
}

let direct: Awaited<ReturnType<typeof analyse>>;
let http: Awaited<ReturnType<typeof analyse>>;

beforeAll(async () => {
  cutRealClip(mediaPath('tennis_forehand_2.mp4'), 2.8, 3, clip);
  direct = await analyse(open('direct'));
  http = await analyse(open('http'));
}, 600_000);

afterAll(async () => {
  for (const r of runs) {
    await r.queue.stop();
    await r.backends.close();
    r.db.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('direct local backend vs HTTP through the local service, same clip', () => {
  it('runs the engine once for both jobs; both end done, in the states of their transport', () => {
    expect(pipeline.runs).toBe(1);
    expect(direct.job.state).toBe('done');
    expect(http.job.state).toBe('done');
    // 'uploading' is the queue's claim (library/jobs.ts); the direct path sends no bytes in it.
    expect(direct.states).toEqual(['queued', 'uploading', 'analysing', 'storing', 'done']);
    expect(http.states).toEqual(direct.states);
    expect(runs[0]!.seen.some((j) => j.state === 'uploading' && j.totalBytes !== undefined)).toBe(false);
    expect(runs[1]!.seen.some((j) => j.state === 'uploading' && (j.totalBytes ?? 0) > 0)).toBe(true);
  });

  it('probes the clip once on the direct path (the engine), twice on the HTTP path', () => {
    // The whole analysis, store, playability decision and thumbnail included: a second probe fails here.
    expect(direct.probes).toEqual([clip]);
    expect(direct.probes.length).toBe(1);
    expect(http.probes).toHaveLength(2);
    expect(http.probes).toContain(clip); // the job's probe; the other is /process's of its temporary copy
  });

  it('decides playability (and makes a proxy) from the probe it is given, without probing again', async () => {
    const outcome = await pipeline.analyseTechnique(clip, { playerHeightMm: 1800 } as never, {} as never);
    if (outcome.kind !== 'done') throw new Error('no outcome');
    // The engine's probe carries the playback facts the decision needs.
    expect(outcome.video).toMatchObject({ container: 'mov,mp4,m4a,3gp,3g2,mj2', codec: 'h264', pixelFormat: 'yuv420p' });
    const before = probes.mock.calls.length;
    const stage = mkdtempSync(join(dir, 'stage-'));
    expect(await playbackProxyFor(clip, stage, { video: outcome.video })).toBeNull();
    const made = await playbackProxyFor(clip, stage, { video: { ...outcome.video, pixelFormat: 'yuv422p' } });
    expect(made?.reason).toBe('h264 video in yuv422p pixels does not play in the app');
    expect(probes.mock.calls.length).toBe(before);
  }, 120_000);

  it('stores the same session, analysis, features and series', () => {
    const [d, h] = [direct.detail, http.detail];
    const sessionOf = (x: SessionDetail) => ({ ...x.session, id: 0, clipPath: '', createdAt: '' });
    expect(sessionOf(d)).toEqual(sessionOf(h));
    expect(d.session).toMatchObject({ width: 1920, height: 1080, title: 'Forehand cut', recordedAt: '2026-11-20T10:00:00Z' });
    expect(d.session.fps).toBeCloseTo(29.97, 2);
    // Warnings compare as their API.md strings: over HTTP they arrive as strings (code 'service'), direct they stay typed.
    const analysisOf = (x: SessionDetail) => ({ ...x.analysis!, id: 0, uid: '', archivePath: '', createdAt: '', timings: null, warnings: x.analysis!.warnings.map(warningText) });
    expect(analysisOf(d)).toEqual(analysisOf(h));
    expect(d.analysis?.backend).toBe('local');
    expect(d.analysis?.timings.uploadS).toBeNull();
    expect(h.analysis?.timings.uploadS).toBeGreaterThanOrEqual(0);
    expect(d.features.length).toBeGreaterThanOrEqual(4);
    const featuresOf = (x: SessionDetail) => x.features.map((f) => ({ ...f, id: 0, analysisId: 0 }));
    expect(featuresOf(d)).toEqual(featuresOf(h));
    expect(d.categories).toEqual(h.categories);
    expect(d.kineticChain).toEqual(h.kineticChain);
    expect(d.wristSpeed).toEqual(h.wristSpeed);
    expect(d.contact).toEqual(h.contact);
    expect(d.leftOut).toEqual(h.leftOut);
    expect(direct.job.warnings.map(warningText)).toEqual(http.job.warnings.map(warningText));
  });

  it('stores the same pose within the HTTP path\'s rounding, the direct path unrounded', () => {
    const [d2, h2, d3, h3] = [direct.detail.pose2d!, http.detail.pose2d!, direct.detail.pose3d!, http.detail.pose3d!];
    expect(d2.frames).toBe(90);
    for (const [d, h] of [[d2, h2], [d3, h3]] as const) {
      expect(h.frames).toBe(d.frames);
      expect(Array.from(h.frameNr)).toEqual(Array.from(d.frameNr));
      expect(Array.from(h.timestamps)).toEqual(Array.from(d.timestamps));
      expect(Array.from(h.present)).toEqual(Array.from(d.present));
      expect(maxDiff(d.confidences, h.confidences)).toBeLessThanOrEqual(0.0005 + 1e-7);
      expect(maxDiff(d.boxConfidence, h.boxConfidence)).toBe(0);
    }
    const k2 = maxDiff(d2.keypoints, h2.keypoints);
    const k3 = maxDiff(d3.keypoints, h3.keypoints);
    expect(k2).toBeLessThanOrEqual(0.005 + 2.5e-4);
    expect(k3).toBeLessThanOrEqual(0.00005 + 2.5e-7);
    expect(maxDiff(d2.bbox, h2.bbox)).toBeLessThanOrEqual(0.005 + 2.5e-4);
    // The direct pose is not rounded: some keypoint is off the HTTP path's 0.01 px grid.
    expect(Array.from(d2.keypoints).some((v) => Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) > 0.01)).toBe(true);
    // 3D boxes: NaN as the engine makes them vs 0 after JSON.
    const presentFrame = d3.present.indexOf(1);
    expect(d3.bbox[presentFrame * 4]).toBeNaN();
    expect(h3.bbox[presentFrame * 4]).toBe(0);
    expect(d2.sourcePath).toBe(clip);
    console.log(`largest pose differences HTTP vs direct: 2D ${k2.toExponential(2)} px, 3D ${(k3 * 1000).toExponential(2)} mm`);
  });

  it('reports progress on the direct path as on HTTP: monotonic shares while analysing, up to 1', () => {
    const shares = (run: Run, id: number) => run.seen.filter((j) => j.id === id && j.state === 'analysing').map((j) => j.share);
    for (const [run, r] of [[runs[0]!, direct], [runs[1]!, http]] as const) {
      const s = shares(run, r.job.id);
      expect(s.length).toBeGreaterThan(3);
      expect(s).toEqual([...s].sort((a, b) => a - b));
      expect(s.at(-1)).toBeGreaterThanOrEqual(0.9);
    }
  });
});

describe('direct local backend: cancel', () => {
  it('a cancel while analysing aborts the engine run, ends the job cancelled and stores nothing', async () => {
    const aborted: unknown[] = [];
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const held: AnalysisPipeline = {
      ...techniquePipeline,
      analyseTechnique: (_p, _m, hooks) =>
        new Promise((_resolve, reject) => {
          hooks.onProgress?.(0.25);
          started();
          hooks.signal.addEventListener('abort', () => (aborted.push(hooks.signal.reason), reject(hooks.signal.reason as Error)), { once: true });
        }),
    };
    const run = open('direct', held);
    const id = run.queue.enqueueAnalysis(INPUT);
    await running;
    expect(run.queue.get(id)).toMatchObject({ state: 'analysing', share: 0.25 });
    run.queue.cancel(id);
    await run.queue.whenIdle();
    expect(run.queue.get(id)).toMatchObject({ state: 'cancelled', reason: 'cancelled by the user' });
    expect(aborted).toHaveLength(1);
    expect(listSessions(run.db)).toEqual([]);
  });
});
