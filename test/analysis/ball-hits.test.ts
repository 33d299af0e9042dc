/**
 * The hits the ball's flight shows (ball-hits.ts `ballHits`) on hand-built candidates around
 * synthetic strokes (support/ball-fixtures.ts), and the strokes only the ball finds
 * (analyseStrokes, as /process runs it).
 */
import { describe, expect, test } from 'vitest';
import { ballHits } from '../../main/analysis/strokes/ball-hits.js';
import { jointAt, torsoLength } from '../../main/analysis/strokes/ball-racket.js';
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import { DETECTION_PARAMS } from '../../main/analysis/strokes/detection-params.js';
import { emptyBallCandidates } from '../../main/pose/ball-candidates.js';
import { hitAt, META, put, wristAt } from './support/ball-fixtures.js';
import { synthTracks } from './support/synthetic.js';

describe('hits the ball shows (ballHits) and the strokes only the ball finds', () => {
  test('the ball turning round at the wrist is a hit; a bounce far from the wrist and a slight bend are not', () => {
    const t = synthTracks({ seconds: 2, swings: [{ t: 1, side: 'forehand' }] });
    const hit = emptyBallCandidates(t.pose2d.frames);
    hitAt(hit, t.pose2d, 60);
    // Incoming ends at 59, outgoing starts at 61; both carried on meet at the wrist at frame 60.
    expect(ballHits(hit, t.pose2d, 'right')).toEqual([
      {
        at: 60,
        from: 52,
        reason:
          'the ball turns round at the racket at frame 60 (flights 52–59 and 61–68, 0.0 torso lengths from the wrist)',
      },
    ]);
    const [hx, hy] = wristAt(t.pose2d, 60);
    const bounce = emptyBallCandidates(t.pose2d.frames);
    for (let k = 1; k <= 8; k++) {
      put(bounce, 60 - k, hx - 700 + 10 * k, 600 - 25 * k);
      put(bounce, 60 + k, hx - 700 - 10 * k, 600 - 20 * k);
    }
    expect(ballHits(bounce, t.pose2d, 'right')).toEqual([]);
    const bend = emptyBallCandidates(t.pose2d.frames);
    for (let k = 1; k <= 8; k++) {
      put(bend, 60 - k, hx - 20 * k, hy);
      put(bend, 60 + k, hx + 20 * k, hy + 5 * k);
    }
    expect(ballHits(bend, t.pose2d, 'right')).toEqual([]);
  });

  test('seen from behind, a ball that grows towards the wrist and then shrinks away is a hit (a depth turn); one that grows on, or is far smaller than a ball at the player, is not', () => {
    const t = synthTracks({ seconds: 2, swings: [{ t: 1, side: 'forehand' }] });
    const [hx, hy] = wristAt(t.pose2d, 60);
    const atPlayer = 0.134 * torsoLength((j) => jointAt(t.pose2d, 60, j)); // px: a ball at the player's depth
    const disc = (d: number) => Math.PI * (d / 2) ** 2;
    // Both flights move up the picture (a 9° bend, no turn in the picture plane; the struck ball
    // flies off faster, so the two do not chain into one); sizes in ball diameters at the player.
    const flights = (inSize: (k: number) => number, outSize: (k: number) => number) => {
      const c = emptyBallCandidates(t.pose2d.frames);
      for (let k = 1; k <= 8; k++) {
        put(c, 60 - k, hx + 3 * k, hy + 12 * k, disc(inSize(k) * atPlayer));
        put(c, 60 + k, hx - 20 * k, hy - 45 * k, disc(outSize(k) * atPlayer));
      }
      return c;
    };
    const depth = flights((k) => 1 - 0.05 * k, (k) => 1 - 0.06 * k);
    expect(ballHits(depth, t.pose2d, 'right', 1, 60).map((h) => [h.at, h.reason])).toEqual([
      [60, 'the ball turns round in depth at the racket (flying at the camera, then away, or the reverse) at frame 60 (flights 52–59 and 61–68, 0.0 torso lengths from the wrist)'],
    ]);
    // Without the clock's rate the depth is not read: only picture-plane turns count.
    expect(ballHits(depth, t.pose2d, 'right')).toEqual([]);
    // Growing on through the wrist's position: the ball flew past towards the camera.
    expect(ballHits(flights((k) => 1 - 0.05 * k, (k) => 1 + 0.05 * k), t.pose2d, 'right', 1, 60)).toEqual([]);
    // A third of the size of a ball at the player: three times as far from the camera (an opponent's hit).
    expect(ballHits(flights((k) => (1 - 0.05 * k) / 3, (k) => (1 - 0.06 * k) / 3), t.pose2d, 'right', 1, 60)).toEqual([]);
  });

  test('a hit where the hand made no swing adds a stroke found by the ball, with lower confidence and a warning', () => {
    const t = synthTracks({
      seconds: 6,
      swings: [
        { t: 1, side: 'forehand' },
        { t: 3, side: 'forehand' },
      ],
    });
    const plain = analyseStrokes({ ...t, meta: META });
    expect(plain.result.strokes!.length).toBe(2);
    const ball = emptyBallCandidates(t.pose2d.frames);
    hitAt(ball, t.pose2d, 300);
    // The synthetic hand is still at frame 300: with the shipped constants the sport's least stroke
    // speed (DetectionParams.minPeakHandSpeed) turns the hit down (another player's shot) ...
    expect(analyseStrokes({ ...t, ball, meta: META }).result.strokes!.map((s) => s.contact.frame_nr)).toEqual(plain.result.strokes!.map((s) => s.contact.frame_nr));
    // ... and without that floor the ball alone adds the stroke.
    const out = analyseStrokes({ ...t, ball, meta: META }, { ...DETECTION_PARAMS, minPeakHandSpeed: { tennis: 0, pickleball: 0, none: 0 } });
    const strokes = out.result.strokes!;
    expect(strokes.map((s) => s.contact.frame_nr)).toEqual([
      ...plain.result.strokes!.map((s) => s.contact.frame_nr),
      300,
    ]);
    // Confidence: hand measured in every sample around it (1) × 0.5 (no swing window).
    expect(strokes[2]!.confidence).toBe(0.5);
    expect(out.warnings.map((w) => w.detail)).toContain(
      'stroke at frame 300 found by the ball alone (no swing of the hand): the ball turns round at the racket at frame 300 (flights 292–299 and 301–308, 0.0 torso lengths from the wrist)',
    );
  });
});
