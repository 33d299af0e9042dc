/**
 * The direct local backend's port protocol (main/backends/direct-port.ts) over a real
 * node:worker_threads MessageChannel (the postMessage/transfer semantics of Electron's
 * MessagePortMain), with the real pipeline analyser (main/backends/direct.ts) on the serving side
 * and a stand-in analysis glue that returns fixed tracks, so every value can be asserted exactly:
 * typed arrays arrive bit-identical and their buffers are moved (detached at the sender), progress
 * and warnings are relayed in order, an `error` outcome becomes the same TechniqueError, a cancel
 * aborts the serving side's run, and a closed port fails what is pending.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { fromText } from '../../main/contract/warning.js';
import { afterEach, describe, expect, it } from 'vitest';
import { TechniqueError } from '../../main/api/errors.js';
import { pipelineAnalyser } from '../../main/backends/direct.js';
import { analyserOverPort, serveAnalyserOnPort } from '../../main/backends/direct-port.js';
import type { VideoInfo } from '../../main/av/index.js';
import { createPoseTrack, type PoseTrack } from '../../main/pose/pose-track.js';
import { createEngineSlot } from '../../main/pipeline/engine-slot.js';
import type { AnalysisPipeline, TechniqueOutcome } from '../../main/pipeline/pipeline-types.js';

const META = { uid: 'port-1', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1800 } as const;
const VIDEO: VideoInfo = { width: 1920, height: 1080, fps: 29.97, durationS: 10.01, frameCount: 300, startTimeS: 0, codec: 'h264', rotation: 0, hasAudio: false };
const RESULT = { features: [], feature_categories: {} };

/** A track of `frames` frames whose values are distinct, non-round numbers (a JSON round trip at 0.01 px would change them). */
function track(frames: number, dims: 2 | 3): PoseTrack {
  const t = createPoseTrack(frames, dims, 17, '/clips/a.mp4');
  t.keypoints.forEach((_, i) => (t.keypoints[i] = 100.123456 + i * 0.3333));
  t.confidences.forEach((_, i) => (t.confidences[i] = (i % 97) / 97));
  t.timestamps.forEach((_, i) => (t.timestamps[i] = 0.1 + i / 29.97));
  t.present.fill(1);
  return t;
}

interface Glue {
  pipeline: AnalysisPipeline;
  /** Tracks the last done outcome returned (to check detachment after the transfer). */
  last?: { pose2d: PoseTrack; pose3d: PoseTrack };
  aborted: unknown[];
}

/** Stand-in analysis glue: progress 0.5 and one warning, then the outcome `make` gives; waits for abort when `hold`. */
function glue(make: () => TechniqueOutcome, hold = false): Glue {
  const g: Glue = {
    aborted: [],
    pipeline: {
      secondsPerFrame: () => 0.01,
      writeTechniqueArchive: () => Promise.resolve(),
      tennisStatistics: () => Promise.reject(new Error('not used')),
      analyseTechnique: (_path, _meta, hooks) => {
        hooks.onProgress?.(0.5);
        hooks.onWarning?.(fromText('player lost in frames 3-4'));
        if (hold) {
          return new Promise((_resolve, reject) =>
            hooks.signal.addEventListener('abort', () => (g.aborted.push(hooks.signal.reason), reject(hooks.signal.reason as Error)), { once: true }),
          );
        }
        const o = make();
        if (o.kind === 'done') g.last = { pose2d: o.pose2d, pose3d: o.pose3d };
        return Promise.resolve(o);
      },
    },
  };
  return g;
}

const ports: MessagePort[] = [];
function connect(g: Glue) {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  serveAnalyserOnPort(port2, pipelineAnalyser(() => Promise.resolve(g.pipeline), createEngineSlot().run));
  return analyserOverPort(port1);
}
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

