/**
 * The coach's drawings in the session hand-over (format version 2): export then import into an
 * empty library gives the same drawings (every field) under the new session with the receiving
 * library's ids; a version-1 hand-over (no drawings.json) still imports, with no drawings; a bad
 * drawing or altered drawings.json is refused and the receiving library is unchanged.
 */
import { createHash } from 'node:crypto';
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';
import type { Drawing, DrawingData } from '../../main/drawings/drawing.js';
import { HANDOVER_VERSION } from '../../main/export/handover.js';
import { HandoverError, importHandover } from '../../main/export/handover-import.js';
import { deleteDrawing, listDrawings, saveDrawing } from '../../main/library/drawings.js';
import { J } from '../../main/pose/h36m.js';
import { handoverLibraries, rewrittenZip } from './support/handover-libraries.js';

let source: Drawing[] = [];
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const h = handoverLibraries('handover-drawings-', (fx) => {
  const base = { text: '', colour: '#39d353', onChart: false };
  // Two drawings made and deleted first, so the source ids (3, 4) differ from the receiver's (1, 2).
  const scratch = [0, 1].map(() => saveDrawing(fx.db, fx.sessionId, { ...base, kind: 'circle', frameNr: 5, fromFrameNr: 0, toFrameNr: 9, points: [{ x: 1, y: 1 }, { x: 5, y: 5 }] }));
  const angle: DrawingData = { ...base, kind: 'angle', frameNr: 40, fromFrameNr: 30, toFrameNr: 55, points: [{ joint: J.rightHip }, { joint: J.rightKnee }, { x: 812.25, y: 640.5 }], onChart: true };
  const text: DrawingData = { ...base, kind: 'text', colour: '#ffffff', frameNr: 12, fromFrameNr: 12, toFrameNr: 20, points: [{ x: 50, y: 60 }], text: 'Unit turn « early »' };
  saveDrawing(fx.db, fx.sessionId, angle);
  saveDrawing(fx.db, fx.sessionId, text);
  for (const d of scratch) deleteDrawing(fx.db, fx.sessionId, d.id);
  source = listDrawings(fx.db, fx.sessionId);
});

const counts = () => h.db.prepare('SELECT (SELECT count(*) FROM sessions) s, (SELECT count(*) FROM drawings) d').get();
const data = (d: Drawing) => ({ kind: d.kind, frameNr: d.frameNr, fromFrameNr: d.fromFrameNr, toFrameNr: d.toFrameNr, points: d.points, text: d.text, colour: d.colour, onChart: d.onChart });

/** The hand-over rewritten by `edit` (entries by name; the manifest as an object). */
function rewritten(edit: (entries: Map<string, Buffer>, manifest: { version: number; sha256: Record<string, string> }) => void): string {
  return rewrittenZip(h.zipPath, h.home, (entries) => {
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as { version: number; sha256: Record<string, string> };
    edit(entries, manifest);
    entries.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  });
}

describe('drawings in the hand-over', () => {
  it('export then import keeps every drawing, under the new session with new ids', async () => {
    expect(source.map((d) => d.id).sort()).toEqual([3, 4]);
    const manifest = JSON.parse(new AdmZip(h.zipPath).getEntry('manifest.json')!.getData().toString()) as { version: number; sha256: Record<string, string> };
    expect(manifest.version).toBe(HANDOVER_VERSION);
    expect(HANDOVER_VERSION).toBe(2);
    expect(Object.keys(manifest.sha256)).toContain('drawings.json');
    const r = await importHandover(h.db, h.zipPath);
    const got = listDrawings(h.db, r.sessionId);
    expect(got.map(data)).toEqual(source.map(data));
    expect(got.map((d) => d.sessionId)).toEqual([r.sessionId, r.sessionId]);
    expect(got.map((d) => d.id).sort()).toEqual([1, 2]);
    expect(got.find((d) => d.kind === 'angle')!.points).toEqual([{ joint: J.rightHip }, { joint: J.rightKnee }, { x: 812.25, y: 640.5 }]);
    expect(got.find((d) => d.kind === 'text')!.text).toBe('Unit turn « early »');
    // A second import changes nothing (no duplicated drawings).
    expect(await importHandover(h.db, h.zipPath)).toEqual({ sessionId: r.sessionId, created: false });
    expect(counts()).toEqual({ s: 1, d: 2 });
  });

  it('a version-1 hand-over (no drawings.json) still imports, with no drawings', async () => {
    const v1 = rewritten((e, m) => {
      e.delete('drawings.json');
      delete m.sha256['drawings.json'];
      m.version = 1;
    });
    const r = await importHandover(h.db, v1);
    expect(r.created).toBe(true);
    expect(listDrawings(h.db, r.sessionId)).toEqual([]);
  });

  it.each([
    ['a version-2 hand-over without drawings.json', (e: Map<string, Buffer>) => e.delete('drawings.json'), /drawings\.json: entry is missing/],
    ['altered drawings.json bytes', (e: Map<string, Buffer>) => e.set('drawings.json', Buffer.from('{"drawings":[]}')), /drawings\.json: SHA-256 does not match/],
  ])('refuses %s and leaves the library unchanged', async (_name, edit, message) => {
    const bad = rewritten((e) => edit(e));
    await expect(importHandover(h.db, bad)).rejects.toThrow(message);
    expect(counts()).toEqual({ s: 0, d: 0 });
  });

  it('refuses a drawing the drawing schema refuses (with matching checksums), nothing stored', async () => {
    const bad = rewritten((e, m) => {
      const j = JSON.parse(e.get('drawings.json')!.toString()) as { drawings: DrawingData[] };
      j.drawings[0]!.points = [{ joint: 40 }];
      e.set('drawings.json', Buffer.from(JSON.stringify(j)));
      m.sha256['drawings.json'] = sha(e.get('drawings.json')!);
    });
    const err = await importHandover(h.db, bad).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(HandoverError);
    expect((err as HandoverError).message).toMatch(/^drawings\.json: /);
    expect(counts()).toEqual({ s: 0, d: 0 });
  });
});
