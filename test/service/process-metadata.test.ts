/**
 * `/process` metadata by the app's own bounds (issue 25 finding 7), over real HTTP on 127.0.0.1:
 * a player height of 1e300 mm and a ball time of 1e9 s get HTTP 400 naming the field (before:
 * accepted, the 3D pose all NaN, `null` keypoints on the wire and "too little pose"); a ball
 * time past the end of the probed clip gets 400 too. The stand-in engine records whether it
 * ran, and a pose with non-finite values never reaches the wire: the answer is `failed`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TechniqueLine } from '../../main/contract/technique-schema.js';
import type { AnalysisPipeline, TechniqueOutcome } from '../../main/pipeline/pipeline-types.js';
import { syntheticPoseTrack } from '../support/fixtures.js';
import { startTestService, tempHome, testPattern } from './helpers.js';

type Svc = Awaited<ReturnType<typeof startTestService>>;
const META = {
  uid: 'meta-1',
  sport: 'tennis',
  swing_type: 'forehand_drive',
  dominant_hand: 'right',
  player_height_mm: 1800,
};

let home: ReturnType<typeof tempHome>;
let svc: Svc;
let clip: string;
const ran: string[] = [];
let outcome: () => TechniqueOutcome;

/** The service's own routes in front of a stand-in engine that records each run and answers `outcome()`. */
const pipeline: AnalysisPipeline = {
  secondsPerFrame: () => 0.1,
  analyseTechnique: (_path, meta) => {
    ran.push(meta.uid);
    return Promise.resolve(outcome());
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

async function post(
  meta: object,
): Promise<{ status: number; text: string; lines: Record<string, unknown>[] }> {
  const form = new FormData();
  form.set('metadata', JSON.stringify(meta));
  form.set('file', new Blob([readFileSync(clip)]), 'bars.mp4');
  const res = await fetch(`${svc.techniqueUrl}/process`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${svc.token}` },
  });
  const text = await res.text();
  const lines = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { status: res.status, text, lines };
}

describe('/process metadata bounds', () => {
  it.each([
    [
      'player_height_mm 1e300',
      { player_height_mm: 1e300 },
      'Invalid metadata: player_height_mm: player height must be between 500 and 2800 mm (got 1e+300)',
    ],
    [
      'player_height_mm 100 (centimetres?)',
      { player_height_mm: 100 },
      'Invalid metadata: player_height_mm: player height must be between 500 and 2800 mm (got 100)',
    ],
    [
      'ball_timestamp 1e9',
      { ball_timestamp: 1e9 },
      'Invalid metadata: ball_timestamp: ball contact time must be between 0 and 36000 s (got 1000000000)',
    ],
    [
      'ball_timestamp past the end of the 1 s clip',
      { ball_timestamp: 20 },
      'Invalid metadata: ball_timestamp: ball contact time must lie inside the clip, 0 to 1 s (got 20)',
    ],
  ])('%s: HTTP 400 naming the field, the engine never runs', async (label, extra, error) => {
    const uid = `bad-${label.split(' ')[0]}`;
    const r = await post({ ...META, ...extra, uid });
    expect(r.status).toBe(400);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatchObject({ status: 'error', uid, error });
    expect(ran).not.toContain(uid);
  });

  it('a height and ball time inside the bounds and the clip are analysed', async () => {
    outcome = () => ({ kind: 'no-analysis', message: 'stand-in', warnings: [] });
    const r = await post({ ...META, uid: 'good-1', player_height_mm: 2800, ball_timestamp: 0.5 });
    expect(r.status).toBe(200);
    expect(ran).toContain('good-1');
    expect(r.lines.at(-1)).toMatchObject({ status: 'error', errors: ['stand-in'] });
  });
});

describe('the NDJSON answer never carries a non-finite number', () => {
  it('a pose with NaN in a present frame ends in `failed`, never `null` keypoints', async () => {
    const pose2d = syntheticPoseTrack(2, { frames: 30 });
    const pose3d = syntheticPoseTrack(3, { frames: 30 });
    pose3d.keypoints.fill(NaN); // what a height of 1e300 mm made of the 3D lift
    outcome = () => ({ kind: 'no-analysis', message: 'too little pose', pose2d, pose3d, warnings: [] });
    const r = await post({ ...META, uid: 'nan-1' });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain('null');
    for (const line of r.lines) TechniqueLine.parse(line);
    expect(r.lines.at(-1)).toEqual({
      status: 'failed',
      uid: 'nan-1',
      errors: ['Internal error while analysing the video'],
      warnings: [],
    });
    expect(
      svc.logs.some((l) =>
        l.includes(
          'the 3D pose fails the pose checks: frame 1 joint 0: keypoint value NaN is not a finite 32-bit number',
        ),
      ),
    ).toBe(true);
  });
});
