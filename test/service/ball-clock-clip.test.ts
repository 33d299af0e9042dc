/**
 * The slow-motion guess from the ball's free flight (issue 26 §5; main/analysis/strokes/ball-clock.ts)
 * on a real slowed clip, real engine, in-process path: the first 3 s of
 * tennis_groundstrokes_stock_slowmo_1.mp4 (labelled 2× slowed: 59.94 fps played at 29.97; the
 * incoming ball's arcs at frames 32–71, labels/strokes.json) analysed WITHOUT a capture rate. Before,
 * no guess (the pose's cues miss 2×: the hand cue starts at 3×); now 2×, 60 fps suggested, the
 * warning naming the ball.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { cutRealClip } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';

const dir = mkdtempSync(join(tmpdir(), 'ss-ball-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('guesses 2× slow motion from the ball falling slower than gravity', async () => {
  const clip = join(dir, 'cut.mp4');
  cutRealClip(mediaPath('tennis_groundstrokes_stock_slowmo_1.mp4'), 0, 3, clip);
  const meta = { uid: 'ball-clock', sport: 'tennis', swing_type: 'forehand_drive', player_height_mm: 1800, dominant_hand: 'right' } as const;
  const outcome = await techniquePipeline.analyseTechnique(clip, meta, { signal: new AbortController().signal });
  expect(outcome.kind).toBe('done');
  if (outcome.kind !== 'done') return;
  expect(outcome.result.slow_motion_guess).toEqual({ factor: 2, suggested_capture_fps: 60 });
  const w = outcome.warnings.find((x) => x.code === 'slow-motion-guessed');
  expect(w?.detail).toMatch(/^the clip looks slowed down, about 2\.0×: the ball falls about [12]\.\d× slower than gravity in \d+ arcs of its flight/);
}, 300_000);
