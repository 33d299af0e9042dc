/**
 * The second pass's pure parts: BlazePose → H36M-17 mapping (image and world landmarks), the
 * decoding of a turned crop, the turned body crop, the crops the fast pass keeps, and the stroke windows.
 */
import { describe, expect, it } from 'vitest';
import { blazePoseToH36m, blazePoseWorldH36m, H36M_FROM_BLAZEPOSE } from '../../main/engine/inference/blazepose-h36m.js';
import { BLAZEPOSE, BLAZEPOSE_INPUT, BLAZEPOSE_MIRROR, BLAZEPOSE_POINTS, blazePoseInput, blazePoseToCoco, decodeBlazePose, type BlazePoseResult } from '../../main/engine/inference/blazepose.js';
import { bodyCrop } from '../../main/engine/tracking/body-crop.js';
import { cropToInput } from '../../main/engine/inference/crop-input.js';
import { cocoToH36m } from '../../main/engine/inference/coco-to-h36m.js';
import { fuseLearned } from '../../main/engine/lift/learned-3d.js';
import type { CocoPose } from '../../main/engine/inference/movenet.js';
import { KeptCrops, secondPassCrops } from '../../main/engine/tracking/second-pass.js';
import { BONE_JOINTS } from '../../main/engine/lift/lift-skeleton.js';
import { strokeWindows, WHOLE_CLIP_VIDEO_S, WINDOW_HALF_S } from '../../main/engine/tracking/stroke-windows.js';
import { J } from '../../main/pose/h36m.js';
import { createPoseTrack } from '../../main/pose/pose-track.js';

/** 39 world points, landmark m at (m, 2m, 3m) cm plus an offset (model axes: y down, z away). */
function worldPoints(): Float32Array {
  return Float32Array.from({ length: BLAZEPOSE_POINTS * 3 }, (_, i) => (Math.floor(i / 3) * ((i % 3) + 1)) / 100 + 0.5);
}

