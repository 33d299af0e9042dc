/**
 * `/process` with our metadata extension `player_point` (main/contract/player-point.ts): a
 * malformed point or one outside the probed picture or clip is a 400 naming the field before the
 * engine runs; a point inside reaches the engine's metadata as sent; no point, none.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import type { AnalysisPipeline } from '../../main/pipeline/pipeline-types.js';
import { startTestService, tempHome, testPattern } from './helpers.js';

const META = { uid: 'pp-1', sport: 'pickleball', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1800 };

let home: ReturnType<typeof tempHome>;
let svc: Awaited<ReturnType<typeof startTestService>>;
let clip: string;
const ran = new Map<string, TechniqueRequestMetadata>();

/** A stand-in engine that records the metadata it was given. */
const pipeline: AnalysisPipeline = {
  secondsPerFrame: () => 0.1,
  analyseTechnique: (_path, meta) => {
    ran.set(meta.uid, meta);
    return Promise.resolve({ kind: 'no-analysis', message: 'stand-in', warnings: [] });
  },
  writeTechniqueArchive: () => Promise.resolve(),
  tennisStatistics: () => Promise.reject(new Error('unused')),
};

beforeAll(async () => {
  home = tempHome();
  svc = await startTestService(home.home, { pipeline: () => Promise.resolve(pipeline) });
  clip = testPattern(join(home.home, 'bars.mp4')); // 1 s, 30 fps
});
afterAll(async () => {
  await svc.close();
  home.cleanup();
});

async function post(meta: object): Promise<{ status: number; lines: Record<string, unknown>[] }> {
  const form = new FormData();
  form.set('metadata', JSON.stringify(meta));
  form.set('file', new Blob([readFileSync(clip)]), 'bars.mp4');
  const res = await fetch(`${svc.techniqueUrl}/process`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${svc.token}` } });
  const text = await res.text();
  return { status: res.status, lines: text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('/process player_point', () => {
  it.each([
    ['no y', { x: 10 }, /^Invalid metadata: player_point\.y: /],
    ['an unknown field', { x: 10, y: 10, z: 1 }, /^Invalid metadata: player_point: /],
    ['outside the picture', { x: 5000, y: 10 }, /^Invalid metadata: player_point: the point must lie inside the \d+×\d+ px picture \(got 5000,10\)$/],
    ['past the end of the 1 s clip', { x: 5, y: 5, t: 3 }, /^Invalid metadata: player_point: the time must lie inside the clip, 0 to 1 s \(got 3\)$/],
  ])('%s: HTTP 400 naming the field, the engine never runs', async (label, point, error) => {
    const uid = `bad-${label.replace(/\W+/g, '-')}`;
    const r = await post({ ...META, uid, player_point: point });
    expect(r.status).toBe(400);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatchObject({ status: 'error', uid });
    expect(String(r.lines[0]!.error)).toMatch(error);
    expect(ran.has(uid)).toBe(false);
  });

  it('a point inside the picture and the clip reaches the engine; without one, none', async () => {
    expect((await post({ ...META, uid: 'good-1', player_point: { x: 12, y: 8, t: 0.5 } })).status).toBe(200);
    expect(ran.get('good-1')?.player_point).toEqual({ x: 12, y: 8, t: 0.5 });
    expect((await post({ ...META, uid: 'good-2' })).status).toBe(200);
    expect(ran.get('good-2')?.player_point).toBeUndefined();
  });
});
