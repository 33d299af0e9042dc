/**
 * Stroke thumbnails at ball contact, made lazily and cached: one hidden <video> of the session
 * clip (not the player's: seeking it would move the coach's view) seeks to a contact only when
 * the stroke strip mounts that stroke's item, the frame, cropped around the player
 * (geometry/thumbnail-crop.ts), is kept as a small canvas, and an item mounted again (scrolled
 * back into view) is drawn from the cache without a seek. Requests are served one seek at a
 * time, in order; a request whose item left the view before its turn is dropped. The library
 * keeps one thumbnail per session (main/library/thumbnail.ts), so per-stroke pictures come from
 * the clip the page already streams.
 */
import { thumbnailCrop } from '../geometry/thumbnail-crop.js';
import { SEEK_INTO_FRAME_S } from '../playback/frame-step.js';

/** One thumbnail to make: the contact time (video s) and the player's box there ([x, y, w, h] video px, or null). */
export interface ThumbnailSource {
  time: number;
  box: readonly number[] | null;
}

interface Pending {
  key: number;
  source: ThumbnailSource;
  resolve: (c: HTMLCanvasElement) => void;
  reject: (e: Error) => void;
}

/** Resolves on `ok` of `el`, rejects on its 'error' or when `signal` aborts. */
function once(el: HTMLVideoElement, ok: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (fn: () => void) => () => {
      el.removeEventListener(ok, onOk);
      el.removeEventListener('error', onErr);
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    const onOk = done(resolve);
    const onErr = done(() => reject(new Error(`the clip could not be read for thumbnails (media error ${el.error?.code ?? '?'})`)));
    const onAbort = done(() => reject(signal.reason instanceof Error ? signal.reason : new Error('thumbnails cancelled')));
    if (signal.aborted) return onAbort();
    el.addEventListener(ok, onOk);
    el.addEventListener('error', onErr);
    signal.addEventListener('abort', onAbort);
  });
}

/** The thumbnails of one clip, by stroke index. */
export class ContactThumbnails {
  readonly #url: string;
  /** Backing-store size of every thumbnail, device px. */
  readonly #width: number;
  readonly #height: number;
  readonly #cache = new Map<number, HTMLCanvasElement>();
  #queue: Pending[] = [];
  #video: HTMLVideoElement | null = null;
  #loaded: Promise<void> | null = null;
  #running = false;
  readonly #ac = new AbortController();
  /** Called after each thumbnail is made (the strip counts them for the end-to-end test). */
  onMade: (count: number) => void = () => undefined;

  /** Thumbnails of the clip at `url`, `width` × `height` device px each. */
  constructor(url: string, width: number, height: number) {
    this.#url = url;
    this.#width = Math.max(1, Math.round(width));
    this.#height = Math.max(1, Math.round(height));
  }

  /** Thumbnails made so far (each stroke once). */
  get size(): number {
    return this.#cache.size;
  }

  /** The cached thumbnail of stroke `key`, or undefined when it is not made yet. */
  cached(key: number): HTMLCanvasElement | undefined {
    return this.#cache.get(key);
  }

  /**
   * The thumbnail of stroke `key` at `source`: the cached one, else queued and made in turn.
   * @throws (rejects) when the clip cannot be decoded, when the request is dropped
   *   ({@link drop}) or when the cache is disposed.
   */
  request(key: number, source: ThumbnailSource): Promise<HTMLCanvasElement> {
    const hit = this.#cache.get(key);
    if (hit) return Promise.resolve(hit);
    return new Promise((resolve, reject) => {
      this.#queue.push({ key, source, resolve, reject });
      void this.#run();
    });
  }

  /** Drops the queued request of stroke `key` (its item left the view); a thumbnail being made is kept. */
  drop(key: number): void {
    const gone = this.#queue.filter((p) => p.key === key);
    this.#queue = this.#queue.filter((p) => p.key !== key);
    for (const p of gone) p.reject(new DOMException('thumbnail no longer needed', 'AbortError'));
  }

  /** Stops every request and frees the hidden video. */
  dispose(): void {
    this.#ac.abort(new DOMException('thumbnails disposed', 'AbortError'));
    for (const p of this.#queue) p.reject(new DOMException('thumbnails disposed', 'AbortError'));
    this.#queue = [];
    this.#cache.clear();
    if (this.#video) {
      this.#video.removeAttribute('src');
      this.#video.load();
      this.#video = null;
    }
  }

  async #run(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      for (let p = this.#queue.shift(); p; p = this.#queue.shift()) {
        try {
          p.resolve(await this.#make(p.key, p.source));
        } catch (err) {
          p.reject(err instanceof Error ? err : new Error(String(err)));
          if (this.#ac.signal.aborted) return;
        }
      }
    } finally {
      this.#running = false;
    }
  }

  async #make(key: number, source: ThumbnailSource): Promise<HTMLCanvasElement> {
    const hit = this.#cache.get(key);
    if (hit) return hit;
    const video = await this.#open();
    const signal = this.#ac.signal;
    const seeked = once(video, 'seeked', signal);
    video.currentTime = source.time + SEEK_INTO_FRAME_S;
    await seeked;
    const c = document.createElement('canvas');
    c.width = this.#width;
    c.height = this.#height;
    const r = thumbnailCrop(source.box, video.videoWidth, video.videoHeight, c.width / c.height);
    c.getContext('2d')?.drawImage(video, r.sx, r.sy, r.sw, r.sh, 0, 0, c.width, c.height);
    this.#cache.set(key, c);
    this.onMade(this.#cache.size);
    return c;
  }

  #open(): Promise<HTMLVideoElement> {
    if (!this.#video) {
      const video = document.createElement('video');
      video.muted = true;
      video.preload = 'auto';
      video.playsInline = true;
      this.#loaded = once(video, 'loadeddata', this.#ac.signal);
      video.src = this.#url;
      this.#video = video;
    }
    const video = this.#video;
    return (this.#loaded ?? Promise.resolve()).then(() => video);
  }
}