describe('BlazePose → H36M-17', () => {
  it('copies the limb landmarks and derives pelvis, spine, thorax and head as midpoints', () => {
    const src = Float32Array.from({ length: BLAZEPOSE_POINTS * 2 }, (_, i) => i * 3 + (i % 2) * 1000);
    const out = new Float32Array(34);
    const conf = Float32Array.from({ length: BLAZEPOSE_POINTS }, (_, m) => m / 100);
    const outConf = new Float32Array(17);
    blazePoseToH36m(src, 2, out, conf, outConf);
    const p = (m: number): [number, number] => [src[2 * m]!, src[2 * m + 1]!];
    const mid = (a: [number, number], b: [number, number]): [number, number] => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const at = (j: number) => [out[2 * j]!, out[2 * j + 1]!];
    expect(at(J.rightWrist)).toEqual(p(BLAZEPOSE.rightWrist));
    expect(at(J.leftKnee)).toEqual(p(BLAZEPOSE.leftKnee));
    expect(at(J.neckNose)).toEqual(p(BLAZEPOSE.nose));
    const pelvis = mid(p(BLAZEPOSE.leftHip), p(BLAZEPOSE.rightHip));
    const thorax = mid(p(BLAZEPOSE.leftShoulder), p(BLAZEPOSE.rightShoulder));
    expect(at(J.pelvis)).toEqual(pelvis);
    expect(at(J.thorax)).toEqual(thorax);
    expect(at(J.spine)).toEqual(mid(pelvis, thorax));
    expect(at(J.head)).toEqual(mid(p(BLAZEPOSE.leftEye), p(BLAZEPOSE.rightEye)));
    expect(outConf[J.pelvis]).toBeCloseTo(0.23, 6); // min(left hip 23, right hip 24)
    expect(outConf[J.rightElbow]).toBeCloseTo(0.14, 6);
    // every copied H36M joint has the COCO mapping's anatomical twin: same left/right as the person's own
    expect(H36M_FROM_BLAZEPOSE[J.leftShoulder]).toBe(BLAZEPOSE.leftShoulder);
    expect(H36M_FROM_BLAZEPOSE[J.rightAnkle]).toBe(BLAZEPOSE.rightAnkle);
  });

  it('world landmarks: pelvis at 0, y up and z toward the camera (y and z negated)', () => {
    const world = worldPoints();
    const w = blazePoseWorldH36m({ world } as BlazePoseResult);
    const pelvis = [0, 1, 2].map((d) => (world[3 * 23 + d]! + world[3 * 24 + d]!) / 2);
    for (const v of [w[0], w[1], w[2]]) expect(v).toBeCloseTo(0, 9);
    const m = BLAZEPOSE.rightWrist;
    expect(w[3 * J.rightWrist]).toBeCloseTo(world[3 * m]! - pelvis[0]!, 6);
    expect(w[3 * J.rightWrist + 1]).toBeCloseTo(-(world[3 * m + 1]! - pelvis[1]!), 6);
    expect(w[3 * J.rightWrist + 2]).toBeCloseTo(-(world[3 * m + 2]! - pelvis[2]!), 6);
  });

  it('the flip augmentation’s mirror table swaps left and right and is its own inverse', () => {
    expect(BLAZEPOSE_MIRROR).toHaveLength(BLAZEPOSE_POINTS);
    BLAZEPOSE_MIRROR.forEach((j, i) => expect(BLAZEPOSE_MIRROR[j]).toBe(i));
    for (const [l, r] of [['leftWrist', 'rightWrist'], ['leftHip', 'rightHip'], ['leftEye', 'rightEye'], ['leftIndex', 'rightIndex']] as const) {
      expect(BLAZEPOSE_MIRROR[BLAZEPOSE[l]]).toBe(BLAZEPOSE[r]);
    }
    expect(BLAZEPOSE_MIRROR[BLAZEPOSE.nose]).toBe(BLAZEPOSE.nose);
  });

  it('COCO pose from BlazePose keeps the person’s left and right', () => {
    const r = { xy: Float32Array.from({ length: 78 }, (_, i) => i), score: Float32Array.from({ length: 39 }, (_, m) => m / 39) } as BlazePoseResult;
    const c = blazePoseToCoco(r);
    expect([c.xy[2 * 10], c.xy[2 * 10 + 1]]).toEqual([2 * BLAZEPOSE.rightWrist, 2 * BLAZEPOSE.rightWrist + 1]); // COCO 10 = right wrist
    expect(c.score[11]).toBeCloseTo(BLAZEPOSE.leftHip / 39, 6); // COCO 11 = left hip
  });
});

describe('turned crops', () => {
  it('a landmark at the input’s top centre maps along the crop’s up direction, and the world turns with it', () => {
    const angle = Math.PI / 6;
    const crop = { cx: 300, cy: 200, side: 255, angle };
    const ld = new Float32Array(195);
    ld[0] = 127.5; // landmark 0 at the top centre of the 256 px input (sample 127.5 of 0..255)
    ld[1] = 0;
    const world = new Float32Array(117);
    world[1] = -1; // 1 m up in the crop's axes (y down)
    const r = decodeBlazePose({ ld_3d: { data: ld }, world_3d: { data: world } }, crop);
    expect(r.xy[0]).toBeCloseTo(300 + 127.5 * Math.sin(angle), 3);
    expect(r.xy[1]).toBeCloseTo(200 - 127.5 * Math.cos(angle), 3);
    expect(r.world[0]).toBeCloseTo(Math.sin(angle), 5);
    expect(r.world[1]).toBeCloseTo(-Math.cos(angle), 5);
    expect(BLAZEPOSE_INPUT).toBe(256);
  });

  it('an unturned crop samples as before; a turned one samples the turned square', () => {
    const [w, h] = [40, 30];
    const rgb = Uint8Array.from({ length: w * h * 3 }, (_, i) => Math.floor(i / 3) % w); // red = x
    const plain = cropToInput(rgb, w, h, { cx: 20, cy: 15, side: 10 }, 11);
    const zero = cropToInput(rgb, w, h, { cx: 20, cy: 15, side: 10, angle: 1e-12 }, 11);
    expect(Array.from(zero)).toEqual(Array.from(plain));
    const quarter = cropToInput(rgb, w, h, { cx: 20, cy: 15, side: 10, angle: Math.PI / 2 }, 11);
    // turned 90°: moving down the input's rows moves left along the frame's x
    expect(quarter[(0 * 11 + 5) * 3]).toBe(25);
    expect(quarter[(10 * 11 + 5) * 3]).toBe(15);
  });

  it('bodyCrop turns a leaning body upright and covers it', () => {
    const xy = new Float64Array(34);
    const lean = (40 * Math.PI) / 180;
    for (let j = 0; j < 17; j++) {
      const up = j === J.thorax ? 100 : j === J.head ? 160 : j === J.rightAnkle || j === J.leftAnkle ? -180 : 0;
      xy[2 * j] = 500 + up * Math.sin(lean);
      xy[2 * j + 1] = 400 - up * Math.cos(lean);
    }
    const c = bodyCrop(xy)!;
    expect(c.angle).toBeCloseTo(lean, 6);
    expect(c.side).toBeGreaterThan(340);
    expect(bodyCrop(new Float64Array(34).fill(NaN))).toBeUndefined();
  });
});

