/** MPJPE and Procrustes alignment on hand-computed point sets. */
import { describe, expect, it } from 'vitest';
import type { Vec3 } from '../../main/pose/vec3.js';
import { fitRotation, mpjpe, paMpjpe, procrustes, rotate } from './procrustes.js';

const close = (a: readonly number[], b: readonly number[]) =>
  a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 9));

describe('mpjpe', () => {
  it('is the mean joint distance', () => {
    expect(
      mpjpe(
        [
          [0, 0, 0],
          [1, 0, 0],
        ],
        [
          [0, 0, 0],
          [1, 0, 3],
        ],
      ),
    ).toBe(1.5); // (0 + 3) / 2
    expect(() => mpjpe([], [])).toThrow(RangeError);
  });
});

describe('procrustes', () => {
  const a: Vec3[] = [
    [1, 0, 0],
    [0, 2, 0],
    [0, 0, 3],
    [1, 1, 1],
  ];
  // b = 2 · R_y(90°) · a + (1, 2, 3), R_y(90°) maps (x, y, z) to (z, y, −x).
  const b = a.map(([x, y, z]): Vec3 => [2 * z + 1, 2 * y + 2, -2 * x + 3]);

  it('finds the rotation (never a reflection), scale and translation exactly', () => {
    const { aligned, transform } = procrustes(a, b, true);
    expect(transform.scale).toBeCloseTo(2, 9);
    close(rotate(transform.rotation, [1, 0, 0]), [0, 0, -1]);
    close(rotate(transform.rotation, [0, 0, 1]), [1, 0, 0]);
    aligned.forEach((p, i) => close(p, b[i]!));
    expect(paMpjpe(a, b)).toBeCloseTo(0, 9);
  });
  it('fitRotation recovers a rotation without centring', () => {
    const r = fitRotation(
      a,
      a.map(([x, y, z]): Vec3 => [z, y, -x]),
    );
    close(rotate(r, [0, 1, 0]), [0, 1, 0]);
    close(rotate(r, [1, 0, 0]), [0, 0, -1]);
  });
  it('leaves the shape error: a cross stretched along y', () => {
    // a·b sums to 1 + 1 + 2 + 2 = 6 over |a|² = 4: scale 1.5, rotation identity; every joint is then 0.5 off.
    const cross: Vec3[] = [
      [1, 0, 0],
      [-1, 0, 0],
      [0, 1, 0],
      [0, -1, 0],
    ];
    const stretched: Vec3[] = [
      [1, 0, 0],
      [-1, 0, 0],
      [0, 2, 0],
      [0, -2, 0],
    ];
    expect(procrustes(cross, stretched).transform.scale).toBeCloseTo(1.5, 9);
    expect(paMpjpe(cross, stretched)).toBeCloseTo(0.5, 9);
    expect(mpjpe(cross, stretched)).toBe(0.5); // (0 + 0 + 1 + 1) / 4
  });
});
