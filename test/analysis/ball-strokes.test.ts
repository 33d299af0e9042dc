/**
 * The swings judged by the ball (ball-strokes.ts) on a synthetic rally (support/synthetic.ts,
 * 60 fps): a hit the ball shows near a swing's contact times that stroke; one far from any swing
 * is a stroke of its own; without candidates nothing changes.
 */
import { describe, expect, test } from 'vitest';
import { clipStrokes } from '../../main/analysis/clip-strokes.js';
import { BALL_SLOTS, emptyBallCandidates, type BallCandidates } from '../../main/pose/ball-candidates.js';
import { J } from '../../main/pose/h36m.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import { synthTracks } from './support/synthetic.js';

/** A ball flying to the right wrist's position at frame c and back (a hit there), 8 frames each way. */
function hitAt(ball: BallCandidates, pose2d: PoseTrack, c: number): void {
  const i = (c * pose2d.joints + J.rightWrist) * 2;
  const [hx, hy] = [pose2d.keypoints[i]!, pose2d.keypoints[i + 1]!];
  for (let k = 1; k <= 8; k++) {
    for (const [f, x, y] of [[c - k, hx + 20 * k, hy - 2 * k], [c + k, hx + 35 * k, hy - 8 * k]] as const) {
      ball.xy.set([x, y], f * BALL_SLOTS * 2);
      ball.area[f * BALL_SLOTS] = 50;
    }
  }
}

describe('strokes judged by the ball', () => {
  const t = synthTracks({ seconds: 6, swings: [{ t: 1, side: 'forehand' }, { t: 3, side: 'forehand' }] });
  const input = { ...t, sport: 'tennis' as const, dominantHand: 'right' as const };
  const plain = clipStrokes(input);
  const contacts = plain.strokes.map((s) => s.contact.frame_nr);

  test('a hit 3 frames before a swing\'s own contact times that stroke; a hit where no swing is adds one', () => {
    expect(contacts.length).toBe(2);
    const ball = emptyBallCandidates(t.pose2d.frames);
    hitAt(ball, t.pose2d, contacts[0]! - 3);
    hitAt(ball, t.pose2d, 300);
    const judged = clipStrokes({ ...input, ball });
    expect(judged.strokes.map((s) => [s.contact.frame_nr, s.foundBy])).toEqual([
      [contacts[0]! - 3, 'dominant_wrist'],
      [contacts[1]!, 'dominant_wrist'],
      [300, 'ball_flight'],
    ]);
    // The sub-frame contact passed on to the analysis is the hit's, on the video clock.
    expect(judged.strokes[0]!.exactTimestamp).toBeCloseTo((contacts[0]! - 3) / 60, 9);
    expect(judged.retimed.map((n) => n.frameNr)).toEqual([contacts[0]! - 3]);
    expect(judged.ballFound.map((n) => n.frameNr)).toEqual([300]);
    expect(judged.ruledOut).toEqual([]);
  });

  test('without candidates, or with none near the strokes, the detector\'s strokes stand', () => {
    expect(clipStrokes({ ...input, ball: emptyBallCandidates(t.pose2d.frames) }).strokes.map((s) => s.contact.frame_nr)).toEqual(contacts);
    expect(plain.retimed).toEqual([]);
    expect(plain.ballFound).toEqual([]);
  });
});