describe('crops kept by the fast pass', () => {
  const [w, h] = [64, 48];
  const frame = { rgb: Uint8Array.from({ length: w * h * 3 }, (_, i) => (i * 7) % 251), width: w, height: h };
  /** A leaning COCO-17 pose inside the frame (pixels), every score 0.9. */
  const pose = (dx = 0): CocoPose => {
    const xy = new Float32Array(34);
    for (let k = 0; k < 17; k++) xy.set([20 + dx + (k % 5) * 3 + k * 0.4, 6 + k * 2], 2 * k);
    return { xy, score: new Float32Array(17).fill(0.9) };
  };

  it('keeps the crop secondPassCrops makes from the same pose, as the bytes the frame would give', () => {
    const kept = new KeptCrops();
    kept.keep(3, frame, pose());
    const t = createPoseTrack(5, 2);
    t.present[3] = 1;
    cocoToH36m(pose(), 1, 1, t.keypoints.subarray(3 * 34, 4 * 34), t.confidences.subarray(3 * 17, 4 * 17));
    const crop = secondPassCrops(t, [[0, 4]], new Uint8Array(5))[3]!;
    const bytes = kept.get(3, crop)!;
    expect(bytes.bytes.length).toBe(BLAZEPOSE_INPUT * BLAZEPOSE_INPUT * 3);
    expect(Array.from(blazePoseInput(bytes, crop))).toEqual(Array.from(blazePoseInput(frame, crop))); // the worker's input either way
    expect(kept.get(3, { ...crop, cx: crop.cx + 0.5 })).toBeUndefined(); // another crop: decode instead
    expect(kept.get(2, crop)).toBeUndefined();
  });

  it('gives the same bytes for a crop larger than the model input (resampled when kept) as for a small one (its window resampled when asked)', () => {
    const [bw, bh] = [400, 300];
    const big = { rgb: Uint8Array.from({ length: bw * bh * 3 }, (_, i) => (i * 13) % 253), width: bw, height: bh };
    const tall = (k: number) => [150 + (k % 5) * 12 + k * 2, 20 + k * 15];
    const pose: CocoPose = { xy: Float32Array.from({ length: 34 }, (_, i) => tall(i >> 1)[i & 1]!), score: new Float32Array(17).fill(0.9) };
    const kept = new KeptCrops();
    kept.keep(0, big, pose);
    const t = createPoseTrack(1, 2);
    t.present[0] = 1;
    cocoToH36m(pose, 1, 1, t.keypoints.subarray(0, 34), t.confidences.subarray(0, 17));
    const crop = secondPassCrops(t, [[0, 0]], new Uint8Array(1))[0]!;
    expect(crop.side).toBeGreaterThan(256); // its window is larger than the model's input
    expect(Array.from(blazePoseInput(kept.get(0, crop)!, crop))).toEqual(Array.from(blazePoseInput(big, crop)));
  });

  it('stops keeping when the budget is spent', () => {
    const one = BLAZEPOSE_INPUT * BLAZEPOSE_INPUT * 3;
    const kept = new KeptCrops(2.5 * one);
    for (let f = 0; f < 5; f++) kept.keep(f, frame, pose(f));
    expect(kept.size).toBe(2);
    expect(() => blazePoseInput({ bytes: new Uint8Array(12) }, { cx: 0, cy: 0, side: 1 })).toThrow(RangeError);
  });
});

