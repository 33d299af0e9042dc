/**
 * Undo and redo of drawing changes: a stack of done changes and one of undone ones. Each change
 * keeps the drawing before and after, so undoing is applying the change backwards; ids stay the
 * same through undo and redo (the library puts a deleted drawing back under its id).
 */
import type { Drawing } from '../../../../main/drawings/drawing.js';

/** One change: a drawing added, deleted, or changed (range, chart flag…). */
export type DrawingChange =
  | { kind: 'add'; after: Drawing }
  | { kind: 'delete'; before: Drawing }
  | { kind: 'change'; before: Drawing; after: Drawing };

/** What to do to the library to apply a change forwards or backwards. */
export type DrawingWrite = { op: 'save'; drawing: Drawing } | { op: 'delete'; drawing: Drawing };

/** The write that undoes `c`. */
export function undoWrite(c: DrawingChange): DrawingWrite {
  if (c.kind === 'add') return { op: 'delete', drawing: c.after };
  return { op: 'save', drawing: c.before };
}

/** The write that (re)does `c`. */
export function redoWrite(c: DrawingChange): DrawingWrite {
  if (c.kind === 'delete') return { op: 'delete', drawing: c.before };
  return { op: 'save', drawing: c.after };
}

/** Most changes kept for undo. */
export const UNDO_LIMIT = 200;

/** The two stacks, of drawing changes by default (the session's history also holds stroke corrections). */
export class UndoHistory<C = DrawingChange> {
  #done: C[] = [];
  #undone: C[] = [];

  /** Records a new change; the redo stack is dropped (a new branch). */
  push(c: C): void {
    this.#done.push(c);
    if (this.#done.length > UNDO_LIMIT) this.#done.shift();
    this.#undone = [];
  }

  /** The change to undo (moved to the redo stack), or null. */
  undo(): C | null {
    const c = this.#done.pop();
    if (!c) return null;
    this.#undone.push(c);
    return c;
  }

  /** The change to redo (moved back to the undo stack), or null. */
  redo(): C | null {
    const c = this.#undone.pop();
    if (!c) return null;
    this.#done.push(c);
    return c;
  }

  /** Puts back a change whose undo failed (so it can be tried again). */
  restoreUndo(c: C): void {
    if (this.#undone.at(-1) === c) this.#done.push(this.#undone.pop()!);
  }

  /** Puts back a change whose redo failed. */
  restoreRedo(c: C): void {
    if (this.#done.at(-1) === c) this.#undone.push(this.#done.pop()!);
  }

  get canUndo(): boolean {
    return this.#done.length > 0;
  }

  get canRedo(): boolean {
    return this.#undone.length > 0;
  }

  /** Forgets everything (another session opened). */
  clear(): void {
    this.#done = [];
    this.#undone = [];
  }
}
