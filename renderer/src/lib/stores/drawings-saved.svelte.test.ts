import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Drawing, DrawingData } from '../../../../main/drawings/drawing.js';
import type { TechniqueResult } from '../../../../main/contract/technique-schema.js';
import { Failure, installFakeApi } from '../fake-api.test-support.js';
import { SavedDrawings } from './drawings-saved.svelte.js';
import { toasts } from './toasts.svelte.js';

const line: DrawingData = { kind: 'line', frameNr: 10, fromFrameNr: 0, toFrameNr: 30, points: [{ x: 1, y: 2 }, { x: 3, y: 4 }], text: '', colour: '#ffd400', onChart: false };

/** An in-memory drawings table behind the fake API; `failing` makes every write fail. */
function library() {
  const rows = new Map<number, Drawing>();
  const state = { failing: false };
  let next = 1;
  const refuse = () => {
    if (state.failing) throw new Failure({ kind: 'internal', message: 'disk full' });
  };
  installFakeApi({
    'library.listDrawings': () => [...rows.values()],
    'library.saveDrawing': (input) => {
      refuse();
      const { sessionId, id, drawing } = input as { sessionId: number; id?: number; drawing: DrawingData };
      const d: Drawing = { ...drawing, id: id ?? next++, sessionId, createdAt: '', updatedAt: '' };
      rows.set(d.id, d);
      return d;
    },
    'library.deleteDrawing': (input) => {
      refuse();
      rows.delete((input as { id: number }).id);
      return null;
    },
  });
  return { rows, state };
}

beforeEach(() => {
  toasts.items = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('SavedDrawings', () => {
  it('adds and selects a drawing; a failed delete keeps it, records nothing and shows a toast', async () => {
    const { rows, state } = library();
    const s = new SavedDrawings();
    await s.load(3);
    const d = await s.add(line);
    expect(d).toMatchObject({ ...line, id: 1, sessionId: 3 });
    expect([s.selectedId, s.canUndo, s.list.length]).toEqual([1, true, 1]);
    state.failing = true;
    await s.remove();
    expect([rows.size, s.list.length, s.selectedId]).toEqual([1, 1, 1]);
    expect(toasts.items.map((t) => t.message)).toEqual(['Could not delete the drawing: disk full']);
    state.failing = false;
    await s.undo(); // undoes the add, not the failed delete
    expect([rows.size, s.list.length, s.selectedId, s.canUndo, s.canRedo]).toEqual([0, 0, null, false, true]);
  });

  it('keeps a change whose undo failed for another try', async () => {
    const { rows, state } = library();
    const s = new SavedDrawings();
    await s.load(3);
    await s.add(line);
    await s.update(1, { toFrameNr: 50 });
    state.failing = true;
    await s.undo();
    expect([rows.get(1)?.toFrameNr, s.canUndo, s.canRedo]).toEqual([50, true, false]);
    state.failing = false;
    await s.undo();
    expect([rows.get(1)?.toFrameNr, s.list[0]?.toFrameNr, s.canRedo]).toEqual([30, 30, true]);
  });

  it('undoes and redoes a stroke correction in the same history as the drawings (kept when putting it back fails)', async () => {
    library();
    const s = new SavedDrawings();
    await s.load(3);
    await s.add(line);
    const applied: string[] = [];
    let ok = false;
    const before = { features: [], feature_categories: {}, tag: 'before' } as unknown as TechniqueResult;
    const after = { features: [], feature_categories: {}, tag: 'after' } as unknown as TechniqueResult;
    s.recordStrokes({ kind: 'strokes', before, after, apply: (r) => {
        applied.push(String((r as { tag?: string }).tag));
        return Promise.resolve(ok);
      },
    });
    await s.undo();
    expect([applied, s.canUndo, s.canRedo, s.list.length]).toEqual([['before'], true, false, 1]);
    ok = true;
    await s.undo();
    await s.redo();
    expect([applied, s.canUndo, s.canRedo, s.list.length]).toEqual([['before', 'before', 'after'], true, false, 1]);
  });

  it('writes nothing once the session is closed', async () => {
    const { rows } = library();
    const s = new SavedDrawings();
    await s.load(3);
    s.close();
    expect(await s.add(line)).toBeNull();
    expect([rows.size, s.canUndo]).toEqual([0, false]);
  });
});