describe('stroke windows', () => {
  function swingTrack(frames: number, fps: number, peakAt: number) {
    const t = createPoseTrack(frames, 2);
    for (let f = 0; f < frames; f++) {
      t.present[f] = 1;
      t.timestamps[f] = f / fps;
      t.confidences.fill(1, f * 17, f * 17 + 17);
      const k = t.keypoints.subarray(f * 34, f * 34 + 34);
      k.fill(0);
      k[2 * J.thorax + 1] = -100; // torso 100 px
      const s = (f - peakAt) / (0.1 * fps);
      k[2 * J.rightWrist] = 200 * Math.tanh(s); // 2 torso lengths in ≈ 0.2 s: a fast swing
    }
    return t;
  }

  it('one stroke: ±0.75 s of real time around the hand-speed peak', () => {
    const t = swingTrack(300, 30, 150);
    const w = strokeWindows(t, t.timestamps);
    expect(w.contacts).toEqual([150]);
    expect(w.wholeClip).toBe(false);
    expect(w.ranges).toEqual([[150 - Math.floor(WINDOW_HALF_S * 30), 150 + Math.floor(WINDOW_HALF_S * 30)]]); // frames within 0.75 s: ±22
  });

  it('a one-frame wrist flip (MoveNet jumping to the other hand) is not a stroke', () => {
    const t = swingTrack(300, 30, 150);
    t.keypoints[40 * 34 + 2 * J.rightWrist] = t.keypoints[40 * 34 + 2 * J.rightWrist]! + 300; // 3 torso lengths for one frame
    expect(strokeWindows(t, t.timestamps).contacts).toEqual([150]);
  });

  it('a short clip (a 3 s cut of one stroke) is re-estimated whole; one frame longer than 4 s is not', () => {
    const cut = swingTrack(90, 30, 45);
    expect(strokeWindows(cut, cut.timestamps)).toMatchObject({ wholeClip: true, ranges: [[0, 89]], contacts: [45] });
    const n = Math.round(WHOLE_CLIP_VIDEO_S * 30) + 2; // 122 frames: 4.03 s from the first to the last
    const longer = swingTrack(n, 30, 60);
    expect(strokeWindows(longer, longer.timestamps)).toMatchObject({ wholeClip: false, ranges: [[60 - 22, 60 + 22]] });
  });

  it('a slowed clip (0.13 real s per video s) covers most of the clip: the whole clip', () => {
    const t = swingTrack(300, 30, 150);
    for (let f = 0; f < 300; f++) t.keypoints[f * 34 + 2 * J.rightWrist] = 200 * Math.tanh((f - 150) / 23);
    const w = strokeWindows(t, t.timestamps, 0.13);
    expect(w.wholeClip).toBe(true);
    expect(w.ranges).toEqual([[0, 299]]);
  });
});

describe('learned pose fused into the lift', () => {
  it('takes the learned directions with the lift’s bone lengths', () => {
    const t3 = createPoseTrack(1, 3);
    t3.present[0] = 1;
    for (let j = 0; j < 17; j++) t3.keypoints.set([j * 0.01, 0.1 * j, 0], j * 3); // some lifted frame (pelvis at 0)
    const before = BONE_JOINTS.map(([a, b]) => Math.hypot(...[0, 1, 2].map((d) => t3.keypoints[3 * b + d]! - t3.keypoints[3 * a + d]!)));
    const learned = Float64Array.from({ length: 51 }, (_, i) => Math.sin(i * 1.7));
    learned.fill(0, 0, 3);
    expect(fuseLearned(t3, [learned], 30)).toBe(1);
    BONE_JOINTS.forEach(([a, b], bn) => {
      const d = [0, 1, 2].map((k) => t3.keypoints[3 * b + k]! - t3.keypoints[3 * a + k]!);
      const w = [0, 1, 2].map((k) => learned[3 * b + k]! - learned[3 * a + k]!);
      const [ld, lw] = [Math.hypot(...d), Math.hypot(...w)];
      expect(ld).toBeCloseTo(before[bn]!, 5);
      expect(d[0]! / ld).toBeCloseTo(w[0]! / lw, 5);
    });
  });
});
