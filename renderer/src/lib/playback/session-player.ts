/**
 * Ties the views of one session to the video clock: on every tick it finds the pose frame of
 * the frame on screen (`frameAtTime` of `mediaTime`), draws the 2D overlay, moves the 3D
 * scene and the chart playhead, and reports the time to the playback store. Plain class; the
 * Session screen mounts it with its elements and disposes it on leave.
 */
import { frameAtTime } from '../../../../main/pose/frame-time.js';
import { type PoseTrack } from '../../../../main/pose/pose-track.js';
import { containBox } from '../geometry/letterbox.js';
import { SkeletonOverlay } from '../overlay/skeleton-overlay.js';
import type { PoseScene } from '../scene3d/pose-scene.js';
import type { KineticChart } from '../charts/kinetic-chart.js';
import type { DrawingLayer } from '../drawings/drawing-layer.js';
import { resetDebug, type SwingDebug } from '../debug.js';
import { VideoClock, type ClockTick } from './video-clock.js';
import { loopJump, type LoopRange } from './frame-step.js';

/** What the player tells its owner after each draw. */
export type TickListener = (mediaTime: number, frameIndex: number) => void;

/** The clock-driven drawing of one session. */
export class SessionPlayer {
  readonly #video: HTMLVideoElement;
  readonly #overlay: SkeletonOverlay;
  readonly #pose2d: PoseTrack | null;
  readonly #pose3d: PoseTrack | null;
  readonly #clock: VideoClock;
  readonly #resize: ResizeObserver;
  readonly #debug: SwingDebug;
  readonly #onTick: TickListener;
  #scene: PoseScene | null = null;
  #chart: KineticChart | null = null;
  #drawings: DrawingLayer | null = null;
  #loop: LoopRange | null = null;
  /** The highlighted joints and limbs (H36M ids), given again to a 3D view mounted later. */
  #highlight: { joints: readonly number[]; limbs: readonly (readonly [number, number])[] } = { joints: [], limbs: [] };
  #lastTime = 0;

  /**
   * @param video the master clock (its parent must be the canvas's offset parent)
   * @param canvas the overlay canvas, absolutely positioned in the video's parent
   */
  constructor(video: HTMLVideoElement, canvas: HTMLCanvasElement, pose2d: PoseTrack | null, pose3d: PoseTrack | null, onTick: TickListener) {
    this.#video = video;
    this.#pose2d = pose2d;
    this.#pose3d = pose3d;
    this.#onTick = onTick;
    // Decided: a player made again for the same video (a stroke correction or a new capture rate
    // reloads the detail) draws the frame on screen at once, not frame 0 until the next tick.
    this.#lastTime = video.currentTime || 0;
    this.#debug = resetDebug();
    this.#overlay = new SkeletonOverlay(canvas);
    this.#overlay.setTrack(pose2d);
    this.#resize = new ResizeObserver(() => this.layout());
    this.#resize.observe(video);
    video.addEventListener('loadedmetadata', this.#onMetadata);
    this.#clock = new VideoClock(video, this.#onClock);
    this.layout();
  }

  /** The key frame (contact frame_nr; null: none) on which the analysed player's box is drawn (skeleton-overlay.ts). */
  setKeyFrame(frameNr: number | null): void {
    this.#overlay.setKeyFrame(frameNr);
    this.redraw();
  }

  /** Mounts (or with null removes) the 3D view; it follows the clock from now on. */
  setScene(scene: PoseScene | null): void {
    this.#scene = scene;
    scene?.setTrack(this.#pose3d);
    scene?.setHighlight(this.#highlight.joints, this.#highlight.limbs);
    this.redraw();
  }

  /** Mounts (or with null removes) the kinetic chart. */
  setChart(chart: KineticChart | null): void {
    this.#chart = chart;
    this.redraw();
  }

  /** Mounts (or with null removes) the coach's drawings layer; it is laid out and drawn with the overlay. */
  setDrawingLayer(layer: DrawingLayer | null): void {
    this.#drawings = layer;
    this.layout();
  }

  /** Highlights joints and limbs on the overlay and in the 3D view. */
  setHighlight(joints: readonly number[], limbs: readonly (readonly [number, number])[]): void {
    this.#highlight = { joints, limbs };
    this.#overlay.setHighlight(joints, limbs);
    this.#scene?.setHighlight(joints, limbs);
    this.redraw();
  }

  /** Sets (or with null clears) the A/B loop. */
  setLoop(loop: LoopRange | null): void {
    this.#loop = loop;
  }

  /** Re-places the overlay canvas on the video's content box (after a resize or new metadata). */
  layout(): void {
    const v = this.#video;
    const box = containBox(v.clientWidth, v.clientHeight, v.videoWidth, v.videoHeight);
    this.#overlay.layout(box, window.devicePixelRatio || 1, v.offsetLeft, v.offsetTop);
    this.#drawings?.layout(box, window.devicePixelRatio || 1, v.offsetLeft, v.offsetTop);
    this.#scene?.resize();
    this.redraw();
  }

  /** Draws every view at the last clock time again (after a highlight or layout change). */
  redraw(): void {
    this.#drawAt(this.#lastTime);
  }

  /** Stops following the clock and removes listeners. Mounted views are disposed by their owners. */
  dispose(): void {
    this.#clock.dispose();
    this.#resize.disconnect();
    this.#video.removeEventListener('loadedmetadata', this.#onMetadata);
    this.#scene = null;
    this.#chart = null;
    this.#drawings = null;
  }

  readonly #onMetadata = (): void => this.layout();

  readonly #onClock = (tick: ClockTick): void => {
    const jump = this.#video.paused ? null : loopJump(this.#loop, tick.mediaTime);
    if (jump !== null && this.#loop) {
      this.#video.currentTime = jump;
      this.#debug.loopJumps.push({ at: tick.mediaTime, to: jump, b: this.#loop.b });
    }
    this.#drawAt(tick.mediaTime);
  };

  #drawAt(t: number): void {
    const start = performance.now();
    this.#lastTime = t;
    const ts = this.#pose2d?.timestamps;
    const frame = ts ? frameAtTime(ts, t) : -1;
    const drawn = this.#overlay.draw(frame);
    this.#drawings?.draw(frame);
    const overlayDone = performance.now();
    const frame3d = this.#pose3d ? frameAtTime(this.#pose3d.timestamps, t) : -1;
    this.#scene?.setFrame(frame3d);
    this.#chart?.setPlayhead(t);
    const d = this.#debug;
    d.frameIndex = frame;
    d.frameIndex3d = frame3d;
    d.mediaTime = t;
    d.drawnJoints = drawn.joints;
    d.highlighted = this.#overlay.highlighted;
    d.scene3dObjectCount = this.#scene?.objectCount() ?? 0;
    d.scene3dFrame = this.#scene?.frame ?? -1;
    const lit = this.#scene?.highlighted;
    d.scene3dHighlighted = lit?.joints ?? [];
    d.scene3dHighlightedLimbs = lit?.limbs ?? [];
    d.chartPlayheadTime = this.#chart?.playheadTime ?? NaN;
    d.draws++;
    if (Number.isNaN(d.firstSkeletonAt) && drawn.joints.some((p) => p !== null)) d.firstSkeletonAt = performance.now();
    this.#onTick(t, frame);
    d.lastOverlayMs = overlayDone - start;
    d.lastTickMs = performance.now() - start;
  }
}
