/**
 * The Compare screen's state: two strokes (each a session and one of its strokes,
 * main/library/stroke-view.ts; default its analysed stroke), aligned at ball contact
 * (../playback/compare-sync.ts) and ONE position, the time from contact in real seconds. The
 * leading stroke's <video> is the clock: scrubbing and frame steps seek both videos to the
 * frames at the same time from contact. While playing, both videos play (the second at the
 * rate that keeps real time equal), and every frame the leading one presents corrects the
 * second (../playback/compare-sync.ts `followStep`): its playback rate is nudged to close a small
 * gap within about half a second, and it is re-seeked when the gap is larger, so the two cannot
 * drift apart. While the second video seeks, the leading one is held (playback rate 0, still
 * playing) and goes on when the seek has landed: a slow seek costs a stutter, never a gap. On
 * pause both are put on their exact frames at the leading video's position.
 * `window.__compareDebug` holds what each side last drew.
 * Overlaid, the second skeleton is mirrored about the first's pelvis when the players hit with
 * different hands (main/pose/stroke-overlay.ts), unless the coach turns mirroring off.
 */
import { alignedSecondTrack, mirrorsByDefault } from '../../../../main/pose/stroke-overlay.js';
import type { StrokeRef } from '../../../../main/contract/stroke-ref.js';
import { compareSide, type CompareMode, type CompareSide, type OverlayTrack } from './compare-side.js';
import { call } from '../api.js';
import { clampRate } from '../playback/frame-step.js';
import { followStep, frameAt, pairedFrame, realFromContact, seekTime, sharedRange, stepFrom } from '../playback/compare-sync.js';
import { frameAtTime } from '../../../../main/pose/frame-time.js';

/** The compare store. */
export class CompareManager {
  a = $state.raw<CompareSide | null>(null);
  b = $state.raw<CompareSide | null>(null);
  loading = $state(false);
  /** Real seconds from ball contact of the frame on screen. */
  rel = $state(0);
  playing = $state(false);
  rate = $state(1);
  mode = $state<CompareMode>('side');
  /** `<first session id>/<second session id>` of the pair loaded ('' while loading or closed): a screen shows only its own pair. */
  openedKey = $state('');
  /** Overlaid: the second skeleton mirrored about the first's pelvis x (on by default when the players' hands differ). */
  mirror = $state(false);
  /** The second stroke's skeleton aligned at the pelvis on the first video, frame for frame of the first. */
  overlay = $derived.by((): OverlayTrack | null => {
    const a = this.a;
    const b = this.b;
    if (!a || !b) return null;
    const sa = a.stroke;
    const sb = b.stroke;
    if (!sa || !sb || !a.detail.pose2d || !b.detail.pose2d) return { track: null, error: 'Both strokes need a pose and a ball contact to be overlaid.' };
    try {
      const track = alignedSecondTrack(
        { pose2d: a.detail.pose2d, heightMm: a.detail.player.heightMm },
        { pose2d: b.detail.pose2d, heightMm: b.detail.player.heightMm },
        (fa) => pairedFrame(sa, sb, fa),
        { mirror: this.mirror },
      );
      return { track, error: null };
    } catch (err) {
      return { track: null, error: err instanceof Error ? err.message : String(err) };
    }
  });
  range = $derived(this.a?.stroke && this.b?.stroke ? sharedRange(this.a.stroke, this.b.stroke) : { from: 0, to: 0 });
  #videos: [HTMLVideoElement | null, HTMLVideoElement | null] = [null, null];
  #pendingB: number | null = null;
  /** The leading video is held at rate 0 while the second one seeks (see the module doc). */
  #holdingA = false;
  #openKey = '';

