/**
 * The timeline's stroke ticks for sessions of many strokes (issue 29 item 5): one SVG path of
 * vertical lines in a 1000 × 10 view box (x = share of the clip's duration × 1000), drawn
 * hair-thin by Timeline.svelte. Pure.
 */

/** Ticks closer than this in the 1000-wide view box are drawn once (one pixel on a bar up to 1000 px wide). */
export const TICK_MERGE = 1;

/**
 * SVG path data of one vertical tick (y 0 → 10) per position of `xs` (shares 0..1 of the clip's
 * duration, clamped), positions closer than {@link TICK_MERGE} merged; '' for none.
 */
export function tickPath(xs: readonly number[]): string {
  const at = xs.map((x) => Math.round(Math.min(1, Math.max(0, x)) * 1000 * 10) / 10).sort((a, b) => a - b);
  const kept: number[] = [];
  for (const x of at) if (kept.length === 0 || x - kept[kept.length - 1]! >= TICK_MERGE) kept.push(x);
  return kept.map((x) => `M${x} 0V10`).join('');
}
