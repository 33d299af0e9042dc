import { describe, expect, it } from 'vitest';
import { CROP_PAD, thumbnailCrop } from './thumbnail-crop.js';

describe('thumbnailCrop', () => {
  it('pads the player box by CROP_PAD of its height and widens it to the aspect, centred', () => {
    // Box 60×100 at (400, 300) in a 1280×720 frame; padded 20 px each side → 100×140; aspect 0.75 → 105×140.
    const r = thumbnailCrop([400, 300, 60, 100], 1280, 720, 0.75);
    expect(CROP_PAD).toBe(0.2);
    expect(r.sh).toBeCloseTo(140, 10);
    expect(r.sw).toBeCloseTo(105, 10);
    expect(r.sx + r.sw / 2).toBeCloseTo(430, 10);
    expect(r.sy + r.sh / 2).toBeCloseTo(350, 10);
  });

  it('grows the height for a wide box and stays inside the frame at its edges', () => {
    const r = thumbnailCrop([0, 650, 200, 60], 1280, 720, 0.75);
    expect(r.sw / r.sh).toBeCloseTo(0.75, 10);
    expect(r.sx).toBe(0);
    expect(r.sy + r.sh).toBeCloseTo(720, 10);
  });

  it('shrinks a crop larger than the frame and falls back to the whole frame without a box', () => {
    const big = thumbnailCrop([0, 0, 1280, 720], 1280, 720, 0.75);
    expect(big.sh).toBeCloseTo(720, 10);
    expect(big.sw).toBeCloseTo(540, 10);
    const none = thumbnailCrop([NaN, NaN, NaN, NaN], 1280, 720, 0.75);
    const close = (r: { sx: number; sy: number; sw: number; sh: number }) => [r.sx, r.sy, r.sw, r.sh].map((v) => Math.round(v * 1e6) / 1e6);
    expect(close(none)).toEqual([370, 0, 540, 720]);
    expect(close(thumbnailCrop(null, 1280, 720, 16 / 9))).toEqual([0, 0, 1280, 720]);
  });
});
