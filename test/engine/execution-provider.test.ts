/**
 * The execution provider of the pose models (issue 29, item 3; main/engine/runtime/
 * execution-provider.ts, ort-runtime.ts): SWING_INFER_PROVIDER parsing, the per-platform choice,
 * the output comparison against the CPU, and the fallback to the CPU with a warning. This machine
 * (Linux x64, onnxruntime-node installed without its CUDA binaries) has only the CPU provider, so
 * SWING_INFER_PROVIDER=cuda (and dml, which Linux builds do not have) must fall back, not crash.
 * DirectML, CoreML and a working CUDA are only type-checked here (main/engine/README.md
 * "Execution provider" says what to check on such a machine).
 */
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseInferProvider } from '../../main/contract/infer-provider.js';
import { estimatePose } from '../../main/engine/index.js';
import { cudaProviderInstalled, outputsDisagree, plannedProvider, providerCheckInput } from '../../main/engine/runtime/execution-provider.js';
import { loadOrt, OrtRuntime } from '../../main/engine/runtime/ort-runtime.js';
import { inferProviderView, lastProviderUse } from '../../main/engine/runtime/provider-use.js';
import type { ModelOutputs } from '../../main/engine/runtime/pose-runtime.js';
import { mediaPath } from '../support/media.js';
import { ffmpeg, tempDir } from './helpers.js';

afterEach(() => {
  delete process.env.SWING_INFER_PROVIDER;
});

describe('SWING_INFER_PROVIDER', () => {
  it('reads cpu, cuda, dml, coreml and auto in any case; unset or empty is auto', () => {
    expect(parseInferProvider(undefined)).toEqual({ request: 'auto' });
    expect(parseInferProvider('')).toEqual({ request: 'auto' });
    expect(parseInferProvider(' CUDA ')).toEqual({ request: 'cuda' });
    for (const p of ['cpu', 'dml', 'coreml', 'auto'] as const) expect(parseInferProvider(p)).toEqual({ request: p });
  });

  it('takes an unknown value as auto and says so', () => {
    expect(parseInferProvider('gpu')).toEqual({ request: 'auto', problem: 'SWING_INFER_PROVIDER=gpu is not one of cpu, cuda, dml, coreml, auto; auto is used' });
  });
});

describe('the provider planned per platform', () => {
  const auto = { request: 'auto' } as const;
  it('auto: DirectML on Windows, CoreML on macOS, CUDA on Linux x64 only with its binaries, else the CPU', () => {
    expect(plannedProvider(auto, 'win32', 'x64', () => false)).toBe('dml');
    expect(plannedProvider(auto, 'win32', 'arm64', () => false)).toBe('dml');
    expect(plannedProvider(auto, 'darwin', 'arm64', () => false)).toBe('coreml');
    expect(plannedProvider(auto, 'linux', 'x64', () => true)).toBe('cuda');
    expect(plannedProvider(auto, 'linux', 'x64', () => false)).toBe('cpu');
    expect(plannedProvider(auto, 'linux', 'arm64', () => true)).toBe('cpu');
  });

  it('an explicit request wins on every platform', () => {
    expect(plannedProvider({ request: 'cpu' }, 'win32', 'x64', () => false)).toBe('cpu');
    expect(plannedProvider({ request: 'cuda' }, 'linux', 'x64', () => false)).toBe('cuda');
  });

  it('this machine has no CUDA binaries, so auto plans the CPU here', () => {
    expect(cudaProviderInstalled()).toBe(false);
    expect(plannedProvider(auto)).toBe(process.platform === 'linux' ? 'cpu' : plannedProvider(auto));
  });
});

describe('outputs compared with the CPU', () => {
  const out = (data: number[]): ModelOutputs => ({ ld_3d: { data: Float32Array.from(data), dims: [1, data.length] } });
  it('agree within 0.5 % of the output range (at least 0.005)', () => {
    expect(outputsDisagree(out([0, 100, 200]), out([0, 100, 200]))).toBeUndefined();
    expect(outputsDisagree(out([0, 100.9, 200]), out([0, 100, 200]))).toBeUndefined();
    expect(outputsDisagree(out([0.004, 0.5]), out([0, 0.5]))).toBeUndefined();
  });

  it('disagree beyond it, on a missing output or a NaN', () => {
    expect(outputsDisagree(out([0, 102, 200]), out([0, 100, 200]))).toBe('output ld_3d differs by 2.0, 1.0 % of its range 200');
    expect(outputsDisagree({}, out([0, 1]))).toBe('output ld_3d is missing or has another size');
    expect(outputsDisagree(out([0, NaN]), out([0, 1]))).toMatch(/differs by Infinity/);
  });

  it('the check input covers the value range the engine feeds', () => {
    const m = providerCheckInput('movenet-lightning');
    expect(m.dims).toEqual([1, 192, 192, 3]);
    expect(m.data).toBeInstanceOf(Int32Array);
    const span = (d: Int32Array | Float32Array): [number, number] => {
      let [lo, hi] = [Infinity, -Infinity];
      for (const v of d) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
      return [lo, hi];
    };
    expect(span(m.data)[0]).toBeLessThan(20);
    expect(span(m.data)[1]).toBeGreaterThan(235);
    const b = providerCheckInput('blazepose-heavy');
    expect(b.data).toBeInstanceOf(Float32Array);
    expect(span(b.data)[0]).toBeGreaterThanOrEqual(0);
    expect(span(b.data)[1]).toBeLessThanOrEqual(1);
  });
});

