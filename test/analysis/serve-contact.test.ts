import { describe, expect, it } from 'vitest';
import { checkPair, computeKinematics } from '../../main/analysis/core/index.js';
import { handAboveHead } from '../../main/analysis/strokes/strokes.js';
import { wristTop } from '../../main/analysis/strokes/serve-contact.js';
import { J } from '../../main/pose/h36m.js';
import { kpIndex } from '../../main/pose/pose-track.js';
import { dropJoint, synthTracks } from './support/synthetic.js';

/** Synthetic tracks at 60 fps whose right wrist's picture y follows a parabola with its top (smallest y) at `topS` seconds. */
function servingWrist(topS: number) {
  const t = synthTracks({ fps: 60, seconds: 2, swings: [] });
  // A still pose (no swing in the clip's 2 s), the wrist raised along a parabola: 300 px/s² about its top.
  for (let f = 0; f < t.pose2d.frames; f++) {
    const i = kpIndex(t.pose2d, f, J.rightWrist) + 1;
    t.pose2d.keypoints[i] = t.pose2d.keypoints[i]! + 300 * (f / 60 - topS) ** 2;
  }
  const time = Float64Array.from({ length: t.pose2d.frames }, (_, f) => f / 60);
  return { pair: checkPair(t.pose2d, t.pose3d), time, t };
}

describe('serve contact at the wrist top (serve-contact.ts)', () => {
  it('finds the top near the hand-speed contact, with its sub-frame time', () => {
    const { pair, time } = servingWrist(1.0125); // between frames 60 and 61, nearer 61
    const top = wristTop(pair, time, 'right', 66, 0.3);
    expect(top?.index).toBe(61);
    expect(top?.tExact).toBeCloseTo(1.0125, 4); // float32 keypoints
  });

  it('sees no top when the wrist still rises at the window edge, or when switched off', () => {
    const { pair, time } = servingWrist(1.6);
    expect(wristTop(pair, time, 'right', 60, 0.3)).toBeNull();
    expect(wristTop(servingWrist(1).pair, time, 'right', 60, 0)).toBeNull();
  });

  it('reads only measured wrist samples', () => {
    const { pair, time, t } = servingWrist(1.0);
    dropJoint(t, 60, J.rightWrist);
    const top = wristTop(pair, time, 'right', 62, 0.3);
    expect([59, 61]).toContain(top?.index);
    expect(top?.tExact).toBe(time[top!.index]);
  });
});

describe('a serve is a swing with the hand above the head around contact (strokes.ts handAboveHead)', () => {
  /** A still 60 fps pose whose right wrist is lifted above the head in frames [from, to] only. */
  function wristUp(from: number, to: number) {
    const t = synthTracks({ fps: 60, seconds: 2, swings: [] });
    for (let f = from; f <= to; f++) {
      const head = t.pose2d.keypoints[kpIndex(t.pose2d, f, J.head) + 1]!;
      t.pose2d.keypoints[kpIndex(t.pose2d, f, J.rightWrist) + 1] = head - 40;
    }
    const pair = { pose2d: t.pose2d, pose3d: t.pose3d }; // no bone check: it would reject the jumping wrist
    return { k: computeKinematics(pair, 60, 'right', 'dominant_wrist'), ev: { pair, hand: 'right' as const, rate: 60 } };
  }

  it('up to 0.1 s before and 0.05 s after the hand-speed contact, which can run a frame or two early', () => {
    const contact = 60;
    expect(handAboveHead(...args(wristUp(54, 55), contact))).toBe(true); // 0.1 s before
    expect(handAboveHead(...args(wristUp(62, 63), contact))).toBe(true); // 2 frames (0.033 s) after: a serve's contact read early
    expect(handAboveHead(...args(wristUp(64, 90), contact))).toBe(false); // from 0.067 s after: a groundstroke's follow-through (≥ 0.13 s seen)
    expect(handAboveHead(...args(wristUp(40, 52), contact))).toBe(false); // over 0.1 s before
  });

  function args(x: ReturnType<typeof wristUp>, i: number): Parameters<typeof handAboveHead> {
    return [x.k, x.ev, i];
  }
});
