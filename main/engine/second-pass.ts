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
/**
 * Real seconds around each contact where the flip augmentation runs too (blazepose.ts: twice the
 * model time; wrists at contact are what it helps most, and the whole window with it cost 3.2×
 * the fast pass on the bench clip against the 2× budget: README, Second pass).
 */
export const FLIP_HALF_S = 0.25;

/** Per track frame, 1 where |real time − a contact's| ≤ {@link FLIP_HALF_S}. */
export function flipFrames(times: ArrayLike<number>, contacts: readonly number[], realPerVideo: number): Uint8Array {
  return Uint8Array.from({ length: times.length }, (_, f) => (contacts.some((c) => Math.abs(times[f]! - times[c]!) * realPerVideo <= FLIP_HALF_S + 1e-9) ? 1 : 0));
}

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
 * a crop, with the flip augmentation where `flip[f]` is 1; `onFrame(done, total)` after each result. Returns the result per decoded frame index
 * (undefined where there was no crop).
 * @throws VideoDecodeError / the runtime's Error as the fast pass; the signal's reason when aborted.
 */
export async function runSecondPass(
  videoPath: string,
  size: { width: number; height: number },
  pool: InferencePool,
  crops: readonly (Crop | undefined)[],
  flip: Uint8Array,
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
        inFlight.push(pool.landmarks(model, frame, crop, !!flip[f]).then((r) => void ((out[f] = r), onFrame?.(++done, total))));
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