describe('a provider that fails gives way to the CPU', () => {
  for (const provider of ['cuda', 'dml'] as const) {
    it(`${provider} on this machine: the model loads on the CPU, runs, and the reason is kept`, async () => {
      const ort = await loadOrt();
      const rt = new OrtRuntime(ort, 1, provider);
      const model = await rt.load('movenet-lightning');
      expect(rt.used.get('movenet-lightning')).toBe('cpu');
      expect(rt.fallbacks).toHaveLength(1);
      expect(rt.fallbacks[0]).toMatch(new RegExp(`^${provider === 'cuda' ? 'NVIDIA GPU \\(CUDA\\)' : 'GPU \\(DirectML\\)'} could not load for movenet-lightning \\(.+\\)$`));
      const r = await model.run(providerCheckInput('movenet-lightning'));
      expect(r.Identity?.dims).toEqual([1, 1, 17, 3]);
      // Sticky: the thread's next model goes straight to the CPU, no second attempt.
      await rt.load('movenet-multipose');
      expect(rt.fallbacks).toHaveLength(1);
      expect(rt.describe()).toMatch(/ cpu, 1 intra-op thread$/);
    }, 120_000);
  }

  it('a provider whose outputs differ from the CPU is dropped for the CPU session', async () => {
    const ort = await loadOrt();
    // The real ONNX Runtime, except that sessions asked for "coreml" answer with every output shifted by 1.
    const create = async (bytes: Uint8Array, o: { executionProviders?: readonly unknown[] }) => {
      const real = await ort.InferenceSession.create(bytes, { ...o, executionProviders: ['cpu'] });
      if (o.executionProviders?.[0] !== 'coreml') return real;
      const run = real.run.bind(real);
      return Object.assign(Object.create(real) as typeof real, {
        run: async (feeds: Parameters<typeof real.run>[0]) => {
          const r = await run(feeds);
          for (const t of Object.values(r)) (t.data as Float32Array).forEach((v, i, a) => (a[i] = v + 1));
          return r;
        },
        release: () => real.release(),
      });
    };
    const fake = { ...ort, InferenceSession: { create } } as unknown as typeof ort;
    const rt = new OrtRuntime(fake, 1, 'coreml');
    await rt.load('movenet-lightning');
    expect(rt.used.get('movenet-lightning')).toBe('cpu');
    expect(rt.fallbacks[0]).toMatch(/^Apple Neural Engine \/ GPU \(CoreML\) gave other results than the CPU for movenet-lightning: output Identity differs by 1\.0/);
  }, 120_000);
});

describe('an analysis with SWING_INFER_PROVIDER', () => {
  let clip: string;
  beforeAll(() => {
    clip = ffmpeg(['-ss', '3', '-i', mediaPath('tennis_forehand_2.mp4'), '-t', '0.5', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18'], join(tempDir(), 'cut.mp4'));
  });

  it('=cuda without CUDA falls back to the CPU with the warning, the pose the same as on the CPU', async () => {
    const cpu = await estimatePose(clip, { playerHeightMm: 1850, secondPass: false });
    expect(cpu.warnings.map((w) => w.code)).not.toContain('inference-provider-fallback');
    expect(lastProviderUse()).toEqual({ used: 'cpu', fallback: null });
    process.env.SWING_INFER_PROVIDER = 'cuda';
    const r = await estimatePose(clip, { playerHeightMm: 1850, secondPass: false });
    const w = r.warnings.find((x) => x.code === 'inference-provider-fallback');
    expect(w).toMatchObject({ severity: 'info', message: 'Pose estimation ran on the CPU instead of the NVIDIA GPU (CUDA), so the analysis took longer.' });
    expect(w?.detail).toMatch(/NVIDIA GPU \(CUDA\) could not load for movenet-/);
    expect(Array.from(r.pose2d.keypoints)).toEqual(Array.from(cpu.pose2d.keypoints));
    expect(lastProviderUse()?.used).toBe('cpu');
    const view = inferProviderView();
    expect(view).toMatchObject({ requested: 'cuda', planned: 'cuda', used: 'cpu', settingProblem: null });
    expect(view.fallback).toMatch(/could not load/);
  }, 300_000);

  it('with an unknown value runs on the automatic choice and says so', async () => {
    process.env.SWING_INFER_PROVIDER = 'gpu';
    const r = await estimatePose(clip, { playerHeightMm: 1850, secondPass: false });
    expect(r.warnings.find((x) => x.code === 'inference-provider-setting')?.detail).toMatch(/SWING_INFER_PROVIDER=gpu is not one of/);
    expect(inferProviderView().settingProblem).toMatch(/auto is used/);
  }, 300_000);
});
