/**
 * The ball clock's thresholds chosen leave-one-clip-out (test/eval/ball-clock-loco.ts): what
 * counts as a right read, and the fold's choice on synthetic arcs whose only difference is how
 * many arcs a clip has (the `minArcs` axis decides).
 */
import { describe, expect, it } from 'vitest';
import { BALL_CLOCK_GRID, ballRead, fitBallClock, locoBallClock, readRight, type BallClockClip } from './ball-clock-loco.js';
import { BALL_CLOCK_PARAMS, BALL_DIAMETER_M, GRAVITY_MPS2 } from '../../main/analysis/strokes/ball-clock.js';
import { BALL_SLOTS, emptyBallCandidates } from '../../main/pose/ball-candidates.js';

const FPS = 30;
const D_PX = 10;

/** Ball candidates with `arcs` parabolas falling at the gravity of a clip slowed `slowed`×. */
function clip(slowed: number, arcs: number): BallClockClip {
  const ball = emptyBallCandidates(60 * arcs + 20);
  const a = (GRAVITY_MPS2 * (D_PX / BALL_DIAMETER_M.tennis)) / (slowed * slowed) / (FPS * FPS) / 2;
  for (let n = 0; n < arcs; n++)
    for (let k = 0; k < 14; k++) {
      const f = 10 + 60 * n + k;
      ball.xy.set([100 + 12 * k, 400 - 10 * k + a * k * k], f * BALL_SLOTS * 2);
      ball.area[f * BALL_SLOTS] = Math.PI * (D_PX / 2) ** 2;
    }
  return { ball, fps: FPS, sport: 'tennis', labelledFactor: slowed };
}

describe('ball clock leave-one-clip-out', () => {
  it('a right read: slowed within 1.5× of the label; real time read real time or not at all', () => {
    expect(readRight(4, 3.6)).toBe(true);
    expect(readRight(2, 3.6)).toBe(false);
    expect(readRight(null, 3.2)).toBe(false);
    expect(readRight(null, 1)).toBe(true);
    expect(readRight(1, 1)).toBe(true);
    expect(readRight(2, 1)).toBe(false);
  });

  it('the grid starts at the shipped thresholds and holds 72 points (18 arc thresholds × 4 player-depth bands)', () => {
    expect(BALL_CLOCK_GRID[0]).toEqual(BALL_CLOCK_PARAMS);
    expect(BALL_CLOCK_GRID).toHaveLength(72);
  });

  it('reads synthetic 2× arcs as 2×, and a fold keeps the shipped point when it reads every training clip right', () => {
    const clips = [clip(2, 2), clip(1, 2), clip(3, 3)].map((data, i) => ({ clip: `c${i}`, data }));
    expect(ballRead(clips[0]!.data, BALL_CLOCK_PARAMS)).toBe(2);
    expect(ballRead(clips[1]!.data, BALL_CLOCK_PARAMS)).toBe(1);
    expect(fitBallClock(clips)).toEqual(BALL_CLOCK_PARAMS);
    const r = locoBallClock(clips);
    expect(r.leftOut).toEqual({ slowed: [2, 2], realTime: [1, 1] });
    expect(r.folds.map((f) => f.leftOut.factor)).toEqual([2, 1, 4]); // 3× snaps to a 120 fps capture (4×), within 1.5× of the label;
  });

  it('a slowed clip with one arc is read by no point of the grid (≥ 2 arcs everywhere): wrong, never a guess from one arc', () => {
    const one = clip(2, 1);
    expect(BALL_CLOCK_GRID.every((p) => ballRead(one, p) === null)).toBe(true);
    expect(readRight(ballRead(one, BALL_CLOCK_PARAMS), 2)).toBe(false);
  });
});
