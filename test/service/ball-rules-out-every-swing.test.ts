/**
 * A clip where the ball's flight rules out every swing is still analysed (issue 26 item 2): the
 * swings stay at lower confidence and a warning says why. Real engine, on the in-process path
 * (the direct backend: CLI and app jobs; /process runs the same pipeline), on a 1.5 s cut of
 * tennis_groundstrokes_stock_slowmo_1.mp4 (2× slow motion, capture 59.94 fps) made at test time
 * around the swing at frame 303, where the ball drifts past the racket: before, the clip ended
 * in the error "no forehand drive in the clip: the strokes found are none; the swing at frame …
 * is not a stroke: the ball flies on through …".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { cutRealClip } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';

const dir = mkdtempSync(join(tmpdir(), 'ss-ball-veto-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('analyses the swing the ball rules out when no other is left, with the warning', async () => {
  const clip = join(dir, 'cut.mp4');
  cutRealClip(mediaPath('tennis_groundstrokes_stock_slowmo_1.mp4'), 9.6, 1.5, clip);
  const meta = {
    uid: 'ball-veto',
    sport: 'tennis',
    swing_type: 'forehand_drive',
    player_height_mm: 1800,
    dominant_hand: 'right',
    capture_fps: 59.94,
  } as const;
  const outcome = await techniquePipeline.analyseTechnique(clip, meta, {
    signal: new AbortController().signal,
  });
  expect(outcome.kind).toBe('done');
  if (outcome.kind !== 'done') return;
  const strokes = outcome.result.strokes!;
  expect(strokes).toHaveLength(1);
  const s = strokes[0]!;
  expect(s.features.length).toBeGreaterThan(0);
  expect(outcome.result.features).toEqual(s.features);
  // Its confidence halved: at most 0.5 (coverage × strength ≤ 1).
  expect(s.confidence).toBeGreaterThan(0);
  expect(s.confidence).toBeLessThanOrEqual(0.5);
  const doubted = outcome.warnings.filter((w) => w.detail?.startsWith('swing at frame '));
  expect(doubted.map((w) => w.detail)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^swing at frame ${s.contact.frame_nr} kept as a stroke at lower confidence, as no other swing was found, although the ball flies on through frame ${s.contact.frame_nr} without a hit \\(flight of frames \\d+–\\d+\\)$`,
      ),
    ),
  ]);
}, 300_000);
