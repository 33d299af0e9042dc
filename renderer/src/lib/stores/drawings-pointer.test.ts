import { describe, expect, it } from 'vitest';
import { MAX_PENCIL_POINTS, type DrawingPoint } from '../../../../main/drawings/drawing.js';
import { J } from '../../../../main/pose/h36m.js';
import { createPoseTrack, kpIndex } from '../../../../main/pose/pose-track.js';
import { draftOf, imagePoint, isDrag, newDrawing, snapPoint, strokeKeeps } from './drawings-pointer.js';

/** One pose frame with the right knee at (100, 200) px. */
function pose() {
  const p = createPoseTrack(1, 2);
  p.present[0] = 1;
  p.keypoints.set([100, 200], kpIndex(p, 0, J.rightKnee));
  return p;
}

describe('drawings-pointer', () => {
  it('snaps within 18 CSS px of a joint for attachable kinds only, scaled by video px per CSS px', () => {
    const p = pose();
    expect(snapPoint(p, 0, 117, 200, 1, 'angle', true)).toEqual({ joint: J.rightKnee });
    expect(snapPoint(p, 0, 119, 200, 1, 'angle', true)).toEqual({ x: 119, y: 200 });
    expect(snapPoint(p, 0, 130, 200, 2, 'line', true)).toEqual({ joint: J.rightKnee }); // 30 px < 18 × 2
    expect(snapPoint(p, 0, 101, 200, 1, 'circle', true)).toEqual({ x: 101, y: 200 });
    expect(snapPoint(p, 0, 101, 200, 1, 'angle', false)).toEqual({ x: 101, y: 200 });
    expect(snapPoint(null, 0, 100.004, 199.996, 1, 'angle', true)).toEqual({ x: 100, y: 200 });
  });

  it('rounds picture points to 0.01 px', () => {
    expect(imagePoint(1.234, -5.678)).toEqual({ x: 1.23, y: -5.68 });
  });

  it('keeps a free-hand point 2 CSS px on with the button down, up to the most points', () => {
    const placed: DrawingPoint[] = [{ x: 0, y: 0 }];
    expect(strokeKeeps(placed, 2, 0, 1, 1)).toBe(true);
    expect(strokeKeeps(placed, 1.9, 0, 1, 1)).toBe(false);
    expect(strokeKeeps(placed, 3, 0, 2, 1)).toBe(false); // 3 px < 2 × 2
    expect(strokeKeeps(placed, 5, 0, 1, 0)).toBe(false); // button up
    expect(strokeKeeps([], 5, 0, 1, 1)).toBe(false);
    expect(strokeKeeps([{ joint: J.rightKnee }], 5, 0, 1, 1)).toBe(false);
    const full = Array.from({ length: MAX_PENCIL_POINTS }, (_, i) => ({ x: i, y: 0 }));
    expect(strokeKeeps(full, 1e4, 0, 1, 1)).toBe(false);
  });

  it('counts a release more than 6 CSS px from the press as a drag', () => {
    expect(isDrag([0, 0], 6, 0, 1)).toBe(false);
    expect(isDrag([0, 0], 6.01, 0, 1)).toBe(true);
    expect(isDrag([0, 0], 10, 0, 2)).toBe(false);
  });

  it('shows the pointer in the draft except for free hand, and no draft for text or nothing placed', () => {
    const a = { x: 1, y: 1 };
    const b = { x: 2, y: 2 };
    expect(draftOf('line', [a], b, '#fff')).toEqual({ data: { kind: 'line', colour: '#fff', text: '', points: [a, b] } });
    expect(draftOf('pencil', [a], b, '#fff')?.data.points).toEqual([a]);
    expect(draftOf('text', [a], b, '#fff')).toBeNull();
    expect(draftOf(null, [a], b, '#fff')).toBeNull();
    expect(draftOf('angle', [], null, '#fff')).toBeNull();
  });

  it('makes a new drawing shown ± the visible frames, the label trimmed for text only', () => {
    expect(newDrawing('text', 42, 20, [{ x: 1, y: 2 }], '  Hi ', '#fff')).toEqual({ kind: 'text', frameNr: 42, fromFrameNr: 22, toFrameNr: 62, points: [{ x: 1, y: 2 }], text: 'Hi', colour: '#fff', onChart: false });
    expect(newDrawing('line', 5, 20, [], 'Hi', '#fff')).toMatchObject({ fromFrameNr: 0, toFrameNr: 25, text: '' });
  });
});
