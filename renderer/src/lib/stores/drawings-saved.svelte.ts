/**
 * The stored drawings of the open session: the list as the library holds it, the selected
 * drawing, and undo/redo. Every change is written to the library at once
 * (library.saveDrawing / deleteDrawing) and recorded for undo (lib/drawings/undo-history.ts);
 * a failed write leaves the list as it was and shows a toast.
 */
import type { Drawing, DrawingData } from '../../../../main/drawings/drawing.js';
import { call } from '../api.js';
import { handleError } from '../handle-error.js';
import { redoWrite, undoWrite, UndoHistory, type DrawingChange, type DrawingWrite } from '../drawings/undo-history.js';
import type { TechniqueResult } from '../../../../main/contract/technique-schema.js';

/** A write to the library: a drawing saved (new when it has no id) or deleted. */
type LibraryWrite = DrawingWrite | { op: 'save'; drawing: DrawingData & { id?: number } };

/**
 * A stroke correction in the same undo history (issue 27): the session's stored result before and
 * after it, and how to put one back (library.correctStroke `restore`; false when that failed).
 */
export interface StrokesChange {
  kind: 'strokes';
  before: TechniqueResult;
  after: TechniqueResult;
  apply(result: TechniqueResult): Promise<boolean>;
}

/** The stored drawings, the selection and the undo history of one session at a time. */
export class SavedDrawings {
  /** The session's drawings, by frame then id. */
  list = $state.raw<Drawing[]>([]);
  selectedId = $state<number | null>(null);
  canUndo = $state(false);
  canRedo = $state(false);
  #sessionId = 0;
  #history = new UndoHistory<DrawingChange | StrokesChange>();

  /** Loads the drawings of session `id` (forgets the previous session's selection and undo history); a failure shows a toast. */
  async load(id: number): Promise<void> {
    this.#sessionId = id;
    this.list = [];
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

  /** Forgets the session (later writes are dropped). */
  close(): void {
    this.#sessionId = 0;
    this.list = [];
  }

  /** Selects a drawing (null clears). */
  select(id: number | null): void {
    this.selectedId = id;
  }

  /** Stores a new drawing, undoably, and selects it. @returns the stored drawing, or null on failure (toast shown). */
  async add(data: DrawingData): Promise<Drawing | null> {
    const saved = await this.#write({ op: 'save', drawing: data });
    if (!saved) return null;
    this.#record({ kind: 'add', after: saved });
    this.selectedId = saved.id;
    return saved;
  }

  /** Changes a stored drawing (range, chart flag, colour, points…), undoably. */
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

  /** Undoes the last change (kept for another try when the write fails). */
  async undo(): Promise<void> {
    const c = this.#history.undo();
    if (!c) return;
    if (!(c.kind === 'strokes' ? await c.apply(c.before) : await this.#write(undoWrite(c)))) this.#history.restoreUndo(c);
    this.#syncHistory();
  }

  /** Redoes the last undone change (kept for another try when the write fails). */
  async redo(): Promise<void> {
    const c = this.#history.redo();
    if (!c) return;
    if (!(c.kind === 'strokes' ? await c.apply(c.after) : await this.#write(redoWrite(c)))) this.#history.restoreRedo(c);
    this.#syncHistory();
  }

  /** Records a stroke correction already applied, so undo / redo go through the same history as the drawings. */
  recordStrokes(c: StrokesChange): void {
    this.#record(c);
  }

  #record(c: DrawingChange | StrokesChange): void {
    this.#history.push(c);
    this.#syncHistory();
  }

  #syncHistory(): void {
    this.canUndo = this.#history.canUndo;
    this.canRedo = this.#history.canRedo;
  }

  /** Applies a write to the library and the list. @returns the stored drawing (save), the deleted one (delete), or null on failure (toast shown). */
  async #write(w: LibraryWrite): Promise<Drawing | null> {
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
