import { describe, expect, it } from 'vitest';
import type { Drawing } from '../../../../main/drawings/drawing.js';
import { createPoseTrack, kpIndex } from '../../../../main/pose/pose-track.js';
import { drawingChartSeries } from './drawing-series.js';

describe('drawingChartSeries', () => {
  it('samples each charted drawing at the pose frame of every chart time', () => {
    const pose = createPoseTrack(2, 2);
    pose.timestamps.set([0, 0.5]);
    pose.present.set([1, 1]);
    const put = (f: number, j: number, x: number, y: number) => pose.keypoints.set([x, y], kpIndex(pose, f, j));
    put(0, 1, 0, 0); put(0, 2, 0, 10); put(0, 3, 10, 10); // 90° at joint 2
    put(1, 1, 0, 0); put(1, 2, 0, 10); put(1, 3, 0, 20); // 180°
    const base = { sessionId: 1, frameNr: 0, fromFrameNr: 0, toFrameNr: 1, text: '', colour: '#ff0000', createdAt: '', updatedAt: '' };
    const list: Drawing[] = [
      { ...base, id: 1, kind: 'angle', points: [{ joint: 1 }, { joint: 2 }, { joint: 3 }], onChart: true },
      { ...base, id: 2, kind: 'angle', points: [{ joint: 1 }, { joint: 2 }, { joint: 3 }], onChart: false },
    ];
    const s = drawingChartSeries(list, pose, [0, 0.2, 0.3, 0.6]);
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ label: 'Angle · right hip – right knee – right ankle', axis: 'ang', colour: '#ff0000', peakIndex: -1 });
    expect(s[0]?.values.map((v) => (v === null ? null : Math.round(v)))).toEqual([90, 90, 90, 180]);
    expect(drawingChartSeries(list, null, [0])).toEqual([]);
  });
});
