/**
 * The second pass's model (BlazePose heavy, main/engine/second-pass.ts) on a real frame: contact
 * of the forehand in tennis_forehand_2.mp4 (decoded frame 121, 1920×1080), through the engine's
 * own worker pool, decode size and turned body crop.
 *
 * Reference positions (source pixels) were read by eye off the frame, drawn at full size with a
 * 50 px grid (@napi-rs/canvas) and zoomed on the arms and legs: Federer faces the camera, so his
 * right side is on the image's left. Wrists: the left hand points to the right at ≈ (1230, 345),
 * the left wrist is ≈ (1205, 345); the right hand grips the racket behind the ball, its white
 * wristband at ≈ (1070, 392). Knees (centre of the joint under the skin): right ≈ (875, 745),
 * left ≈ (925, 745). Ankles (top of the shoe): right ≈ (865, 895), left ≈ (915, 890). Reading
 * uncertainty ≈ ±20 px (joint centres under clothing, motion blur of the racket hand).
 * Radius: 55 px ≈ 0.2 of his torso (shoulders y ≈ 310 to hips y ≈ 580): the by-eye
 * uncertainty plus the model's. Measured 2026-11-23 without the flip augmentation (as the engine
 * runs since it was dropped): right wrist 34 px (BlazePose places it at the ball, the wristband's
 * near side), left wrist 18, right knee 48, left knee 33, ankles 10 / 17 (with it: 28, 21, 37,
 * 40, 9, 15).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blazePoseToH36m, blazePoseWorldH36m } from '../../main/engine/inference/blazepose-h36m.js';
import { BLAZEPOSE, blazePoseToCoco, type BlazePoseResult } from '../../main/engine/inference/blazepose.js';
import { cocoToH36m } from '../../main/engine/inference/coco-to-h36m.js';
import { bodyCrop } from '../../main/engine/tracking/body-crop.js';
import { decodeFrames, decodeSize } from '../../main/av/index.js';
import { DECODE_MAX_SIDE } from '../../main/engine/estimate-pose.js';
import { InferencePool } from '../../main/engine/inference/infer-pool.js';
import { BONE_RATIOS } from '../../main/engine/lift/lift-3d.js';
import type { Crop } from '../../main/engine/inference/movenet.js';
import { KeptCrops, runSecondPass, SECOND_PASS_MODEL } from '../../main/engine/tracking/second-pass.js';
import { H36M_LIMBS, J } from '../../main/pose/h36m.js';
import { mediaPath } from '../support/media.js';

const FRAME = 121;
const RADIUS_PX = 55;
/** Hand-read positions (file comment), source pixels, keyed by MediaPipe landmark. */
const BY_EYE: [string, number, number, number][] = [
  ['right wrist', BLAZEPOSE.rightWrist, 1070, 392],
  ['left wrist', BLAZEPOSE.leftWrist, 1205, 345],
  ['right knee', BLAZEPOSE.rightKnee, 875, 745],
  ['left knee', BLAZEPOSE.leftKnee, 925, 745],
  ['right ankle', BLAZEPOSE.rightAnkle, 865, 895],
  ['left ankle', BLAZEPOSE.leftAnkle, 915, 890],
];

