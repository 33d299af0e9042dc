/**
 * The second pass: the frames around each stroke (stroke-windows.ts) re-estimated with the
 * accurate landmark model (BlazePose heavy: README, "Second pass") on a turned crop built from
 * the fast pass's pose of the same frame (body-crop.ts). The fast pass keeps each frame's crop,
 * already resampled to the model's input, within a memory budget ({@link KeptCrops}), so the
 * second pass decodes the clip again only for window frames it could not keep (then up to the
 * last of them). The crops do not depend on one another, so every worker of the pool runs at once.
 */
import { BLAZEPOSE_INPUT, blazePoseCropBytes, cropWindow, windowBytes, type BlazePoseResult, type CropBytes, type FrameWindow } from '../inference/index.js';
import { bodyCrop } from './body-crop.js';
import { cocoToH36m } from '../inference/index.js';
import { decodeFrames } from '../../av/index.js';
import type { InferencePool, InferFrame } from '../inference/index.js';
import type { LandmarkModel } from '../inference/index.js';
import type { CocoPose, Crop } from '../inference/index.js';
import type { PoseTrack } from '../../pose/pose-track.js';

/**
 * The model of the second pass (measurements in the README, "Second pass" and "Speed").
 * Decided (issue 29 item 2): heavy stays. BlazePose full in its place costs about half heavy's
 * CPU per frame but lost on every headline of `npm run eval` (fresh poses, 2026-11-27, commit
 * 67a721a; 13 clips, 29 strokes): contact ±2 frames 14/29 against 19/29, precision 19/30
 * against 22/30, recall 19/29 against 22/29 (left out), 3D PA-MPJPE 92 against 80 mm, per camera
 * 92/139/94/102 against 80/70/100/106 mm.
 */
export const SECOND_PASS_MODEL: LandmarkModel = 'blazepose-heavy';
/*
 * No test-time flip augmentation by default (blazepose.ts can): measured on tennis_forehand_2.mp4
 * (README, Second pass, "Flip augmentation: where and at what cost") its gain grows with the share
 * of frames flipped whichever frames they are (lowest-confidence first is no better than random;
 * the frames around the labelled contact gain nothing), and it doubles the model time per frame.
 */

/**
 * Crops of the second pass per track frame: a turned body crop for the frames inside `ranges`
 * whose fast-pass pose (`fast`: H36M-17 in DECODED-frame pixels) allows one and that are not
 * repeats of the image before them (`repeat[f]` = 1); undefined elsewhere.
 */
export function secondPassCrops(fast: PoseTrack, ranges: readonly [number, number][], repeat: Uint8Array): (Crop | undefined)[] {
  const crops: (Crop | undefined)[] = new Array<Crop | undefined>(fast.frames).fill(undefined);
  for (const [a, b] of ranges) {
    for (let f = a; f <= b; f++) {
      if (repeat[f] || !fast.present[f]) continue;
      crops[f] = bodyCrop(fast.keypoints.subarray(f * fast.joints * 2, (f + 1) * fast.joints * 2));
    }
  }
  return crops;
}

/**
 * Most bytes of crops the fast pass keeps for the second pass: 64 MiB = 341 crops of 256² × 3
 * bytes, the distinct images of ≈ 11 s at 30 per second (a 10 s clip keeps all; a longer one
 * keeps its first 341 and the second pass decodes again for window frames after them). Keeping
 * them saves decoding the clip a second time: 3.5-3.7 CPU-s of the 10 s 1080p bench clip up to
 * its last window frame (README, Second pass).
 */
export const KEPT_CROPS_MAX_BYTES = 64 * 2 ** 20;

/**
 * The second pass's crop of each fast-pass frame, kept while they fit in `maxBytes`
 * ({@link KEPT_CROPS_MAX_BYTES}): the window of the frame the crop's resample reads
 * (crop-input.ts cropWindow) when it is smaller than the resampled crop, else the crop resampled
 * to the model's input. Decided (issue 29, speed): the fast pass keeps every frame's crop but the
 * second pass runs on the stroke windows' frames only (145 of 300 on pickleball_rec_1), so a small
 * player's crop is copied now (≈ 0.05 ms) and resampled only when the second pass asks for it
 * ({@link get}; ≈ 4-5 CPU-ms each on the 2-core machine); the same input bytes either way
 * (test/engine/crop-input.test.ts), never more bytes kept than before.
 */
export class KeptCrops {
  private readonly kept = new Map<number, { crop: Crop; bytes?: CropBytes; window?: FrameWindow }>();
  private bytes = 0;
  constructor(private readonly maxBytes = KEPT_CROPS_MAX_BYTES) {}

