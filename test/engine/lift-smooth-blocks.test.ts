/**
 * smoothLift (main/engine/lift/lift-smooth.ts) smooths a run block by block (issue 29: memory
 * that does not grow with the run's length); its output must be exactly what smoothing the whole
 * run at once gives. The reference below is the whole-run version it replaced.
 */
import { describe, expect, it } from 'vitest';
import { LIFT_SMOOTH_S, sgWeights, smoothLift } from '../../main/engine/lift/lift-smooth.js';
import { BONE_COUNT, BONE_JOINTS } from '../../main/engine/lift/lift-skeleton.js';

/** The whole-run smoothing (every bone direction of the run held at once). */
function wholeRun(kp: Float32Array, runs: [number, number][], fps: number): void {
  const m = Math.max(2, Math.round(LIFT_SMOOTH_S * fps));
  for (const [a, b] of runs) {
    if (b - a + 1 < 5) continue;
    const n = b - a + 1;
    const dir = new Float64Array(n * BONE_COUNT * 3);
    const len = new Float64Array(BONE_COUNT);
    for (let bn = 0; bn < BONE_COUNT; bn++) {
      const [pa, ch] = BONE_JOINTS[bn]!;
      const lens: number[] = [];
      for (let i = 0; i < n; i++) {
        const o = (a + i) * 51;
        const d = [0, 1, 2].map((k) => kp[o + 3 * ch + k]! - kp[o + 3 * pa + k]!);
        const l = Math.hypot(d[0]!, d[1]!, d[2]!);
        lens.push(l);
        for (let k = 0; k < 3; k++) dir[(i * BONE_COUNT + bn) * 3 + k] = l > 0 ? d[k]! / l : 0;
      }
      lens.sort((x, y) => x - y);
      len[bn] = lens[n >> 1]!;
      for (let k = 0; k < 3; k++) {
        const off = bn * 3 + k;
        const src = Float64Array.from({ length: n }, (_, i) => dir[i * BONE_COUNT * 3 + off]!);
        for (let i = 0; i < n; i++) {
          const h = Math.min(m, i, n - 1 - i);
          if (h < 2) continue;
          const w = sgWeights(h);
          let s = 0;
          for (let j = -h; j <= h; j++) s += w[j + h]! * src[i + j]!;
          dir[i * BONE_COUNT * 3 + off] = s;
        }
      }
    }
    for (let i = 0; i < n; i++) {
      const o = (a + i) * 51;
      kp.fill(0, o, o + 3);
      for (let bn = 0; bn < BONE_COUNT; bn++) {
        const [pa, ch] = BONE_JOINTS[bn]!;
        const q = (i * BONE_COUNT + bn) * 3;
        const l = Math.hypot(dir[q]!, dir[q + 1]!, dir[q + 2]!) || 1;
        for (let k = 0; k < 3; k++) kp[o + 3 * ch + k] = kp[o + 3 * pa + k]! + (dir[q + k]! / l) * len[bn]!;
      }
    }
  }
}

describe('smoothLift by blocks', () => {
  it('gives the whole-run result to the bit on runs longer than a block, at 30, 60 and 240 fps', () => {
    const N = 9000;
    const base = new Float32Array(N * 51);
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let f = 0; f < N; f++) for (let j = 1; j < 17; j++) for (let k = 0; k < 3; k++) base[f * 51 + j * 3 + k] = Math.sin(f / 37 + j + k) * 0.3 + (rnd() - 0.5) * 0.05;
    const cases: [number, number][][] = [[[0, N - 1]], [[3, 4099], [4100, 4105], [4200, 8999]], [[10, 8202]]];
    for (const fps of [30, 60, 240]) {
      for (const runs of cases) {
        const got = base.slice();
        const want = base.slice();
        smoothLift(got, runs, fps);
        wholeRun(want, runs, fps);
        expect(Buffer.from(got.buffer).equals(Buffer.from(want.buffer))).toBe(true);
      }
    }
  });
});
