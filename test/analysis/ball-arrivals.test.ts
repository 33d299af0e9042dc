/**
 * Where the incoming ball reaches the racket and is not seen again (ball-arrivals.ts), on
 * hand-built candidates around a synthetic forehand (support/ball-fixtures.ts, 60 fps), and the
 * swing it times (ball-strokes.ts rule 1b).
 */
import { describe, expect, test } from 'vitest';
import { ballArrivals } from '../../main/analysis/strokes/ball-arrivals.js';
import { clipStrokes } from '../../main/analysis/strokes/clip-strokes.js';
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import { emptyBallCandidates, type BallCandidates } from '../../main/pose/ball-candidates.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import { META, put, wristAt } from './support/ball-fixtures.js';
import { synthTracks } from './support/synthetic.js';

/** A ball flying in a straight line from the right toward the wrist's position at frame `last`, last seen there `gapPx` short of it, over `points` frames. */
function arriving(pose2d: PoseTrack, last: number, gapPx = 10, points = 8): BallCandidates {
  const c = emptyBallCandidates(pose2d.frames);
  const [hx, hy] = wristAt(pose2d, last);
  for (let k = 0; k < points; k++) put(c, last - k, hx + gapPx + 20 * k, hy - 2 * k);
  return c;
}

describe('the ball arriving at the racket', () => {
  const t = synthTracks({ seconds: 2, swings: [{ t: 1, side: 'forehand' }] });

  test('a flight that comes ever closer to the wrist and ends within reach: contact half a frame after its last sighting', () => {
    expect(ballArrivals(arriving(t.pose2d, 57), t.pose2d, 'right')).toEqual([
      { at: 57.5, from: 50, reason: 'the ball reaches the racket at frame 57 and is not seen flying on (flight 50–57, 0.1 torso lengths from the wrist)' },
    ]);
  });

  test('a flight that ends beyond the racket, or moves away from the hand, is no arrival', () => {
    expect(ballArrivals(arriving(t.pose2d, 57, 400), t.pose2d, 'right')).toEqual([]);
    const leaving = emptyBallCandidates(t.pose2d.frames);
    const [hx, hy] = wristAt(t.pose2d, 50);
    for (let k = 0; k < 8; k++) put(leaving, 50 + k, hx + 10 + 20 * k, hy - 2 * k);
    expect(ballArrivals(leaving, t.pose2d, 'right')).toEqual([]);
  });

  test("times the swing whose contact lies within 0.1 s of it, and only that one; the swing's own contact stands without one", () => {
    const input = { ...t, sport: 'tennis' as const, dominantHand: 'right' as const };
    const c = clipStrokes(input).strokes[0]!.contact.frame_nr;
    const near = clipStrokes({ ...input, ball: arriving(t.pose2d, c - 4) });
    expect(near.strokes).toHaveLength(1);
    expect(near.strokes[0]!.exactTimestamp).toBeCloseTo((c - 3.5) / 60, 9);
    expect(near.retimed.map((n) => n.reason)).toEqual([expect.stringMatching(new RegExp(`^the ball reaches the racket at frame ${c - 4} `)) as string]);
    // 10 frames (0.17 s at 60 fps) before the contact: too far to time it.
    const far = clipStrokes({ ...input, ball: arriving(t.pose2d, c - 10) });
    expect(far.strokes.map((s) => s.contact.frame_nr)).toEqual([c]);
    expect(far.retimed).toEqual([]);
  });

  test('a swing the ball flies through is timed at that flight\'s arrival up to half the stroke gap later, not ruled out', () => {
    const input = { ...t, sport: 'tennis' as const, dominantHand: 'right' as const };
    const c = clipStrokes(input).strokes[0]!.contact.frame_nr;
    // In the air from c − 6 on, at the racket at c + 12 (0.2 s later at 60 fps; half the 0.6 s gap is 18 frames).
    const late = clipStrokes({ ...input, ball: arriving(t.pose2d, c + 12, 10, 19) });
    expect(late.strokes).toHaveLength(1);
    expect(late.strokes[0]!.exactTimestamp).toBeCloseTo((c + 12.5) / 60, 9);
    expect(late.ruledOut).toEqual([]);
    expect(late.doubted).toEqual([]);
    expect(late.retimed.map((n) => n.reason)).toEqual([expect.stringMatching(new RegExp(`^the ball reaches the racket at frame ${c + 12} `)) as string]);
    // The coach reads where the contact came from (analyseStrokes' warnings).
    const ball = arriving(t.pose2d, c + 12, 10, 19);
    const timed = analyseStrokes({ ...t, ball, meta: META }).warnings.filter((w) => w.code === 'contact-timed-by-ball');
    expect(timed.map((w) => [w.severity, w.message])).toEqual([['info', "A stroke's contact was placed where the ball meets the racket."]]);
    expect(timed[0]!.detail).toMatch(new RegExp(`^contact of the stroke at frame ${c + 13} placed by the ball: the ball reaches the racket at frame ${c + 12} and is not seen flying on`));
    // A nearer arrival of a fragment that started after the contact (from the left, at the wrist 4 frames after it) does not take the swing from the flight through it.
    const both = arriving(t.pose2d, c + 12, 10, 19);
    const [wx, wy] = wristAt(t.pose2d, c + 4);
    for (let k = 0; k < 4; k++) put(both, c + 4 - k, wx - 10 - 25 * k, wy + 40 + 3 * k, 50, 1);
    expect(ballArrivals(both, t.pose2d, "right").map((a) => [a.from, a.at])).toEqual([[c + 1, c + 4.5], [c - 6, c + 12.5]]);
    expect(clipStrokes({ ...input, ball: both }).strokes[0]!.exactTimestamp).toBeCloseTo((c + 12.5) / 60, 9);
    // The same flight carried on 400 px beyond the hand at its end: no arrival, the swing is ruled out (kept only as the last one, doubted).
    const past = clipStrokes({ ...input, ball: arriving(t.pose2d, c + 12, 400, 19) });
    expect(past.strokes.map((s) => s.contact.frame_nr)).toEqual([c]);
    expect(past.doubted.map((n) => n.frameNr)).toEqual([c]);
  });
});
