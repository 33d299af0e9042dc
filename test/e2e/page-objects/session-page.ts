/**
 * The Session screen: video + overlay, controls, features, 3D view, kinetic chart. Reads the
 * renderer's `window.__swingDebug` to know what was drawn.
 */
import { AppPage } from './app-page.js';
import type { BrowserGlobals, CanvasLike, ElementLike, FrameMeta, SwingDebugState, VideoLike } from './browser-types.js';

export type { SwingDebugState } from './browser-types.js';

/** One presented frame while playing: the frame callback's mediaTime and what the overlay had drawn. */
export interface PlaySample {
  mediaTime: number;
  drawnMediaTime: number;
  frameIndex: number;
  drawnJoints: ([number, number] | null)[];
  presentedFrames: number;
}

/** Geometry of the overlay canvas against the video element (CSS px) and its backing store. */
export interface OverlayBox {
  left: number;
  top: number;
  width: number;
  height: number;
  pxW: number;
  pxH: number;
  videoW: number;
  videoH: number;
  elW: number;
  elH: number;
}

/** Page object of the Session screen. */
export class SessionPage extends AppPage {
  /** Waits until the video has data and the overlay drew a skeleton. */
  async waitForSkeleton(timeout = 30_000): Promise<SwingDebugState> {
    await this.page.getByTestId('session-screen').waitFor();
    await this.page.waitForFunction(
      () => {
        const g = globalThis as unknown as BrowserGlobals;
        const d = g.__swingDebug;
        const v = g.document.querySelector('[data-testid="video"]') as unknown as VideoLike | null;
        return !!d && !!v && v.readyState >= 2 && d.drawnJoints.some((p) => p !== null);
      },
      undefined,
      { timeout, polling: 50 },
    );
    return this.debug();
  }

  async debug(): Promise<SwingDebugState> {
    return this.page.evaluate(
      () => JSON.parse(JSON.stringify((globalThis as unknown as BrowserGlobals).__swingDebug)) as SwingDebugState,
    );
  }

  /** The video's currentTime, paused flag, rate and duration. */
  async video(): Promise<{ currentTime: number; paused: boolean; playbackRate: number; duration: number }> {
    return this.page.getByTestId('video').evaluate((el) => {
      const v = el as unknown as VideoLike;
      return { currentTime: v.currentTime, paused: v.paused, playbackRate: v.playbackRate, duration: v.duration };
    });
  }

  /** Seeks the paused video to `t` seconds, waits for 'seeked' and two animation frames, returns the debug state. */
  async seek(t: number): Promise<SwingDebugState> {
    await this.page.getByTestId('video').evaluate(async (el, time) => {
      const v = el as unknown as VideoLike;
      const g = globalThis as unknown as BrowserGlobals;
      v.pause();
      await new Promise<void>((resolve) => {
        v.addEventListener('seeked', () => resolve(), { once: true });
        v.currentTime = time;
      });
      for (let i = 0; i < 2; i++) await new Promise<void>((r) => g.requestAnimationFrame(() => r()));
    }, t);
    return this.debug();
  }

