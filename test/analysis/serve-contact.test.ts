import { describe, expect, it } from 'vitest';
import { checkPair } from '../../main/analysis/core/index.js';
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
