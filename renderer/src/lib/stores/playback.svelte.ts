/**
 * The open session and its playback state: the session detail, the clip URL, the time and
 * pose frame on screen, play/pause, rate, A/B loop and the selected feature. Commands act on
 * the <video> (the master clock); the state follows from the clock's ticks. The clock half
 * (time, play/pause, seek, rate, A/B loop) is PlaybackTransport (playback-transport.svelte.ts).
 */
import type { SessionDetail, SessionStroke } from '../../../../preload/contract.js';
import { call } from '../api.js';
import { adjacentStroke, chosenStroke, defaultStroke, strokeView, type ShownFeature, type StrokeChoice } from '../strokes/stroke-choice.js';
import type { SessionPlayer } from '../playback/session-player.js';
import { stepTarget, SEEK_INTO_FRAME_S } from '../playback/frame-step.js';
import { PlaybackTransport } from './playback-transport.svelte.js';

/** HTMLMediaElement.HAVE_METADATA: the video knows its duration and can seek. */
const HAVE_METADATA = 1;

/** The playback store: the clock (PlaybackTransport) plus the open session, its strokes and the selected feature. */
export class PlaybackManager extends PlaybackTransport {
  detail = $state.raw<SessionDetail | null>(null);
  clipUrl = $state<string | null>(null);
  loading = $state(false);
  selected = $state.raw<ShownFeature | null>(null);
  /** The stroke strip's choice: a stroke's `index`, 'all' (the consistency view), null when the session lists no strokes. */
  stroke = $state<StrokeChoice>(null);
  /** The chosen stroke (null for 'all' or without strokes). */
  chosenStroke = $derived(chosenStroke(this.detail, this.stroke));
  /** Features, categories, left-out list and contact of the chosen stroke (the session's own for the primary stroke). */
  view = $derived(strokeView(this.detail, this.chosenStroke));
  /** The shown features sorted by score, weakest first (what the coach looks at first). */
  features = $derived([...this.view.features].sort((a, b) => a.score - b.score));
  #openId = 0;
  /** The feature the coach selected in the list (its name), shown again on each stroke chosen that has it. */
  #followed: string | null = null;
  /** Set by {@link open}: the next video attached seeks to the chosen stroke's contact (once per session opened). */
  #seekOnAttach = false;

