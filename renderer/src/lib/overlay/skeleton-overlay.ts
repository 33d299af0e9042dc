/**
 * Draws the H36M skeleton of one frame of a 2D pose track on a canvas laid over the video's
 * content box. Plain class (no framework): the Session view mounts it and calls `draw(frame)`
 * from the video clock. Highlighted joints and limbs (a selected feature's `highlight_joints`
 * and `highlight_limbs`) are drawn larger in the accent colour.
 */
import { H36M_LIMBS } from '../../../../main/pose/h36m.js';
import { kpIndex, type PoseTrack } from '../../../../main/pose/pose-track.js';
import { playerBoxAt } from '../../../../main/pose/player-box.js';
import { canvasToVideo, placeOverlayCanvas, videoToCanvas, type ContentBox, type Point } from '../geometry/letterbox.js';

/** Colours of an overlay: limbs (right side and trunk), left-side limbs, joints, highlighted parts. */
export interface OverlayColours {
  limb: string;
  left: string;
  joint: string;
  highlight: string;
}

/** Colours of the overlay (on top of video, so fixed rather than themed). */
export const OVERLAY_COLOURS: OverlayColours = { limb: 'rgba(80, 220, 255, 0.9)', joint: '#ffffff', highlight: '#ffb020', left: 'rgba(255, 120, 200, 0.9)' };

/** Colours of a second stroke drawn over the first (Compare, overlaid): warm, apart from the first's cyan and pink. */
export const SECOND_STROKE_COLOURS: OverlayColours = { limb: 'rgba(255, 150, 30, 0.95)', left: 'rgba(255, 230, 60, 0.95)', joint: '#ffe6b0', highlight: '#ff3d00' };

/** Limbs on the player's left side (drawn in a second colour so sides are told apart). */
const LEFT_LIMBS = new Set(['left_hip', 'left_thigh', 'left_shin', 'left_clavicle', 'left_upper_arm', 'left_forearm']);

/** What one draw put on the canvas: one entry per joint, in video pixels (null = not drawn). */
export interface DrawnFrame {
  frameIndex: number;
  joints: (Point | null)[];
}

/** The 2D skeleton overlay of one canvas. */
export class SkeletonOverlay {
  readonly #canvas: HTMLCanvasElement;
  readonly #ctx: CanvasRenderingContext2D;
  readonly #colours: OverlayColours;
  #track: PoseTrack | null = null;
  #box: ContentBox = { x: 0, y: 0, width: 0, height: 0, scale: 0 };
  #dpr = 1;
  #highlightJoints = new Set<number>();
  #highlightLimbs: (readonly [number, number])[] = [];
  #keyFrameNr: number | null = null;

  /** @throws Error when the canvas has no 2D context. */
  constructor(canvas: HTMLCanvasElement, colours: OverlayColours = OVERLAY_COLOURS) {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('the overlay canvas has no 2D context');
    this.#canvas = canvas;
    this.#ctx = ctx;
    this.#colours = colours;
  }

  /**
   * The key frame (frame_nr of the contact; null: none): on it the analysed player's box
   * (main/pose/player-box.ts, from the track's stored box) is drawn with the label "Analysed",
   * so the coach sees which person the analysis is about.
   */
  setKeyFrame(frameNr: number | null): void {
    this.#keyFrameNr = frameNr;
  }

  /** Sets the 2D track (pixels of the source video) to draw from; null clears. */
  setTrack(track: PoseTrack | null): void {
    if (track && track.dims !== 2) throw new Error(`overlay needs a 2D track, got dims=${track.dims}`);
    this.#track = track;
  }

  /** Joints (H36M ids) and limbs ([parent, child] joint pairs) to emphasise. */
  setHighlight(joints: readonly number[], limbs: readonly (readonly [number, number])[] = []): void {
    this.#highlightJoints = new Set(joints);
    this.#highlightLimbs = limbs.slice();
  }

