import { beforeEach, describe, expect, it } from 'vitest';
import type { Drawing, DrawingData } from '../../../../main/drawings/drawing.js';
import { J } from '../../../../main/pose/h36m.js';
import { createPoseTrack, kpIndex } from '../../../../main/pose/pose-track.js';
import type { SessionDetail } from '../../../../preload/contract.js';
import { installFakeApi, type FakeApi } from '../fake-api.test-support.js';
import { DrawingsStore } from './drawings.svelte.js';
import { playback } from './playback.svelte.js';

/** An in-memory drawings table behind the fake API. */
function library(): { rows: Map<number, Drawing>; fake: FakeApi } {
  const rows = new Map<number, Drawing>();
  let next = 1;
  const fake = installFakeApi({
    'library.listDrawings': () => [...rows.values()],
    'library.saveDrawing': (input) => {
      const { sessionId, id, drawing } = input as { sessionId: number; id?: number; drawing: DrawingData };
      const d: Drawing = { ...drawing, id: id ?? next++, sessionId, createdAt: '', updatedAt: '' };
      rows.set(d.id, d);
      return d;
    },
    'library.deleteDrawing': (input) => {
      rows.delete((input as { id: number }).id);
      return null;
    },
  });
  return { rows, fake };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  const pose = createPoseTrack(1, 2);
  pose.frameNr[0] = 42;
  pose.present[0] = 1;
  const put = (j: number, x: number, y: number) => pose.keypoints.set([x, y], kpIndex(pose, 0, j));
  put(J.rightHip, 100, 100);
  put(J.rightKnee, 100, 200);
  put(J.rightAnkle, 200, 200);
  playback.detail = { pose2d: pose, session: { fps: 30 } } as unknown as SessionDetail;
  playback.frameIndex = 0;
});

describe('DrawingsStore', () => {
  it('snaps clicks near joints, stores the angle on the frame on screen with the default range, and measures it', async () => {
    const { rows, fake } = library();
    const s = new DrawingsStore();
    await s.load(7);
    s.setTool('angle');
    s.pointerDown(105, 96, 1); // within 18 px of the hip
    s.pointerMove(90, 210, 1, 0);
    expect(s.draft?.data.points).toEqual([{ joint: J.rightHip }, { joint: J.rightKnee }]);
    s.pointerDown(100, 200, 1);
    s.pointerDown(196, 203, 1);
    await settle();
    const [d] = rows.values();
    expect(d).toMatchObject({ kind: 'angle', frameNr: 42, fromFrameNr: 22, toFrameNr: 62, points: [{ joint: J.rightHip }, { joint: J.rightKnee }, { joint: J.rightAnkle }], sessionId: 7 });
    expect(s.valueNow(d!)).toBeCloseTo(90, 10);
    expect(s.selectedId).toBe(d!.id);
    expect(s.tool).toBe('angle'); // stays for the next one
    expect(fake.calls.map((c) => c.channel)).toEqual(['library.listDrawings', 'library.saveDrawing']);
  });

  it('keeps points on the picture away from joints or with Follow joints off, and places a dragged line on release', async () => {
    const { rows } = library();
    const s = new DrawingsStore();
    await s.load(7);
    s.followJoints = false;
    s.setTool('line');
    s.pointerDown(100.004, 200, 1); // on the knee, but not following joints
    s.pointerUp(300, 250, 1); // dragged: the second point
    await settle();
    expect([...rows.values()][0]?.points).toEqual([{ x: 100, y: 200 }, { x: 300, y: 250 }]);
  });

  it('undoes and redoes through the library, keeping the id; Esc drops the draft, then the tool', async () => {
    const { rows } = library();
    const s = new DrawingsStore();
    await s.load(7);
    s.setTool('circle');
    s.pointerDown(10, 10, 1);
    expect(s.cancel()).toBe(true);
    expect(s.tool).toBe('circle');
    s.pointerDown(10, 10, 1);
    s.pointerDown(20, 10, 1);
    await settle();
    const id = [...rows.keys()][0]!;
    await s.update(id, { toFrameNr: 50 });
    expect(rows.get(id)?.toFrameNr).toBe(50);
    await s.remove(id);
    expect(rows.size).toBe(0);
    await s.undo();
    expect(rows.get(id)?.toFrameNr).toBe(50);
    await s.undo();
    expect(rows.get(id)?.toFrameNr).toBe(62);
    await s.undo();
    expect(rows.size).toBe(0);
    expect(s.canUndo).toBe(false);
    await s.redo();
    expect([...rows.keys()]).toEqual([id]);
    expect(s.list.map((d) => d.id)).toEqual([id]);
    expect(s.cancel()).toBe(true);
    expect(s.tool).toBeNull();
  });

  it('draws free hand from a drag and refuses an empty label', async () => {
    const { rows } = library();
    const s = new DrawingsStore();
    await s.load(7);
    s.setTool('pencil');
    s.pointerDown(0, 0, 1);
    s.pointerMove(1, 0, 1, 1); // under 2 px: not kept
    s.pointerMove(5, 0, 1, 1);
    s.pointerMove(10, 5, 1, 1);
    s.pointerUp(10, 5, 1);
    await settle();
    expect([...rows.values()][0]?.points).toEqual([{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 10, y: 5 }]);
    s.setTool('text');
    s.text = '  ';
    s.pointerDown(5, 5, 1);
    await settle();
    expect(rows.size).toBe(1);
  });
});
