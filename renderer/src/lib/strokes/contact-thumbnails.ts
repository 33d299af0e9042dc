/**
 * Draws each stroke's thumbnail at its contact frame: one hidden <video> of the session clip
 * (not the player's: seeking it would move the coach's view) is seeked to each contact in turn
 * and the frame, cropped around the player (geometry/thumbnail-crop.ts), drawn into the stroke's
 * canvas. The library keeps one thumbnail per session (main/library/thumbnail.ts), so per-stroke
 * pictures come from the clip the page already streams; a seek per stroke, in sequence.
 */
import { thumbnailCrop } from '../geometry/thumbnail-crop.js';
import { SEEK_INTO_FRAME_S } from '../playback/frame-step.js';

/** One thumbnail to draw: the contact time (video s), the player's box there ([x, y, w, h] video px, or null) and its canvas. */
export interface ThumbnailTarget {
  time: number;
  box: readonly number[] | null;
  canvas: HTMLCanvasElement;
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
    el.addEventListener(ok, onOk);
    el.addEventListener('error', onErr);
    signal.addEventListener('abort', onAbort);
  });
}

/**
 * Draws every target from the clip at `url`, in order; returns how many were drawn. Each canvas
 * gets a backing store of its CSS size × devicePixelRatio.
 * @throws the abort reason when `signal` aborts; an Error when the clip cannot be decoded.
 */
export async function drawContactThumbnails(url: string, targets: readonly ThumbnailTarget[], signal: AbortSignal): Promise<number> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.playsInline = true;
  let drawn = 0;
  try {
    const loaded = once(video, 'loadeddata', signal);
    video.src = url;
    await loaded;
    const dpr = window.devicePixelRatio || 1;
    for (const t of targets) {
      const seeked = once(video, 'seeked', signal);
      video.currentTime = t.time + SEEK_INTO_FRAME_S;
      await seeked;
      const c = t.canvas;
      c.width = Math.max(1, Math.round(c.clientWidth * dpr));
      c.height = Math.max(1, Math.round(c.clientHeight * dpr));
      const r = thumbnailCrop(t.box, video.videoWidth, video.videoHeight, c.width / c.height);
      c.getContext('2d')?.drawImage(video, r.sx, r.sy, r.sw, r.sh, 0, 0, c.width, c.height);
      drawn++;
    }
    return drawn;
  } finally {
    video.removeAttribute('src');
    video.load();
  }
}
