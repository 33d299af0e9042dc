/**
 * The bone tree the 3D lift builds (H36M-17, pelvis at the origin, metres, x right, y up,
 * z toward the camera) and the per-frame bone data it works on: for every bone the picture-plane
 * components (dx, dy) and the magnitude of its depth |dz|, whose sign is the one unknown.
 */
import { H36M_LIMBS } from '../../pose/h36m.js';

/** Bones in an order where every parent is placed before its child (tree from the pelvis). */
export const BONE_ORDER = [
  'right_hip', 'right_thigh', 'right_shin', 'left_hip', 'left_thigh', 'left_shin', 'lower_spine', 'upper_spine',
  'neck', 'head', 'left_clavicle', 'left_upper_arm', 'left_forearm', 'right_clavicle', 'right_upper_arm', 'right_forearm',
] as const;

/** Bone name → index into {@link BONE_ORDER}. */
export const BONE: Readonly<Record<(typeof BONE_ORDER)[number], number>> = Object.fromEntries(BONE_ORDER.map((n, i) => [n, i])) as never;

/** Number of bones (16). */
export const BONE_COUNT = BONE_ORDER.length;

/** [parent, child] H36M joint ids per bone, in {@link BONE_ORDER}. */
export const BONE_JOINTS: readonly (readonly [number, number])[] = BONE_ORDER.map((n) => H36M_LIMBS[n] ?? [0, 0]);

/**
 * Per-frame bone data of a clip, asked for one frame at a time: `frameBones(f)` is frame f's 16
 * bones as `[b · 3 + k]`, k = 0 dx (m, right), 1 dy (m, up), 2 |dz| (m, ≥ 0), in BONE_ORDER; the
 * bone's length is √(dx² + dy² + dz²). The array returned may be reused by the next call: read it
 * before asking for another frame.
 */
export interface BoneFrames {
  frames: number;
  frameBones(f: number): Float64Array;
}

/**
 * Writes one frame's 17 joints (x, y, z; metres, pelvis at 0) into `out` (length ≥ 51) from the
 * bone data and a depth sign per bone (`sign(b)` = ±1).
 */
export function assembleFrame(bf: BoneFrames, f: number, sign: (b: number) => number, out: Float64Array): void {
  out.fill(0, 0, 51);
  const bones = bf.frameBones(f);
  for (let b = 0; b < BONE_COUNT; b++) {
    const [pa, ch] = BONE_JOINTS[b]!;
    const o = b * 3;
    out[3 * ch] = out[3 * pa]! + bones[o]!;
    out[3 * ch + 1] = out[3 * pa + 1]! + bones[o + 1]!;
    out[3 * ch + 2] = out[3 * pa + 2]! + sign(b) * bones[o + 2]!;
  }
}

/** Contiguous runs [first, last] of frames where `present[f]` is set. */
export function presentRuns(present: ArrayLike<number>): [number, number][] {
  const runs: [number, number][] = [];
  for (let f = 0; f < present.length; f++) {
    if (!present[f]) continue;
    const a = f;
    while (f + 1 < present.length && present[f + 1]) f++;
    runs.push([a, f]);
  }
  return runs;
}
