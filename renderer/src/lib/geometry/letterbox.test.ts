import { describe, expect, it } from 'vitest';
import { canvasPixelSize, canvasToVideo, containBox, videoToCanvas } from './letterbox.js';

describe('containBox', () => {
  it('pillarboxes a portrait 1080×1920 clip in a 1280×720 pane', () => {
    const b = containBox(1280, 720, 1080, 1920);
    expect(b.scale).toBeCloseTo(720 / 1920, 10);
    expect(b.width).toBeCloseTo(405, 10);
    expect(b.height).toBeCloseTo(720, 10);
    expect(b.x).toBeCloseTo((1280 - 405) / 2, 10);
    expect(b.y).toBe(0);
  });

  it('letterboxes a 1920×1080 clip in a tall 800×900 pane', () => {
    const b = containBox(800, 900, 1920, 1080);
    expect(b.width).toBeCloseTo(800, 10);
    expect(b.height).toBeCloseTo(450, 10);
    expect(b.x).toBe(0);
    expect(b.y).toBeCloseTo(225, 10);
  });

  it('is empty before the metadata is known', () => {
    expect(containBox(800, 600, 0, 0)).toEqual({ x: 0, y: 0, width: 0, height: 0, scale: 0 });
    expect(containBox(0, 600, 1920, 1080).scale).toBe(0);
  });
});

describe('video ↔ canvas mapping', () => {
  it('maps video pixels to device pixels and back', () => {
    const b = containBox(1280, 720, 1080, 1920);
    const [cx, cy] = videoToCanvas(b, 2, 540, 960);
    expect(cx).toBeCloseTo(540 * 0.375 * 2, 10);
    expect(cy).toBeCloseTo(960 * 0.375 * 2, 10);
    const [x, y] = canvasToVideo(b, 2, cx, cy);
    expect(x).toBeCloseTo(540, 10);
    expect(y).toBeCloseTo(960, 10);
  });

  it('sizes the backing store in whole device pixels', () => {
    const b = containBox(1280, 720, 1080, 1920);
    expect(canvasPixelSize(b, 1.5)).toEqual({ width: Math.round(405 * 1.5), height: 1080 });
    expect(canvasPixelSize(containBox(0, 0, 0, 0), 1)).toEqual({ width: 1, height: 1 });
  });
});
