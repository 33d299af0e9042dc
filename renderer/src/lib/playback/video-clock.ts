/**
 * The video element as the master clock. Every presented frame (requestVideoFrameCallback's
 * `mediaTime`, exact to the frame's pts) is reported to one listener, plus a report on
 * 'seeked' and 'loadeddata' so views are right while paused. Views draw "the state at time t";
 * nothing is queued.
 */

/** One tick of the clock. */
export interface ClockTick {
  /** Seconds on the video's timeline of the frame on screen. */
  mediaTime: number;
  /** requestVideoFrameCallback's presentedFrames counter (0 for seek/load ticks). */
  presentedFrames: number;
  /** What produced the tick. */
  source: 'frame' | 'seeked' | 'loaded';
}

/** Follows one <video> element. */
export class VideoClock {
  readonly #video: HTMLVideoElement;
  readonly #listener: (tick: ClockTick) => void;
  #handle = 0;
  #disposed = false;

  /** Starts following `video`; `listener` is called for every tick. */
  constructor(video: HTMLVideoElement, listener: (tick: ClockTick) => void) {
    this.#video = video;
    this.#listener = listener;
    video.addEventListener('seeked', this.#onSeeked);
    video.addEventListener('loadeddata', this.#onLoaded);
    this.#schedule();
  }

  /** Stops following the video. */
  dispose(): void {
    this.#disposed = true;
    this.#video.cancelVideoFrameCallback(this.#handle);
    this.#video.removeEventListener('seeked', this.#onSeeked);
    this.#video.removeEventListener('loadeddata', this.#onLoaded);
  }

  #schedule(): void {
    if (this.#disposed) return;
    this.#handle = this.#video.requestVideoFrameCallback((_now, meta) => {
      this.#listener({ mediaTime: meta.mediaTime, presentedFrames: meta.presentedFrames, source: 'frame' });
      this.#schedule();
    });
  }

  readonly #onSeeked = (): void => {
    this.#listener({ mediaTime: this.#video.currentTime, presentedFrames: 0, source: 'seeked' });
  };

  readonly #onLoaded = (): void => {
    this.#listener({ mediaTime: this.#video.currentTime, presentedFrames: 0, source: 'loaded' });
  };
}
