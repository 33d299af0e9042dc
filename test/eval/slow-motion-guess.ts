/**
 * The slow-motion guess (main/analysis/slow-motion.ts) on the labelled strokes: each stroke's
 * window analysed WITHOUT its capture rate, the guessed factor against the labels' estimate
 * (1 / slow_motion_factor, from the ball's free flight; labels/README.md).
 */
import { computeTechniqueResult } from '../../main/analysis/index.js';
import { TechniqueRequestMetadata } from '../../main/contract/technique.js';
import type { ClipLabels } from './labels.js';
import type { CachedPose } from './pose-cache.js';
import { frameSlice, type StrokeOutcome } from './strokes.js';
import { mdTable, num, ratio, type Cell } from './table.js';
import type { ClipSetup } from './clips.js';

/** One stroke: the labelled factor (video s per real s) and the guess (null: none, or the analysis failed). */
export interface GuessRow {
  clip: string;
  frame: number;
  labelled: number;
  guessed: number | null;
  suggestedCaptureFps: number | null;
}

/** The guess for one analysed stroke of `clip` (its window, no capture rate). */
export function guessRow(clip: string, labels: ClipLabels, setup: ClipSetup, s: StrokeOutcome, pose: CachedPose): GuessRow {
  const meta = TechniqueRequestMetadata.parse({
    uid: `${clip}#${s.label.contact_frame}#no-capture`,
    sport: setup.sport,
    swing_type: s.side === 'backhand' ? 'backhand_drive' : 'forehand_drive',
    dominant_hand: s.label.hand === 'left' ? 'left' : 'right',
    player_height_mm: setup.playerHeightMm,
  });
  const base = { clip, frame: s.label.contact_frame, labelled: 1 / labels.slow_motion_factor };
  try {
    const out = computeTechniqueResult({
      pose2d: frameSlice(pose.pose2d, s.window),
      pose3d: frameSlice(pose.pose3d, s.window),
      fps: pose.video.fps,
      width: pose.video.width,
      height: pose.video.height,
      meta,
    });
    const g = out.result.slow_motion_guess;
    return { ...base, guessed: g?.factor ?? null, suggestedCaptureFps: g?.suggested_capture_fps ?? null };
  } catch {
    return { ...base, guessed: null, suggestedCaptureFps: null };
  }
}

/**
 * The report section: per stroke, labelled vs guessed factor; a stroke counts as right when a
 * clip slowed ≥ 2× (label) gets a guess within a factor of 1.5 of the label, and a real-time clip
 * gets none.
 */
export function renderGuesses(rows: readonly GuessRow[]): string {
  const right = (r: GuessRow) =>
    r.labelled >= 2 ? r.guessed !== null && Math.abs(Math.log(r.guessed / r.labelled)) <= Math.log(1.5) : r.guessed === null;
  const cells: Cell[][] = rows.map((r) => [
    r.clip.replace('.mp4', ''),
    String(r.frame),
    `${num(r.labelled, 1)}×`,
    r.guessed === null ? '–' : `${num(r.guessed, 1)}×`,
    r.suggestedCaptureFps === null ? '–' : String(r.suggestedCaptureFps),
    right(r) ? 'yes' : 'no',
  ]);
  return [
    '### Slow motion guessed without a capture rate (stroke windows)',
    mdTable(['clip', 'stroke', 'labelled factor', 'guessed', 'suggested capture fps', 'right'], cells),
    `${ratio(rows.filter(right).length, rows.length)} strokes right (slowed ≥ 2×: a guess within 1.5× of the label; real time: no guess).`,
  ].join('\n\n');
}
