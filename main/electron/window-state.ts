/**
 * Where the main window opens: the bounds saved in settings.window when they still fit on a
 * display, else a default size centred by Electron. Plain Node (displays are passed in).
 */
import type { Settings } from '../settings/settings.js';

/** A rectangle in screen pixels (DIP). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Default and least window size, pixels: room for the video, the 3D view and the charts side by side. */
export const DEFAULT_SIZE = { width: 1400, height: 900 } as const;
export const MIN_SIZE = { width: 1024, height: 640 } as const;

/** Least part of the title bar that must be on a display for saved bounds to be reused, pixels. */
const MIN_VISIBLE = 100;

function overlap(a: Rect, b: Rect): { w: number; h: number } {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { w: Math.max(0, w), h: Math.max(0, h) };
}

/**
 * Bounds to open the window with.
 * @param saved settings.window (undefined on first start).
 * @param workAreas work areas of the connected displays.
 * @returns saved bounds (size clamped to the minimum and to the display) when at least
 *   {@link MIN_VISIBLE} px of their top edge are on a display; else the default size without
 *   position (Electron centres it) and maximized false.
 */
export function initialBounds(
  saved: Settings['window'],
  workAreas: readonly Rect[],
): { bounds: Partial<Rect> & { width: number; height: number }; maximized: boolean } {
  if (saved) {
    const topStrip = { x: saved.x, y: saved.y, width: saved.width, height: 40 };
    const area = workAreas.find((a) => {
      const o = overlap(topStrip, a);
      return o.w >= Math.min(MIN_VISIBLE, saved.width) && o.h > 0;
    });
    if (area) {
      const width = Math.min(Math.max(saved.width, MIN_SIZE.width), area.width);
      const height = Math.min(Math.max(saved.height, MIN_SIZE.height), area.height);
      return { bounds: { x: saved.x, y: saved.y, width, height }, maximized: saved.maximized };
    }
  }
  return { bounds: { ...DEFAULT_SIZE }, maximized: false };
}
