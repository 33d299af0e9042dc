/**
 * The ball's verdict on a contact (ball-flight.ts) on hand-built candidates around synthetic
 * strokes (support/synthetic.ts: 60 fps, front view, 300 px per metre), and the stroke detector
 * dropping the swing the ball rules out (analyseStrokes, as /process runs it). The hits the ball
 * shows: ball-hits.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { ballFlights, ballVerdict, carryTo } from '../../main/analysis/strokes/ball-flight.js';
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import { emptyBallCandidates } from '../../main/pose/ball-candidates.js';
import { hitAt, META, put, wristAt } from './support/ball-fixtures.js';
import { synthTracks } from './support/synthetic.js';


describe('ball flights', () => {
  test('a straight flight is one chain; a reversal ends it and starts another', () => {
    const c = emptyBallCandidates(30);
    for (let f = 0; f < 10; f++) put(c, f, 100 + 10 * f, 200);
    for (let f = 10; f < 20; f++) put(c, f, 190 - 12 * (f - 10), 200);
    const fl = ballFlights(c, 0, 29);
    expect(fl.map((x) => [x.points[0]!.f, x.points.at(-1)!.f])).toEqual([
      [0, 9],
      [10, 19],
    ]);
    // Carried on from its last three points (a straight line): 10 px per frame.
    expect(carryTo(fl[0]!, 12)).toEqual([220, 200]);
  });

  test('a flicker of fewer than 4 candidates and a blob that stays put are no flights', () => {
    const c = emptyBallCandidates(20);
    for (let f = 0; f < 3; f++) put(c, f, 500, 500 + 15 * f);
    for (let f = 5; f < 15; f++) {
      put(c, f, 100 + 10 * f, 200);
      put(c, f, 400, 50, 30, 1);
    }
    const fl = ballFlights(c, 0, 19);
    expect(fl.map((x) => [x.points[0]!.f, x.points.at(-1)!.f, x.points[0]!.x])).toEqual([[5, 14, 150]]);
  });
});

describe('the ball verdict at a synthetic forehand (contact near frame 60)', () => {
  const t = synthTracks({ seconds: 2, swings: [{ t: 1, side: 'forehand' }] });
  const c = 60;
  const [hx, hy] = wristAt(t.pose2d, c);

  test('a ball that comes to the racket and turns round: a hit is possible', () => {
    const ball = emptyBallCandidates(t.pose2d.frames);
    hitAt(ball, t.pose2d, c);
    const v = ballVerdict(ball, t.pose2d, 'right', c, 60);
    expect(v.verdict).toBe('hit-possible');
    expect(v.reason).toMatch(
      /^ball flight of frames 52–59 reaches the racket \(0\.\d torso lengths from the wrist\)$/,
    );
  });

  test('a ball that flies on past the wrist through the contact: no hit', () => {
    const ball = emptyBallCandidates(t.pose2d.frames);
    for (let f = c - 10; f <= c + 10; f++) put(ball, f, hx + 15 * (f - c), hy - 100);
    expect(ballVerdict(ball, t.pose2d, 'right', c, 60)).toEqual({
      verdict: 'no-hit',
      reason: 'the ball flies on through frame 60 without a hit (flight of frames 50–70)',
    });
  });

  test('a ball whose flight ends far from the player just before the contact: no hit', () => {
    const ball = emptyBallCandidates(t.pose2d.frames);
    // Torso ≈ 0.5 m = 150 px in this view; the ball falls 700 px to the player's right.
    for (let f = c - 10; f <= c - 1; f++) put(ball, f, hx - 700, 300 + 6 * (f - c));
    const v = ballVerdict(ball, t.pose2d, 'right', c, 60);
    expect(v.verdict).toBe('no-hit');
    expect(v.reason).toMatch(
      /^the ball is \d\.\d torso lengths from the hitting wrist at frame 60 \(flight of frames 50–59\)$/,
    );
  });

  // A practice wall: the ball comes back toward the player with no net between them. The pose's
  // contact (c) may fall a few frames before the ball reaches the racket, so the ball flies
  // through c on its way in.
  const [wx, wy] = wristAt(t.pose2d, c + 3);

  test('a ball coming back from a wall that flies through the contact and reaches the racket 3 frames later: a hit is possible', () => {
    const ball = emptyBallCandidates(t.pose2d.frames);
    for (let f = c - 10; f <= c + 3; f++) put(ball, f, wx + 20 * (c + 3 - f), wy - 2 * (c + 3 - f));
    expect(ballVerdict(ball, t.pose2d, 'right', c, 60)).toEqual({
      verdict: 'hit-possible',
      reason: `ball flight of frames ${c - 10}–${c + 3} meets the racket at frame ${c + 3}, a few frames from the contact`,
    });
  });

  test('the same ball flying on past the player, or drifting in slowly, is still no hit', () => {
    const past = emptyBallCandidates(t.pose2d.frames);
    for (let f = c - 10; f <= c + 10; f++) put(past, f, wx + 20 * (c + 3 - f), wy - 2 * (c + 3 - f));
    expect(ballVerdict(past, t.pose2d, 'right', c, 60).verdict).toBe('no-hit');
    // 2 px per frame toward the wrist: 0.8 torso lengths per second (torso ≈ 150 px), under the 5 of a struck ball.
    const slow = emptyBallCandidates(t.pose2d.frames);
    for (let f = c - 10; f <= c + 3; f++) put(slow, f, wx + 60 + 2 * (c + 3 - f), wy);
    expect(ballVerdict(slow, t.pose2d, 'right', c, 60).verdict).toBe('no-hit');
  });

  test('a ball that leaves the racket 2 frames before the contact and flies through it: a hit is possible; 3 frames before: no hit', () => {
    for (const [lead, verdict] of [
      [2, 'hit-possible'],
      [3, 'no-hit'],
    ] as const) {
      const s = c - lead;
      const [sx, sy] = wristAt(t.pose2d, s);
      const ball = emptyBallCandidates(t.pose2d.frames);
      // 80 px per frame (16 m/s at 300 px/m): faster than the hand that hit it.
      for (let f = s; f <= c + 8; f++) put(ball, f, sx + 80 * (f - s), sy - 5 * (f - s));
      const v = ballVerdict(ball, t.pose2d, 'right', c, 60);
      expect(v.verdict).toBe(verdict);
      if (verdict === 'hit-possible')
        expect(v.reason).toBe(
          `ball flight of frames ${s}–${c + 8} meets the racket at frame ${s}, a few frames from the contact`,
        );
    }
  });

  test('no candidates, or a flight long before the contact: unknown (never removes a stroke)', () => {
    const none = emptyBallCandidates(t.pose2d.frames);
    expect(ballVerdict(none, t.pose2d, 'right', c, 60)).toEqual({
      verdict: 'unknown',
      reason: 'no ball flight near the contact',
    });
    const early = emptyBallCandidates(t.pose2d.frames);
    for (let f = c - 14; f <= c - 8; f++) put(early, f, hx - 700, 300);
    expect(ballVerdict(early, t.pose2d, 'right', c, 60).verdict).toBe('unknown');
  });
});

describe('the stroke detector with the ball (analyseStrokes)', () => {
  const t = synthTracks({
    seconds: 6,
    swings: [
      { t: 1, side: 'forehand' },
      { t: 3, side: 'forehand' },
      { t: 5, side: 'forehand' },
    ],
  });
  const without = analyseStrokes({ ...t, meta: META });
  const contacts = without.result.strokes!.map((s) => s.contact.frame_nr);

  test('a ball hit at the first two swings and flying past the third: the third is not counted, saying why', () => {
    expect(contacts.length).toBe(3);
    const ball = emptyBallCandidates(t.pose2d.frames);
    hitAt(ball, t.pose2d, contacts[0]!);
    hitAt(ball, t.pose2d, contacts[1]!);
    const c3 = contacts[2]!;
    const [hx, hy] = wristAt(t.pose2d, c3);
    for (let f = c3 - 10; f <= c3 + 10; f++) put(ball, f, hx + 15 * (f - c3), hy - 100);
    const out = analyseStrokes({ ...t, ball, meta: META });
    expect(out.result.strokes!.map((s) => s.contact.frame_nr)).toEqual(contacts.slice(0, 2));
    expect(out.warnings.map((w) => w.detail)).toContain(
      `swing at frame ${c3} not counted as a stroke: the ball flies on through frame ${c3} without a hit (flight of frames ${c3 - 10}–${c3 + 10})`,
    );
    expect(out.warnings.map((w) => w.detail)).toContain('2 strokes found (2 forehands); 2 analysed as forehand_drive');
  });

  test('every swing ruled out by the ball: the swings stay at half confidence, the clip is analysed, a warning says why', () => {
    const ball = emptyBallCandidates(t.pose2d.frames);
    for (const c of contacts) {
      const [hx, hy] = wristAt(t.pose2d, c);
      for (let f = c - 10; f <= c + 10; f++) put(ball, f, hx + 15 * (f - c), hy - 100);
    }
    const out = analyseStrokes({ ...t, ball, meta: META });
    const strokes = out.result.strokes!;
    expect(strokes.map((s) => s.contact.frame_nr)).toEqual(contacts);
    expect(strokes.map((s) => s.confidence)).toEqual(
      without.result.strokes!.map((s) => Math.round(s.confidence * 50) / 100),
    );
    expect(strokes.every((s) => s.features.length > 0)).toBe(true);
    for (const c of contacts) {
      expect(out.warnings.map((w) => w.detail)).toContain(
        `swing at frame ${c} kept as a stroke at lower confidence, as no other swing was found, although the ball flies on through frame ${c} without a hit (flight of frames ${c - 10}–${c + 10})`,
      );
    }
    expect(out.warnings.some((w) => w.detail?.includes('not counted as a stroke'))).toBe(false);
    // With the coach's contact the analysis runs there, whatever the ball says.
    expect(
      analyseStrokes({ ...t, ball, meta: { ...META, ball_timestamp: contacts[0]! / 60 } }).contact.frame,
    ).toBe(contacts[0]);
  });

  test('candidates of another length than the tracks are refused', () => {
    expect(() =>
      analyseStrokes({ ...t, ball: emptyBallCandidates(t.pose2d.frames - 1), meta: META }),
    ).toThrow(RangeError);
  });
});

describe('frames in the reasons', () => {
  test('are the video frame numbers of a clip whose tracks start later in the video', () => {
    const t = synthTracks({ seconds: 2, swings: [{ t: 1, side: 'forehand' }] });
    t.pose2d.frameNr.forEach((_, i) => (t.pose2d.frameNr[i] = i + 200));
    const [hx, hy] = wristAt(t.pose2d, 60);
    const ball = emptyBallCandidates(t.pose2d.frames);
    for (let f = 50; f <= 70; f++) put(ball, f, hx + 15 * (f - 60), hy - 100);
    expect(ballVerdict(ball, t.pose2d, 'right', 60, 60).reason).toBe(
      'the ball flies on through frame 260 without a hit (flight of frames 250–270)',
    );
  });
});
