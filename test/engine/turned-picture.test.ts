/**
 * The turned-picture rule (main/engine/turned-picture.ts) on synthetic COCO poses: the hip-mid →
 * shoulder-mid vector within 30° of horizontal in ≥ 75 % of ≥ 10 measured frames; the head's side
 * picks the quarter turn (right → 90, left → 270).
 */
import { expect, test } from 'vitest';
import type { CocoPose } from '../../main/engine/inference/index.js';
import { pictureTurnedWarning, turnedPicture } from '../../main/engine/turned-picture.js';

/** A pose whose trunk (hips at 0, 0 → shoulders) points `deg` from the picture's +x axis, y down (90 = head down, −90 = head up). */
function trunk(deg: number, score = 0.9): CocoPose {
  const xy = new Float32Array(34);
  const [dx, dy] = [100 * Math.cos((deg * Math.PI) / 180), 100 * Math.sin((deg * Math.PI) / 180)];
  for (const [j, side] of [[5, -1], [6, 1], [11, -1], [12, 1]] as const) {
    const top = j < 11;
    xy[2 * j] = 200 + (top ? dx : 0) + side * 10 * Math.sin((deg * Math.PI) / 180);
    xy[2 * j + 1] = 200 + (top ? dy : 0) - side * 10 * Math.cos((deg * Math.PI) / 180);
  }
  return { xy, score: new Float32Array(17).fill(score) };
}
const many = (n: number, deg: number) => Array.from({ length: n }, () => trunk(deg));

test('an upright player, leaning up to 45°, is not turned', () => {
  expect(turnedPicture(many(30, -90))).toBeNull();
  expect(turnedPicture([...many(15, -45), ...many(15, -135)])).toBeNull();
});

test('a trunk lying across the picture: head right → turn 90 (counter-clockwise), head left → 270', () => {
  expect(turnedPicture(many(30, 0))).toEqual({ turn: 90, share: 1, frames: 30 });
  expect(turnedPicture(many(30, 180))?.turn).toBe(270);
  expect(turnedPicture(many(30, 25))?.turn).toBe(90); // within 30° of horizontal
  expect(turnedPicture(many(30, 35))).toBeNull(); // beyond it
});

test('the share and the count: 75 % of the measured frames, at least 10; unmeasured frames do not count', () => {
  expect(turnedPicture([...many(15, 0), ...many(5, -90)])?.share).toBe(0.75);
  expect(turnedPicture([...many(14, 0), ...many(6, -90)])).toBeNull(); // 70 %
  expect(turnedPicture(many(9, 0))).toBeNull();
  expect(turnedPicture([...many(10, 0), undefined, ...Array.from({ length: 20 }, () => trunk(-90, 0.1))])?.frames).toBe(10);
});

test('the warning is a notice with the coach sentence', () => {
  const w = pictureTurnedWarning({ turn: 90, share: 0.93, frames: 90 });
  expect(w).toMatchObject({ code: 'picture-turned', severity: 'notice', message: 'The picture was turned on its side; it was analysed upright.' });
  expect(w.detail).toMatch(/in 93 % of 90 frames .* counter-clockwise/);
});
