/**
 * The session page's stroke strip (issue 11) and consistency view: the strip's items, choosing a
 * stroke (waits for the seek to its contact), the consistency rows with their dots.
 */
import { SessionPage, type SwingDebugState } from './session-page.js';
import type { ElementLike } from './browser-types.js';

/** One item of the strip as shown. */
export interface StripItem {
  index: number;
  text: string;
  pressed: boolean;
}

/** One row of the consistency view. */
export interface ConsistencyRowShown {
  feature: string;
  n: number;
  dots: number[];
  stats: string;
}

/** Page object of the stroke strip. */
export class StrokeStripPage extends SessionPage {
  /** The strip's stroke items in order (the "All strokes" item not included). */
  async items(): Promise<StripItem[]> {
    return this.page.getByTestId('stroke-item').evaluateAll((els) =>
      (els as unknown as ElementLike[]).map((e) => ({
        index: Number(e.getAttribute('data-stroke-index')),
        text: (e.textContent ?? '').replace(/\s+/g, ' ').trim(),
        pressed: e.getAttribute('aria-pressed') === 'true',
      })),
    );
  }

  /** Waits until the strip has drawn `n` contact thumbnails. */
  async waitForThumbnails(n: number, timeout = 30_000): Promise<void> {
    await this.page.locator(`[data-testid="stroke-strip"][data-thumbnails="${n}"]`).waitFor({ timeout });
  }

  /** Clicks stroke `index` in the strip and waits for the seek to its contact. */
  async choose(index: number): Promise<SwingDebugState> {
    return this.afterSeek(() => this.page.locator(`[data-testid="stroke-item"][data-stroke-index="${index}"]`).click());
  }

  /** The rows of the consistency view: feature, n, the strokes of its dots, the stats text. */
  async consistencyRows(): Promise<ConsistencyRowShown[]> {
    await this.page.getByTestId('consistency-view').waitFor();
    return this.page.getByTestId('consistency-row').evaluateAll((els) =>
      (els as unknown as ElementLike[]).map((e) => ({
        feature: e.getAttribute('data-feature-name') ?? '',
        n: Number(e.getAttribute('data-n')),
        dots: Array.from(e.querySelectorAll('[data-testid="consistency-dot"]')).map((d) => Number(d.getAttribute('data-stroke-index'))),
        stats: (e.querySelectorAll('[data-testid="consistency-stats"]')[0]?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      })),
    );
  }
}
