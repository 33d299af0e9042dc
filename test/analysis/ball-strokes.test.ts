/**
 * The swings judged by the ball (ball-strokes.ts) on a synthetic rally (support/synthetic.ts,
 * 60 fps): a hit the ball shows near a swing's contact times that stroke; one far from any swing
 * is a stroke of its own; without candidates nothing changes; the ball never removes the last
 * swings (they stay at lower confidence).
 */
import { describe, expect, test } from 'vitest';
import { BALL_DOUBT_FACTOR } from '../../main/analysis/strokes/ball-strokes.js';
import { clipStrokes } from '../../main/analysis/strokes/clip-strokes.js';
import { DETECTION_PARAMS } from '../../main/analysis/strokes/detection-params.js';
import { ballEvidenceRank } from '../../main/analysis/strokes/strokes.js';
import { BALL_SLOTS, emptyBallCandidates, type BallCandidates } from '../../main/pose/ball-candidates.js';
import { J } from '../../main/pose/h36m.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import { synthTracks } from './support/synthetic.js';

/** A ball flying to the right wrist's position at frame c and back (a hit there), 8 frames each way. */
function hitAt(ball: BallCandidates, pose2d: PoseTrack, c: number): void {
  const i = (c * pose2d.joints + J.rightWrist) * 2;
  const [hx, hy] = [pose2d.keypoints[i]!, pose2d.keypoints[i + 1]!];
  for (let k = 1; k <= 8; k++) {
    for (const [f, x, y] of [
      [c - k, hx + 20 * k, hy - 2 * k],
      [c + k, hx + 35 * k, hy - 8 * k],
    ] as const) {
      ball.xy.set([x, y], f * BALL_SLOTS * 2);
      ball.area[f * BALL_SLOTS] = 50;
    }
  }
}

describe('strokes judged by the ball', () => {
  const t = synthTracks({
    seconds: 6,
    swings: [
      { t: 1, side: 'forehand' },
      { t: 3, side: 'forehand' },
    ],
  });
  const input = { ...t, sport: 'tennis' as const, dominantHand: 'right' as const };
  const plain = clipStrokes(input);
  const contacts = plain.strokes.map((s) => s.contact.frame_nr);

  test("a hit 3 frames before a swing's own contact times that stroke; a hit where no swing is adds one", () => {
    expect(contacts.length).toBe(2);
    const ball = emptyBallCandidates(t.pose2d.frames);
    hitAt(ball, t.pose2d, contacts[0]! - 3);
    hitAt(ball, t.pose2d, 300);
    // The hand is still at 300: the hit adds a stroke only without the sport's least stroke speed.
    expect(clipStrokes({ ...input, ball }).ballFound).toEqual([]);
    const judged = clipStrokes({ ...input, ball, params: { ...DETECTION_PARAMS, minPeakHandSpeed: { tennis: 0, pickleball: 0, none: 0 } } });
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
    // The ball's evidence at each: the two hits, and no ball near the second swing.
    expect(judged.strokes.map((s) => s.ballEvidence)).toEqual(['hit', 'unseen', 'hit']);
    expect(plain.strokes.map((s) => s.ballEvidence)).toEqual([undefined, undefined]);
  });

  test("without candidates, or with none near the strokes, the detector's strokes stand", () => {
    expect(
      clipStrokes({ ...input, ball: emptyBallCandidates(t.pose2d.frames) }).strokes.map(
        (s) => s.contact.frame_nr,
      ),
    ).toEqual(contacts);
    expect(plain.retimed).toEqual([]);
    expect(plain.ballFound).toEqual([]);
  });
});

/** A ball flying straight across the picture through frame c, 8 frames each way, far above the player: no hit at c. */
function flyThrough(ball: BallCandidates, c: number): void {
  for (let k = -8; k <= 8; k++) {
    ball.xy.set([600 + 25 * k, 150], (c + k) * BALL_SLOTS * 2);
    ball.area[(c + k) * BALL_SLOTS] = 50;
  }
}

