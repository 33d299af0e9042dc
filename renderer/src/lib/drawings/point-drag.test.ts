import { describe, expect, it } from 'vitest';
import { createPoseTrack, kpIndex } from '../../../../main/pose/pose-track.js';
import { J } from '../../../../main/pose/h36m.js';
import type { DrawingData } from '../../../../main/drawings/drawing.js';
import { handleAt, samePoint, withMovedPoint } from './point-drag.js';

/** One pose frame (frame_nr 7): right hip at (100, 100), right knee at (100, 200). */
function pose() {
  const t = createPoseTrack(1, 2);
  t.frameNr.set([7]);
  t.present[0] = 1;
  const i = kpIndex(t, 0, J.rightHip);
  t.keypoints.set([100, 100], i);
  t.keypoints.set([100, 200], kpIndex(t, 0, J.rightKnee));
  return t;
}

const line: DrawingData = { kind: 'line', frameNr: 7, fromFrameNr: 5, toFrameNr: 9, points: [{ joint: J.rightHip }, { x: 300, y: 100 }], text: '', colour: '#ffd400', onChart: true };

describe('point handles of a finished drawing', () => {
  it('finds the nearest handle within the distance, at the joint positions of the frame', () => {
    const p = pose();
    expect(handleAt(line, p, 0, 7, 104, 97, 10)).toBe(0);
    expect(handleAt(line, p, 0, 7, 295, 100, 10)).toBe(1);
    expect(handleAt(line, p, 0, 7, 200, 100, 10)).toBeNull();
    expect(handleAt(line, p, 0, 12, 104, 97, 10)).toBeNull(); // not shown on frame 12
    expect(handleAt({ ...line, kind: 'pencil', points: [{ x: 1, y: 1 }, { x: 2, y: 2 }] }, p, 0, 7, 1, 1, 10)).toBeNull();
  });

  it('moves a point: onto a joint, or detached (the chart flag goes with the last joint)', () => {
    expect(withMovedPoint(line, 1, { joint: J.rightKnee })).toEqual({ points: [{ joint: J.rightHip }, { joint: J.rightKnee }], onChart: true });
    expect(withMovedPoint(line, 0, { x: 120, y: 90 })).toEqual({ points: [{ x: 120, y: 90 }, { x: 300, y: 100 }], onChart: false });
    expect(line.points[0]).toEqual({ joint: J.rightHip }); // the original is unchanged
    expect(() => withMovedPoint(line, 2, { x: 0, y: 0 })).toThrow(RangeError);
  });

  it('tells the same point apart from a moved one', () => {
    expect(samePoint({ joint: 3 }, { joint: 3 })).toBe(true);
    expect(samePoint({ joint: 3 }, { x: 3, y: 3 })).toBe(false);
    expect(samePoint({ x: 1, y: 2 }, { x: 1, y: 2 })).toBe(true);
    expect(samePoint({ x: 1, y: 2 }, { x: 1, y: 2.01 })).toBe(false);
  });
});
