/**
 * The drawings of the open session and the drawing tools: the active tool and the drawing being
 * made, the dragging of the selected drawing's points, over the stored list, selection and
 * undo/redo of `SavedDrawings` (drawings-saved.svelte.ts; every change goes to the library at
 * once). Points are source-video pixels, or joints when "Follow joints" is on and a click lands
 * near one (lines, arrows, angles; the rules in drawings-pointer.ts); frames are the pose
 * track's frame_nr of the frame on screen.
 */
import { DEFAULT_VISIBLE_FRAMES, POINT_COUNT, type Drawing, type DrawingData, type DrawingKind, type DrawingPoint } from '../../../../main/drawings/drawing.js';
import { valueAt } from '../../../../main/drawings/geometry.js';
import type { DrawingDraft } from '../drawings/drawing-layer.js';
import { HANDLE_CSS_PX, handleAt, samePoint, withMovedPoint, type PointDrag } from '../drawings/point-drag.js';
import { draftOf, imagePoint, isDrag, newDrawing, snapPoint, strokeKeeps } from './drawings-pointer.js';
import { SavedDrawings } from './drawings-saved.svelte.js';
import { playback } from './playback.svelte.js';

/** Colours offered for drawings (bright on video). */
export const DRAWING_COLOURS = ['#ffd400', '#ff4d4d', '#39d353', '#4ea8ff', '#ffffff'] as const;

/** The drawings store: the tools and the pointer over the session's stored drawings. */
export class DrawingsStore {
  /** The stored drawings, selection and undo history (also reachable through the members below). */
  readonly saved = new SavedDrawings();
  tool = $state<DrawingKind | null>(null);
  /** Points placed so far of the drawing being made. */
  placed = $state.raw<DrawingPoint[]>([]);
  /** Where the pointer is (snapped), for the live preview; null when off the picture. */
  hover = $state.raw<DrawingPoint | null>(null);
  followJoints = $state(true);
  colour = $state<string>(DRAWING_COLOURS[0]);
  /** The text tool's label. */
  text = $state('Note');
  /** Frames shown before and after the frame a new drawing is made on. */
  visibleFrames = $state(DEFAULT_VISIBLE_FRAMES);
  /** A point of the selected drawing being dragged (no tool active), or null. */
  drag = $state.raw<PointDrag | null>(null);
  #down: [number, number] | null = null;

  /** The drawing being made, for the layer (placed points plus the pointer's), or null. */
  draft = $derived.by((): DrawingDraft | null => draftOf(this.tool, this.placed, this.hover, this.colour));

  /** The drawings as shown: the stored list with the point being dragged where it is now. */
  shownList = $derived.by((): Drawing[] => {
    const g = this.drag;
    if (!g) return this.list;
    return this.list.map((d) => (d.id === g.id ? { ...d, ...withMovedPoint(d, g.index, g.point) } : d));
  });

  /** The session's stored drawings, by frame then id. */
  get list(): Drawing[] {
    return this.saved.list;
  }

  /** Id of the selected drawing, or null. */
  get selectedId(): number | null {
    return this.saved.selectedId;
  }

  /** True when there is a change to undo. */
  get canUndo(): boolean {
    return this.saved.canUndo;
  }

  /** True when there is an undone change to redo. */
  get canRedo(): boolean {
    return this.saved.canRedo;
  }

  /** Editing the selected drawing: no tool is active and a drawing is selected (its point handles take the pointer). */
  get editing(): boolean {
    return this.tool === null && this.selectedId !== null;
  }

  /** Video frame on screen (frame_nr of the pose frame; from the time when there is no pose). */
  get frameNr(): number {
    const pose = playback.detail?.pose2d;
    const i = playback.frameIndex;
    if (pose && i >= 0) return pose.frameNr[i] ?? i;
    return Math.max(0, Math.round(playback.currentTime * (playback.detail?.session.fps || 30)));
  }

  /** Loads the drawings of session `id` (puts the tool away; forgets the previous session's undo history). */
  async load(id: number): Promise<void> {
    this.cancel(true);
    await this.saved.load(id);
  }

  /** Forgets the session. */
  close(): void {
    this.saved.close();
    this.cancel(true);
  }

  /** Selects a drawing (null clears). */
  select(id: number | null): void {
    this.saved.select(id);
  }

  /** Changes a stored drawing (range, chart flag, colour…), undoably. */
  update(id: number, patch: Partial<DrawingData>): Promise<void> {
    return this.saved.update(id, patch);
  }

  /** Deletes a drawing (the selected one by default), undoably. */
  remove(id: number | null = this.selectedId): Promise<void> {
    return this.saved.remove(id);
  }

  /** Undoes the last change. */
  undo(): Promise<void> {
    return this.saved.undo();
  }

  /** Redoes the last undone change. */
  redo(): Promise<void> {
    return this.saved.redo();
  }

  /** Picks a tool (the same one again puts it away); the video pauses so drawings land on one frame. */
  setTool(kind: DrawingKind | null): void {
    this.tool = this.tool === kind ? null : kind;
    this.placed = [];
    this.hover = null;
    if (this.tool) playback.pause();
  }