  /**
   * Keeps frame f's crop: the one {@link secondPassCrops} makes from the fast pass's COCO pose of
   * the frame (decoded pixels), read off the decoded frame now. Nothing when the pose allows no
   * crop or the budget is spent.
   */
  keep(f: number, frame: InferFrame, pose: CocoPose): void {
    if (this.bytes + BLAZEPOSE_INPUT * BLAZEPOSE_INPUT * 3 > this.maxBytes) return;
    const xy = new Float32Array(34);
    cocoToH36m(pose, 1, 1, xy, new Float32Array(17));
    const crop = bodyCrop(xy);
    if (!crop) return;
    const win = cropWindow(crop, frame.width, frame.height);
    if (win && win.w * win.h < BLAZEPOSE_INPUT * BLAZEPOSE_INPUT) {
      const window = { x0: win.x0, y0: win.y0, w: win.w };
      this.kept.set(f, { crop, window: { rgb: windowBytes(frame.rgb, frame.width, win), width: frame.width, height: frame.height, window } });
    } else this.kept.set(f, { crop, bytes: blazePoseCropBytes(frame, crop) });
    // Decided: every kept crop counts as a resampled one, so the budget keeps as many frames as before (a window is smaller).
    this.bytes += BLAZEPOSE_INPUT * BLAZEPOSE_INPUT * 3;
  }

  /**
   * Frame f's kept bytes when they were cut with exactly `crop`, else undefined; a kept window is
   * resampled now (once: the bytes replace it).
   */
  get(f: number, crop: Crop): CropBytes | undefined {
    const k = this.kept.get(f);
    if (!k || k.crop.cx !== crop.cx || k.crop.cy !== crop.cy || k.crop.side !== crop.side || k.crop.angle !== crop.angle) return undefined;
    if (!k.bytes && k.window) [k.bytes, k.window] = [blazePoseCropBytes(k.window, k.crop), undefined];
    return k.bytes;
  }

  /** Frames kept. */
  get size(): number {
    return this.kept.size;
  }
}

/**
 * Runs `model` on every frame that has a crop (one run per frame, no flip augmentation): on its
 * kept bytes when `kept` has them, else on the frame decoded again (same `size` as the fast pass;
 * decoding stops after the last such frame; `turn` as the fast pass's decode: VideoInfo.turned). `onFrame(done, total, frame, result)` after each result;
 * when it returns true it has taken the result, which is then not held. Returns the result per
 * decoded frame index (undefined where there was no crop or `onFrame` took it).
 * @throws VideoDecodeError / the runtime's Error as the fast pass; the signal's reason when aborted.
 */
export async function runSecondPass(
  videoPath: string,
  size: { width: number; height: number },
  pool: InferencePool,
  crops: readonly (Crop | undefined)[],
  kept?: KeptCrops,
  model: LandmarkModel = SECOND_PASS_MODEL,
  signal?: AbortSignal,
  onFrame?: (done: number, total: number, frame: number, result: BlazePoseResult) => boolean | void,
  turn = 0,
): Promise<(BlazePoseResult | undefined)[]> {
  const out: (BlazePoseResult | undefined)[] = new Array<BlazePoseResult | undefined>(crops.length).fill(undefined);
  const total = crops.filter(Boolean).length;
  let done = 0;
  const inFlight: Promise<void>[] = [];
  // Waits for a free worker before sending, not after: the next frame's input (a kept window
  // resampled, a frame decoded again) is made while the previous request runs.
  const run = async (f: number, source: InferFrame | CropBytes, crop: Crop) => {
    if (inFlight.length >= pool.size) await inFlight.shift();
    const p = pool.landmarks(model, source, crop, false).then((r) => {
      if (onFrame?.(++done, total, f, r) !== true) out[f] = r;
    });
    p.catch(() => undefined); // a failure surfaces where it is awaited (not as an unhandled rejection while the next input is made)
    inFlight.push(p);
  };
  let last = -1;
  try {
    for (let f = 0; f < crops.length; f++) {
      const crop = crops[f];
      if (!crop) continue;
      signal?.throwIfAborted();
      const bytes = kept?.get(f, crop);
      if (bytes) await run(f, bytes, crop);
      else last = f;
    }
    if (last >= 0) {
      const decoded = decodeFrames(videoPath, size, signal, turn);
      try {
        for await (const frame of decoded) {
          const crop = crops[frame.index];
          if (crop && !kept?.get(frame.index, crop)) await run(frame.index, frame, crop);
          if (frame.index >= last) break;
        }
      } finally {
        await decoded.return(undefined).catch(() => undefined);
      }
    }
    await Promise.all(inFlight);
  } catch (e) {
    await Promise.allSettled(inFlight);
    throw signal?.aborted ? signal.reason : e;
  }
  return out;
}
