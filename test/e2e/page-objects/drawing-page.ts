/**
 * The session page's drawing tools: clicks at source-video pixel positions on the drawing layer
 * (mapped through the layer's box on screen), the drawings list and its values
 * (`data-value`: degrees on the frame on screen, full precision).
 */
import { SessionPage } from './session-page.js';
import type { VideoLike } from './browser-types.js';

/** One row of the drawings list. */
export interface DrawingRow {
  id: number;
  kind: string;
  value: number | null;
  shown: boolean;
  label: string;
}

/** Page object of the drawing tools on the Session screen. */
export class DrawingPage extends SessionPage {
  /** CSS position on the page of source-video pixel (x, y). */
  async cssOf(x: number, y: number): Promise<[number, number]> {
    const layer = this.page.getByTestId('drawing-layer');
    const box = await layer.boundingBox();
    const videoW = await this.page.getByTestId('video').evaluate((el) => (el as unknown as VideoLike).videoWidth);
    if (!box || !videoW) throw new Error('the drawing layer is not laid out');
    const k = box.width / videoW;
    return [box.x + x * k, box.y + y * k];
  }

  /** Clicks the picture at source-video pixel (x, y). */
  async clickAt(x: number, y: number): Promise<void> {
    const [cx, cy] = await this.cssOf(x, y);
    await this.page.mouse.click(cx, cy);
  }

  /** Drags over the picture through the source-video pixel points (free hand). */
  async dragThrough(points: readonly [number, number][]): Promise<void> {
    const first = points[0];
    if (!first) return;
    const [x0, y0] = await this.cssOf(first[0], first[1]);
    await this.page.mouse.move(x0, y0);
    await this.page.mouse.down();
    for (const [x, y] of points.slice(1)) {
      const [cx, cy] = await this.cssOf(x, y);
      await this.page.mouse.move(cx, cy, { steps: 4 });
    }
    await this.page.mouse.up();
  }

  /** The drawings list, in list order. */
  async rows(): Promise<DrawingRow[]> {
    return this.page.getByTestId('drawing').evaluateAll((els) =>
      els.map((e) => {
        const a = (n: string) => (e as unknown as { getAttribute(n: string): string | null }).getAttribute(n) ?? '';
        const v = a('data-value');
        return { id: Number(a('data-drawing-id')), kind: a('data-kind'), value: v === '' ? null : Number(v), shown: a('data-shown') === 'true', label: (e as unknown as { textContent: string | null }).textContent?.trim() ?? '' };
      }),
    );
  }

  /** Waits until the list has `n` drawings. */
  async waitForCount(n: number, timeout = 10_000): Promise<DrawingRow[]> {
    await this.page.waitForFunction((count) => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('[data-testid="drawing"]').length === count, n, { timeout });
    return this.rows();
  }
}
