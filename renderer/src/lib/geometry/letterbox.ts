/**
 * Where a `<video object-fit: contain>` actually shows its picture inside its element box, and
 * the mapping between video pixels and that box. The overlay canvas is placed on this content
 * box so joints land on the player whatever the letterboxing (portrait clips in a wide pane).
 */

/** The displayed picture inside the element, CSS pixels from the element's top-left corner. */
export interface ContentBox {
  /** Left offset of the picture inside the element, CSS px. */
  x: number;
  /** Top offset of the picture inside the element, CSS px. */
  y: number;
  /** Width of the picture, CSS px. */
  width: number;
  /** Height of the picture, CSS px. */
  height: number;
  /** CSS px per video pixel (same on both axes: contain keeps the aspect ratio). */
  scale: number;
}

/**
 * The content box of a video of `videoW × videoH` pixels shown with `object-fit: contain` in
 * an element of `elementW × elementH` CSS px (the CSS spec's contain sizing: the largest
 * scale at which the whole picture fits, centred). Returns an empty box when any size is ≤ 0
 * (metadata not loaded yet, element hidden).
 */
export function containBox(elementW: number, elementH: number, videoW: number, videoH: number): ContentBox {
  if (!(elementW > 0 && elementH > 0 && videoW > 0 && videoH > 0)) {
    return { x: 0, y: 0, width: 0, height: 0, scale: 0 };
  }
  const scale = Math.min(elementW / videoW, elementH / videoH);
  const width = videoW * scale;
  const height = videoH * scale;
  return { x: (elementW - width) / 2, y: (elementH - height) / 2, width, height, scale };
}

/** A 2D point, [x, y]. */
export type Point = [number, number];

/**
 * Maps a point in video pixels to backing-store pixels of a canvas that covers exactly the
 * content box, with `dpr` device pixels per CSS pixel.
 */
export function videoToCanvas(box: ContentBox, dpr: number, x: number, y: number): Point {
  return [x * box.scale * dpr, y * box.scale * dpr];
}

/** Inverse of {@link videoToCanvas}: canvas backing-store pixels back to video pixels. */
export function canvasToVideo(box: ContentBox, dpr: number, cx: number, cy: number): Point {
  const k = box.scale * dpr;
  return k > 0 ? [cx / k, cy / k] : [NaN, NaN];
}

/**
 * Backing-store size of a canvas covering `box` at `dpr`: whole device pixels, at least 1.
 */
export function canvasPixelSize(box: ContentBox, dpr: number): { width: number; height: number } {
  return { width: Math.max(1, Math.round(box.width * dpr)), height: Math.max(1, Math.round(box.height * dpr)) };
}

/**
 * Places an overlay canvas on the video's content box (CSS px, relative to the video element's
 * parent, which must be the canvas's offset parent) and sizes its backing store for `dpr`
 * (device pixels per CSS px; ≤ 0 counts as 1). Returns the dpr used.
 */
export function placeOverlayCanvas(canvas: HTMLCanvasElement, box: ContentBox, dpr: number, offsetLeft = 0, offsetTop = 0): number {
  const used = dpr > 0 ? dpr : 1;
  const style = canvas.style;
  style.left = `${offsetLeft + box.x}px`;
  style.top = `${offsetTop + box.y}px`;
  style.width = `${box.width}px`;
  style.height = `${box.height}px`;
  const size = canvasPixelSize(box, used);
  if (canvas.width !== size.width) canvas.width = size.width;
  if (canvas.height !== size.height) canvas.height = size.height;
  return used;
}
