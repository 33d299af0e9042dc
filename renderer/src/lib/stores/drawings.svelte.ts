/**
 * The drawings of the open session and the drawing tools: the stored list, the active tool and
 * the drawing being made, the selected drawing and the dragging of its points, undo/redo. Points are source-video pixels, or
 * joints when "Follow joints" is on and a click lands near one (lines, arrows, angles). Every
 * change is written to the library at once (library.saveDrawing / deleteDrawing) and recorded
 * for undo; frames are the pose track's frame_nr of the frame on screen.
 */
import {
  ATTACHABLE_KINDS,
  DEFAULT_VISIBLE_FRAMES,
  defaultRange,
  POINT_COUNT,
  type Drawing,
  type DrawingData,
  type DrawingKind,
  type DrawingPoint,
} from '../../../../main/drawings/drawing.js';
import { nearestJoint, valueAt } from '../../../../main/drawings/geometry.js';
import { call } from '../api.js';
import { handleError } from '../handle-error.js';
import { redoWrite, undoWrite, UndoHistory, type DrawingChange, type DrawingWrite } from '../drawings/undo-history.js';
import type { DrawingDraft } from '../drawings/drawing-layer.js';
import { HANDLE_CSS_PX, handleAt, samePoint, withMovedPoint, type PointDrag } from '../drawings/point-drag.js';
import { playback } from './playback.svelte.js';

/** Colours offered for drawings (bright on video). */
export const DRAWING_COLOURS = ['#ffd400', '#ff4d4d', '#39d353', '#4ea8ff', '#ffffff'] as const;

/**
 * How near a joint a click snaps to it, CSS px on screen. Chosen, not measured: a little under
 * the 24 px minimum target of WCAG 2.2 (2.5.8) in radius, so a click near a joint takes it;
 * joints closer together than that (pelvis and hips) go to the nearest, so click on the joint.
 */
export const SNAP_CSS_PX = 18;

/** A pointer drag longer than this (CSS px) places a line's or circle's second point on release. */
const DRAG_CSS_PX = 6;

/** Rounds a pixel coordinate to 0.01 px (what is stored). */
const r2 = (v: number) => Math.round(v * 100) / 100;

/** The drawings store. */
export class DrawingsStore {
  list = $state.raw<Drawing[]>([]);
  tool = $state<DrawingKind | null>(null);
  /** Points placed so far of the drawing being made. */
  placed = $state.raw<DrawingPoint[]>([]);
  /** Where the pointer is (snapped), for the live preview; null when off the picture. */
  hover = $state.raw<DrawingPoint | null>(null);
  selectedId = $state<number | null>(null);
  followJoints = $state(true);
  colour = $state<string>(DRAWING_COLOURS[0]);
  /** The text tool's label. */
  text = $state('Note');
  /** Frames shown before and after the frame a new drawing is made on. */
  visibleFrames = $state(DEFAULT_VISIBLE_FRAMES);
  canUndo = $state(false);
  canRedo = $state(false);
  /** A point of the selected drawing being dragged (no tool active), or null. */
  drag = $state.raw<PointDrag | null>(null);
  #sessionId = 0;
  #history = new UndoHistory();
  #down: [number, number] | null = null;

  /** The drawing being made, for the layer (placed points plus the pointer's), or null. */
  draft = $derived.by((): DrawingDraft | null => {
    const kind = this.tool;
    if (!kind) return null;
    const points = kind === 'pencil' || !this.hover ? this.placed : [...this.placed, this.hover];
    if (points.length === 0 || kind === 'text') return null;
    return { data: { kind, colour: this.colour, text: '', points } };
  });

  /** The drawings as shown: the stored list with the point being dragged where it is now. */
  shownList = $derived.by((): Drawing[] => {
    const g = this.drag;
    if (!g) return this.list;
    return this.list.map((d) => (d.id === g.id ? { ...d, ...withMovedPoint(d, g.index, g.point) } : d));
  });

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

