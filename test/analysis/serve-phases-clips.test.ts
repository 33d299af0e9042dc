/**
 * The serve's events on labelled real serves (../shared/media/labels/strokes.json): the coach's
 * serve filmed from behind (tennis_serve_coach_behind_1, 30 fps, contact 52 ±1, above the frame)
 * and Ben Shelton's serve opening tennis_broadcast_1 (25 fps, contact frame 10 ±1; left-handed,
 * 1.93 m; the first 3 s cut losslessly). Analysed as `serve` by the real pipeline: the serve
 * stroke's events come in the serve's order, its ball contact is the stroke's (the detector's)
 * contact, within ±2 frames of the label. (tennis_serve_amateur_1: test/cli/serve.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Stroke, TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { cutRealClip } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';

const dir = mkdtempSync(join(tmpdir(), 'serve-clips-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function serveStroke(path: string, meta: Pick<TechniqueRequestMetadata, 'dominant_hand' | 'player_height_mm'>): Promise<{ serve: Stroke | undefined; all: Stroke[] }> {
  const out = await techniquePipeline.analyseTechnique(path, { uid: 'serve', sport: 'tennis', swing_type: 'serve', ...meta }, { signal: new AbortController().signal });
  if (out.kind !== 'done') throw new Error(`${path} could not be analysed: ${out.message}`);
  const all = out.result.strokes ?? [];
  return { serve: all.find((s) => s.swing_type === 'serve' && s.events !== undefined), all };
}

/** Events in the serve's order up to contact; the landing and the follow-through end both come after contact, in either order. */
const ORDER = ['toss_release', 'trophy_position', 'racket_low_point', 'ball_contact'];

function expectServeOrder(s: Stroke, labelled: number): void {
  const at = (n: string) => s.events?.find((e) => e.name === n)?.frame_nr;
  expect(at('ball_contact')).toBe(s.contact.frame_nr);
  expect(Math.abs(s.contact.frame_nr - labelled)).toBeLessThanOrEqual(2);
  const frames = ORDER.map(at).filter((f): f is number => f !== undefined);
  expect(frames).toEqual([...frames].sort((a, b) => a - b));
  for (const n of ['trophy_position', 'racket_low_point']) expect(at(n), n).toBeLessThan(s.contact.frame_nr);
  for (const n of ['landing', 'follow_through']) if (at(n) !== undefined) expect(at(n), n).toBeGreaterThan(s.contact.frame_nr);
  expect(s.serve_stages?.map((st) => st.name)).toEqual(['start', 'release', 'loading', 'cocking', 'acceleration', 'contact', 'deceleration', 'finish']);
}

describe('serve events on labelled real serves', () => {
  it('tennis_serve_coach_behind_1: in order, contact at the detected serve', async () => {
    const { serve, all } = await serveStroke(mediaPath('tennis_serve_coach_behind_1.mp4'), { dominant_hand: 'right', player_height_mm: 1850 });
    expect(serve, JSON.stringify(all.map((s) => [s.side, s.swing_type, s.contact.frame_nr]))).toBeDefined();
    expectServeOrder(serve!, 52);
  }, 600_000);

  it('tennis_broadcast_1 frame 10: in order, contact at the detected serve', async () => {
    const cut = join(dir, 'broadcast-serve.mp4');
    cutRealClip(mediaPath('tennis_broadcast_1.mp4'), 0, 3, cut);
    const { serve, all } = await serveStroke(cut, { dominant_hand: 'left', player_height_mm: 1930 });
    expect(serve, JSON.stringify(all.map((s) => [s.side, s.swing_type, s.contact.frame_nr]))).toBeDefined();
    expectServeOrder(serve!, 10);
  }, 600_000);
});
