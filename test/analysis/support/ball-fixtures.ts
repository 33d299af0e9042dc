/**
 * Hand-built ball candidates around synthetic strokes (support/synthetic.ts: 60 fps, front view,
 * 300 px per metre) for the ball tests (ball-flight.test.ts, ball-hits.test.ts): a request, a
 * candidate put at a frame, the right wrist's picture position, a ball hit at the wrist.
 */
import type { TechniqueRequestMetadata } from '../../../main/contract/technique-schema.js';
import { BALL_SLOTS, type BallCandidates } from '../../../main/pose/ball-candidates.js';
import { J } from '../../../main/pose/h36m.js';
import type { PoseTrack } from '../../../main/pose/pose-track.js';

/** A right-handed tennis forehand request. */
export const META: TechniqueRequestMetadata = {
  uid: 'b1',
  sport: 'tennis',
  swing_type: 'forehand_drive',
  dominant_hand: 'right',
  player_height_mm: 1750,
};

/** Puts a candidate blob of `area` px² at (x, y) into frame f's `slot`. */
export function put(c: BallCandidates, f: number, x: number, y: number, area = 50, slot = 0): void {
  c.xy[(f * BALL_SLOTS + slot) * 2] = x;
  c.xy[(f * BALL_SLOTS + slot) * 2 + 1] = y;
  c.area[f * BALL_SLOTS + slot] = area;
}

/** The right wrist's picture position at frame f, px. */
export function wristAt(t: PoseTrack, f: number): [number, number] {
  return [
    t.keypoints[(f * t.joints + J.rightWrist) * 2]!,
    t.keypoints[(f * t.joints + J.rightWrist) * 2 + 1]!,
  ];
}

/** A ball that flies in a straight line to the wrist's position at frame c, then back the way it came (a hit). */
export function hitAt(ball: BallCandidates, pose2d: PoseTrack, c: number): void {
  const [hx, hy] = wristAt(pose2d, c);
  for (let k = 1; k <= 8; k++) {
    put(ball, c - k, hx + 20 * k, hy - 2 * k); // incoming from the right, 20 px per frame
    put(ball, c + k, hx + 35 * k, hy - 8 * k); // leaving faster, rising
  }
}
