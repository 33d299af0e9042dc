/**
 * The canvas of the coach's drawings, laid over the video's content box like the skeleton
 * overlay (main/drawings/paint.ts paints; points are source-video pixels). Plain class: the
 * session player calls `layout()` with the overlay's box and `draw(frameIndex)` on every clock
 * tick; the drawing store sets what to draw. It also maps pointer positions back to video pixels,
 * and draws the point handles of the selected drawing while it is being edited.
 */
import { shownOn, type Drawing, type DrawingData } from '../../../../main/drawings/drawing.js';
import { pointsPx, type Px } from '../../../../main/drawings/geometry.js';
import { paintDrawing, paintShownDrawings, type DrawingPaint2D } from '../../../../main/drawings/paint.js';
import type { PoseTrack } from '../../../../main/pose/pose-track.js';
import { placeOverlayCanvas, videoToCanvas, type ContentBox } from '../geometry/letterbox.js';
import { hasHandles } from './point-drag.js';

/** A drawing being made: its kind, style and the points placed so far (plus the pointer's). */
export interface DrawingDraft {
  data: Pick<DrawingData, 'kind' | 'colour' | 'text' | 'points'>;
}

/** What the layer shows. */
export interface DrawingScene {
  drawings: readonly Drawing[];
  pose: PoseTrack | null;
  draft: DrawingDraft | null;
  selectedId: number | null;
  /** Draw the selected drawing's point handles (editing: no tool active). */
  handles?: boolean;
}

/** The drawings' canvas. */
export class DrawingLayer {
  readonly #canvas: HTMLCanvasElement;
  readonly #ctx: CanvasRenderingContext2D;
  #box: ContentBox = { x: 0, y: 0, width: 0, height: 0, scale: 0 };
  #dpr = 1;
  #scene: DrawingScene = { drawings: [], pose: null, draft: null, selectedId: null };
  #shown: number[] = [];

  /** @throws Error when the canvas has no 2D context. */
  constructor(canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('the drawing canvas has no 2D context');
    this.#canvas = canvas;
    this.#ctx = ctx;
  }

  /** Sets what to draw (call `draw` afterwards, or let the next tick do it). */
  setScene(scene: DrawingScene): void {
    this.#scene = scene;
  }

  /** Places the canvas on the video's content box (same arguments as the skeleton overlay's). */
  layout(box: ContentBox, dpr: number, offsetLeft = 0, offsetTop = 0): void {
    this.#box = box;
    this.#dpr = placeOverlayCanvas(this.#canvas, box, dpr, offsetLeft, offsetTop);
  }

  /** A pointer position (CSS px from the canvas's top-left) in source-video pixels. */
  toVideo(offsetX: number, offsetY: number): Px {
    const s = this.#box.scale;
    return s > 0 ? [offsetX / s, offsetY / s] : [NaN, NaN];
  }

  /** Source-video pixels per CSS pixel on screen now (0 before the video's size is known). */
  get videoPxPerCssPx(): number {
    return this.#box.scale > 0 ? 1 / this.#box.scale : 0;
  }

  /** Ids of the drawings painted by the last draw. */
  get shown(): readonly number[] {
    return this.#shown;
  }

  /**
   * Paints the drawings shown on pose frame `frameIndex` (its frame_nr decides the range test)
   * and the draft. Drawings whose followed joints are unmeasured on that frame are left out.
   */
  draw(frameIndex: number): void {
    const ctx = this.#ctx;
    ctx.clearRect(0, 0, this.#canvas.width, this.#canvas.height);
    this.#shown = [];
    if (this.#box.scale <= 0) return;
    const { drawings, pose, draft, selectedId, handles } = this.#scene;
    const scale = { toCanvas: (p: Px) => videoToCanvas(this.#box, this.#dpr, p[0], p[1]), px: this.#dpr };
    const painter = ctx as unknown as DrawingPaint2D;
    this.#shown = paintShownDrawings(painter, drawings, pose, frameIndex, scale, selectedId);
    if (draft) {
      const pts = pointsPx(draft.data, pose, frameIndex);
      if (pts) paintDrawing(painter, draft.data, pts, scale, { showValue: true });
    }
    const selected = handles ? drawings.find((d) => d.id === selectedId) : undefined;
    if (selected) this.#drawHandles(selected, pose, frameIndex, scale.toCanvas);
  }

  /** Square handles (white, dark edge, full opacity) on the points of `d` where they are on this frame. */
  #drawHandles(d: Drawing, pose: PoseTrack | null, frameIndex: number, toCanvas: (p: Px) => Px): void {
    const frameNr = pose && frameIndex >= 0 ? (pose.frameNr[frameIndex] ?? frameIndex) : frameIndex;
    if (!hasHandles(d.kind) || !shownOn(d, frameNr)) return;
    const pts = pointsPx(d, pose, frameIndex);
    if (!pts) return;
    const ctx = this.#ctx;
    const half = 5 * this.#dpr;
    ctx.save();
    ctx.lineWidth = 1.5 * this.#dpr;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.85)';
    ctx.fillStyle = '#ffffff';
    for (const p of pts) {
      const [x, y] = toCanvas(p);
      ctx.fillRect(x - half, y - half, 2 * half, 2 * half);
      ctx.strokeRect(x - half, y - half, 2 * half, 2 * half);
    }
    ctx.restore();
  }
}