  /**
   * Esc: drops the drawing being made; with nothing placed (or `all`), puts the tool away.
   * @returns whether there was anything to cancel.
   */
  cancel(all = false): boolean {
    const had = this.placed.length > 0 || this.tool !== null;
    if (this.placed.length > 0 && !all) this.placed = [];
    else this.tool = null;
    this.placed = [];
    this.hover = null;
    this.#down = null;
    const dragging = this.drag !== null;
    this.drag = null;
    return had || dragging;
  }

  /** Value of a drawing on the frame on screen (degrees; null for kinds without one or unmeasured joints). */
  valueNow(d: Pick<DrawingData, 'kind' | 'points'>): number | null {
    return valueAt(d, playback.detail?.pose2d ?? null, playback.frameIndex);
  }

  /** The point a pointer at (x, y) video px places with the active tool (or for a drawing of `kind`): a joint within the snap radius when allowed, else the position. */
  snap(x: number, y: number, videoPxPerCssPx: number, kind: DrawingKind | null = this.tool): DrawingPoint {
    return snapPoint(playback.detail?.pose2d ?? null, playback.frameIndex, x, y, videoPxPerCssPx, kind, this.followJoints);
  }

  /** Pointer pressed on the picture at (x, y) video px (`k`: video px per CSS px). */
  pointerDown(x: number, y: number, k: number): void {
    const kind = this.tool;
    if (!kind || !Number.isFinite(x)) return;
    playback.pause();
    this.#down = [x, y];
    if (kind === 'text') {
      if (this.text.trim()) void this.#finish([imagePoint(x, y)]);
      return;
    }
    if (kind === 'pencil') {
      this.placed = [imagePoint(x, y)];
      return;
    }
    this.placed = [...this.placed, this.snap(x, y, k)];
    if (this.placed.length >= POINT_COUNT[kind][0]) void this.#finish(this.placed);
  }

  /** Pointer moved over the picture (video px; NaN when it left). */
  pointerMove(x: number, y: number, k: number, buttons: number): void {
    const kind = this.tool;
    if (!kind || !Number.isFinite(x)) {
      this.hover = null;
      return;
    }
    if (kind === 'pencil') {
      if (strokeKeeps(this.placed, x, y, k, buttons)) this.placed = [...this.placed, imagePoint(x, y)];
      return;
    }
    this.hover = this.snap(x, y, k);
  }

  /** Pointer released: ends a free-hand stroke, or places the second point of a dragged line, arrow or circle. */
  pointerUp(x: number, y: number, k: number): void {
    const kind = this.tool;
    const down = this.#down;
    this.#down = null;
    if (!kind || !down) return;
    if (kind === 'pencil') {
      if (this.placed.length >= 2) void this.#finish(this.placed);
      else this.placed = [];
      return;
    }
    if (isDrag(down, x, y, k) && this.placed.length === 1 && POINT_COUNT[kind][0] === 2) {
      this.placed = [...this.placed, this.snap(x, y, k)];
      void this.#finish(this.placed);
    }
  }

  /**
   * Pointer pressed at (x, y) video px while editing: on a point handle of the selected drawing
   * it starts dragging that point; elsewhere it clears the selection (the picture is free again).
   * @returns whether a drag started.
   */
  editDown(x: number, y: number, k: number): boolean {
    const d = this.list.find((e) => e.id === this.selectedId);
    const pose = playback.detail?.pose2d ?? null;
    const index = d && Number.isFinite(x) ? handleAt(d, pose, playback.frameIndex, this.frameNr, x, y, HANDLE_CSS_PX * k) : null;
    if (!d || index === null) {
      this.select(null);
      return false;
    }
    playback.pause();
    this.drag = { id: d.id, index, point: d.points[index]! };
    return true;
  }

  /** Pointer moved while dragging a point: it goes where the pointer is, snapped to a joint as when drawing. */
  editMove(x: number, y: number, k: number): void {
    const g = this.drag;
    const d = g && this.list.find((e) => e.id === g.id);
    if (!g || !d || !Number.isFinite(x)) return;
    this.drag = { ...g, point: this.snap(x, y, k, d.kind) };
  }

  /** Pointer released: stores the moved point (undoably), unless it did not move. */
  async editUp(): Promise<void> {
    const g = this.drag;
    this.drag = null;
    const d = g && this.list.find((e) => e.id === g.id);
    if (!g || !d || samePoint(d.points[g.index]!, g.point)) return;
    await this.update(d.id, withMovedPoint(d, g.index, g.point));
  }

  /** Stores the drawing made with the active tool on the frame on screen, and selects it. */
  async #finish(points: DrawingPoint[]): Promise<void> {
    const kind = this.tool;
    if (!kind) return;
    this.placed = [];
    this.hover = null;
    await this.saved.add(newDrawing(kind, this.frameNr, this.visibleFrames, points, this.text, this.colour));
  }
}

/** The app's drawings. */
export const drawings = new DrawingsStore();
