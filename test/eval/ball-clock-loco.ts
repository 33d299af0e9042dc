/**
 * The ball clock's arc thresholds (main/analysis/strokes/ball-clock.ts `BallClockParams`) chosen
 * leave-one-clip-out (issue 26 §1 and §5): for each left-out clip, the grid point of
 * {@link BALL_CLOCK_GRID} that reads the most training clips right is chosen and the clip is
 * read with it. A clip is read right when its labelled slowing is ≥ 2× and the ball's factor,
 * snapped to a capture rate as the product snaps it (core/slow-motion.ts `snapCaptureFps`), is
 * within 1.5× of the label; or when it is real time and the ball gives no slowed clock (real time
 * or no cue). A slowed clip the ball cannot read counts as wrong (the pose's cues then decide).
 * Ties go to the earlier grid point; the grid starts at the shipped values.
 */
import { BALL_CLOCK_PARAMS, ballClock, type BallClockParams, type PlayerScale } from '../../main/analysis/strokes/index.js';
import { checkPair, pictureScale, snapCaptureFps } from '../../main/analysis/core/index.js';
import type { BallCandidates } from '../../main/pose/ball-candidates.js';
import type { Sport } from '../../main/contract/technique-schema.js';
import { leaveOneClipOut, type LocoClip, type LocoResult } from './loco.js';
import { clipSetup } from './clips.js';
import type { StrokeLabels } from './labels.js';
import type { CachedPose } from './pose-cache.js';

/** What the ball clock reads on: the clip's ball candidates, the player's picture scale, video fps, sport and labelled slowing (video s per real s, ≥ 1). */
export interface BallClockClip {
  ball: BallCandidates | undefined;
  /** Metres per pixel at the player per frame (ball-clock.ts `PlayerScale`), as the product passes it. */
  playerScale?: PlayerScale | undefined;
  fps: number;
  sport: Sport;
  labelledFactor: number;
}

/** Slowing from which a clip counts as slowed (issue 26 target: "slowed clips (≥ 2×)"). */
export const SLOWED_FROM = 2;
/** A slowed clip's read is right within this ratio of its label (issue 26 target). */
export const WITHIN_RATIO = 1.5;

/** The player-depth bands of the grid (ball-clock.ts `PLAYER_DEPTH_BAND`): the shipped one, a narrower and a wider one, and none (the ball's diameter alone). */
export const PLAYER_DEPTH_BANDS: readonly (readonly [number, number] | null)[] = [[0.6, 1.6], [0.7, 1.4], [0.5, 2], null];

/** The grid: the shipped point first, then every combination of rms {1.5, 1, 2.5} px × bend {3, 2, 5} px × arcs {2, 3} × {@link PLAYER_DEPTH_BANDS}. */
export const BALL_CLOCK_GRID: readonly BallClockParams[] = (() => {
  const grid: BallClockParams[] = [{ ...BALL_CLOCK_PARAMS }];
  for (const maxArcRmsPx of [1.5, 1, 2.5])
    for (const minArcBendPx of [3, 2, 5])
      for (const minArcs of [2, 3])
        for (const playerDepthBand of PLAYER_DEPTH_BANDS) {
          const p = { maxArcRmsPx, minArcBendPx, minArcs, playerDepthBand };
          if (!grid.some((g) => JSON.stringify(g) === JSON.stringify(p))) grid.push(p);
        }
  return grid;
})();

/** The ball's read of a clip: the snapped slowing (1 = real time), or null without a cue. */
export function ballRead(c: BallClockClip, p: BallClockParams): number | null {
  const clock = ballClock(c.ball, c.fps, c.sport, p, c.playerScale);
  return clock ? snapCaptureFps(c.fps, clock.factor) / c.fps : null;
}

/** Whether read `factor` (null: no cue) is right for a clip labelled `labelled`× (module doc). */
export function readRight(factor: number | null, labelled: number): boolean {
  if (labelled >= SLOWED_FROM) return factor !== null && factor / labelled <= WITHIN_RATIO && labelled / factor <= WITHIN_RATIO;
  return factor === null || factor === 1;
}