  /** Resolves after the next 'seeked' of the video plus two animation frames. */
  async #afterSeek(action: () => Promise<void>, timeoutMs = 10_000): Promise<SwingDebugState> {
    await this.page.getByTestId('video').evaluate((el) => {
      const g = globalThis as unknown as BrowserGlobals;
      g.__seeked = new Promise<boolean>((resolve) => (el as unknown as VideoLike).addEventListener('seeked', () => resolve(true), { once: true }));
    });
    await action();
    await this.page.evaluate((ms) => {
      const g = globalThis as unknown as BrowserGlobals;
      return Promise.race([g.__seeked, new Promise<boolean>((r) => g.setTimeout(() => r(false), ms))]);
    }, timeoutMs);
    await this.page.evaluate(
      () =>
        new Promise<void>((r) => {
          const g = globalThis as unknown as BrowserGlobals;
          g.requestAnimationFrame(() => g.requestAnimationFrame(() => r()));
        }),
    );
    return this.debug();
  }

  /** Runs `action` (a click or key that seeks the video) and waits for the seek it causes (at most `timeoutMs`). */
  async afterSeek(action: () => Promise<void>, timeoutMs?: number): Promise<SwingDebugState> {
    return this.#afterSeek(action, timeoutMs);
  }

  /** Presses a key on the page and waits for the seek it causes (frame steps). */
  async pressAndSettle(key: string): Promise<SwingDebugState> {
    return this.#afterSeek(() => this.page.keyboard.press(key));
  }

  /** The A/B loop's jumps the session player made since the session opened (renderer/src/lib/debug.ts `loopJumps`): tick media time, target (A) and loop end (B), s. */
  async loopJumps(): Promise<{ at: number; to: number; b: number }[]> {
    return this.page.evaluate(() => (globalThis as unknown as BrowserGlobals).__swingDebug?.loopJumps ?? []);
  }

  /**
   * Plays at `rate` from `from` seconds and records `frames` presented frames: for each, the
   * frame callback's mediaTime next to what the overlay drew for that frame (its callback was
   * registered first, so it has already run). Pauses afterwards.
   *
   * Bounded: sampling also stops when the video pauses or ends, and after `frames / rate / 10`
   * s + 10 s of wall time (a 10 fps floor on a loaded machine), returning the samples taken so
   * the caller's count assertion fails with them. A rejected `play()` rejects with its error.
   * Without the bound, a playback that stalled left this callback pending in the page, and it
   * paused the video in the middle of the next test.
   */
  async playAndSample(from: number, rate: number, frames: number): Promise<PlaySample[]> {
    return this.page.getByTestId('video').evaluate(
      async (el, args) => {
        const v = el as unknown as VideoLike;
        const g = globalThis as unknown as BrowserGlobals;
        v.pause();
        await new Promise<void>((r) => {
          v.addEventListener('seeked', () => r(), { once: true });
          v.currentTime = args.from;
        });
        v.playbackRate = args.rate;
        const samples: PlaySample[] = [];
        let done = false;
        await new Promise<void>((resolve, reject) => {
          const finish = () => {
            done = true;
            resolve();
          };
          const onFrame = (_now: number, meta: FrameMeta) => {
            if (done) return;
            const d = g.__swingDebug;
            if (d) {
              samples.push({
                mediaTime: meta.mediaTime,
                drawnMediaTime: d.mediaTime,
                frameIndex: d.frameIndex,
                drawnJoints: d.drawnJoints,
                presentedFrames: meta.presentedFrames,
              });
            }
            if (samples.length >= args.frames || v.ended || v.paused) finish();
            else v.requestVideoFrameCallback(onFrame);
          };
          v.addEventListener('ended', finish, { once: true });
          g.setTimeout(finish, (args.frames / args.rate / 10 + 10) * 1000);
          v.requestVideoFrameCallback(onFrame);
          v.play().then(
            () => v.addEventListener('pause', finish, { once: true }),
            (e: unknown) => {
              done = true;
              reject(new Error(`play() was refused: ${String(e)}`));
            },
          );
        });
        v.pause();
        v.playbackRate = 1;
        return JSON.parse(JSON.stringify(samples)) as PlaySample[];
      },
      { from, rate, frames },
    );
  }

  /** Clicks the feature with this machine name (waits for the seek to its event, if any). */
  async selectFeature(featureName: string): Promise<SwingDebugState> {
    return this.#afterSeek(() => this.page.locator(`[data-testid="feature"][data-feature-name="${featureName}"]`).click(), 3000);
  }

  /** Machine names of the listed features, in list order. */
  async featureNames(): Promise<string[]> {
    return this.page
      .getByTestId('feature')
      .evaluateAll((els) => (els as unknown as ElementLike[]).map((e) => e.getAttribute('data-feature-name') ?? ''));
  }

  /**
   * Reads the 3D view's WebGL canvas back (it preserves its drawing buffer) and counts pixels
   * that differ from the corner pixel (the background).
   */
  async scenePixels(): Promise<{ width: number; height: number; differing: number }> {
    await this.page.getByTestId('scene3d-canvas').waitFor();
    return this.page.getByTestId('scene3d-canvas').evaluate((el) => {
      const c = el as unknown as CanvasLike;
      const g = globalThis as unknown as BrowserGlobals;
      const copy = g.document.createElement('canvas');
      copy.width = c.width;
      copy.height = c.height;
      const ctx = copy.getContext('2d');
      if (!ctx) return { width: 0, height: 0, differing: 0 };
      ctx.drawImage(c, 0, 0);
      const px = ctx.getImageData(0, 0, c.width, c.height).data;
      const [r0, g0, b0] = [px[0] ?? 0, px[1] ?? 0, px[2] ?? 0];
      let differing = 0;
      for (let i = 0; i < px.length; i += 4) {
        const d = Math.abs((px[i] ?? 0) - r0) + Math.abs((px[i + 1] ?? 0) - g0) + Math.abs((px[i + 2] ?? 0) - b0);
        if (d > 24) differing++;
      }
      return { width: c.width, height: c.height, differing };
    });
  }

  /** Clicks the kinetic chart's plot at `fraction` (0..1) of its width and waits for the seek. */
  async clickChart(fraction: number): Promise<SwingDebugState> {
    const over = this.page.locator('[data-testid="kinetic-chart"] .u-over');
    const box = await over.boundingBox();
    if (!box) throw new Error('the kinetic chart is not visible');
    return this.#afterSeek(() => over.click({ position: { x: box.width * fraction, y: box.height / 2 } }));
  }

  /**
   * Mean RGB level (0..255) of the `size`×`size` pixels at (`at`, `at`) of the video frame shown
   * now, read back through a canvas at the video's own size (clips with a frame code burnt in).
   */
  async frameLevel(at = 16, size = 96): Promise<number> {
    return this.page.getByTestId('video').evaluate(
      (el, a) => {
        const v = el as unknown as VideoLike;
        const g = globalThis as unknown as BrowserGlobals;
        const c = g.document.createElement('canvas');
        c.width = v.videoWidth;
        c.height = v.videoHeight;
        const ctx = c.getContext('2d');
        if (!ctx) return NaN;
        ctx.drawImage(v, 0, 0);
        const px = ctx.getImageData(a.at, a.at, a.size, a.size).data;
        let sum = 0;
        for (let i = 0; i < px.length; i += 4) sum += ((px[i] ?? 0) + (px[i + 1] ?? 0) + (px[i + 2] ?? 0)) / 3;
        return sum / (px.length / 4);
      },
      { at, size },
    );
  }

  /** The video element's box in the viewport (CSS px) and the viewport's size. */
  async videoInViewport(): Promise<{ top: number; bottom: number; left: number; right: number; viewW: number; viewH: number }> {
    return this.page.getByTestId('video').evaluate((el) => {
      const r = (el as unknown as VideoLike).getBoundingClientRect();
      const g = globalThis as unknown as { innerWidth: number; innerHeight: number };
      return { top: r.top, bottom: r.top + r.height, left: r.left, right: r.left + r.width, viewW: g.innerWidth, viewH: g.innerHeight };
    });
  }

  /** The overlay canvas's CSS box relative to the video element, and its backing size. */
  async overlayBox(): Promise<OverlayBox> {
    return this.page.evaluate(() => {
      const g = globalThis as unknown as BrowserGlobals;
      const c = g.document.querySelector('[data-testid="overlay"]') as unknown as CanvasLike | null;
      const v = g.document.querySelector('[data-testid="video"]') as unknown as VideoLike | null;
      if (!c || !v) throw new Error('no overlay');
      const cr = c.getBoundingClientRect();
      const vr = v.getBoundingClientRect();
      return {
        left: cr.left - vr.left,
        top: cr.top - vr.top,
        width: cr.width,
        height: cr.height,
        pxW: c.width,
        pxH: c.height,
        videoW: v.videoWidth,
        videoH: v.videoHeight,
        elW: vr.width,
        elH: vr.height,
      };
    });
  }
}
