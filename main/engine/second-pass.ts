/**
 * The second pass: the frames around each stroke (stroke-windows.ts) decoded again and
 * re-estimated with the accurate landmark model (BlazePose heavy: README, "Second pass") on a
 * turned crop built from the fast pass's pose of the same frame (body-crop.ts). The crops do not
 * depend on one another, so every worker of the pool runs at once; decoding stops after the last
 * window frame.
 */
import type { BlazePoseResult } from './blazepose.js';
import { bodyCrop } from './body-crop.js';
import { decodeFrames } from './frame-source.js';
import type { InferencePool } from './infer-pool.js';
import type { LandmarkModel } from './landmark-models.js';
import type { Crop } from './movenet.js';
import type { PoseTrack } from '../pose/pose-track.js';

/** The model of the second pass (measurements in the README, "Second pass"). */
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
 * Decodes the clip again (same `size` as the fast pass) and runs `model` on every frame that has
 * a crop (one run per frame, no flip augmentation); `onFrame(done, total)` after each result.
 * Returns the result per decoded frame index (undefined where there was no crop).
 * @throws VideoDecodeError / the runtime's Error as the fast pass; the signal's reason when aborted.
 */
export async function runSecondPass(
  videoPath: string,
  size: { width: number; height: number },
  pool: InferencePool,
  crops: readonly (Crop | undefined)[],
  model: LandmarkModel = SECOND_PASS_MODEL,
  signal?: AbortSignal,
  onFrame?: (done: number, total: number) => void,
): Promise<(BlazePoseResult | undefined)[]> {
  const out: (BlazePoseResult | undefined)[] = new Array<BlazePoseResult | undefined>(crops.length).fill(undefined);
  const total = crops.filter(Boolean).length;
  let last = -1;
  crops.forEach((c, f) => (c ? (last = f) : 0));
  if (last < 0) return out;
  let done = 0;
  const inFlight: Promise<void>[] = [];
  const decoded = decodeFrames(videoPath, size, signal);
  try {
    for await (const frame of decoded) {
      const crop = crops[frame.index];
      if (crop) {
        const f = frame.index;
        inFlight.push(pool.landmarks(model, frame, crop, false).then((r) => void ((out[f] = r), onFrame?.(++done, total))));
        if (inFlight.length >= pool.size) await inFlight.shift();
      }
      if (frame.index >= last) break;
    }
    await Promise.all(inFlight);
  } catch (e) {
    await Promise.allSettled(inFlight);
    throw signal?.aborted ? signal.reason : e;
  } finally {
    await decoded.return(undefined).catch(() => undefined);
  }
  return out;
}