  /** Ids of the highlighted joints, ascending. */
  get highlighted(): number[] {
    return [...this.#highlightJoints].sort((a, b) => a - b);
  }

  /**
   * Places the canvas on the video's content box (CSS px, relative to the video element's
   * parent, which must be the canvas's offset parent) and sizes its backing store for `dpr`.
   */
  layout(box: ContentBox, dpr: number, offsetLeft = 0, offsetTop = 0): void {
    this.#box = box;
    this.#dpr = placeOverlayCanvas(this.#canvas, box, dpr, offsetLeft, offsetTop);
  }

  /** Clears the canvas. */
  clear(): void {
    this.#ctx.clearRect(0, 0, this.#canvas.width, this.#canvas.height);
  }

  /**
   * Draws frame `frameIndex` of the track (index into the track, not frame_nr). Frames where
   * the player is absent, or an index outside the track, leave the canvas clear.
   */
  draw(frameIndex: number): DrawnFrame {
    this.clear();
    const track = this.#track;
    const joints: (Point | null)[] = [];
    if (!track || frameIndex < 0 || frameIndex >= track.frames || !track.present[frameIndex] || this.#box.scale <= 0) {
      return { frameIndex, joints };
    }
    const pts: (Point | null)[] = [];
    for (let j = 0; j < track.joints; j++) {
      const i = kpIndex(track, frameIndex, j);
      const x = track.keypoints[i] ?? NaN;
      const y = track.keypoints[i + 1] ?? NaN;
      pts.push(Number.isFinite(x) && Number.isFinite(y) ? videoToCanvas(this.#box, this.#dpr, x, y) : null);
    }
    this.#drawLimbs(pts);
    this.#drawJoints(pts);
    if (this.#keyFrameNr !== null && track.frameNr[frameIndex] === this.#keyFrameNr) this.#drawPlayerBox(track, this.#keyFrameNr);
    for (const p of pts) joints.push(p ? canvasToVideo(this.#box, this.#dpr, p[0], p[1]) : null);
    return { frameIndex, joints };
  }

  /** The analysed player's box on the key frame: a dashed rectangle in the accent colour, labelled "Analysed". */
  #drawPlayerBox(track: PoseTrack, frameNr: number): void {
    const b = playerBoxAt(track, frameNr);
    if (!b) return;
    const [x0, y0] = videoToCanvas(this.#box, this.#dpr, b.x, b.y);
    const [x1, y1] = videoToCanvas(this.#box, this.#dpr, b.x + b.w, b.y + b.h);
    const ctx = this.#ctx;
    ctx.save();
    ctx.strokeStyle = this.#colours.highlight;
    ctx.lineWidth = Math.max(1.5, 2 * this.#dpr);
    ctx.setLineDash([6 * this.#dpr, 4 * this.#dpr]);
    ctx.strokeRect(x0, y0, x1 - x0, y1 - y0);
    ctx.setLineDash([]);
    ctx.fillStyle = this.#colours.highlight;
    ctx.font = `${Math.round(12 * this.#dpr)}px sans-serif`;
    ctx.fillText('Analysed', x0, Math.max(12 * this.#dpr, y0 - 4 * this.#dpr));
    ctx.restore();
  }

  #drawLimbs(pts: (Point | null)[]): void {
    const ctx = this.#ctx;
    const w = Math.max(2, 3 * this.#dpr);
    const isHighlighted = (a: number, b: number) =>
      this.#highlightLimbs.some(([p, q]) => (p === a && q === b) || (p === b && q === a));
    ctx.lineCap = 'round';
    for (const [name, [a, b]] of Object.entries(H36M_LIMBS)) {
      const p = pts[a];
      const q = pts[b];
      if (!p || !q) continue;
      const hi = isHighlighted(a, b);
      ctx.strokeStyle = hi ? this.#colours.highlight : LEFT_LIMBS.has(name) ? this.#colours.left : this.#colours.limb;
      ctx.lineWidth = hi ? w * 2 : w;
      ctx.beginPath();
      ctx.moveTo(p[0], p[1]);
      ctx.lineTo(q[0], q[1]);
      ctx.stroke();
    }
  }

  #drawJoints(pts: (Point | null)[]): void {
    const ctx = this.#ctx;
    const r = Math.max(2, 3.5 * this.#dpr);
    pts.forEach((p, j) => {
      if (!p) return;
      const hi = this.#highlightJoints.has(j);
      ctx.fillStyle = hi ? this.#colours.highlight : this.#colours.joint;
      ctx.beginPath();
      ctx.arc(p[0], p[1], hi ? r * 2 : r, 0, Math.PI * 2);
      ctx.fill();
    });
  }
}