describe('BlazePose heavy on the contact frame of tennis_forehand_2.mp4', () => {
  let pool: InferencePool;
  let r: BlazePoseResult;
  let scale: number;

  beforeAll(async () => {
    const size = decodeSize(1920, 1080, DECODE_MAX_SIDE);
    scale = 1920 / size.width;
    pool = await InferencePool.start({ workers: 1, threads: 2 }, 'movenet-lightning');
    // The fast pass's crop source, here from by-eye points: pelvis ≈ (935, 580), thorax ≈ (940, 310),
    // plus the read wrists and ankles, in decoded pixels.
    const xy = new Float64Array(34).fill(NaN);
    const put = (j: number, x: number, y: number) => xy.set([x / scale, y / scale], 2 * j);
    put(J.pelvis, 935, 580);
    put(J.thorax, 940, 310);
    put(J.head, 930, 230);
    put(J.rightWrist, 1070, 392);
    put(J.leftWrist, 1205, 345);
    put(J.rightAnkle, 865, 895);
    put(J.leftAnkle, 915, 890);
    const crop = bodyCrop(xy)!;
    for await (const frame of decodeFrames(mediaPath('tennis_forehand_2.mp4'), size)) {
      if (frame.index < FRAME) continue;
      r = await pool.landmarks(SECOND_PASS_MODEL, frame, crop, false); // as the engine runs it (no flip augmentation: second-pass.ts)
      break;
    }
  });
  afterAll(async () => {
    await pool?.close();
  });

  it(`puts wrists, knees and ankles within ${RADIUS_PX} px of the positions read off the frame`, () => {
    for (const [name, m, x, y] of BY_EYE) {
      const d = Math.hypot(r.xy[2 * m]! * scale - x, r.xy[2 * m + 1]! * scale - y);
      expect(d, name).toBeLessThan(RADIUS_PX);
      expect(r.score[m], name).toBeGreaterThan(0.5);
    }
  });

  it('gives the same result on the crops the fast pass kept as on the frames decoded again', async () => {
    const coco = blazePoseToCoco(r); // a real pose of this stroke, used as the fast pass's for frames 117-121
    const xy = new Float32Array(34);
    cocoToH36m(coco, 1, 1, xy, new Float32Array(17));
    const crop = bodyCrop(xy)!;
    const kept = new KeptCrops();
    const someKept = new KeptCrops(2 * 256 * 256 * 3); // budget for the first two: the rest decoded again
    const crops: (Crop | undefined)[] = [];
    for await (const frame of decodeFrames(mediaPath('tennis_forehand_2.mp4'), decodeSize(1920, 1080, DECODE_MAX_SIDE))) {
      if (frame.index < FRAME - 4) continue;
      kept.keep(frame.index, frame, coco);
      someKept.keep(frame.index, frame, coco);
      crops[frame.index] = crop;
      if (frame.index === FRAME) break;
    }
    expect([kept.size, someKept.size]).toEqual([5, 2]);
    const path = mediaPath('tennis_forehand_2.mp4');
    const size = decodeSize(1920, 1080, DECODE_MAX_SIDE);
    const fromKept = await runSecondPass(path, size, pool, crops, kept);
    const mixed = await runSecondPass(path, size, pool, crops, someKept);
    const decoded = await runSecondPass(path, size, pool, crops);
    for (let f = FRAME - 4; f <= FRAME; f++) {
      expect(Array.from(fromKept[f]!.xy), `frame ${f}`).toEqual(Array.from(decoded[f]!.xy));
      expect(Array.from(mixed[f]!.xy), `frame ${f}`).toEqual(Array.from(decoded[f]!.xy));
      expect(Array.from(fromKept[f]!.world)).toEqual(Array.from(decoded[f]!.world));
    }
    expect(fromKept[FRAME - 5]).toBeUndefined();
    expect(Array.from(decoded[FRAME - 4]!.xy)).not.toEqual(Array.from(decoded[FRAME - 2]!.xy)); // two distinct images, same crop: not one result copied
  });

  it('maps to H36M-17 with the person’s own sides (checked by eye on a drawing of this frame)', () => {
    const h = new Float32Array(34);
    blazePoseToH36m(r.xy, 2, h);
    expect(h[2 * J.rightWrist]).toBe(r.xy[2 * BLAZEPOSE.rightWrist]);
    expect(h[2 * J.rightShoulder]! * scale).toBeLessThan(h[2 * J.leftShoulder]! * scale); // facing the camera
    const w = blazePoseWorldH36m(r);
    const at = (j: number) => [w[3 * j]!, w[3 * j + 1]!, w[3 * j + 2]!];
    expect(at(J.head)[1]).toBeGreaterThan(0.4); // y up
    expect(at(J.rightAnkle)[1]).toBeLessThan(-0.6);
    expect(at(J.leftWrist)[0]).toBeGreaterThan(0.4); // the left arm points to the image's right
    // The model's own bone lengths vary (its world scale is an average body's): measured here as a
    // share of Winter's ratios × 1.85 m, thighs 0.80 / 0.90, shins 0.92 / 0.88, upper arms 0.85 /
    // 0.62 (the left one, pointing across, comes out short). Hence the engine keeps the lift's
    // lengths and takes only the directions (learned-3d.ts). Bound: 0.55-1.2.
    for (const name of ['right_thigh', 'left_thigh', 'right_shin', 'left_shin', 'right_upper_arm', 'left_upper_arm']) {
      const [a, b] = H36M_LIMBS[name]!;
      const share = Math.hypot(...[0, 1, 2].map((k) => at(b)[k]! - at(a)[k]!)) / (BONE_RATIOS[name]! * 1.85);
      expect(share, name).toBeGreaterThan(0.55);
      expect(share, name).toBeLessThan(1.2);
    }
  });
});