  /** Loads the drawings of session `id` (forgets the previous session's undo history). */
  async load(id: number): Promise<void> {
    this.#sessionId = id;
    this.list = [];
    this.cancel(true);
    this.selectedId = null;
    this.#history.clear();
    this.#syncHistory();
    try {
      const list = await call('library.listDrawings', { sessionId: id });
      if (this.#sessionId === id) this.list = list;
    } catch (err) {
      handleError(err, 'Could not load the drawings');
    }
  }

  /** Forgets the session. */
  close(): void {
    this.#sessionId = 0;
    this.list = [];
    this.cancel(true);
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
    if (this.followJoints && kind && ATTACHABLE_KINDS.includes(kind)) {
      const j = nearestJoint(playback.detail?.pose2d ?? null, playback.frameIndex, x, y, SNAP_CSS_PX * videoPxPerCssPx);
      if (j !== null) return { joint: j };
    }
    return { x: r2(x), y: r2(y) };
  }

  /** Pointer pressed on the picture at (x, y) video px. */
  pointerDown(x: number, y: number, k: number): void {
    const kind = this.tool;
    if (!kind || !Number.isFinite(x)) return;
    playback.pause();
    this.#down = [x, y];
    if (kind === 'text') {
      if (this.text.trim()) void this.#finish([{ x: r2(x), y: r2(y) }]);
      return;
    }
    if (kind === 'pencil') {
      this.placed = [{ x: r2(x), y: r2(y) }];
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
      const last = this.placed.at(-1);
      if (buttons & 1 && last && 'x' in last && Math.hypot(last.x - x, last.y - y) >= 2 * k && this.placed.length < POINT_COUNT.pencil[1]) {
        this.placed = [...this.placed, { x: r2(x), y: r2(y) }];
      }
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
    const dragged = Math.hypot(x - down[0], y - down[1]) > DRAG_CSS_PX * k;
    if (dragged && this.placed.length === 1 && POINT_COUNT[kind][0] === 2) {
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

  /** Selects a drawing (null clears). */
  select(id: number | null): void {
    this.selectedId = id;
  }

  /** Changes a stored drawing (range, chart flag, colour…), undoably. */
  async update(id: number, patch: Partial<DrawingData>): Promise<void> {
    const before = this.list.find((d) => d.id === id);
    if (!before) return;
    const after = await this.#write({ op: 'save', drawing: { ...before, ...patch } });
    if (after) this.#record({ kind: 'change', before, after });
  }

  /** Deletes a drawing (the selected one by default), undoably. */
  async remove(id: number | null = this.selectedId): Promise<void> {
    const before = this.list.find((d) => d.id === id);
    if (!before) return;
    if (await this.#write({ op: 'delete', drawing: before })) this.#record({ kind: 'delete', before });
  }

  /** Undoes the last change. */
  async undo(): Promise<void> {
    const c = this.#history.undo();
    if (!c) return;
    if (!(await this.#write(undoWrite(c)))) this.#history.restoreUndo(c);
    this.#syncHistory();
  }

  /** Redoes the last undone change. */
  async redo(): Promise<void> {
    const c = this.#history.redo();
    if (!c) return;
    if (!(await this.#write(redoWrite(c)))) this.#history.restoreRedo(c);
    this.#syncHistory();
  }

  async #finish(points: DrawingPoint[]): Promise<void> {
    const kind = this.tool;
    if (!kind) return;
    this.placed = [];
    this.hover = null;
    const frameNr = this.frameNr;
    const data: DrawingData = {
      kind,
      frameNr,
      ...defaultRange(frameNr, this.visibleFrames),
      points,
      text: kind === 'text' ? this.text.trim() : '',
      colour: this.colour,
      onChart: false,
    };
    const saved = await this.#write({ op: 'save', drawing: data });
    if (!saved) return;
    this.#record({ kind: 'add', after: saved });
    this.selectedId = saved.id;
  }

  #record(c: DrawingChange): void {
    this.#history.push(c);
    this.#syncHistory();
  }

  #syncHistory(): void {
    this.canUndo = this.#history.canUndo;
    this.canRedo = this.#history.canRedo;
  }

  /** Applies a write to the library and the list. @returns the stored drawing (save), true (delete), or null on failure (toast shown). */
  async #write(w: DrawingWrite | { op: 'save'; drawing: DrawingData & { id?: number } }): Promise<Drawing | null> {
    const sessionId = this.#sessionId;
    if (!sessionId) return null;
    const { id, ...rest } = w.drawing as DrawingData & { id?: number };
    try {
      if (w.op === 'delete') {
        await call('library.deleteDrawing', { sessionId, id: id! });
        if (this.#sessionId === sessionId) this.list = this.list.filter((d) => d.id !== id);
        if (this.selectedId === id) this.selectedId = null;
        return w.drawing;
      }
      const drawing: DrawingData = { kind: rest.kind, frameNr: rest.frameNr, fromFrameNr: rest.fromFrameNr, toFrameNr: rest.toFrameNr, points: rest.points, text: rest.text, colour: rest.colour, onChart: rest.onChart };
      const saved = await call('library.saveDrawing', { sessionId, drawing, ...(id !== undefined ? { id } : {}) });
      if (this.#sessionId === sessionId) {
        this.list = [...this.list.filter((d) => d.id !== saved.id), saved].sort((a, b) => a.frameNr - b.frameNr || a.id - b.id);
      }
      return saved;
    } catch (err) {
      handleError(err, w.op === 'delete' ? 'Could not delete the drawing' : 'Could not save the drawing');
      return null;
    }
  }
}

/** The app's drawings. */
export const drawings = new DrawingsStore();
