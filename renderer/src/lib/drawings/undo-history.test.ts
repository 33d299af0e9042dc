import { describe, expect, it } from 'vitest';
import type { Drawing } from '../../../../main/drawings/drawing.js';
import { redoWrite, undoWrite, UndoHistory, UNDO_LIMIT } from './undo-history.js';

const d = (id: number, toFrameNr = 30): Drawing => ({
  id, sessionId: 1, kind: 'line', frameNr: 10, fromFrameNr: 0, toFrameNr, points: [{ x: 0, y: 0 }, { x: 1, y: 1 }], text: '', colour: '#ffffff', onChart: false, createdAt: '', updatedAt: '',
});

describe('UndoHistory', () => {
  it('undoes and redoes adds, deletes and changes as library writes', () => {
    const h = new UndoHistory();
    h.push({ kind: 'add', after: d(1) });
    h.push({ kind: 'change', before: d(1), after: d(1, 50) });
    h.push({ kind: 'delete', before: d(1, 50) });
    const writes = [h.undo(), h.undo(), h.undo()].map((c) => c && undoWrite(c));
    expect(writes).toEqual([
      { op: 'save', drawing: d(1, 50) },
      { op: 'save', drawing: d(1) },
      { op: 'delete', drawing: d(1) },
    ]);
    expect(h.undo()).toBeNull();
    expect(h.canRedo).toBe(true);
    const redo = [h.redo(), h.redo(), h.redo()].map((c) => c && redoWrite(c));
    expect(redo).toEqual([
      { op: 'save', drawing: d(1) },
      { op: 'save', drawing: d(1, 50) },
      { op: 'delete', drawing: d(1, 50) },
    ]);
    expect(h.redo()).toBeNull();
  });

  it('drops the redo stack on a new change, keeps a failed step for retry, and caps its length', () => {
    const h = new UndoHistory();
    h.push({ kind: 'add', after: d(1) });
    const c = h.undo()!;
    h.restoreUndo(c);
    expect(h.canUndo).toBe(true);
    expect(h.canRedo).toBe(false);
    h.undo();
    h.push({ kind: 'add', after: d(2) });
    expect(h.canRedo).toBe(false);
    for (let i = 0; i < UNDO_LIMIT + 5; i++) h.push({ kind: 'add', after: d(i + 3) });
    let n = 0;
    while (h.undo()) n++;
    expect(n).toBe(UNDO_LIMIT);
  });
});
