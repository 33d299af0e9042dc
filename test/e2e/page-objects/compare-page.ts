/**
 * The Compare screen: two strokes synchronised at ball contact. Reads the renderer's
 * `window.__compareDebug` (renderer/src/lib/stores/compare.svelte.ts) to know what each side drew.
 */
import { AppPage } from './app-page.js';
import type { BrowserGlobals, VideoLike } from './browser-types.js';

/** What each side last drew and the shared position (real seconds from contact). */
export interface CompareDebugState {
  rel: number;
  a: { frameIndex: number; mediaTime: number };
  b: { frameIndex: number; mediaTime: number };
  /** Overlaid mode: the second skeleton's joints as drawn on the first video (its pixels). */
  overlay?: { frameIndex: number; joints: ([number, number] | null)[] };
}

type CompareGlobals = BrowserGlobals & { __compareDebug?: CompareDebugState };

/** Page object of the Compare screen. */
export class ComparePage extends AppPage {
  /** Picks two sessions with their cards' Compare buttons and opens the comparison. */
  async openFromLibrary(a: number, b: number): Promise<void> {
    for (const id of [a, b]) await this.page.locator(`[data-testid="session-card"][data-session-id="${id}"] [data-testid="session-compare"]`).click();
    await this.page.getByTestId('compare-open').click();
    await this.page.getByTestId('compare-screen').waitFor();
  }

  /** Waits until both videos have data, no seek is pending and both sides drew; returns the state. */
  async settled(timeout = 30_000): Promise<CompareDebugState> {
    await this.page.waitForFunction(
      () => {
        const g = globalThis as unknown as CompareGlobals;
        const vs = ['a', 'b'].map((s) => g.document.querySelector(`[data-testid="compare-video-${s}"]`) as unknown as (VideoLike & { seeking: boolean }) | null);
        const d = g.__compareDebug;
        return !!d && vs.every((v) => !!v && v.readyState >= 2 && !v.seeking) && d.a.frameIndex >= 0 && d.b.frameIndex >= 0;
      },
      undefined,
      { timeout, polling: 50 },
    );
    // Two animation frames so the 'seeked' draws have run.
    await this.page.evaluate(() => new Promise<void>((r) => (globalThis as unknown as BrowserGlobals).requestAnimationFrame(() => (globalThis as unknown as BrowserGlobals).requestAnimationFrame(() => r()))));
    return this.debug();
  }

  /**
   * After playing: waits (up to `timeout` ms) until the second video's frame is as far from its
   * contact as the first's — the re-sync seek that follows a pause may still be on its way when
   * both report not seeking — then returns the state (the caller asserts the equality).
   */
  async aligned(contactA: number, contactB: number, timeout = 5_000): Promise<CompareDebugState> {
    await this.settled();
    await this.page
      .waitForFunction(
        ([ca, cb]) => {
          const d = (globalThis as unknown as CompareGlobals).__compareDebug;
          return !!d && d.a.frameIndex - ca === d.b.frameIndex - cb;
        },
        [contactA, contactB] as const,
        { timeout, polling: 50 },
      )
      .catch(() => undefined);
    return this.settled();
  }

  /**
   * Overlaid mode: waits until the first video has data, is not seeking and the second skeleton
   * was drawn for the frame the first shows; returns the state.
   */
  async settledOverlay(timeout = 30_000): Promise<CompareDebugState> {
    await this.page.waitForFunction(
      () => {
        const g = globalThis as unknown as CompareGlobals;
        const v = g.document.querySelector('[data-testid="compare-video-a"]') as unknown as (VideoLike & { seeking: boolean }) | null;
        const d = g.__compareDebug;
        return !!v && v.readyState >= 2 && !v.seeking && !!d?.overlay && d.a.frameIndex >= 0 && d.overlay.frameIndex === d.a.frameIndex;
      },
      undefined,
      { timeout, polling: 50 },
    );
    return this.debug();
  }

  async debug(): Promise<CompareDebugState> {
    return this.page.evaluate(() => JSON.parse(JSON.stringify((globalThis as unknown as CompareGlobals).__compareDebug)) as CompareDebugState);
  }

  /** Presses a key `times` times, settling after each. */
  async press(key: string, times = 1): Promise<CompareDebugState> {
    for (let i = 0; i < times; i++) {
      await this.page.keyboard.press(key);
      await this.settled();
    }
    return this.debug();
  }

  /** Moves the scrubber to `rel` seconds from contact (an input event, as a drag does). */
  async scrub(rel: number): Promise<CompareDebugState> {
    await this.page.getByTestId('compare-scrubber').evaluate((el, v) => {
      const input = el as unknown as { value: string; dispatchEvent(e: unknown): boolean };
      const g = globalThis as unknown as { Event: new (t: string, o: { bubbles: boolean }) => unknown };
      input.value = String(v);
      input.dispatchEvent(new g.Event('input', { bubbles: true }));
    }, rel);
    return this.settled();
  }

  /**
   * Plays at `rate` and records, in the first video's frame callback, the pose frame each side
   * last drew, until the first video has played `frames` frames (sooner when playback pauses or
   * ends, or after `frames / rate / 10` s + 10 s). A loaded machine presents fewer frames, so there
   * may be fewer samples than frames. With `delayB`, the second video is put `delayB.seconds` back
   * once the first has played `delayB.atFrame` frames (a stall, as a loaded machine makes one), so
   * the samples show the sync catching up.
   */
  async playAndSample(rate: number, frames: number, delayB?: { atFrame: number; seconds: number }): Promise<{ a: number; b: number }[]> {
    await this.page.getByTestId('compare-rate').selectOption(String(rate));
    await this.page.getByTestId('compare-play').click();
    const samples = await this.page.getByTestId('compare-video-a').evaluate(
      async (el, args) => {
        const v = el as unknown as VideoLike;
        const vb = args.vb as unknown as VideoLike;
        const g = globalThis as unknown as CompareGlobals;
        const out: { a: number; b: number }[] = [];
        let done = false;
        let stalled = false;
        await new Promise<void>((resolve) => {
          const finish = () => {
            done = true;
            resolve();
          };
          // Bounded as the session page's sampling is: a 10 fps floor plus 10 s, or a pause/end.
          g.setTimeout(finish, (args.n / args.rate / 10 + 10) * 1000);
          v.addEventListener('ended', finish, { once: true });
          v.addEventListener('pause', finish, { once: true });
          // Counted in the first video's frames, not in callbacks: a loaded machine presents
          // fewer frames (skips some), and the span played must not depend on how many it shows.
          const onFrame = () => {
            if (done) return;
            const d = g.__compareDebug;
            if (d) out.push({ a: d.a.frameIndex, b: d.b.frameIndex });
            const played = out.length ? out[out.length - 1]!.a - out[0]!.a : 0;
            if (args.delayB && !stalled && played >= args.delayB.atFrame) {
              stalled = true;
              vb.currentTime -= args.delayB.seconds;
            }
            if (played >= args.n || v.paused || v.ended) finish();
            else v.requestVideoFrameCallback(onFrame);
          };
          v.requestVideoFrameCallback(onFrame);
        });
        return out;
      },
      { n: frames, rate, delayB, vb: await this.page.getByTestId('compare-video-b').elementHandle() },
    );
    if ((await this.page.getByTestId('compare-play').innerText()) === 'Pause') await this.page.getByTestId('compare-play').click();
    return samples;
  }
}
