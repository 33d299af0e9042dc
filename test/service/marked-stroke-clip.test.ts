/**
 * Never an error for a clip in which a person swings (issue 26 item 2), real engine, in-process
 * path: tennis_serve_overhead_drone_1.mp4 (a top-down drone view, the player 40-60 px long;
 * labelled forehand at frame 178, labels/strokes.json) gives too little pose to measure any
 * feature (hips, shoulders and wrist in a few frames), and used to end in `error: too little pose
 * to analyse`. The detector still sees the swing: the analysis marks the stroke at its contact
 * with no feature and says why (main/analysis/unmeasured-stroke.ts).
 */
import { expect, it } from 'vitest';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { mediaPath } from '../support/media.js';

it('marks the swing of a player too small to measure instead of ending in an error', async () => {
  const clip = mediaPath('tennis_serve_overhead_drone_1.mp4');
  const meta = { uid: 'marked', sport: 'tennis', swing_type: 'forehand_drive', player_height_mm: 1800, dominant_hand: 'right' } as const;
  const outcome = await techniquePipeline.analyseTechnique(clip, meta, { signal: new AbortController().signal });
  expect(outcome.kind).toBe('done');
  if (outcome.kind !== 'done') return;
  expect(outcome.result.features).toEqual([]);
  const strokes = outcome.result.strokes ?? [];
  expect(strokes.length).toBeGreaterThanOrEqual(1);
  // The labelled contact is frame 178 (7.42 s at 23.976 fps); the pose it has puts the swing within 0.15 s of it.
  const s = strokes[outcome.result.stroke_index! - 1]!;
  expect(Math.abs(s.contact.frame_nr - 178)).toBeLessThanOrEqual(4);
  expect(s.features).toEqual([]);
  const w = outcome.warnings.find((x) => x.code === 'technique-not-measured');
  expect(w?.message).toMatch(/^The strokes are marked, but the player’s body could not be measured well enough/);
  expect(w?.detail).toMatch(/too little pose to analyse/);
}, 300_000);
