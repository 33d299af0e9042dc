/**
 * `POST /process` resumes after its client went away (issue 29 item 1): the run's pose
 * checkpoints stay under `work/process-<sha256>`, the same clip sent again reads its finished
 * chunks back and answers as an uninterrupted run; the folder goes when the run answers.
 * Real service on 127.0.0.1, real engine, a 3 s cut of a shared clip, 0.5 s chunks.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { mediaPath } from '../support/media.js';
import { cutClip, startTestService, tempHome } from './helpers.js';

type Svc = Awaited<ReturnType<typeof startTestService>>;
let home: ReturnType<typeof tempHome>;
let svc: Svc;
let clip: string;
let workDir: string;

const META: TechniqueRequestMetadata = { uid: 'resume', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1850 };

beforeAll(async () => {
  home = tempHome();
  svc = await startTestService(home.home, { processCheckpointChunkS: 0.5 });
  clip = cutClip(mediaPath('tennis_forehand_2.mp4'), join(home.home, 'tennis.mp4'), 1.5, 3);
  workDir = join(home.home, 'service', 'work');
});
afterAll(async () => {
  await svc.close();
  home.cleanup();
});

/** The POST's request (a fresh multipart body of the clip's bytes each time). */
function post(uid: string, signal?: AbortSignal): Promise<Response> {
  const form = new FormData();
  form.set('metadata', JSON.stringify({ ...META, uid }));
  form.set('file', new Blob([readFileSync(clip)]), 'tennis.mp4');
  return fetch(`${svc.techniqueUrl}/process`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${svc.token}` }, ...(signal ? { signal } : {}) });
}

/** The last NDJSON line of a whole answer. */
async function lastLine(res: Response): Promise<Record<string, unknown>> {
  const lines = (await res.text()).split('\n').filter((l) => l.trim() !== '');
  return JSON.parse(lines.at(-1)!) as Record<string, unknown>;
}

/** The fast pass's checkpoint files under the service's work folder (process-…/<key>/chunk-….bin). */
function chunkFiles(): string[] {
  if (!existsSync(workDir)) return [];
  return readdirSync(workDir, { recursive: true, encoding: 'utf8' }).filter((p) => p.startsWith('process-') && /chunk-\d+\.bin$/.test(p));
}

/** The parts of a done line a resumed run must reproduce: features, events, 2D and 3D pose. */
function essence(done: Record<string, unknown>) {
  const r = done.result as { features: Array<{ name: string; value: number; level: string }>; events?: unknown };
  // Each upload lands in its own temp file, which the entries name as their source_path.
  const pose = (e: unknown) => ({ ...(e as Record<string, unknown>), source_path: undefined });
  return { features: r.features.map((f) => [f.name, f.value, f.level]), events: r.events, pose2d: pose(done.video_entry_2D_json), pose3d: pose(done.video_entry_3D_json) };
}

describe('POST /process: resume after the client went away', () => {
  it('keeps the checkpoints of an aborted run, resumes from them, answers as an uninterrupted run, then removes them', async () => {
    const whole = await lastLine(await post('whole'));
    expect(whole.status).toBe('done');
    expect(readdirSync(workDir).filter((n) => n.startsWith('process-'))).toEqual([]); // removed on answer

    // Abort once the fast pass has saved at least two chunks.
    const ac = new AbortController();
    const res = await post('cut', ac.signal);
    const reader = res.body!.getReader();
    while (chunkFiles().length < 2) {
      const { done } = await reader.read();
      if (done) throw new Error('the run ended before two chunks were saved');
    }
    ac.abort();
    await reader.cancel().catch(() => undefined);
    await expect.poll(() => svc.logs.some((l) => l.includes('/process cut: aborted')), { timeout: 60_000, interval: 100 }).toBe(true);
    const kept = chunkFiles().length;
    expect(kept).toBeGreaterThanOrEqual(2);

    const resumed = await lastLine(await post('again'));
    expect(resumed.status).toBe('done');
    const line = svc.logs.find((l) => l.startsWith('/process again: resumed'));
    expect(line).toMatch(/resumed, (\d+) chunk\(s\) of the fast pass read back/);
    expect(Number(/resumed, (\d+)/.exec(line!)![1])).toBeGreaterThanOrEqual(2);
    expect(essence(resumed)).toEqual(essence(whole));
    expect(chunkFiles()).toEqual([]);
  }, 300_000);
});
