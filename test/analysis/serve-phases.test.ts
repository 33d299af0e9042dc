/**
 * The serve's events and stages (main/analysis/technique/serve-phases.ts) on a synthetic serve
 * with known answers: a right-hander filmed at 50 fps, picture y down. The tossing (left) wrist
 * is lowest at 0.8 s (serve start), rises fastest from 1.16 to 1.18 s (toss release: frame 59)
 * and is highest at 1.3 s; the hitting hand's speed is lowest at 1.5 s (trophy position: frame
 * 75), its wrist furthest below its elbow at 1.8 s (racket low point: frame 90) and above the
 * head at contact, 2.0 s (frame 100); the whole body leaves the ground at 1.9 s, is 60 px up at
 * contact and back down at 2.2 s (landing: frame 110).
 */
import { describe, expect, it } from 'vitest';
import { J } from '../../main/pose/h36m.js';
import { createPoseTrack, kpIndex } from '../../main/pose/pose-track.js';
import { findServePhases, SERVE_STAGE_NAMES } from '../../main/analysis/technique/index.js';
import type { PosePair } from '../../main/analysis/core/index.js';

const FPS = 50;
const FRAMES = 150;
const CONTACT = 100;

/** Piecewise-linear y(t) through the knots [t, y]. */
function path(knots: [number, number][]): (t: number) => number {
  return (t) => {
    if (t <= knots[0]![0]) return knots[0]![1];
    for (let i = 1; i < knots.length; i++) {
      const [t0, y0] = knots[i - 1]!;
      const [t1, y1] = knots[i]!;
      if (t <= t1) return y0 + ((y1 - y0) * (t - t0)) / (t1 - t0);
    }
    return knots[knots.length - 1]![1];
  };
}

const toss = path([[0, 450], [0.8, 500], [1.1, 400], [1.16, 250], [1.18, 190], [1.3, 0], [1.9, 300], [3, 300]]);
const hit = path([[0, 450], [1.0, 430], [1.5, 80], [1.8, 330], [2.0, -150], [2.4, 500], [3, 500]]);
const jump = path([[0, 0], [1.9, 0], [2.0, -60], [2.2, 0], [3, 0]]);

/** The standing pose, pixels (x, y): head 100, shoulders 200, pelvis 400, ankles 800. */
const STAND: Record<number, [number, number]> = {
  [J.pelvis]: [500, 400], [J.rightHip]: [470, 400], [J.leftHip]: [530, 400], [J.rightKnee]: [470, 600], [J.leftKnee]: [530, 600],
  [J.rightAnkle]: [470, 800], [J.leftAnkle]: [530, 800], [J.spine]: [500, 300], [J.thorax]: [500, 190], [J.neckNose]: [500, 150],
  [J.head]: [500, 100], [J.leftShoulder]: [560, 200], [J.rightShoulder]: [440, 200], [J.leftElbow]: [580, 300], [J.rightElbow]: [420, 300],
};

function serve(): PosePair {
  const pose2d = createPoseTrack(FRAMES, 2);
  const pose3d = createPoseTrack(FRAMES, 3);
  for (let f = 0; f < FRAMES; f++) {
    const t = f / FPS;
    const dy = jump(t);
    const at: Record<number, [number, number]> = { ...STAND, [J.leftWrist]: [600, toss(t)], [J.rightWrist]: [400, hit(t)] };
    for (const tr of [pose2d, pose3d]) {
      tr.timestamps[f] = t;
      tr.present[f] = 1;
      tr.boxConfidence[f] = 0.9;
    }
    for (let j = 0; j < 17; j++) {
      const [x, y] = at[j]!;
      const yy = y + dy;
      pose2d.keypoints.set([x, yy], kpIndex(pose2d, f, j));
      pose3d.keypoints.set([(x - 500) / 400, (400 - yy) / 400, 0], kpIndex(pose3d, f, j));
      pose2d.confidences[f * 17 + j] = 0.9;
      pose3d.confidences[f * 17 + j] = 0.9;
    }
  }
  return { pose2d, pose3d };
}

describe('serve phases on a synthetic serve with known events', () => {
  const p = serve();
  const t = Float64Array.from({ length: FRAMES }, (_, f) => f / FPS);
  const handSpeed = Float64Array.from({ length: FRAMES }, (_, f) => Math.abs(f - 75) + 1);
  const ph = findServePhases({ p, t, handSpeed, hand: 'right', contact: CONTACT, followThrough: 115 });

  it('finds each event at its frame', () => {
    expect(ph.events).toEqual({ serve_start: 40, toss_release: 59, trophy_position: 75, racket_low_point: 90, ball_contact: CONTACT, landing: 110, follow_through: 115 });
  });

  it('gives the 8 stages of Kovacs & Ellenbecker in order, bounded by the events', () => {
    expect(ph.stages.map((s) => s.name)).toEqual([...SERVE_STAGE_NAMES]);
    expect(ph.stages.map((s) => [s.from, s.to])).toEqual([[0, 40], [40, 59], [59, 75], [75, 90], [90, 100], [100, 100], [100, 115], [115, 149]]);
  });

  it('gives no landing when the feet stay on the ground', () => {
    const flat = serve();
    for (const tr of [flat.pose2d]) for (let f = 0; f < FRAMES; f++) for (const j of [J.leftAnkle, J.rightAnkle]) tr.keypoints[kpIndex(tr, f, j) + 1] = 800;
    const e = findServePhases({ p: flat, t, handSpeed, hand: 'right', contact: CONTACT, followThrough: 115 }).events;
    expect(e.landing).toBeUndefined();
    expect(e.racket_low_point).toBe(90);
  });

  it('leaves out the toss events when the tossing wrist is never measured, keeping the stages in order', () => {
    const hidden = serve();
    for (let f = 0; f < FRAMES; f++) hidden.pose2d.confidences[f * 17 + J.leftWrist] = 0;
    const r = findServePhases({ p: hidden, t, handSpeed, hand: 'right', contact: CONTACT, followThrough: 115 });
    expect(r.events.toss_release).toBeUndefined();
    expect(r.events.serve_start).toBeUndefined();
    expect(r.events.racket_low_point).toBe(90);
    const bounds = r.stages.flatMap((s) => [s.from, s.to]);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
  });

  it('leaves out the trophy position, with the reason, when the hitting hand is seen only at the edges of its window', () => {
    // Trophy window: toss release 59 → racket low 90 (32 samples); the hand is measured in 61–64 and 88–90 only.
    const edges = serve();
    for (let f = 65; f <= 87; f++) edges.pose2d.confidences[f * 17 + J.rightWrist] = 0;
    const r = findServePhases({ p: edges, t, handSpeed, hand: 'right', contact: CONTACT, followThrough: 115 });
    expect(r.events.trophy_position).toBeUndefined();
    expect(r.unmeasured).toEqual({ trophy_position: 'the hitting hand was measured in 9 of the 32 frames where it is looked for' });
    expect(r.events.racket_low_point).toBe(90);
    // Measured in half of it: the trophy position stands (at the slowest measured sample).
    const half = serve();
    for (let f = 75; f <= 87; f++) half.pose2d.confidences[f * 17 + J.rightWrist] = 0;
    const h = findServePhases({ p: half, t, handSpeed, hand: 'right', contact: CONTACT, followThrough: 115 });
    expect(h.unmeasured).toEqual({});
    expect(h.events.trophy_position).toBe(74);
  });
});
