import { describe, expect, it } from 'vitest';
import type { SessionDetail, SessionStroke } from '../../../../preload/contract.js';
import { createPoseTrack } from '../../../../main/pose/pose-track.js';
import { MPH_PER_MPS } from '../units.js';
import { sampleTimes } from '../../../../main/pose/frame-time.js';
import { buildChartData } from './chart-data.js';

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

  it('shows a chosen stroke’s own peaks (clip frames → pose samples) and contact; none on the wrist speed', () => {
    const pose2d = createPoseTrack(3, 2);
    pose2d.timestamps.set([0, 0.5, 1]);
    pose2d.frameNr.set([10, 11, 12]);
    const peak = (f: number) => ({ peak_index: f, peak_speed: 1, unit: 'deg/s' });
    const stroke = { primary: false, contact: { timestamp: 1, frameNr: 12, realTime: 1 }, kineticChain: { hip: peak(12), shoulder: peak(11), wrist: peak(99) } } as unknown as SessionStroke;
    const d = detail({ kineticChain: kc, wristSpeed: { plot_values: [2, 3, 4], peak_index: 1 }, pose2d, contact: { timestamp: 0.5, frameNr: 11 } });
    const mine = buildChartData(d, 'metric', stroke);
    expect(mine?.series.map((s) => s.peakIndex)).toEqual([2, 1, -1, -1]);
    expect(mine?.contactTime).toBe(1);
    // The primary stroke (or none): the session's own peaks and contact.
    const own = buildChartData(d, 'metric', { ...stroke, primary: true });
    expect(own?.series.map((s) => s.peakIndex)).toEqual([1, 2, 1, 1]);
    expect(own?.contactTime).toBe(0.5);
  });
});
