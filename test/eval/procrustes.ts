/**
 * 3D pose error measures of Human3.6M practice (Ionescu et al., TPAMI 2014; Pavllo et al.,
 * CVPR 2019): MPJPE, the mean Euclidean distance between corresponding joints, and PA-MPJPE,
 * the MPJPE after the similarity transform (rotation, translation, uniform scale) that best maps
 * the prediction onto the reference (Procrustes analysis). The rotation is found with Horn's
 * closed-form unit-quaternion method (Horn, "Closed-form solution of absolute orientation using
 * unit quaternions", JOSA A 4(4), 1987), which never returns a reflection. Units are those of
 * the inputs (metres here).
 */
import type { Vec3 } from '../../main/pose/vec3.js';

/** A 3×3 rotation matrix, row-major: rotated = R · v. */
export type Mat3 = [number, number, number, number, number, number, number, number, number];

/** R · v. */
export function rotate(r: Mat3, v: Vec3): Vec3 {
  return [
    r[0] * v[0] + r[1] * v[1] + r[2] * v[2],
    r[3] * v[0] + r[4] * v[1] + r[5] * v[2],
    r[6] * v[0] + r[7] * v[1] + r[8] * v[2],
  ];
}

/**
 * Mean Euclidean distance between corresponding points (MPJPE), in the inputs' unit.
 * @throws RangeError when the lists differ in length or are empty.
 */
export function mpjpe(pred: readonly Vec3[], ref: readonly Vec3[]): number {
  if (pred.length !== ref.length || pred.length === 0)
    throw new RangeError(`point lists must be equal and non-empty: ${pred.length} vs ${ref.length}`);
  let s = 0;
  pred.forEach((p, i) => (s += Math.hypot(p[0] - ref[i]![0], p[1] - ref[i]![1], p[2] - ref[i]![2])));
  return s / pred.length;
}

/** Eigenvector of the largest eigenvalue of a symmetric 4×4 matrix (cyclic Jacobi rotations). */
function topEigenvector4(a: number[][]): number[] {
  const m = a.map((r) => [...r]);
  const v: number[][] = [0, 1, 2, 3].map((i) => [0, 1, 2, 3].map((j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < 4; p++) for (let q = p + 1; q < 4; q++) off += m[p]![q]! ** 2;
    if (off < 1e-24) break;
    for (let p = 0; p < 4; p++) {
      for (let q = p + 1; q < 4; q++) {
        if (Math.abs(m[p]![q]!) < 1e-300) continue;
        const theta = (m[q]![q]! - m[p]![p]!) / (2 * m[p]![q]!);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < 4; k++) {
          const [mkp, mkq] = [m[k]![p]!, m[k]![q]!];
          m[k]![p] = c * mkp - s * mkq;
          m[k]![q] = s * mkp + c * mkq;
        }
        for (let k = 0; k < 4; k++) {
          const [mpk, mqk] = [m[p]![k]!, m[q]![k]!];
          m[p]![k] = c * mpk - s * mqk;
          m[q]![k] = s * mpk + c * mqk;
        }
        for (let k = 0; k < 4; k++) {
          const [vkp, vkq] = [v[k]![p]!, v[k]![q]!];
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  let best = 0;
  for (let i = 1; i < 4; i++) if (m[i]![i]! > m[best]![best]!) best = i;
  return v.map((row) => row[best]!);
}

/**
 * The rotation R minimising Σ |R·a_i − b_i|² (no centring, no scale): Horn's quaternion method.
 * @throws RangeError when the lists differ in length or are empty.
 */
export function fitRotation(a: readonly Vec3[], b: readonly Vec3[]): Mat3 {
  if (a.length !== b.length || a.length === 0)
    throw new RangeError(`point lists must be equal and non-empty: ${a.length} vs ${b.length}`);
  const S = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  a.forEach((p, i) => {
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) S[r * 3 + c]! += p[r]! * b[i]![c]!;
  });
  const [xx, xy, xz, yx, yy, yz, zx, zy, zz] = S as Mat3;
  const n = [
    [xx + yy + zz, yz - zy, zx - xz, xy - yx],
    [yz - zy, xx - yy - zz, xy + yx, zx + xz],
    [zx - xz, xy + yx, -xx + yy - zz, yz + zy],
    [xy - yx, zx + xz, yz + zy, -xx - yy + zz],
  ];
  const [w, x, y, z] = topEigenvector4(n) as [number, number, number, number];
  return [
    w * w + x * x - y * y - z * z,
    2 * (x * y - w * z),
    2 * (x * z + w * y),
    2 * (x * y + w * z),
    w * w - x * x + y * y - z * z,
    2 * (y * z - w * x),
    2 * (x * z - w * y),
    2 * (y * z + w * x),
    w * w - x * x - y * y + z * z,
  ];
}

function centroid(p: readonly Vec3[]): Vec3 {
  const c: Vec3 = [0, 0, 0];
  for (const v of p) for (let k = 0; k < 3; k++) c[k]! += v[k]! / p.length;
  return c;
}

/** Similarity transform of {@link procrustes}: aligned = scale · R · (p − from) + to. */
export interface Similarity {
  rotation: Mat3;
  scale: number;
  from: Vec3;
  to: Vec3;
}

/**
 * The similarity transform (rotation, translation and, with `withScale`, uniform scale) that
 * best maps `pred` onto `ref` in least squares, and `pred` mapped by it.
 * Scale = Σ (b_i − b̄)·R(a_i − ā) / Σ |a_i − ā|² (Horn 1987, asymmetric form).
 * @throws RangeError when the lists differ in length or are empty.
 */
export function procrustes(
  pred: readonly Vec3[],
  ref: readonly Vec3[],
  withScale = true,
): { aligned: Vec3[]; transform: Similarity } {
  const [ca, cb] = [centroid(pred), centroid(ref)];
  const a = pred.map((p): Vec3 => [p[0] - ca[0], p[1] - ca[1], p[2] - ca[2]]);
  const b = ref.map((p): Vec3 => [p[0] - cb[0], p[1] - cb[1], p[2] - cb[2]]);
  const rotation = fitRotation(a, b);
  const ra = a.map((p) => rotate(rotation, p));
  let scale = 1;
  if (withScale) {
    const num = ra.reduce((s, p, i) => s + p[0] * b[i]![0] + p[1] * b[i]![1] + p[2] * b[i]![2], 0);
    const den = a.reduce((s, p) => s + p[0] ** 2 + p[1] ** 2 + p[2] ** 2, 0);
    scale = den > 0 ? num / den : 1;
  }
  const aligned = ra.map((p): Vec3 => [scale * p[0] + cb[0], scale * p[1] + cb[1], scale * p[2] + cb[2]]);
  return { aligned, transform: { rotation, scale, from: ca, to: cb } };
}

/** PA-MPJPE: {@link mpjpe} after {@link procrustes} with scale. @throws RangeError as mpjpe. */
export function paMpjpe(pred: readonly Vec3[], ref: readonly Vec3[]): number {
  return mpjpe(procrustes(pred, ref, true).aligned, ref);
}
