/**
 * Resume after an interruption (issue 29 item 1, main/engine/pose-checkpoint.ts): the real engine
 * on a real clip with 1 s chunks, aborted after 3 inferred chunks, then run again on the same
 * folder: the resumed run reads the saved chunks, infers only the others (chunks and crop-model
 * calls counted), and its pose, ball candidates, warnings and strokes equal an uninterrupted run's.
 * A chunk whose bytes were damaged is not used (nor any after it: they are inferred again). A run
 * stopped in the second pass resumes with the BlazePose results it had saved (second-pass-checkpoint.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { estimatePose, type PoseEstimate } from '../../main/engine/index.js';
import { InferencePool } from '../../main/engine/inference/index.js';
import { analyseStrokes } from '../../main/analysis/index.js';
import type { TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { mediaPath } from '../support/media.js';
import { tempDir } from './helpers.js';

const CLIP = mediaPath('tennis_forehand_2.mp4'); // 300 frames at 29.97 fps: ten 1 s chunks (30 frames each)
const HEIGHT_MM = 1700;
const META: TechniqueRequestMetadata = { uid: 'ckpt', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: HEIGHT_MM, store_data: false, timestamp: '2026-11-27T00:00:00' };

afterEach(() => vi.restoreAllMocks());

/** One run: the chunks taken from checkpoints and inferred, the crop-model (fast pass) and BlazePose (second pass) calls; aborted after `abortAfter` inferred chunks or at progress `abortAt`. */
async function run(dir: string | undefined, abortAfter?: number, abortAt?: number): Promise<{ out?: PoseEstimate; read: number[]; inferred: number[]; poseCalls: number; landmarkCalls: number }> {
  const spy = vi.spyOn(InferencePool.prototype, 'pose');
  const spyL = vi.spyOn(InferencePool.prototype, 'landmarks');
  const read: number[] = [];
  const inferred: number[] = [];
  const ac = new AbortController();
  const onChunk = (n: number, from: 'checkpoint' | 'inferred') => {
    (from === 'checkpoint' ? read : inferred).push(n);
    if (abortAfter !== undefined && inferred.length >= abortAfter) ac.abort();
  };
  try {
    const onProgress = (share: number) => void (abortAt !== undefined && share >= abortAt && ac.abort());
    const out = await estimatePose(CLIP, { playerHeightMm: HEIGHT_MM, signal: ac.signal, onProgress, ...(dir ? { checkpoint: { dir, chunkS: 1, onChunk } } : {}) });
    return { out, read, inferred, poseCalls: spy.mock.calls.length, landmarkCalls: spyL.mock.calls.length };
  } catch (e) {
    if (!ac.signal.aborted) throw e;
    return { read, inferred, poseCalls: spy.mock.calls.length, landmarkCalls: spyL.mock.calls.length };
  } finally {
    spy.mockRestore();
    spyL.mockRestore();
  }
}

function strokesOf(p: PoseEstimate) {
  return analyseStrokes({ pose2d: p.pose2d, pose3d: p.pose3d, ball: p.ball, fps: p.video.fps, width: p.video.width, height: p.video.height, meta: META }).result;
}

function expectSame(a: PoseEstimate, b: PoseEstimate): void {
  for (const k of ['keypoints', 'confidences', 'present', 'bbox', 'boxConfidence', 'timestamps'] as const) {
    expect(Array.from(b.pose2d[k])).toEqual(Array.from(a.pose2d[k]));
    expect(Array.from(b.pose3d[k])).toEqual(Array.from(a.pose3d[k]));
  }
  expect(b.ball).toEqual(a.ball);
  expect(b.warnings).toEqual(a.warnings);
  expect(b.timings.secondPassFrames).toBe(a.timings.secondPassFrames);
  expect(strokesOf(b)).toEqual(strokesOf(a));
}

describe('pose checkpoints', () => {
  it('a job aborted after 3 chunks resumes from them and gives the uninterrupted result', async () => {
    const whole = await run(undefined);
    const dir = tempDir();
    const first = await run(dir, 3);
    expect(first.out).toBeUndefined();
    expect(first.inferred).toEqual([0, 1, 2]);
    const resumed = await run(dir);
    expect(resumed.read).toEqual([0, 1, 2]);
    expect(resumed.inferred).toEqual([3, 4, 5, 6, 7, 8, 9]);
    // The resumed run's crop model ran only on the chunks it inferred (fast pass only: the second pass runs BlazePose).
    expect(resumed.poseCalls).toBeLessThan(whole.poseCalls);
    console.log(`chunks inferred: first run ${first.inferred.length} (aborted), resumed ${resumed.inferred.length} + ${resumed.read.length} read; crop-model calls: uninterrupted ${whole.poseCalls}, first ${first.poseCalls}, resumed ${resumed.poseCalls}`);
    expect(first.poseCalls + resumed.poseCalls).toBeGreaterThanOrEqual(whole.poseCalls);
    expectSame(whole.out!, resumed.out!);

    // Every chunk is now saved: a third run infers nothing in the fast pass and still gives the same.
    const again = await run(dir);
    expect(again.read).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(again.inferred).toEqual([]);
    expect(again.poseCalls).toBe(0);
    expect(again.landmarkCalls).toBe(0); // the second pass's results were saved too
    expectSame(whole.out!, again.out!);

    // A damaged chunk (one byte of its body changed) is not used: from it on, the chunks are inferred again.
    const [key] = readdirSync(dir);
    const file = join(dir, key!, 'chunk-000004.bin');
    const bytes = readFileSync(file);
    bytes[bytes.length - 5] = (bytes[bytes.length - 5] ?? 0) ^ 0xff;
    writeFileSync(file, bytes);
    const damaged = await run(dir);
    expect(damaged.read).toEqual([0, 1, 2, 3]);
    expect(damaged.inferred).toEqual([4, 5, 6, 7, 8, 9]);
    expectSame(whole.out!, damaged.out!);

    // Stopped in the second pass (progress 0.6: the fast pass is 0.3 of the bar): the resumed run reads every fast chunk and runs BlazePose only on the frames without a saved result.
    const dir2 = tempDir();
    const stopped = await run(dir2, undefined, 0.6);
    expect(stopped.out).toBeUndefined();
    expect(stopped.inferred).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const rest = await run(dir2);
    expect(rest.read).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rest.poseCalls).toBe(0);
    console.log(`second pass: BlazePose calls uninterrupted ${whole.landmarkCalls}, stopped ${stopped.landmarkCalls}, resumed ${rest.landmarkCalls}`);
    expect(rest.landmarkCalls).toBeGreaterThan(0);
    expect(rest.landmarkCalls).toBeLessThan(whole.landmarkCalls);
    expect(stopped.landmarkCalls + rest.landmarkCalls).toBeGreaterThanOrEqual(whole.landmarkCalls);
    expectSame(whole.out!, rest.out!);
  }, 1_800_000);
});
