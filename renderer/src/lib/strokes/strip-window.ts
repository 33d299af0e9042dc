/**
 * Windowing of the stroke strip (issue 11: clips with 30–100 strokes): the strip is one row of
 * items of one fixed width, so which items are in view, where each sits and how far to scroll to
 * show one are offset arithmetic. Only the items in view (plus a few either side) are in the DOM.
 * Pure (CSS pixels throughout); StrokeStrip.svelte mounts it.
 */

/** Item geometry of a strip: every item's width and the gap between two, CSS px. */
export interface StripGeometry {
  itemWidth: number;
  gap: number;
}

/** Items in the DOM: `first` to `last` inclusive (`last` < `first` when there are none). */
export interface StripRange {
  first: number;
  last: number;
}

/** Left edge of item `i` in the strip's content, CSS px. */
export function itemLeft(g: StripGeometry, i: number): number {
  return i * (g.itemWidth + g.gap);
}

/** Width of the content of `count` items, CSS px (0 for none). */
export function contentWidth(g: StripGeometry, count: number): number {
  return count > 0 ? itemLeft(g, count) - g.gap : 0;
}

/**
 * The items that overlap the viewport [`scrollLeft`, `scrollLeft` + `viewport`) plus `overscan`
 * on each side, clamped to [0, count − 1]. A viewport of 0 (not laid out yet) counts as one item.
 */
export function visibleRange(g: StripGeometry, count: number, scrollLeft: number, viewport: number, overscan: number): StripRange {
  if (count <= 0) return { first: 0, last: -1 };
  const pitch = g.itemWidth + g.gap;
  const left = Math.max(0, scrollLeft);
  const first = Math.floor(left / pitch);
  const last = Math.ceil((left + Math.max(viewport, g.itemWidth)) / pitch) - 1;
  return { first: Math.max(0, first - overscan), last: Math.min(count - 1, last + overscan) };
}

/**
 * The scroll offset that shows item `i` whole with `margin` px to spare, moving as little as
 * possible from `scrollLeft`; `scrollLeft` itself when the item is already in view. Never past
 * the content's ends.
 */
export function scrollToShow(g: StripGeometry, count: number, i: number, scrollLeft: number, viewport: number, margin = 4): number {
  const max = Math.max(0, contentWidth(g, count) - viewport);
  const left = itemLeft(g, i);
  const right = left + g.itemWidth;
  let to = scrollLeft;
  if (left - margin < scrollLeft) to = left - margin;
  else if (right + margin > scrollLeft + viewport) to = right + margin - viewport;
  return Math.min(max, Math.max(0, to));
}
