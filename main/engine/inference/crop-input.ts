/**
 * Building the crop model's input in plain JS: a bilinear resample of a square crop of the RGB24
 * frame to size × size int32 (black outside the frame). Same sampling grid as
 * tf.image.cropAndResize with box corners at the crop's edges (sample i at
 * y0 + i·side/(size−1)), but without turning the whole frame into a float tensor first: that
 * saved ~2 ms of ~22 ms per frame (measured with lightning on 640×360 frames). Also the whole
 * frame resized for multipose (resizeToInput), so every model input is a plain array that either
 * runtime (pose-runtime.ts) takes.
 * Decided (issue 29, speed): the loops compute each column's taps once per crop and no per-pixel
 * arrays; same values to the bit (test/engine/crop-input.test.ts). Measured 2026-11-27 on the
 * loaded 2-core machine, 300 random crops of a 640×360 frame, medians of 6 rounds of thread CPU:
 * the second pass's turned 256² byte crop 5.0 → 3.1 ms, lightning's 192² crop 1.55 → 1.33 ms.
 */
import type { Crop } from './movenet.js';

/**
 * Samples the crop of an RGB24 frame (width × height × 3 bytes) into `size × size × 3` values
 * 0..255, row-major: int32 for a MoveNet single-person model, or into `into` (e.g. a Uint8Array:
 * the second pass keeps its crops as bytes, second-pass.ts; zeroed first). With `window`, `rgb`
 * holds only that window of the width × height frame ({@link cropWindow}): the same values.
 * @throws RangeError when `into` is not size × size × 3 long.
 */
export function cropToInput<T extends Int32Array | Uint8Array = Int32Array>(rgb: Uint8Array, width: number, height: number, crop: Crop, size: number, into?: T, window?: WindowOrigin): T {
  const out = (into ?? new Int32Array(size * size * 3)) as T;
  if (out.length !== size * size * 3) throw new RangeError(`crop input needs ${size * size * 3} values, got ${out.length}`);
  into?.fill(0); // black outside the frame
  // Byte offsets relative to the window: the same taps and weights as on the whole frame.
  const [ox, oy, rw] = window ? [window.x0, window.y0, window.w] : [0, 0, width];
  if (crop.angle) return rotatedCropToInput(rgb, width, height, crop, size, out, ox, oy, rw);
  const step = crop.side / (size - 1);
  const x0 = crop.cx - crop.side / 2;
  const y0 = crop.cy - crop.side / 2;
  // The columns' source x, taps and weights are the same on every row: computed once per crop.
  const { xa, xb, fx } = columnTaps(x0, step, size, width);
  for (let i = 0; i < size; i++) {
    const y = y0 + i * step;
    if (y < 0 || y > height - 1) continue;
    const ya = Math.floor(y);
    const yb = Math.min(ya + 1, height - 1);
    const fy = y - ya;
    const [rowA, rowC] = [(ya - oy) * rw - ox, (yb - oy) * rw - ox];
    for (let j = 0; j < size; j++) {
      const xj = xa[j]!;
      if (xj < 0) continue;
      const f = fx[j]!;
      const a = (rowA + xj) * 3;
      const b = (rowA + xb[j]!) * 3;
      const c = (rowC + xj) * 3;
      const d = (rowC + xb[j]!) * 3;
      const o = (i * size + j) * 3;
      out[o] = lerp2(rgb[a]!, rgb[b]!, rgb[c]!, rgb[d]!, f, fy);
      out[o + 1] = lerp2(rgb[a + 1]!, rgb[b + 1]!, rgb[c + 1]!, rgb[d + 1]!, f, fy);
      out[o + 2] = lerp2(rgb[a + 2]!, rgb[b + 2]!, rgb[c + 2]!, rgb[d + 2]!, f, fy);
    }
  }
  return out;
}

/**
 * Where `rgb` starts when it holds only a window of a frame: columns x0 … x0 + w − 1 of rows
 * y0, y0 + 1, … (w × 3 bytes a row), pixels of the whole frame.
 */
export interface WindowOrigin {
  x0: number;
  y0: number;
  w: number;
}

/** A window of a frame (crop-input.ts {@link cropWindow}) and the frame's size, px: what a crop's resample reads, kept instead of the whole frame. */
export interface FrameWindow {
  rgb: Uint8Array;
  width: number;
  height: number;
  window: WindowOrigin;
}

/**
 * The window of a width × height frame holding every pixel {@link cropToInput} reads for `crop`
 * (turned or not): the crop's bounding box, side·(|cos a| + |sin a|), widened by 2-3 px against
 * rounding and clipped to the frame; its height `h`. Undefined when the crop reads no pixel.
 */
