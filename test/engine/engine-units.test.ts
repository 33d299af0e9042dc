/** Unit tests of the pose engine's pure parts: mapping, player rule, filters, 3D lift, probe parsing. */
import { describe, expect, it } from 'vitest';
import { cocoToH36m } from '../../main/engine/inference/coco-to-h36m.js';
import { BONE_RATIOS, liftTo3d } from '../../main/engine/lift/lift-3d.js';
import type { Detection } from '../../main/engine/inference/movenet.js';
import { KEYPOINT_ONE_EURO, median3InPlace, oneEuroInPlace } from '../../main/engine/tracking/one-euro.js';
import { videoInfoFromProbe, decodeSize } from '../../main/av/index.js';
import { iou, matchDetection, pickPlayer } from '../../main/engine/tracking/tracker.js';
import { cropToInput } from '../../main/engine/inference/crop-input.js';
import { tfReady } from '../../main/engine/runtime/tf-runtime.js';
import { CALIBRATED_SECONDS_PER_FRAME, measuredSecondsPerFrame, recordEngineRun } from '../../main/engine/runtime/engine-speed.js';
import { H36M_LIMBS } from '../../main/pose/h36m.js';
import { createPoseTrack } from '../../main/pose/pose-track.js';

function det(box: [number, number, number, number], boxScore = 0.8): Detection {
  return { box, boxScore, xy: new Float32Array(34), score: new Float32Array(17) };
}

describe('COCO-17 → H36M-17', () => {
  it('copies limbs, derives pelvis/spine/thorax/head and scales to source pixels', () => {
    const xy = new Float32Array(34);
    const score = new Float32Array(17).fill(0.9);
    for (let k = 0; k < 17; k++) [xy[2 * k], xy[2 * k + 1]] = [10 * k, 100 + k];
    score[11] = 0.4;
    const out = new Float32Array(34);
    const conf = new Float32Array(17);
    cocoToH36m({ xy, score }, 2, 3, out, conf);
    expect([out[2], out[3]]).toEqual([240, 336]); // r_hip = COCO 12
    expect([out[32], out[33]]).toEqual([200, 330]); // r_wrist = COCO 10
    expect([out[0], out[1]]).toEqual([230, 334.5]); // pelvis = mid hips
    expect([out[16], out[17]]).toEqual([110, 316.5]); // thorax = mid shoulders
    expect([out[14], out[15]]).toEqual([170, 325.5]); // spine = mid pelvis-thorax
    expect([out[18], out[19]]).toEqual([0, 300]); // neck/nose = nose
    expect([out[20], out[21]]).toEqual([30, 304.5]); // head = mid eyes
    expect(conf[0]).toBeCloseTo(0.4); // derived: min of sources
    expect(conf[4]).toBeCloseTo(0.4);
  });
});

describe('player rule', () => {
  it('picks the largest, most central person, not the first one returned', () => {
    const bystander = det([0, 300, 120, 450], 0.9);
    const player = det([240, 320, 330, 840], 0.7);
    const far = det([500, 100, 40, 90], 0.95);
    expect(pickPlayer([bystander, far, player], 1080, 1920)).toBe(player);
  });
  it('keeps identity by overlap with the last box', () => {
    const a = det([100, 100, 100, 200]);
    const b = det([400, 100, 120, 240]);
    expect(matchDetection([b, a], [110, 105, 100, 200])).toBe(a);
    expect(matchDetection([b], [0, 0, 50, 50])).toBeUndefined();
    expect(iou([0, 0, 10, 10], [5, 0, 10, 10])).toBeCloseTo(1 / 3);
  });
});

describe('smoothing', () => {
  it('median-3 removes a one-frame jump and keeps a monotonic ramp', () => {
    const v = Float64Array.from([0, 1, 2, 30, 4, 5, 6]);
    median3InPlace(v);
    expect(Array.from(v)).toEqual([0, 1, 2, 4, 5, 5, 6]);
  });
  it('One Euro keeps ≥ 85 % of a fast swing speed peak and cuts jitter at rest', () => {
    const fps = 30;
    const n = 120;
    const t = Float64Array.from({ length: n }, (_, i) => i / fps);
    // A wrist path in body heights: at rest, then a 0.3 s swing of 1.5 heights (smoothstep), then rest.
    const clean = Array.from(t, (ti) => {
      const u = Math.min(1, Math.max(0, (ti - 2) / 0.3));
      return 1.5 * u * u * (3 - 2 * u);
    });
    let seed = 7;
    const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.01;
    const noisy = Float64Array.from(clean, (v) => v + noise());
    const filtered = Float64Array.from(noisy);
    oneEuroInPlace(filtered, t, KEYPOINT_ONE_EURO);
    const peak = (x: ArrayLike<number>) => Math.max(...Array.from({ length: n - 1 }, (_, i) => Math.abs((x[i + 1] ?? 0) - (x[i] ?? 0)) * fps));
    expect(peak(filtered) / peak(clean)).toBeGreaterThan(0.85);
    const jitter = (x: ArrayLike<number>) => Array.from({ length: 40 }, (_, i) => Math.abs((x[i + 1] ?? 0) - (x[i] ?? 0))).reduce((a, b) => a + b);
    expect(jitter(filtered)).toBeLessThan(0.5 * jitter(noisy));
  });
});

