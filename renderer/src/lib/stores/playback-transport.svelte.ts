/**
 * The clock half of the playback store: the time and pose frame on screen, play/pause, rate and
 * the A/B loop, as commands on the mounted <video> (the master clock) whose ticks the state
 * follows. PlaybackManager (playback.svelte.ts) extends it with the open session, its strokes
 * and the selected feature.
 * Decided: split from playback.svelte.ts along the clock/session seam (the code moved unchanged);
 * the store stays one object, `playback`, so the components' calls are unchanged.
 */
import type { SessionPlayer } from '../playback/session-player.js';
import { clampRate, nextRate } from '../playback/frame-step.js';

/** Play/pause, seek, rate and A/B loop of the mounted video; the base of the playback store. */
export class PlaybackTransport {
  currentTime = $state(0);
  frameIndex = $state(-1);
  duration = $state(0);
  playing = $state(false);
  rate = $state(1);
  loopA = $state<number | null>(null);
  loopB = $state<number | null>(null);
  /** The mounted video (null when none). */
  protected video: HTMLVideoElement | null = null;
  /** The mounted player drawing the overlay (null when none). */
  protected player: SessionPlayer | null = null;

  /** Connects the mounted video and player (null on unmount): the video gets the rate, and `playing` follows its play/pause/ended events. */
  attach(video: HTMLVideoElement | null, player: SessionPlayer | null): void {
    for (const type of ['play', 'pause', 'ended'] as const) this.video?.removeEventListener(type, this.#syncPlaying);
    this.video = video;
    this.player = player;
    if (video) {
      video.playbackRate = this.rate;
      this.playing = !video.paused;
      for (const type of ['play', 'pause', 'ended'] as const) video.addEventListener(type, this.#syncPlaying);
    }
  }

  /** Keeps `playing` right whoever starts or stops the video (controls, keys, the end of the clip). */
  readonly #syncPlaying = (): void => {
    if (this.video) this.playing = !this.video.paused;
  };

  /** Called by the player after each draw. */
  tick(t: number, frame: number): void {
    this.currentTime = t;
    this.frameIndex = frame;
    const v = this.video;
    if (v) {
      this.playing = !v.paused;
      if (Number.isFinite(v.duration) && v.duration > 0) this.duration = v.duration;
    }
  }

  /** Plays or pauses. */
  togglePlay(): void {
    const v = this.video;
    if (!v) return;
    if (v.paused) this.play();
    else this.pause();
  }

  /** Starts playback (at the loop start when a loop is set and the time is outside it). */
  play(): void {
    const v = this.video;
    if (!v) return;
    if (this.loopA !== null && this.loopB !== null && (v.currentTime < this.loopA || v.currentTime >= this.loopB)) {
      v.currentTime = this.loopA;
    }
    this.playing = true;
    v.play().catch((err: unknown) => {
      this.playing = !v.paused;
      console.warn('play() refused', err);
    });
  }

  /** Pauses playback. */
  pause(): void {
    this.video?.pause();
    this.playing = false;
  }

  /** Seeks to `t` seconds (clamped to the clip). */
  seek(t: number): void {
    const v = this.video;
    if (!v) return;
    const end = Number.isFinite(v.duration) ? v.duration : this.duration;
    v.currentTime = Math.min(Math.max(0, t), end || t);
  }

  /** Sets the playback rate (clamped to 0.1–2×). */
  setRate(rate: number): void {
    this.rate = clampRate(rate);
    if (this.video) this.video.playbackRate = this.rate;
  }

  /** One step up or down the rate ladder. */
  changeRate(dir: 1 | -1): void {
    this.setRate(nextRate(this.rate, dir));
  }

  /** L: play, or faster when already playing. */
  keyL(): void {
    if (this.video && !this.video.paused) this.changeRate(1);
    else this.play();
  }

  /** Marks the loop start (A) or end (B) at the current time; a B before A swaps them. */
  markLoop(which: 'a' | 'b'): void {
    if (which === 'a') this.loopA = this.currentTime;
    else this.loopB = this.currentTime;
    if (this.loopA !== null && this.loopB !== null && this.loopB < this.loopA) [this.loopA, this.loopB] = [this.loopB, this.loopA];
    this.#syncLoop();
  }

  /** Removes the A/B loop. */
  clearLoop(): void {
    this.loopA = this.loopB = null;
    this.#syncLoop();
  }

  /** Hands the A/B loop to the player (which wraps the video at B), or null when not both marks are set. */
  #syncLoop(): void {
    const a = this.loopA;
    const b = this.loopB;
    this.player?.setLoop(a !== null && b !== null ? { a, b } : null);
  }
}
