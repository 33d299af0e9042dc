/**
 * The session page's stroke strip (issue 11) and consistency view: the strip's items, choosing a
 * stroke (waits for the seek to its contact), dragging its contact mark on the timeline (issue 27),
 * the consistency rows with their dots.
 */
import { SessionPage, type SwingDebugState } from './session-page.js';
import type { BrowserGlobals, CanvasLike, ElementLike } from './browser-types.js';

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

  /** Thumbnail canvases in the DOM (the strip is windowed: only items in or near the view are). */
  async thumbnailsInDom(): Promise<number> {
    return this.page.locator('[data-testid="stroke-item"] canvas').count();
  }

  /** Thumbnails the strip has made so far (its cache), from `data-thumbnails`. */
  async thumbnailsMade(): Promise<number> {
    return Number(await this.page.getByTestId('stroke-strip').getAttribute('data-thumbnails'));
  }

  /** The strip's scrolling viewport: its box (CSS px, page coordinates), scroll offset and scroll width. */
  async scroller(): Promise<{ left: number; right: number; top: number; bottom: number; scrollLeft: number; scrollWidth: number }> {
    return this.page.getByTestId('stroke-scroller').evaluate((el) => {
      const e = el as unknown as ElementLike & { scrollLeft: number; scrollWidth: number };
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.left + r.width, top: r.top, bottom: r.top + r.height, scrollLeft: e.scrollLeft, scrollWidth: e.scrollWidth };
    });
  }

  /** Scrolls the strip to `x` CSS px and waits two animation frames (the window follows the scroll event). */
  async scrollStripTo(x: number): Promise<void> {
    await this.page.getByTestId('stroke-scroller').evaluate(async (el, to) => {
      (el as unknown as { scrollLeft: number }).scrollLeft = to;
      const g = globalThis as unknown as BrowserGlobals;
      for (let i = 0; i < 2; i++) await new Promise<void>((r) => g.requestAnimationFrame(() => r()));
    }, x);
  }

  /** Strokes whose item lies wholly inside the strip's viewport, in order. */
  async wholeInView(): Promise<number[]> {
    const box = await this.scroller();
    const rows = await this.page.getByTestId('stroke-item').evaluateAll((els) =>
      (els as unknown as ElementLike[]).map((e) => {
        const r = e.getBoundingClientRect();
        return { index: Number(e.getAttribute('data-stroke-index')), left: r.left, right: r.left + r.width };
      }),
    );
    return rows.filter((r) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5).map((r) => r.index).sort((a, b) => a - b);
  }

  /** The stroke chosen in the strip (its item is aria-pressed), or null when none is in the DOM. */
  async chosen(): Promise<number | null> {
    return (await this.items()).find((i) => i.pressed)?.index ?? null;
  }

  /** Waits until the video is not seeking (after keys pressed without waiting). */
  async settle(timeout = 10_000): Promise<void> {
    const video = await this.page.getByTestId('video').elementHandle();
    await this.page.waitForFunction((v) => !(v as unknown as { seeking: boolean }).seeking, video, { timeout, polling: 50 });
  }

  /**
   * Moves the strip's choice to stroke `index` with `.` / `,` (one key and its seek at a time; the
   * item needs not be in the DOM) and returns the debug state after the last seek.
   * @throws Error when a key does not move the choice.
   */
  async keysTo(index: number): Promise<SwingDebugState> {
    let at = await this.chosen();
    let d = await this.debug();
    while (at !== index) {
      d = await this.pressAndSettle(at === null || at < index ? '.' : ',');
      const now = await this.chosen();
      if (now === at) throw new Error(`the keys did not move the strip from stroke ${String(at)} towards ${index}`);
      at = now;
    }
    return d;
  }

  /** Clicks stroke `index` in the strip and waits for the seek to its contact. */
  async choose(index: number): Promise<SwingDebugState> {
    return this.afterSeek(() => this.page.locator(`[data-testid="stroke-item"][data-stroke-index="${index}"]`).click());
  }

  /**
   * Drags the chosen stroke's contact mark on the timeline (issue 27) to `t` seconds of video, in
   * steps as a hand would, and releases it there (the release sets the stroke's contact to the
   * frame shown at `t`). @throws Error when the timeline or the mark is not laid out.
   */
  async dragContactTo(t: number): Promise<void> {
    const mark = await this.page.getByTestId('timeline-contact').boundingBox();
    const bar = await this.page.getByTestId('timeline').boundingBox();
    const { duration } = await this.video();
    if (!mark || !bar || !(duration > 0)) throw new Error('the timeline or its contact mark is not laid out');
    const y = mark.y + mark.height / 2;
    await this.page.mouse.move(mark.x + mark.width / 2, y);
    await this.page.mouse.down();
    await this.page.mouse.move(bar.x + (t / duration) * bar.width, y, { steps: 8 });
    await this.page.mouse.up();
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