/** The grid point reading the most of `train` right (ties: the earlier point). */
export function fitBallClock(train: readonly LocoClip<BallClockClip>[], grid: readonly BallClockParams[] = BALL_CLOCK_GRID): BallClockParams {
  let [best, top] = [grid[0]!, -1];
  for (const p of grid) {
    const n = train.filter((c) => readRight(ballRead(c.data, p), c.data.labelledFactor)).length;
    if (n > top) [best, top] = [p, n];
  }
  return best;
}

/** One clip's read: the factor (null: no cue) and whether it is right. */
export interface BallClockFigure {
  factor: number | null;
  right: boolean;
  slowed: boolean;
}

/** Leave-one-clip-out of the ball clock's thresholds over `clips` (module doc); the aggregate counts slowed and real-time clips read right. */
export function locoBallClock(clips: readonly LocoClip<BallClockClip>[]): LocoResult<BallClockParams, BallClockFigure, { slowed: [number, number]; realTime: [number, number] }> {
  return leaveOneClipOut(clips, {
    fit: (train) => fitBallClock(train),
    measure: (p, c) => {
      const factor = ballRead(c.data, p);
      return { factor, right: readRight(factor, c.data.labelledFactor), slowed: c.data.labelledFactor >= SLOWED_FROM };
    },
    aggregate: (fs) => {
      const count = (slowed: boolean): [number, number] => [fs.filter((f) => f.slowed === slowed && f.right).length, fs.filter((f) => f.slowed === slowed).length];
      return { slowed: count(true), realTime: count(false) };
    },
  });
}

/** {@link locoBallClock} of the posed `clips` (their cached ball candidates, video fps, sport and label); null with fewer than 2. */
export function ballClockOfClips(clips: readonly string[], poses: ReadonlyMap<string, CachedPose>, labels: StrokeLabels): ReturnType<typeof locoBallClock> | null {
  const data = clips.map((clip) => {
    const p = poses.get(clip)!;
    const playerScale = p.ball ? pictureScale(checkPair(p.pose2d, p.pose3d), p.video.fps) : undefined;
    return { clip, data: { ball: p.ball, playerScale, fps: p.video.fps, sport: clipSetup(clip).sport, labelledFactor: 1 / labels[clip]!.slow_motion_factor } };
  });
  return data.length >= 2 ? locoBallClock(data) : null;
}

const bandText = (b: BallClockParams['playerDepthBand']) => (b ? `player's scale at ${b[0]}–${b[1]}` : "ball's scale only");
const paramsText = (p: BallClockParams) => `rms ≤ ${p.maxArcRmsPx} px, bend ≥ ${p.minArcBendPx} px, ≥ ${p.minArcs} arcs, ${bandText(p.playerDepthBand)}`;

/** The report section: left-out and in-sample counts, the all-clips choice, each fold's choice and read. */
export function renderBallClockLoco(r: ReturnType<typeof locoBallClock>): string {
  const frac = ([a, b]: [number, number]) => `${a}/${b}`;
  const rows = r.folds.map((f) => `${f.clip.replace('.mp4', '')}: ${paramsText(f.constants)} → ${f.leftOut.factor === null ? 'no cue' : `${f.leftOut.factor.toFixed(2)}×`} (${f.leftOut.right ? 'right' : 'wrong'})`);
  return [
    '### Ball clock (strokes/ball-clock.ts): arc thresholds chosen leave-one-clip-out',
    `Read right, left out (headline): slowed clips ${frac(r.leftOut.slowed)}, real-time clips ${frac(r.leftOut.realTime)}; in sample: slowed ${frac(r.inSample.slowed)}, real time ${frac(r.inSample.realTime)}. All clips choose ${paramsText(r.allConstants)} (grid: rms {1.5, 1, 2.5} px × bend {3, 2, 5} px × arcs {2, 3} × player-depth band {0.6–1.6, 0.7–1.4, 0.5–2, none}; right = slowed ≥ ${SLOWED_FROM}× read within ${WITHIN_RATIO}× of the label, real time read real time or no cue).`,
    `Per fold (left-out clip: chosen on the others → its read): ${rows.join('; ')}.`,
  ].join('\n\n');
}
