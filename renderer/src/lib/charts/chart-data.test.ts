import { describe, expect, it } from 'vitest';
import type { SessionDetail } from '../../../../preload/contract.js';
import { createPoseTrack } from '../../../../main/pose/pose-track.js';
import { MPH_PER_MPS } from '../units.js';
import { buildChartData, sampleTimes } from './chart-data.js';

function detail(patch: Partial<SessionDetail>): SessionDetail {
  return { session: { fps: 60 }, kineticChain: null, wristSpeed: null, pose2d: null, contact: null, ...patch } as SessionDetail;
}

describe('buildChartData', () => {
  const kc = {
    hip: { plot_values: [0, 100, 50], peak_index: 1, peak_speed: 100, unit: 'deg/s' },
    shoulder: { plot_values: [0, 200, 400], peak_index: 2, peak_speed: 400, unit: 'deg/s' },
    wrist: { plot_values: [1, 10, 5], peak_index: 1, peak_speed: 10, unit: 'm/s' },
  };

  it('puts rotation on the deg/s axis and the wrist on the speed axis, on pose time', () => {
    const pose2d = createPoseTrack(3, 2);
    pose2d.timestamps.set([0, 0.5, 1]);
    const d = buildChartData(detail({ kineticChain: kc, pose2d, contact: { timestamp: 0.5, frameNr: 1 } }), 'metric');
    expect(d?.times).toEqual([0, 0.5, 1]);
    expect(d?.series.map((s) => [s.label, s.axis, s.peakIndex])).toEqual([
      ['Hip', 'rot', 1],
      ['Shoulder', 'rot', 2],
      ['Wrist', 'lin', 1],
    ]);
    expect(d?.linUnit).toBe('m/s');
    expect(d?.contactTime).toBe(0.5);
  });

  it('converts speeds to mph in imperial, leaves deg/s alone, and pads with gaps', () => {
    const d = buildChartData(detail({ kineticChain: kc, wristSpeed: { plot_values: [2, NaN], peak_index: 7 } }), 'imperial');
    expect(d?.times).toEqual([0, 1 / 60, 2 / 60]);
    expect(d?.linUnit).toBe('mph');
    expect(d?.series[0]?.values).toEqual([0, 100, 50]);
    expect(d?.series[2]?.values[1]).toBeCloseTo(10 * MPH_PER_MPS, 10);
    expect(d?.series[3]?.values).toEqual([2 * MPH_PER_MPS, null, null]);
    expect(d?.series[3]?.peakIndex).toBe(-1);
  });

  it('is null without any series', () => {
    expect(buildChartData(detail({}), 'metric')).toBeNull();
    expect(sampleTimes(2, null, 0)).toEqual([0, 1 / 30]);
  });
});
