import { describe, expect, it } from 'vitest';
import { createPoseTrack, kpIndex, type PoseTrack } from '../../main/pose/pose-track.js';
import { J } from '../../main/pose/h36m.js';
import { defaultRange, drawingProblems, shownOn, type DrawingData } from '../../main/drawings/drawing.js';
import { DrawingDataSchema } from '../../main/drawings/schema.js';
import {
  angleDeg,
  inclinationDeg,
  nearestJoint,
  pointsPx,
  poseIndexOfFrameNr,
  valueAt,
  valueSeries,
} from '../../main/drawings/geometry.js';

/** A 3-frame track: right hip, knee, ankle making a 90° knee in frame 0, straight in frame 1, player absent in frame 2. */
function legTrack(): PoseTrack {
  const t = createPoseTrack(3, 2);
  t.frameNr.set([10, 11, 12]);
  const set = (f: number, j: number, x: number, y: number) => {
    const i = kpIndex(t, f, j);
    t.keypoints[i] = x;
    t.keypoints[i + 1] = y;
  };
  set(0, J.rightHip, 100, 100);
  set(0, J.rightKnee, 100, 200);
  set(0, J.rightAnkle, 200, 200);
  set(1, J.rightHip, 100, 100);
  set(1, J.rightKnee, 100, 200);
  set(1, J.rightAnkle, 100, 300);
  t.present.set([1, 1, 0]);
  return t;
}

const kneeAngle: DrawingData = {
  kind: 'angle',
  frameNr: 10,
  fromFrameNr: 0,
  toFrameNr: 30,
  points: [{ joint: J.rightHip }, { joint: J.rightKnee }, { joint: J.rightAnkle }],
  text: '',
  colour: '#ffcc00',
  onChart: true,
};

describe('drawing geometry', () => {
  it('measures the angle at the vertex in degrees, 0..180', () => {
    expect(angleDeg([1, 0], [0, 0], [0, 1])).toBeCloseTo(90, 12);
    expect(angleDeg([1, 0], [0, 0], [-1, 0])).toBeCloseTo(180, 12);
    expect(angleDeg([1, 0], [0, 0], [1, 1])).toBeCloseTo(45, 12);
    expect(angleDeg([0, 0], [0, 0], [1, 1])).toBeNaN();
  });

  it('measures a line against the image horizontal, rising to the right positive (y down)', () => {
    expect(inclinationDeg([0, 0], [10, 0])).toBe(0);
    expect(inclinationDeg([0, 10], [10, 0])).toBeCloseTo(45, 12);
    expect(inclinationDeg([10, 0], [0, 10])).toBeCloseTo(45, 12); // same line drawn the other way
    expect(inclinationDeg([0, 0], [10, 10])).toBeCloseTo(-45, 12);
    expect(inclinationDeg([0, 10], [0, 0])).toBe(90);
    expect(inclinationDeg([0, 0], [0, 10])).toBe(90);
  });

  it('follows the joints of the stored pose frame by frame', () => {
    const pose = legTrack();
    expect(pointsPx(kneeAngle, pose, 0)).toEqual([[100, 100], [100, 200], [200, 200]]);
    expect(valueAt(kneeAngle, pose, 0)).toBeCloseTo(90, 10);
    expect(valueAt(kneeAngle, pose, 1)).toBeCloseTo(180, 10);
    expect(valueAt(kneeAngle, pose, 2)).toBeNull(); // player absent
    expect(valueSeries(kneeAngle, pose).map((v) => (v === null ? null : Math.round(v)))).toEqual([90, 180, null]);
    expect(valueAt(kneeAngle, null, 0)).toBeNull();
    const mixed: DrawingData = { ...kneeAngle, points: [{ x: 0, y: 200 }, { joint: J.rightKnee }, { joint: J.rightHip }] };
    expect(valueAt(mixed, pose, 0)).toBeCloseTo(90, 10);
    const shoulderLine: DrawingData = { ...kneeAngle, kind: 'line', points: [{ joint: J.rightKnee }, { joint: J.rightAnkle }] };
    expect(valueAt(shoulderLine, pose, 0)).toBe(0);
  });

  it('snaps a click to the nearest joint within reach', () => {
    const pose = legTrack();
    expect(nearestJoint(pose, 0, 104, 196, 10)).toBe(J.rightKnee);
    expect(nearestJoint(pose, 0, 150, 150, 10)).toBeNull();
    expect(nearestJoint(pose, 2, 100, 200, 10)).toBeNull();
  });

  it('finds the pose frame of a video frame', () => {
    const pose = legTrack();
    expect(poseIndexOfFrameNr(pose, 11)).toBe(1);
    expect(poseIndexOfFrameNr(pose, 9)).toBe(-1);
  });

  it('shows a new drawing ± 20 frames around its frame', () => {
    expect(defaultRange(5)).toEqual({ fromFrameNr: 0, toFrameNr: 25 });
    expect(defaultRange(100)).toEqual({ fromFrameNr: 80, toFrameNr: 120 });
    expect(shownOn({ fromFrameNr: 80, toFrameNr: 120 }, 120)).toBe(true);
    expect(shownOn({ fromFrameNr: 80, toFrameNr: 120 }, 121)).toBe(false);
  });

  it('refuses drawings whose fields do not fit together', () => {
    expect(drawingProblems(kneeAngle)).toEqual([]);
    expect(drawingProblems({ ...kneeAngle, points: kneeAngle.points.slice(0, 2) })).toEqual(['an angle has 3 points, got 2']);
    expect(drawingProblems({ ...kneeAngle, kind: 'circle', points: [{ joint: 1 }, { x: 1, y: 1 }] })).toContain('only lines, arrows and angles can follow joints, not a circle');
    expect(drawingProblems({ ...kneeAngle, points: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }] })).toEqual(['only a drawing that follows joints can be put on the chart']);
    expect(drawingProblems({ ...kneeAngle, frameNr: 40 })).toEqual(['frame 40 must lie within the shown range 0..30']);
    expect(drawingProblems({ ...kneeAngle, kind: 'text', points: [{ x: 1, y: 1 }], onChart: false })).toEqual(['a text drawing needs a text']);
    const parsed = DrawingDataSchema.safeParse({ ...kneeAngle, colour: 'red', points: [{ joint: 17 }, { x: 1, y: Infinity }, { x: 1, y: 2, z: 3 }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['colour', 'points.0.joint', 'points.1', 'points.2']));
    expect(DrawingDataSchema.parse({ ...kneeAngle, text: undefined, onChart: undefined, points: [{ x: 1, y: 1 }, { x: 2, y: 2 }, { x: 3, y: 1 }] })).toMatchObject({ text: '', onChart: false });
  });
});
