/**
 * The slow-motion guess (main/analysis/slow-motion.ts) on the labelled strokes: each stroke's
 * window analysed WITHOUT its capture rate, as `/process` analyses an upload (analyseStrokes), the
 * guessed factor against the labels' estimate (1 / slow_motion_factor, from the ball's free
 * flight; labels/README.md), the contact found without the rate, and how many of the features
 * not on the clock (angles, lengths, ratios) get the level the analysis with the rate gives.
 */
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import { CLOCK_UNITS } from '../../main/analysis/core/slow-motion.js';
import { TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import type { ClipLabels } from './labels.js';
import type { CachedPose } from './pose-cache.js';
import { ballSlice, frameSlice, type StrokeOutcome } from './strokes.js';
import { mdTable, num, ratio, type Cell } from './table.js';
import type { ClipSetup } from './clips.js';

/** One stroke: the labelled factor (video s per real s) and the guess (null: none, or the analysis failed). */
export interface GuessRow {
  clip: string;
  frame: number;
  labelled: number;
  guessed: number | null;
  suggestedCaptureFps: number | null;
  /** Contact without the capture rate − labelled contact, video frames (null when the analysis failed). */
  contactError: number | null;
  /** Features not on the clock scored at the same level as with the capture rate, and how many the latter has. */
  sameLevel: [number, number] | null;
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
  const base = { clip, frame: s.label.contact_frame, labelled: 1 / labels.slow_motion_factor, contactError: null, sameLevel: null };
  try {
    const out = analyseStrokes({
      pose2d: frameSlice(pose.pose2d, s.window),
      pose3d: frameSlice(pose.pose3d, s.window),
      ball: ballSlice(pose.ball, pose.pose2d, s.window),
      fps: pose.video.fps,
      width: pose.video.width,
      height: pose.video.height,
      meta,
    });
    const g = out.result.slow_motion_guess;
    const withRate = s.features.filter((f) => !CLOCK_UNITS.has(f.unit));
    const same = withRate.filter((f) => out.result.features.find((o) => o.feature_name === f.name)?.level === f.level).length;
    return {
      ...base,
      guessed: g?.factor ?? null,
      suggestedCaptureFps: g?.suggested_capture_fps ?? null,
      contactError: out.contact.frame - s.label.contact_frame,
      sameLevel: withRate.length ? [same, withRate.length] : null,
    };
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
    r.contactError === null ? '–' : r.contactError > 0 ? `+${r.contactError}` : String(r.contactError).replace('-', '−'),
    r.sameLevel === null ? '–' : `${r.sameLevel[0]}/${r.sameLevel[1]}`,
  ]);
  const slowed = rows.filter((r) => r.labelled >= 2 && r.sameLevel);
  const sum = (i: 0 | 1) => slowed.reduce((a, r) => a + r.sameLevel![i], 0);
  return [
    '### Slow motion guessed without a capture rate (stroke windows)',
    mdTable(['clip', 'stroke', 'labelled factor', 'guessed', 'suggested capture fps', 'right', 'contact error without the rate (frames)', 'angles/lengths at the level they get with the rate'], cells),
    `${ratio(rows.filter(right).length, rows.length)} strokes right (slowed ≥ 2×: a guess within 1.5× of the label; real time: no guess). Slowed strokes without their rate: ${ratio(sum(0), sum(1))} of the features not on the clock at the level the analysis with the rate gives.`,
  ].join('\n\n');
}
