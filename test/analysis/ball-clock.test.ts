/**
 * The ball's free flight as the clip's clock (strokes/ball-clock.ts) and the slow-motion verdict it
 * gives (core/slow-motion-verdict.ts `judgeSlowMotion` with `ball`): synthetic ball candidates falling
 * along parabolas at a known gravity, scaled by the ball's own diameter in the picture.
 */
import { describe, expect, it } from 'vitest';
import { snapCaptureFps } from '../../main/analysis/core/slow-motion.js';
import { ballArcsAgree, judgeSlowMotion } from '../../main/analysis/core/slow-motion-verdict.js';
import { BALL_CLOCK_PARAMS, BALL_DIAMETER_M, ballClock, GRAVITY_MPS2 } from '../../main/analysis/strokes/ball-clock.js';
import { BALL_SLOTS, emptyBallCandidates, type BallCandidates } from '../../main/pose/ball-candidates.js';

const FPS = 30;
const D_PX = 10; // the ball's diameter in the picture: 10 px for 6.7 cm → 149 px/m

/**
 * A ball thrown from (x0, y0) at frame `from` for `n` frames, falling at the gravity of a clip
 * slowed `slowed`×, at a depth where a ball is D_PX across; its blob measures `blob` of that.
 */
function arc(ball: BallCandidates, from: number, n: number, x0: number, y0: number, slowed: number, bend = 1, blob = 1): void {
  const pxPerM = D_PX / BALL_DIAMETER_M.tennis;
  const a = (bend * GRAVITY_MPS2 * pxPerM) / (slowed * slowed) / (FPS * FPS) / 2; // px per frame², picture y down
  for (let k = 0; k < n; k++) {
    ball.xy.set([x0 + 12 * k, y0 - 10 * k + a * k * k], (from + k) * BALL_SLOTS * 2);
    ball.area[(from + k) * BALL_SLOTS] = Math.PI * ((blob * D_PX) / 2) ** 2;
  }
}

