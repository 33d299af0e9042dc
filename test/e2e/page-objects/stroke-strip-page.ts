/**
 * The session page's stroke strip (issue 11) and consistency view: the strip's items, choosing a
 * stroke (waits for the seek to its contact), the consistency rows with their dots.
 */
import { SessionPage, type SwingDebugState } from './session-page.js';
import type { CanvasLike, ElementLike } from './browser-types.js';

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

  /**
   * The thumbnail canvas of stroke `index`: its backing-store size and the standard deviation of
   * its pixels' luminance (0..255; 0 for a blank or uniform canvas).
   */
  async thumbnail(index: number): Promise<{ width: number; height: number; lumaSd: number }> {
    return this.page.locator(`[data-testid="stroke-item"][data-stroke-index="${index}"] canvas`).evaluate((el) => {
      const c = el as unknown as CanvasLike;
      const px = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
      if (!px || px.length === 0) return { width: c.width, height: c.height, lumaSd: 0 };
      const luma: number[] = [];
      for (let i = 0; i < px.length; i += 4) luma.push(0.299 * (px[i] ?? 0) + 0.587 * (px[i + 1] ?? 0) + 0.114 * (px[i + 2] ?? 0));
      const mean = luma.reduce((a, b) => a + b, 0) / luma.length;
      const sd = Math.sqrt(luma.reduce((a, b) => a + (b - mean) ** 2, 0) / luma.length);
      return { width: c.width, height: c.height, lumaSd: sd };
    });
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
