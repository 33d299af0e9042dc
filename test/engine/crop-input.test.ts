/**
 * The crop resampler (main/engine/inference/crop-input.ts) against a plain per-pixel reference:
 * its loops were made cheaper (column taps once per crop, no per-pixel arrays) without changing a
 * single output value, so the models' inputs, and every pose, stay bit-identical.
 */
import { describe, expect, it } from 'vitest';
import { cropToInput, cropWindow, windowBytes } from '../../main/engine/inference/crop-input.js';
import type { Crop } from '../../main/engine/inference/movenet.js';

/** The resampler as it was written before (per pixel: source point, four taps, bilinear, rounded). */
function reference(rgb: Uint8Array, width: number, height: number, crop: Crop, size: number): Int32Array {
  const out = new Int32Array(size * size * 3);
  const step = crop.side / (size - 1);
  const [c, s] = [Math.cos(crop.angle ?? 0), Math.sin(crop.angle ?? 0)];
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const [u, v] = [j * step - crop.side / 2, i * step - crop.side / 2];
      const x = crop.angle ? crop.cx + u * c - v * s : crop.cx - crop.side / 2 + j * step;
      const y = crop.angle ? crop.cy + u * s + v * c : crop.cy - crop.side / 2 + i * step;
      if (x < 0 || x > width - 1 || y < 0 || y > height - 1) continue;
      const [xa, ya] = [Math.floor(x), Math.floor(y)];
      const [xb, yb] = [Math.min(xa + 1, width - 1), Math.min(ya + 1, height - 1)];
      for (let ch = 0; ch < 3; ch++) {
        const at = (yy: number, xx: number) => rgb[(yy * width + xx) * 3 + ch]!;
        const top = at(ya, xa) + (at(ya, xb) - at(ya, xa)) * (x - xa);
        const bottom = at(yb, xa) + (at(yb, xb) - at(yb, xa)) * (x - xa);
        out[(i * size + j) * 3 + ch] = Math.round(top + (bottom - top) * (y - ya));
      }
    }
  }
  return out;
}

describe('cropToInput', () => {
  it('gives the reference values, turned or not, inside and across the frame edges, as int32 and as bytes', () => {
    const [w, h] = [97, 61];
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const rgb = Uint8Array.from({ length: w * h * 3 }, () => Math.floor(rand() * 256));
    for (let k = 0; k < 40; k++) {
      const crop: Crop = { cx: rand() * 140 - 20, cy: rand() * 100 - 20, side: 5 + rand() * 120, ...(k % 2 ? { angle: (rand() - 0.5) * 6 } : {}) };
      const want = reference(rgb, w, h, crop, 24);
      expect(Array.from(cropToInput(rgb, w, h, crop, 24))).toEqual(Array.from(want));
      expect(Array.from(cropToInput(rgb, w, h, crop, 24, new Uint8Array(24 * 24 * 3).fill(9)))).toEqual(Array.from(want));
    }
  });

  it('gives the same values from a window of the frame (cropWindow, windowBytes) as from the whole frame, turned or not, across the edges', () => {
    const [w, h] = [97, 61];
    let seed = 11;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const rgb = Uint8Array.from({ length: w * h * 3 }, () => Math.floor(rand() * 256));
    let windows = 0;
    for (let k = 0; k < 200; k++) {
      const crop: Crop = { cx: rand() * 140 - 20, cy: rand() * 100 - 20, side: 5 + rand() * 80, ...(k % 4 ? { angle: (rand() - 0.5) * 7 } : {}) };
      const want = cropToInput(rgb, w, h, crop, 24);
      const win = cropWindow(crop, w, h);
      if (!win) {
        expect(want.every((v) => v === 0)).toBe(true); // the crop reads no pixel: black
        continue;
      }
      windows++;
      expect(win.w * win.h).toBeLessThanOrEqual(w * h);
      const bytes = windowBytes(rgb, w, win);
      expect(bytes.length).toBe(win.w * win.h * 3);
      expect(Array.from(cropToInput(bytes, w, h, crop, 24, new Uint8Array(24 * 24 * 3), win))).toEqual(Array.from(want));
    }
    expect(windows).toBeGreaterThan(150);
  });

  it('sizes the window of a crop inside the frame by its turned bounding box plus the margins', () => {
    expect(cropWindow({ cx: 50, cy: 30, side: 20 }, 97, 61)).toEqual({ x0: 38, y0: 18, w: 26, h: 26 });
    // turned 45°: half-extent 10·√2 ≈ 14.14
    expect(cropWindow({ cx: 50, cy: 30, side: 20, angle: Math.PI / 4 }, 97, 61)).toEqual({ x0: 33, y0: 13, w: 35, h: 35 });
    expect(cropWindow({ cx: 2, cy: 2, side: 10 }, 97, 61)).toEqual({ x0: 0, y0: 0, w: 11, h: 11 });
    expect(cropWindow({ cx: -50, cy: 30, side: 10 }, 97, 61)).toBeUndefined();
  });
});