export function cropWindow(crop: Crop, width: number, height: number): (WindowOrigin & { h: number }) | undefined {
  const a = crop.angle ?? 0;
  const e = (crop.side / 2) * (Math.abs(Math.cos(a)) + Math.abs(Math.sin(a)));
  if (!Number.isFinite(e + crop.cx + crop.cy)) return undefined;
  const [x0, y0] = [Math.max(0, Math.floor(crop.cx - e) - 2), Math.max(0, Math.floor(crop.cy - e) - 2)];
  const [x1, y1] = [Math.min(width - 1, Math.floor(crop.cx + e) + 3), Math.min(height - 1, Math.floor(crop.cy + e) + 3)];
  return x1 < x0 || y1 < y0 ? undefined : { x0, y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** The bytes of `window` (x0, y0, w, h) of a width-pixel-wide RGB24 frame, packed row after row. */
export function windowBytes(rgb: Uint8Array, width: number, window: WindowOrigin & { h: number }): Uint8Array {
  const row = window.w * 3;
  const out = new Uint8Array(row * window.h);
  for (let y = 0; y < window.h; y++) {
    const at = ((window.y0 + y) * width + window.x0) * 3;
    out.set(rgb.subarray(at, at + row), y * row);
  }
  return out;
}

/**
 * Resizes a whole RGB24 frame to `outW × outH × 3` int32 values (multipose's input), as
 * `tf.image.resizeBilinear(frame, [outH, outW]).toInt()` did: bilinear, align_corners and
 * half_pixel_centers off (source coordinate = i · in/out), values truncated toward zero.
 */
export function resizeToInput(rgb: Uint8Array, width: number, height: number, outW: number, outH: number): Int32Array {
  const out = new Int32Array(outW * outH * 3);
  const sy = height / outH;
  const sx = width / outW;
  for (let i = 0; i < outH; i++) {
    const y = i * sy;
    const ya = Math.floor(y);
    const yb = Math.min(ya + 1, height - 1);
    const fy = y - ya;
    for (let j = 0; j < outW; j++) {
      const x = j * sx;
      const xa = Math.floor(x);
      const xb = Math.min(xa + 1, width - 1);
      const fx = x - xa;
      const [a, b, c, d] = [(ya * width + xa) * 3, (ya * width + xb) * 3, (yb * width + xa) * 3, (yb * width + xb) * 3];
      const o = (i * outW + j) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const top = rgb[a + ch]! + (rgb[b + ch]! - rgb[a + ch]!) * fx;
        const bottom = rgb[c + ch]! + (rgb[d + ch]! - rgb[c + ch]!) * fx;
        out[o + ch] = Math.trunc(top + (bottom - top) * fy);
      }
    }
  }
  return out;
}

/**
 * {@link cropToInput} for a crop turned by `crop.angle` (radians, clockwise on the image with y
 * down): input sample (i, j) is at centre + u·(cos a, sin a) + v·(−sin a, cos a), with
 * u = (j/(size−1) − ½)·side and v = (i/(size−1) − ½)·side, so the crop's "up" points along
 * (sin a, −cos a) in the frame (the MediaPipe ROI rotation: the body's hip→shoulder line up).
 */
function rotatedCropToInput<T extends Int32Array | Uint8Array>(rgb: Uint8Array, width: number, height: number, crop: Crop, size: number, out: T, ox: number, oy: number, rw: number): T {
  const step = crop.side / (size - 1);
  const half = crop.side / 2;
  const c = Math.cos(crop.angle ?? 0);
  const s = Math.sin(crop.angle ?? 0);
  const [cx, cy, w1, h1] = [crop.cx, crop.cy, width - 1, height - 1];
  for (let i = 0; i < size; i++) {
    const v = i * step - half;
    const [vs, vc] = [v * s, v * c];
    for (let j = 0; j < size; j++) {
      const u = j * step - half;
      const x = cx + u * c - vs;
      const y = cy + u * s + vc;
      if (x < 0 || x > w1 || y < 0 || y > h1) continue;
      const xa = Math.floor(x);
      const ya = Math.floor(y);
      const xb = Math.min(xa + 1, w1);
      const yb = Math.min(ya + 1, h1);
      const fx = x - xa;
      const fy = y - ya;
      const a = ((ya - oy) * rw + xa - ox) * 3;
      const b = ((ya - oy) * rw + xb - ox) * 3;
      const cc = ((yb - oy) * rw + xa - ox) * 3;
      const d = ((yb - oy) * rw + xb - ox) * 3;
      const o = (i * size + j) * 3;
      out[o] = lerp2(rgb[a]!, rgb[b]!, rgb[cc]!, rgb[d]!, fx, fy);
      out[o + 1] = lerp2(rgb[a + 1]!, rgb[b + 1]!, rgb[cc + 1]!, rgb[d + 1]!, fx, fy);
      out[o + 2] = lerp2(rgb[a + 2]!, rgb[b + 2]!, rgb[cc + 2]!, rgb[d + 2]!, fx, fy);
    }
  }
  return out;
}

/** Bilinear sample of one channel from its four taps (top-left, top-right, bottom-left, bottom-right), rounded. */
function lerp2(p: number, q: number, r: number, t: number, fx: number, fy: number): number {
  const top = p + (q - p) * fx;
  const bottom = r + (t - r) * fx;
  return Math.round(top + (bottom - top) * fy);
}

/**
 * Per output column j of an unturned crop: the left and right source columns and the weight of
 * the right one for x = x0 + j·step; xa = −1 where x is outside the frame (the column stays black).
 */
function columnTaps(x0: number, step: number, size: number, width: number): { xa: Int32Array; xb: Int32Array; fx: Float64Array } {
  const [xa, xb, fx] = [new Int32Array(size), new Int32Array(size), new Float64Array(size)];
  for (let j = 0; j < size; j++) {
    const x = x0 + j * step;
    if (x < 0 || x > width - 1) {
      xa[j] = -1;
      continue;
    }
    xa[j] = Math.floor(x);
    xb[j] = Math.min(xa[j]! + 1, width - 1);
    fx[j] = x - xa[j]!;
  }
  return { xa, xb, fx };
}