  /** Loads both strokes (first = leading). @throws ApiError; Error when a session has no such stroke */
  async open(aRef: StrokeRef, bRef: StrokeRef): Promise<void> {
    const key = `${aRef.sessionId}/${bRef.sessionId}`;
    this.#openKey = key;
    this.openedKey = '';
    this.loading = true;
    this.a = this.b = null;
    this.rel = 0;
    this.playing = false;
    this.mode = 'side';
    window.__compareDebug = { rel: 0, a: { frameIndex: -1, mediaTime: NaN }, b: { frameIndex: -1, mediaTime: NaN } };
    try {
      const side = async (r: StrokeRef): Promise<CompareSide> => {
        const [detail, url] = await Promise.all([call('library.getSession', { id: r.sessionId }), call('media.urlFor', { sessionId: r.sessionId, kind: 'clip' })]);
        return compareSide(detail, url, r.strokeIndex);
      };
      const [a, b] = await Promise.all([side(aRef), side(bRef)]);
      if (this.#openKey !== key) return;
      this.a = a;
      this.b = b;
      this.mirror = mirrorsByDefault(a.detail.player.dominantHand, b.detail.player.dominantHand);
      this.openedKey = key;
    } finally {
      if (this.#openKey === key) this.loading = false;
    }
  }

  /**
   * Shows other strokes of the two open sessions (null = the analysed stroke), both at contact;
   * nothing changes for a side already on its stroke. @throws Error as {@link compareSide}
   */
  chooseStrokes(strokeA: number | null, strokeB: number | null): void {
    const [a, b] = [this.a, this.b];
    if (!a || !b || (a.strokeIndex === strokeA && b.strokeIndex === strokeB)) return;
    this.pause();
    this.a = a.strokeIndex === strokeA ? a : compareSide(a.session, a.url, strokeA);
    this.b = b.strokeIndex === strokeB ? b : compareSide(b.session, b.url, strokeB);
    this.seek(0);
  }

  /** Overlaid: mirrors the second skeleton about the first's pelvis x, or not; pauses (the overlay is redrawn). */
  setMirror(on: boolean): void {
    this.pause();
    this.mirror = on;
  }

  /** Shows the strokes side by side or overlaid; the position is kept. */
  setMode(mode: CompareMode): void {
    if (mode === this.mode) return;
    this.pause();
    this.mode = mode;
    const d = window.__compareDebug;
    if (d && mode === 'side') delete d.overlay;
  }

  /**
   * Forgets both sessions, when `key` (see {@link openedKey}) is still the pair being shown: a
   * screen torn down after the next Compare screen opened its pair leaves that pair alone.
   */
  close(key: string): void {
    if (this.#openKey !== key) return;
    this.#openKey = '';
    this.openedKey = '';
    this.a = this.b = null;
    this.#videos = [null, null];
  }

  /** Connects a side's <video> (null on unmount); both at contact once mounted. */
  attach(side: 'a' | 'b', video: HTMLVideoElement | null): void {
    this.#videos[side === 'a' ? 0 : 1] = video;
    if (side === 'b') {
      video?.addEventListener('seeked', this.#onSeekedB);
      video?.addEventListener('error', () => this.#releaseA()); // a seek that cannot land never holds the first video
      if (!video) this.#releaseA();
    }
    if (video) this.#seekSide(side, this.rel);
  }

  /** Called by each side's player after it drew (media time, pose frame index). */
  tick(side: 'a' | 'b', t: number, frameIndex: number): void {
    const d = window.__compareDebug;
    if (d) d[side] = { frameIndex, mediaTime: t };
    const a = this.a?.stroke;
    if (side !== 'a' || !a) return;
    const [va] = this.#videos;
    if (!va || va.paused) return;
    // The leading video plays: the position follows it, the other side is kept on it.
    this.rel = this.#relOfA(t);
    if (d) d.rel = this.rel;
    if (this.rel >= this.range.to) this.pause();
    else this.#followB();
  }

  /** While playing: keeps the second video at the leading one's time from contact. */
  #followB(): void {
    const b = this.b?.stroke;
    const vb = this.#videos[1];
    if (!b || !vb) return;
    if (vb.seeking) return this.#holdA();
    const target = (b.timestamps[b.contactIndex] ?? 0) + this.rel * b.videoPerReal;
    const step = followStep(vb.currentTime - target, this.#rateB(), vb.paused);
    vb.playbackRate = step.rate;
    if (!step.seek) return;
    vb.currentTime = target;
    this.#holdA();
    if (vb.paused) void vb.play().catch(() => undefined);
  }

  /** Holds the leading video (rate 0: no frames, still playing) until the second one's seek lands. */
  #holdA(): void {
    const va = this.#videos[0];
    if (this.#holdingA || !va) return;
    this.#holdingA = true;
    va.playbackRate = 0;
  }

  /** Lets the leading video go on at the chosen rate after a hold. */
  #releaseA(): void {
    if (!this.#holdingA) return;
    this.#holdingA = false;
    const va = this.#videos[0];
    if (va) va.playbackRate = this.rate;
  }

  /** The second video's rate for equal real time: rate × (its video s per real s ÷ the leading one's). */
  #rateB(): number {
    const a = this.a?.stroke;
    const b = this.b?.stroke;
    return a && b ? this.rate * (b.videoPerReal / a.videoPerReal) : this.rate;
  }

  /** Shows both strokes at `rel` real seconds from contact (clamped to the shared range); pauses. */
  seek(rel: number): void {
    this.pause();
    this.rel = Math.min(this.range.to, Math.max(this.range.from, rel));
    const d = window.__compareDebug;
    if (d) d.rel = this.rel;
    this.#seekSide('a', this.rel);
    this.#seekSide('b', this.rel);
  }

  /** Steps `delta` frames of the leading stroke; the other follows to the same time from contact. */
  step(delta: number): void {
    const a = this.a?.stroke;
    if (a) this.seek(stepFrom(a, this.rel, delta, this.range));
  }

  /** Plays from the position (from the start of the shared range when at its end). */
  play(): void {
    const [va, vb] = this.#videos;
    if (!va) return;
    if (this.rel >= this.range.to) this.seek(this.range.from);
    va.playbackRate = this.rate;
    this.playing = true;
    va.play().catch(() => (this.playing = !va.paused));
    if (vb) {
      vb.playbackRate = this.#rateB();
      vb.play().catch(() => undefined);
    }
  }

  /** Pauses both and puts the second on its exact frame at the leading one's position. */
  pause(): void {
    const [va, vb] = this.#videos;
    const wasPlaying = !!va && !va.paused;
    va?.pause();
    vb?.pause();
    this.#releaseA();
    this.playing = false;
    const a = this.a?.stroke;
    if (!wasPlaying || !va || !a) return;
    // The position is where the leading video stopped, snapped to its pose frame (it may have
    // presented a frame after the last tick, and a frame's media time can differ from the stored
    // timestamp by microseconds): both videos are then put on the frames at that time from
    // contact, as a frame step does, so the pair shown after a pause is always the same.
    this.rel = Math.min(this.range.to, Math.max(this.range.from, realFromContact(a, frameAtTime(a.timestamps, va.currentTime))));
    const d = window.__compareDebug;
    if (d) d.rel = this.rel;
    this.#seekSide('a', this.rel);
    this.#seekSide('b', this.rel);
  }

  togglePlay(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  /** Sets the playback rate (0.1–2×) of the leading video. */
  setRate(rate: number): void {
    this.rate = clampRate(rate);
    if (this.#videos[0] && !this.#holdingA) this.#videos[0].playbackRate = this.rate;
  }

  /** Pose frame index each side shows at `rel` (−1 without a stroke). */
  framesAt(rel: number): { a: number; b: number } {
    return { a: this.a?.stroke ? frameAt(this.a.stroke, rel) : -1, b: this.b?.stroke ? frameAt(this.b.stroke, rel) : -1 };
  }

  #relOfA(t: number): number {
    const a = this.a?.stroke;
    if (!a) return 0;
    const c = a.timestamps[a.contactIndex] ?? 0;
    return (t - c) / a.videoPerReal;
  }

  #seekSide(side: 'a' | 'b', rel: number): void {
    const s = (side === 'a' ? this.a : this.b)?.stroke;
    const v = this.#videos[side === 'a' ? 0 : 1];
    if (!s || !v) return;
    const t = seekTime(s, rel);
    if (side === 'b' && v.seeking) {
      this.#pendingB = t; // one seek at a time: the latest position wins
      return;
    }
    if (Math.abs(v.currentTime - t) <= 1e-6) return;
    v.currentTime = t;
  }

  readonly #onSeekedB = (): void => {
    const t = this.#pendingB;
    this.#pendingB = null;
    const v = this.#videos[1];
    if (t === null || !v || Math.abs(v.currentTime - t) <= 1e-6) return this.#releaseA();
    v.currentTime = t;
  };
}

/** The app's compare state. */
export const compare = new CompareManager();
