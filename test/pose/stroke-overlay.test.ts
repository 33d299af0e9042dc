/**
 * The overlay alignment of a second stroke on the first video (main/pose/stroke-overlay.ts):
 * synthetic skeletons with known pelvis, torso and heights, so the expected joints are computed
 * by hand and compared within 0.5 px.
 */
import { describe, expect, it } from 'vitest';
import { H36M_MIRROR, J } from '../../main/pose/h36m.js';
import { createPoseTrack, kpIndex, type PoseTrack } from '../../main/pose/pose-track.js';
import { alignedSecondTrack, mirrorsByDefault, overlayScale, torsoLengthPx } from '../../main/pose/stroke-overlay.js';

/** A 17-joint track whose joint j of frame f is at origin(f) + scale · (j·3, −j·5) px; pelvis (j=0) at origin. */
function track(frames: number, scale: number, origin: (f: number) => [number, number], fps = 30): PoseTrack {
  const t = createPoseTrack(frames, 2);
  for (let f = 0; f < frames; f++) {
    t.timestamps[f] = f / fps;
    t.present[f] = 1;
    const [ox, oy] = origin(f);
    for (let j = 0; j < t.joints; j++) {
      const i = kpIndex(t, f, j);
      t.keypoints[i] = ox + scale * j * 3;
      t.keypoints[i + 1] = oy - scale * j * 5;
      t.confidences[f * t.joints + j] = 0.9;
    }
  }
  return t;
}

const torsoOfUnit = Math.hypot(J.thorax * 3, J.thorax * 5); // pelvis–thorax length at scale 1, px