describe('direct analyses over a MessagePort', () => {
  it('delivers the typed analysis and bit-identical typed pose, moving the buffers, with progress and warnings in order', async () => {
    const [p2, p3] = [track(300, 2), track(300, 3)];
    const copy2 = p2.keypoints.slice();
    const copy3 = p3.keypoints.slice();
    const g = glue(() => ({ kind: 'done', pose2d: p2, pose3d: p3, result: RESULT, warnings: [fromText('fps below 30')], video: VIDEO }));
    const client = connect(g);
    const events: string[] = [];
    const a = await client.analyse('/clips/a.mp4', { ...META }, {
      signal: new AbortController().signal,
      onProgress: (s) => events.push(`progress ${s}`),
      onWarning: (w) => events.push(`warning ${w.message}`),
    });
    expect(events).toEqual(['progress 0.5', 'warning player lost in frames 3-4', 'warning fps below 30']);
    // The typed analysis, no done object (main/pipeline/README.md).
    expect(a).toMatchObject({ uid: 'port-1', errors: [], warnings: [fromText('player lost in frames 3-4'), fromText('fps below 30')], metadata: { pipeline_version: 'stable' } });
    expect(a).not.toHaveProperty('status');
    expect(a).not.toHaveProperty('video_entry_2D_json');
    expect(a.video).toEqual(VIDEO);
    expect(a.pose2d.keypoints).toBeInstanceOf(Float32Array);
    expect(a.pose2d.keypoints).toEqual(copy2);
    expect(a.pose3d.keypoints).toEqual(copy3);
    expect(a.pose3d.dims).toBe(3);
    expect(a.pose2d.timestamps[299]).toBe(0.1 + 299 / 29.97);
    // Moved, not copied: the sender's arrays are detached.
    expect(p2.keypoints.byteLength).toBe(0);
    expect(p3.confidences.byteLength).toBe(0);
  });

  it('an error outcome arrives as the same TechniqueError the in-process analyser throws', async () => {
    const g = glue(() => ({ kind: 'no-analysis', message: 'no person found in any of the 90 decoded frames', warnings: [] }));
    const err = await connect(g).analyse('/clips/a.mp4', { ...META }, { signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TechniqueError);
    expect(err).toMatchObject({ message: 'technique analysis error: no person found in any of the 90 decoded frames', errors: ['no person found in any of the 90 decoded frames'], uid: 'port-1', warnings: ['player lost in frames 3-4'] });
  });

  it('refuses bad metadata with the client\'s input error', async () => {
    const g = glue(() => ({ kind: 'no-analysis', message: 'unused', warnings: [] }));
    const err = await connect(g).analyse('/clips/a.mp4', { ...META, player_height_mm: -5 }, { signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ApiError', kind: 'input' });
    expect((err as Error).message).toMatch(/player_height_mm/);
  });

  it('a cancel rejects at once with the signal\'s reason and aborts the run on the serving side', async () => {
    const g = glue(() => ({ kind: 'no-analysis', message: 'unused', warnings: [] }), true);
    const client = connect(g);
    const ac = new AbortController();
    let progressed!: () => void;
    const started = new Promise<void>((r) => (progressed = r));
    const run = client.analyse('/clips/a.mp4', { ...META }, { signal: ac.signal, onProgress: () => progressed() });
    await started;
    const reason = new Error('cancelled');
    ac.abort(reason);
    await expect(run).rejects.toBe(reason);
    for (let i = 0; i < 100 && g.aborted.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(g.aborted).toHaveLength(1);
  });

  it('a closed port fails the pending analysis with a reason', async () => {
    const g = glue(() => ({ kind: 'no-analysis', message: 'unused', warnings: [] }), true);
    const client = connect(g);
    let progressed!: () => void;
    const started = new Promise<void>((r) => (progressed = r));
    const run = client.analyse('/clips/a.mp4', { ...META }, { signal: new AbortController().signal, onProgress: () => progressed() });
    await started;
    ports[1]?.close(); // the serving side goes away (its process exited)
    await expect(run).rejects.toThrow(/closed its port/);
    await expect(client.analyse('/clips/a.mp4', { ...META }, { signal: new AbortController().signal })).rejects.toThrow(/closed/);
  });
});