  /**
   * Loads session `id` and its clip URL; the video, once attached, shows the chosen stroke's
   * contact frame (the stroke as corrected by the coach; {@link openingTime}).
   * @throws ApiError (not-found for a deleted session)
   */
  async open(id: number): Promise<void> {
    this.#openId = id;
    this.#seekOnAttach = true;
    this.loading = true;
    this.detail = null;
    this.clipUrl = null;
    this.selected = null;
    this.stroke = null;
    this.#followed = null;
    this.loopA = this.loopB = null;
    this.currentTime = 0;
    this.frameIndex = -1;
    try {
      const [detail, url] = await Promise.all([
        call('library.getSession', { id }),
        call('media.urlFor', { sessionId: id, kind: 'clip' }),
      ]);
      if (this.#openId !== id) return;
      this.detail = detail;
      this.stroke = defaultStroke(detail.strokes ?? []);
      this.clipUrl = url;
      this.duration = detail.session.durationS;
    } finally {
      if (this.#openId === id) this.loading = false;
    }
  }

  /**
   * Sets the open session's capture frame rate (frames/s; null = real time): main recomputes
   * its analysis from the stored pose, then the detail is reloaded (the clip and the time on
   * screen stay; the chosen stroke stays when the new analysis lists it, and the selected feature
   * is selected again by name).
   * @throws ApiError (input: the rate is out of range or the pose cannot be analysed)
   */
  async setCaptureFps(captureFps: number | null): Promise<void> {
    const id = this.#openId;
    if (!id) return;
    await call('library.setCaptureFps', { id, captureFps });
    const detail = await call('library.getSession', { id });
    this.showUpdated(id, detail, (strokes, c) =>
      typeof c === 'number' && !strokes.some((s) => s.index === c) ? defaultStroke(strokes) : c === 'all' && strokes.length === 0 ? null : c,
    );
  }

  /** The id of the open session (0 when none). */
  get openId(): number {
    return this.#openId;
  }

  /**
   * Shows `detail`, open session `id` as main changed it (a capture rate, a stroke correction:
   * coach-corrections.svelte.ts); the clip and the time on screen stay. The strip's choice
   * becomes `choose(the new strokes, the current choice)`; the selected feature is selected again
   * by name. @returns false (nothing shown) when another session was opened meanwhile.
   */
  showUpdated(id: number, detail: SessionDetail, choose: (strokes: readonly SessionStroke[], current: StrokeChoice) => StrokeChoice): boolean {
    if (this.#openId !== id) return false;
    const name = this.selected?.feature_name;
    this.detail = detail;
    this.stroke = choose(detail.strokes ?? [], this.stroke);
    this.selected = this.view.features.find((f) => f.feature_name === name) ?? null;
    return true;
  }

  /** The video frame number of the pose frame on screen (null before the first frame). */
  get frameNr(): number | null {
    const track = this.detail?.pose2d;
    return track && this.frameIndex >= 0 ? (track.frameNr[this.frameIndex] ?? null) : null;
  }

  /** Forgets the open session. */
  close(): void {
    this.#openId = 0;
    this.detail = null;
    this.clipUrl = null;
    this.selected = null;
    this.stroke = null;
  }

  /**
   * Where a session opens: the chosen stroke's contact frame (as {@link chooseStroke} seeks), else
   * the analysis' contact; null when there is none (the clip stays at its start).
   */
  openingTime(): number | null {
    const s = this.chosenStroke;
    const c = s ? { timestamp: s.contact.timestamp, frame_nr: s.contact.frameNr } : this.detail?.contact ? { timestamp: this.detail.contact.timestamp, frame_nr: this.detail.contact.frameNr } : null;
    return c ? this.eventTime(c) : null;
  }

  /**
   * Connects the mounted video and player (null on unmount). The first video attached after
   * {@link open} is sought to {@link openingTime} (once it knows its duration).
   */
  override attach(video: HTMLVideoElement | null, player: SessionPlayer | null): void {
    super.attach(video, player);
    if (video && this.#seekOnAttach && this.detail) this.#seekToOpening(video);
    const f = this.selected;
    if (player && f) player.setHighlight(f.highlight_joints, Object.values(f.highlight_limbs));
  }

  /** Seeks `video` to {@link openingTime}: now when it has its metadata, else on 'loadedmetadata' (unless another video was attached meanwhile). */
  #seekToOpening(video: HTMLVideoElement): void {
    this.#seekOnAttach = false;
    const t = this.openingTime();
    if (t === null) return;
    if (video.readyState >= HAVE_METADATA) this.seek(t);
    else video.addEventListener('loadedmetadata', () => this.video === video && this.seek(t), { once: true });
  }

  /** Pauses and steps `delta` pose frames from the frame on screen. */
  step(delta: number): void {
    const v = this.video;
    const ts = this.detail?.pose2d?.timestamps;
    if (!v) return;
    this.pause();
    const fps = this.detail?.session.fps || 30;
    const target = ts && ts.length > 0 ? stepTarget(ts, this.currentTime, delta) : this.currentTime + delta / fps;
    if (target !== null) this.seek(target);
  }

  /** J: slower while playing; one frame back while paused (Chromium cannot play backwards). */
  keyJ(): void {
    if (this.video && !this.video.paused) this.changeRate(-1);
    else this.step(-1);
  }

  /**
   * Chooses a stroke of the strip (its `index`) or 'all' (the consistency view). A stroke:
   * pauses and seeks to its contact frame (as a feature event: {@link eventTime}) and selects,
   * without seeking to its event, the stroke's feature the coach last selected in the list when
   * it has it, else its weakest feature, so the overlay and the 3D view highlight that feature's
   * joints and limbs at this stroke's contact (nothing for a stroke without features; the
   * coach's feature is still followed on the next strokes). 'all' clears the selection and keeps
   * the time on screen.
   */
  chooseStroke(choice: number | 'all'): void {
    this.stroke = choice;
    const s = this.chosenStroke;
    if (!s) {
      this.#highlight(null);
      return;
    }
    this.#highlight(this.features.find((f) => f.feature_name === this.#followed) ?? this.features[0] ?? null);
    this.pause();
    this.seek(this.eventTime({ timestamp: s.contact.timestamp, frame_nr: s.contact.frameNr }));
  }

  /** Chooses the stroke `delta` places after (or before) the chosen one; nothing without strokes. */
  moveStroke(delta: number): void {
    const next = adjacentStroke(this.detail?.strokes ?? [], this.stroke, delta);
    if (next !== null) this.chooseStroke(next);
  }

  /** Selects a feature (null clears): highlights its joints and limbs and seeks to its event; the strokes chosen next show it too (see {@link chooseStroke}). */
  select(feature: ShownFeature | null): void {
    this.#followed = feature?.feature_name ?? null;
    this.#highlight(feature);
    if (!feature) return;
    this.pause();
    this.seek(this.eventTime(feature.event));
  }

  /** Selects `feature` (null clears) and highlights its joints and limbs on the overlay and in the 3D view, at the time on screen. */
  #highlight(feature: ShownFeature | null): void {
    this.selected = feature;
    this.player?.setHighlight(feature?.highlight_joints ?? [], feature ? Object.values(feature.highlight_limbs) : []);
  }

  /**
   * Seek time of a feature event: the timestamp of the pose frame with the event's frame_nr
   * when the track has it, else the event's own timestamp; a millisecond into the frame.
   */
  eventTime(event: { timestamp: number; frame_nr: number }): number {
    const track = this.detail?.pose2d;
    if (track) {
      const i = track.frameNr.indexOf(event.frame_nr);
      const t = i >= 0 ? track.timestamps[i] : undefined;
      if (t !== undefined) return t + SEEK_INTO_FRAME_S;
    }
    return event.timestamp + SEEK_INTO_FRAME_S;
  }
}

/** The app's playback. */
export const playback = new PlaybackManager();
