/**
 * The analysis clock (main/analysis/timebase.ts): a clip converting 20 images/s to 30 fps is
 * measured on its distinct images, evenly re-timed, and reported on the video's frames; a player
 * standing still (equal poses in one run) is not taken for a cadence; the real-time factor scales
 * the clock and the rate.
 */
import { describe, expect, it } from 'vitest';
import { analysisTimebase, spreadToFrames } from '../../main/analysis/core/timebase.js';
import { mapClock } from '../../main/pose/frame-time.js';
import { isCadenceConversion } from '../../main/pose/frame-cadence.js';
import { createPoseTrack, type PoseTrack } from '../../main/pose/pose-track.js';

/** A 2D + 3D pair of `n` frames at 30 fps whose pose changes every frame except where `same(f)`. */
function pair(n: number, same: (f: number) => boolean): [PoseTrack, PoseTrack] {
  const tracks = [createPoseTrack(n, 2), createPoseTrack(n, 3)] as const;
  for (const t of tracks) {
    let v = 0;
    for (let f = 0; f < n; f++) {
      if (!same(f)) v++;
      t.keypoints.fill(v, f * t.joints * t.dims, (f + 1) * t.joints * t.dims);
      t.timestamps[f] = f / 30;
      t.present[f] = 1;
    }
  }
  return [tracks[0], tracks[1]];
}

describe('analysis timebase', () => {
  it('measures a 20-in-30 cadence on the distinct images, evenly spaced, and spreads series back', () => {
    const [p2, p3] = pair(60, (f) => f % 3 === 1);
    const tb = analysisTimebase(p2, p3, 30);
    expect(tb.repeated).toBe(20);
    expect(tb.kept.length).toBe(40);
    expect(tb.rate).toBeCloseTo(20, 6);
    expect(tb.clock[1]! - tb.clock[0]!).toBeCloseTo(59 / 30 / 39, 9);
    expect(Array.from(tb.pose3d.frameNr.slice(0, 4))).toEqual([0, 2, 3, 5]);
    expect(Array.from(tb.pose3d.timestamps.slice(0, 2))).toEqual([0, 2 / 30]);
    expect(Array.from(spreadToFrames([10, 20, 30], Int32Array.from([0, 2, 3]), 5))).toEqual([10, 10, 20, 30, 30]);
  });

  it('does not take a player standing still for a cadence', () => {
    const [p2, p3] = pair(60, (f) => f >= 10 && f < 25);
    expect(isCadenceConversion(Uint8Array.from({ length: 60 }, (_, f) => (f >= 10 && f < 25 ? 1 : 0)))).toBe(false);
    const tb = analysisTimebase(p2, p3, 30);
    expect(tb.repeated).toBe(0);
    expect(tb.kept.length).toBe(60);
    expect(tb.clock[59]).toBeCloseTo(59 / 30, 9);
  });

  it('scales the clock and the rate by the real seconds per video second (a 4× slowed clip)', () => {
    const [p2, p3] = pair(30, () => false);
    const tb = analysisTimebase(p2, p3, 30, 0.25);
    expect(tb.clock[29]).toBeCloseTo(29 / 120, 9);
    expect(tb.rate).toBeCloseTo(120, 9);
    expect(() => analysisTimebase(p2, p3, 30, 0)).toThrow(/real seconds per video second/);
  });
});

describe('mapClock', () => {
  it('maps a sub-frame video time onto the analysis clock, clamped at the ends', () => {
    // Video at 30 fps, slowed 4×: real time = video time / 4, from 0.1 s.
    const video = [0.1, 0.1 + 1 / 30, 0.1 + 2 / 30];
    const real = video.map((v) => (v - 0.1) / 4);
    expect(mapClock(video, real, 0.1 + 1.5 / 30)).toBeCloseTo(1.5 / 120, 12);
    expect(mapClock(video, real, 0.1 + 2 / 30)).toBeCloseTo(2 / 120, 12);
    expect(mapClock(video, real, 0)).toBe(0);
    expect(mapClock(video, real, 9)).toBeCloseTo(2 / 120, 12);
    expect(mapClock([], [], 1)).toBeNaN();
  });
});