describe('the clock from the ball in flight', () => {
  it('reads a 2× slowed clip as 2× (60 fps capture), from the median of its arcs', () => {
    const ball = emptyBallCandidates(200);
    arc(ball, 10, 14, 100, 400, 2);
    arc(ball, 60, 16, 200, 380, 2);
    arc(ball, 120, 12, 300, 420, 2.4); // one arc off: the median holds
    const c = ballClock(ball, FPS, 'tennis');
    expect(c?.arcs.length).toBe(3);
    expect(c?.factor).toBeCloseTo(2, 1);
    expect(snapCaptureFps(FPS, c!.factor)).toBe(60);
    const v = judgeSlowMotion({ ball: c, sport: 'tennis', peakHandMps: 7, leadVideoS: 0.06, fps: FPS });
    expect(v.guess).toMatchObject({ factor: 2, suggestedCaptureFps: 60, basis: 'ball_flight', ballArcs: 3 });
  });

  it('reads real time as no slow motion, whatever the hand says (any sport)', () => {
    const ball = emptyBallCandidates(200);
    arc(ball, 10, 12, 100, 400, 1);
    arc(ball, 60, 12, 200, 380, 1.2);
    const c = ballClock(ball, FPS, 'tennis');
    expect(c?.factor).toBeCloseTo(1.1, 1);
    // A slow hand (1 m/s on the video's clock) would make the pose's cue fire; the ball decides.
    expect(judgeSlowMotion({ ball: c, sport: 'tennis', peakHandMps: 1, leadVideoS: 0.3, fps: FPS })).toEqual({ guess: null, cannotTell: null });
    expect(judgeSlowMotion({ sport: 'tennis', peakHandMps: 1, leadVideoS: 0.3, fps: FPS }).guess).not.toBeNull();
  });

  it('decides nothing when its arcs disagree on the capture rate: the pose decides, else the coach reads that it cannot tell', () => {
    const ball = emptyBallCandidates(200);
    arc(ball, 10, 14, 100, 400, 2.26); // 60 fps
    arc(ball, 60, 14, 200, 380, 1.33); // 30 fps: real time
    const c = ballClock(ball, FPS, 'tennis');
    expect(c?.arcs.length).toBe(2);
    expect(snapCaptureFps(FPS, c!.factor)).toBe(60); // the median alone would read 60 fps
    expect(ballArcsAgree(c!, FPS)).toBe(false);
    // A drive-speed hand: no pose cue either, so no guess and a notice naming the arcs.
    const v = judgeSlowMotion({ ball: c, sport: 'tennis', peakHandMps: 7, leadVideoS: 0.06, fps: FPS });
    expect(v.guess).toBeNull();
    expect(v.cannotTell).toMatchObject({ code: 'slow-motion-unknown', severity: 'notice' });
    expect(v.cannotTell?.detail).toContain("the ball's flights disagree");
    expect(v.cannotTell?.detail).toContain('2.3× (60 fps), 1.3× (30 fps)');
    // A slow hand fires the pose's cue, which then decides.
    expect(judgeSlowMotion({ ball: c, sport: 'tennis', peakHandMps: 1, leadVideoS: 0.06, fps: FPS }).guess?.basis).toBe('hand_speed');
    // Two of three agreeing arcs make a verdict.
    arc(ball, 120, 14, 300, 420, 2.1);
    const three = ballClock(ball, FPS, 'tennis')!;
    expect(ballArcsAgree(three, FPS)).toBe(true);
    expect(judgeSlowMotion({ ball: three, sport: 'tennis', peakHandMps: 7, leadVideoS: 0.06, fps: FPS }).guess?.suggestedCaptureFps).toBe(60);
  });

  it('needs two arcs, each with a visible bend', () => {
    const one = emptyBallCandidates(200);
    arc(one, 10, 14, 100, 400, 2);
    expect(ballClock(one, FPS, 'tennis')).toBeNull();
    const flat = emptyBallCandidates(200);
    arc(flat, 10, 14, 100, 400, 2, 0); // straight streaks: no bend
    arc(flat, 60, 14, 100, 400, 2, 0);
    expect(ballClock(flat, FPS, 'tennis')).toBeNull();
    expect(ballClock(undefined, FPS, 'tennis')).toBeNull();
  });

  it("measures an arc flown at the player's depth by the player's scale, one farther away by the ball's own", () => {
    // A slow ball's blob is a crescent: 0.65 of its diameter reads a 3× clip as 3 × √0.65 ≈ 2.4×.
    const ball = emptyBallCandidates(200);
    arc(ball, 10, 14, 100, 400, 3, 1, 0.65);
    arc(ball, 60, 16, 200, 380, 3, 1, 0.65);
    expect(ballClock(ball, FPS, 'tennis')?.factor).toBeCloseTo(3 * Math.sqrt(0.65), 1);
    // The player at the ball's depth: a ball D_PX across there, so D_PX / 6.7 cm pixels per metre.
    const atPlayer = new Float64Array(200).fill(BALL_DIAMETER_M.tennis / D_PX);
    const c = ballClock(ball, FPS, 'tennis', BALL_CLOCK_PARAMS, atPlayer)!;
    expect(c.factor).toBeCloseTo(3, 2);
    expect(snapCaptureFps(FPS, c.factor)).toBe(120); // 90 fps: nearer 120 than 60 in ratio
    // Twice the player's distance from the camera (the blob reads 0.5 of a ball at the player's scale): its own scale.
    const far = emptyBallCandidates(200);
    arc(far, 10, 14, 100, 400, 3, 1, 0.5);
    arc(far, 60, 16, 200, 380, 3, 1, 0.5);
    expect(ballClock(far, FPS, 'tennis', BALL_CLOCK_PARAMS, atPlayer)?.factor).toBeCloseTo(3 * Math.sqrt(0.5), 1);
    // No scale where the player is not measured; the band switched off: the ball's own scale.
    expect(ballClock(ball, FPS, 'tennis', BALL_CLOCK_PARAMS, new Float64Array(200).fill(NaN))?.factor).toBeCloseTo(3 * Math.sqrt(0.65), 1);
    expect(ballClock(ball, FPS, 'tennis', { ...BALL_CLOCK_PARAMS, playerDepthBand: null }, atPlayer)?.factor).toBeCloseTo(3 * Math.sqrt(0.65), 1);
  });

  it('snaps to the video rate or a camera capture rate', () => {
    expect(snapCaptureFps(30, 1.3)).toBe(30);
    expect(snapCaptureFps(30, 1.5)).toBe(60);
    expect(snapCaptureFps(30, 3.9)).toBe(120);
    expect(snapCaptureFps(25, 1)).toBe(25);
    expect(() => snapCaptureFps(30, 0)).toThrow(RangeError);
  });
});
