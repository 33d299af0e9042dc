/**
 * The fade of a drawing at the ends of its shown range (drawingOpacity): values on the ramps,
 * the key frame always opaque, the default range equal to Kinovea's default fading within one
 * frame's step; and the one painter applies it: a line painted by paintShownDrawings on a
 * transparent canvas has the alpha of its opacity on that frame.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VISIBLE_FRAMES, defaultRange, drawingOpacity, FADE_FRAMES, type Drawing } from '../../main/drawings/drawing.js';
import { paintShownDrawings } from '../../main/drawings/paint.js';

const range = (frameNr: number, fromFrameNr: number, toFrameNr: number) => ({ frameNr, fromFrameNr, toFrameNr });

describe('drawingOpacity', () => {
  it('is 0 outside the range, faint at its ends and 1 on the key frame', () => {
    const d = range(50, 30, 70);
    expect(FADE_FRAMES).toBe(20);
    expect(drawingOpacity(d, 29)).toBe(0);
    expect(drawingOpacity(d, 71)).toBe(0);
    expect(drawingOpacity(d, 30)).toBeCloseTo(1 / 21, 12);
    expect(drawingOpacity(d, 70)).toBeCloseTo(1 / 21, 12);
    expect(drawingOpacity(d, 40)).toBeCloseTo(11 / 21, 12);
    expect(drawingOpacity(d, 60)).toBeCloseTo(11 / 21, 12);
    expect(drawingOpacity(d, 49)).toBeCloseTo(20 / 21, 12);
    expect(drawingOpacity(d, 50)).toBe(1);
  });

  it('the default range fades as Kinovea does by default (1 − d/20) within one step of 1/21', () => {
    const key = 100;
    const d = { frameNr: key, ...defaultRange(key) };
    expect(d).toEqual({ frameNr: 100, fromFrameNr: 100 - DEFAULT_VISIBLE_FRAMES, toFrameNr: 100 + DEFAULT_VISIBLE_FRAMES });
    for (let dist = 0; dist <= 20; dist++) {
      const kinovea = Math.max(0, 1 - dist / 20);
      expect(Math.abs(drawingOpacity(d, key + dist) - kinovea)).toBeLessThanOrEqual(1 / 21 + 1e-12);
      expect(drawingOpacity(d, key - dist)).toBe(drawingOpacity(d, key + dist));
    }
  });

  it('a long range is opaque in its middle; a ramp never passes the key frame; a one-frame range is opaque', () => {
    const long = range(100, 0, 300);
    expect(drawingOpacity(long, 0)).toBeCloseTo(1 / 21, 12);
    expect(drawingOpacity(long, 19)).toBeCloseTo(20 / 21, 12);
    expect(drawingOpacity(long, 20)).toBe(1);
    expect(drawingOpacity(long, 200)).toBe(1);
    expect(drawingOpacity(long, 280)).toBe(1);
    expect(drawingOpacity(long, 281)).toBeCloseTo(20 / 21, 12);
    expect(drawingOpacity(long, 300)).toBeCloseTo(1 / 21, 12);
    // Made 3 frames after its first shown frame: a 3-frame ramp (1/4, 2/4, 3/4), then opaque.
    const near = range(13, 10, 40);
    expect([10, 11, 12, 13].map((f) => drawingOpacity(near, f))).toEqual([0.25, 0.5, 0.75, 1]);
    // Made on the first frame of its range: no ramp on that side.
    expect(drawingOpacity(range(10, 10, 12), 10)).toBe(1);
    expect(drawingOpacity(range(10, 10, 12), 12)).toBeCloseTo(1 / 3, 12);
    expect(drawingOpacity(range(7, 7, 7), 7)).toBe(1);
  });
});

describe('the painter fades a drawing', () => {
  it('a line on a transparent canvas has alpha 255 × opacity on the frame', () => {
    const line: Drawing = {
      id: 1, sessionId: 1, createdAt: '', updatedAt: '', kind: 'line', text: '', colour: '#ff00ff', onChart: false,
      points: [{ x: 10, y: 50 }, { x: 190, y: 50 }], ...range(50, 30, 70),
    };
    const alphaAt = (frameNr: number) => {
      const cv = createCanvas(200, 100);
      const ctx = cv.getContext('2d');
      // No pose: frameIndex is the frame_nr.
      paintShownDrawings(ctx, [line], null, frameNr, { toCanvas: (p) => p, px: 2 });
      const px = ctx.getImageData(100, 50, 1, 1).data;
      return { rgb: [px[0], px[1], px[2]], a: px[3]! };
    };
    expect(alphaAt(50)).toEqual({ rgb: [255, 0, 255], a: 255 });
    expect(alphaAt(40).a).toBeGreaterThanOrEqual(Math.floor((255 * 11) / 21) - 1);
    expect(alphaAt(40).a).toBeLessThanOrEqual(Math.ceil((255 * 11) / 21) + 1);
    expect(Math.abs(alphaAt(30).a - 255 / 21)).toBeLessThanOrEqual(1.5);
    expect(alphaAt(29).a).toBe(0);
  });
});
