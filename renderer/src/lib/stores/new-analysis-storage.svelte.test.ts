import { describe, expect, it } from 'vitest';
import type { VideoFileCheck } from '../../../../preload/contract.js';
import { installFakeApi } from '../fake-api.test-support.js';
import { NewAnalysisManager } from './new-analysis.svelte.js';

/** A checked, analysable video of `sizeBytes`. */
function video(path: string, sizeBytes: number | null): VideoFileCheck {
  return { path, name: path.slice(1), ok: true, contentType: 'video/mp4', sizeBytes, durationS: 10, fps: 30, width: 1920, height: 1080, problems: [], warnings: [], estimatedComputeS: null };
}

/** The store with two chosen videos (a 3 GB session and a 40 MB clip) and a valid new player. */
function store(canPick: boolean): NewAnalysisManager {
  const m = new NewAnalysisManager();
  m.canPick = canPick;
  m.videos = [video('/big.mp4', 3e9), video('/small.mp4', 40e6)];
  m.form = { ...m.form, playerMode: 'new', name: 'Ann', height: '168' };
  return m;
}

async function sentStorage(m: NewAnalysisManager): Promise<unknown[]> {
  const api = installFakeApi({ 'jobs.enqueueAnalysis': (inputs) => (inputs as unknown[]).map((_, i) => i + 1) });
  await m.submit([], 'metric');
  const sent = api.calls.find((c) => c.channel === 'jobs.enqueueAnalysis')?.input as { videoPath: string; clipStorage?: string }[];
  return sent.map((i) => [i.videoPath, i.clipStorage]);
}

describe('New analysis: keep in place or copy', () => {
  it('by default keeps the 3 GB session in place and copies the small clip', async () => {
    expect(await sentStorage(store(true))).toEqual([['/big.mp4', 'linked'], ['/small.mp4', 'copied']]);
  });

  it("sends the coach's choice for every video", async () => {
    const m = store(true);
    m.clipStorage = 'copied';
    expect(await sentStorage(m)).toEqual([['/big.mp4', 'copied'], ['/small.mp4', 'copied']]);
    const n = store(true);
    n.clipStorage = 'linked';
    expect(await sentStorage(n)).toEqual([['/big.mp4', 'linked'], ['/small.mp4', 'linked']]);
  });

  it('sends no choice without the file dialog (a browser upload is a temp copy: main copies it)', async () => {
    expect(await sentStorage(store(false))).toEqual([['/big.mp4', undefined], ['/small.mp4', undefined]]);
  });
});