describe('stroke overlay alignment', () => {
  it('measures the torso as the median pelvis–thorax length', () => {
    const t = track(5, 2, () => [100, 400]);
    // One frame with a misplaced thorax (an outlier the median ignores) and one absent frame.
    t.keypoints[kpIndex(t, 1, J.thorax)] = 5000;
    t.present[3] = 0;
    expect(torsoLengthPx(t)).toBeCloseTo(2 * torsoOfUnit, 9);
    expect(torsoLengthPx(createPoseTrack(3, 2))).toBeNull();
  });

  it('scales by pixels per mm of height: true relative size', () => {
    const a = { pose2d: track(3, 2, () => [0, 0]), heightMm: 1850 };
    const b = { pose2d: track(3, 1, () => [0, 0]), heightMm: 1500 };
    // a: 2·torso px for 1850 mm, b: 1·torso px for 1500 mm → b drawn at (2/1850)/(1/1500).
    expect(overlayScale(a, b)).toBeCloseTo((2 / 1850) * 1500, 12);
    expect(overlayScale(a, { ...b, heightMm: 1850 })).toBeCloseTo(2, 12);
    expect(() => overlayScale(a, { ...b, heightMm: 0 })).toThrow(/> 0 mm/);
    expect(() => overlayScale(a, { pose2d: createPoseTrack(2, 2), heightMm: 1700 })).toThrow(/pelvis and thorax/);
  });

  it('puts every joint of the second skeleton at pelvisA + s·(p − pelvisB) within 0.5 px', () => {
    const A = track(40, 1.5, (f) => [600 + 4 * f, 700 - f]);
    const B = track(30, 0.75, (f) => [200 - 2 * f, 350 + f]);
    B.present[12] = 0;
    const a = { pose2d: A, heightMm: 1800 };
    const b = { pose2d: B, heightMm: 1800 };
    const pair = (fa: number) => (fa < 5 ? -1 : fa - 5); // contact at 15 in A, 10 in B
    const out = alignedSecondTrack(a, b, pair);
    const s = overlayScale(a, b);
    expect(s).toBeCloseTo(2, 9);
    expect(Array.from(out.timestamps)).toEqual(Array.from(A.timestamps));
    let checked = 0;
    for (let fa = 0; fa < A.frames; fa++) {
      const fb = pair(fa);
      const shown = fb >= 0 && fb < B.frames && B.present[fb] === 1;
      expect(out.present[fa]).toBe(shown ? 1 : 0);
      if (!shown) continue;
      for (let j = 0; j < 17; j++) {
        const [pax, pay] = [600 + 4 * fa, 700 - fa];
        const [pbx, pby] = [200 - 2 * fb, 350 + fb];
        const [bx, by] = [pbx + 0.75 * j * 3, pby - 0.75 * j * 5];
        const i = kpIndex(out, fa, j);
        expect(Math.abs(out.keypoints[i]! - (pax + s * (bx - pbx)))).toBeLessThan(0.5);
        expect(Math.abs(out.keypoints[i + 1]! - (pay + s * (by - pby)))).toBeLessThan(0.5);
        checked++;
      }
      // Same pose shape at the same size as A's skeleton (B is half as big in its clip, s = 2).
      const i = kpIndex(out, fa, J.head);
      expect(out.keypoints[i]).toBeCloseTo(A.keypoints[kpIndex(A, fa, J.head)]!, 3);
    }
    expect(checked).toBe(17 * 29); // 35 paired frames of which 5 past B's end and 1 absent
  });

  it('mirrors the second skeleton about the first pelvis x, left and right joints exchanged', () => {
    const A = track(10, 1.5, (f) => [600 + 4 * f, 700 - f]);
    const B = track(10, 0.75, (f) => [200 - 2 * f, 350 + f]);
    const a = { pose2d: A, heightMm: 1800 };
    const b = { pose2d: B, heightMm: 1800 };
    const pair = (fa: number) => fa;
    const plain = alignedSecondTrack(a, b, pair);
    const mirrored = alignedSecondTrack(a, b, pair, { mirror: true });
    expect(H36M_MIRROR.map((m) => H36M_MIRROR[m])).toEqual([...Array(17).keys()]); // an involution
    expect([H36M_MIRROR[J.rightWrist], H36M_MIRROR[J.leftHip], H36M_MIRROR[J.head]]).toEqual([J.leftWrist, J.rightHip, J.head]);
    for (let fa = 0; fa < A.frames; fa++) {
      const pax = 600 + 4 * fa;
      for (let j = 0; j < 17; j++) {
        const m = kpIndex(mirrored, fa, j);
        const p = kpIndex(plain, fa, H36M_MIRROR[j]!);
        // x reflected about pelvis A (x' = 2·pelvisA.x − x of the mirror joint), y unchanged.
        expect(Math.abs(mirrored.keypoints[m]! - (2 * pax - plain.keypoints[p]!))).toBeLessThan(0.5);
        expect(mirrored.keypoints[m + 1]).toBeCloseTo(plain.keypoints[p + 1]!, 9);
      }
      expect(mirrored.keypoints[kpIndex(mirrored, fa, J.pelvis)]).toBeCloseTo(pax, 9);
    }
    // The right wrist of the mirrored skeleton is the left wrist of the plain one, on the other side of the pelvis.
    const rw = mirrored.keypoints[kpIndex(mirrored, 0, J.rightWrist)]!;
    const lw = plain.keypoints[kpIndex(plain, 0, J.leftWrist)]!;
    expect(rw - 600).toBeCloseTo(-(lw - 600), 9);
    const twelve = createPoseTrack(3, 2, 12);
    twelve.present.fill(1);
    for (let f = 0; f < 3; f++) for (let j = 0; j < 12; j++) twelve.keypoints.set([j * 3, -j * 5], kpIndex(twelve, f, j));
    expect(() => alignedSecondTrack(a, { pose2d: twelve, heightMm: 1800 }, pair)).not.toThrow();
    expect(() => alignedSecondTrack(a, { pose2d: twelve, heightMm: 1800 }, pair, { mirror: true })).toThrow(/needs the 17 H36M joints, got 12/);
  });

  it('mirrors by default only when the two players hit with different hands', () => {
    expect(mirrorsByDefault('right', 'left')).toBe(true);
    expect(mirrorsByDefault('left', 'right')).toBe(true);
    expect(mirrorsByDefault('right', 'right')).toBe(false);
    expect(mirrorsByDefault('left', 'left')).toBe(false);
  });
});