describe('3D lift', () => {
  it('gives every bone its anthropometric length, pelvis at origin, y up', () => {
    const t2 = createPoseTrack(3, 2);
    const base = [
      [500, 500], [470, 500], [470, 600], [470, 700], [530, 500], [530, 600], [530, 700],
      [500, 450], [500, 400], [500, 370], [500, 355], [540, 400], [560, 450], [580, 500], [460, 400], [430, 440], [400, 420],
    ];
    for (let f = 0; f < 3; f++) {
      t2.present[f] = 1;
      base.forEach(([x, y], j) => ((t2.keypoints[(f * 17 + j) * 2] = x! + 5 * f), (t2.keypoints[(f * 17 + j) * 2 + 1] = y!)));
      t2.confidences.fill(0.8, f * 17, f * 17 + 17);
    }
    const t3 = liftTo3d(t2, 1800);
    for (let f = 0; f < 3; f++) {
      const p = (j: number) => Array.from(t3.keypoints.subarray((f * 17 + j) * 3, (f * 17 + j) * 3 + 3));
      expect(p(0)).toEqual([0, 0, 0]);
      expect(p(10)[1]).toBeGreaterThan(0.5); // head above pelvis: y up
      for (const [name, [a, b]] of Object.entries(H36M_LIMBS)) {
        const d = Math.hypot(...p(b).map((v, i) => v - (p(a)[i] ?? 0)));
        expect(d).toBeCloseTo((BONE_RATIOS[name] ?? 0) * 1.8, 5);
      }
    }
  });
});

describe('probe parsing and decode size', () => {
  it('swaps width/height for rotated clips and reads the start time', () => {
    const info = videoInfoFromProbe({
      streams: [{ codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, avg_frame_rate: '30000/1001', nb_frames: '300', duration: '10.01', start_time: '0.1', side_data_list: [{ rotation: -90 }] }],
      format: { duration: '10.01' },
    });
    expect(info).toMatchObject({ width: 1080, height: 1920, rotation: 270, frameCount: 300, startTimeS: 0.1, hasAudio: false });
    expect(info.fps).toBeCloseTo(29.97, 2);
    expect(() => videoInfoFromProbe({ streams: [{ codec_type: 'audio' }] })).toThrow(/could not extract meta-data from the video: no video stream/);
    expect(decodeSize(1920, 1080, 640)).toEqual({ width: 640, height: 360 });
    expect(decodeSize(320, 240, 640)).toEqual({ width: 320, height: 240 });
  });
});

describe('engine speed', () => {
  it('starts from the calibration and follows measured runs', () => {
    expect(measuredSecondsPerFrame()).toBe(CALIBRATED_SECONDS_PER_FRAME);
    recordEngineRun(5, 5); // too few frames to count
    expect(measuredSecondsPerFrame()).toBe(CALIBRATED_SECONDS_PER_FRAME);
    recordEngineRun(20, 200);
    expect(measuredSecondsPerFrame()).toBeCloseTo(0.1);
    recordEngineRun(10, 200);
    expect(measuredSecondsPerFrame()).toBeCloseTo(0.7 * 0.1 + 0.3 * 0.05);
  });
});

describe('crop input', () => {
  it('matches tf.image.cropAndResize, black outside the frame', async () => {
    const tf = await tfReady();
    const [w, h, size] = [64, 48, 16];
    const rgb = Uint8Array.from({ length: w * h * 3 }, (_, i) => (i * 37) % 251);
    const crop = { cx: 20, cy: 30, side: 50 }; // runs past the left and bottom edges
    const ours = cropToInput(rgb, w, h, crop, size);
    const half = crop.side / 2;
    const box = [(crop.cy - half) / (h - 1), (crop.cx - half) / (w - 1), (crop.cy + half) / (h - 1), (crop.cx + half) / (w - 1)];
    const image = tf.tensor4d(Float32Array.from(rgb), [1, h, w, 3]);
    const ref = await tf.image.cropAndResize(image, [box], [0], [size, size], 'bilinear', 0).data();
    image.dispose();
    let worst = 0;
    for (let i = 0; i < ours.length; i++) worst = Math.max(worst, Math.abs((ours[i] ?? 0) - (ref[i] ?? 0)));
    expect(worst).toBeLessThanOrEqual(1); // rounding to integers
    expect(ours[0]).toBe(0); // top-left sample lies outside the frame
  });
});