describe('a swing the ball rules out hides no weaker swing near it', () => {
  // Two swings 0.5 s apart (under MIN_STROKE_GAP_S): the detector keeps the stronger one only.
  const t = synthTracks({
    seconds: 4,
    swings: [
      { t: 1, side: 'forehand' },
      { t: 1.5, side: 'backhand' },
    ],
  });
  const input = { ...t, sport: 'tennis' as const, dominantHand: 'right' as const };
  const plain = clipStrokes(input);

  test("the ball flying on through the stronger swing's contact leaves the weaker swing as the stroke", () => {
    expect(plain.strokes).toHaveLength(1);
    const [strong] = plain.strokes;
    const ball = emptyBallCandidates(t.pose2d.frames);
    flyThrough(ball, strong!.contact.frame_nr);
    const judged = clipStrokes({ ...input, ball });
    expect(judged.ruledOut.map((n) => n.frameNr)).toEqual([strong!.contact.frame_nr]);
    expect(judged.strokes).toHaveLength(1);
    const weak = judged.strokes[0]!;
    // The other swing: 0.5 s (30 frames at 60 fps) from the stronger one, its own side.
    expect(Math.abs(Math.abs(weak.contact.frame_nr - strong!.contact.frame_nr) - 30)).toBeLessThanOrEqual(3);
    expect(weak.side).not.toBe(strong!.side);
  });
});

describe('the ball never removes the last candidates', () => {
  const t = synthTracks({
    seconds: 6,
    swings: [
      { t: 1, side: 'forehand' },
      { t: 3, side: 'forehand' },
    ],
  });
  const input = { ...t, sport: 'tennis' as const, dominantHand: 'right' as const };
  const plain = clipStrokes(input);

  test('the ball flying on through every swing leaves every swing, at half confidence, noted as doubted', () => {
    const ball = emptyBallCandidates(t.pose2d.frames);
    for (const s of plain.strokes) flyThrough(ball, s.contact.frame_nr);
    const judged = clipStrokes({ ...input, ball });
    expect(judged.strokes.map((s) => s.contact.frame_nr)).toEqual(
      plain.strokes.map((s) => s.contact.frame_nr),
    );
    expect(judged.strokes.map((s) => s.confidence)).toEqual(
      plain.strokes.map((s) => s.confidence * BALL_DOUBT_FACTOR),
    );
    expect(BALL_DOUBT_FACTOR).toBe(0.5);
    expect(judged.strokes.map((s) => s.ballEvidence)).toEqual(['ruled-out', 'ruled-out']);
    expect(judged.doubted.map((n) => n.frameNr)).toEqual(plain.strokes.map((s) => s.contact.frame_nr));
    expect(judged.doubted[0]!.reason).toMatch(
      /^the ball flies on through frame \d+ without a hit \(flight of frames \d+–\d+\)$/,
    );
    expect(judged.ruledOut).toEqual([]);
  });

  test('while one swing is left, the ball still removes the other', () => {
    const ball = emptyBallCandidates(t.pose2d.frames);
    flyThrough(ball, plain.strokes[1]!.contact.frame_nr);
    const judged = clipStrokes({ ...input, ball });
    expect(judged.strokes.map((s) => [s.contact.frame_nr, s.confidence])).toEqual([
      [plain.strokes[0]!.contact.frame_nr, plain.strokes[0]!.confidence],
    ]);
    expect(judged.ruledOut.map((n) => n.frameNr)).toEqual([plain.strokes[1]!.contact.frame_nr]);
    expect(judged.doubted).toEqual([]);
  });
});

describe('the ball evidence ranks strokes when one is chosen (strokes.ts ballEvidenceRank)', () => {
  test('hit above near above unseen (or no candidates) above ruled-out', () => {
    const order = (['ruled-out', undefined, 'unseen', 'near', 'hit'] as const).map((e) => ballEvidenceRank(e));
    expect(order).toEqual([0, 1, 1, 2, 3]);
  });
});
