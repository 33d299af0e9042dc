/** Helpers of the engine tests: temp clips made with ffmpeg, PCK against reference keypoints. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';

/** A temp folder for generated clips. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'engine-test-'));
}

/** Runs ffmpeg with `args` (quiet, overwrite) and returns `out`. */
export function ffmpeg(args: string[], out: string): string {
  execFileSync(testFfmpeg(), ['-v', 'error', '-y', ...args, out]);
  return out;
}

/** H36M joint → COCO-17 joint for the joints both skeletons have (shoulders … ankles). */
export const SHARED_JOINTS: ReadonlyArray<readonly [number, number]> = [
  [11, 5], [14, 6], [12, 7], [15, 8], [13, 9], [16, 10], [4, 11], [1, 12], [5, 13], [2, 14], [6, 15], [3, 16],
];

/**
 * PCK@alpha: share of shared joints whose 2D error is ≤ alpha × torso size, torso size being the
 * distance from mid-shoulder to mid-hip in the reference frame. Frames absent in `track` count
 * as misses. `ref[f]` = 17 COCO [x, y] pairs of frame f.
 */
export function pck(track: PoseTrack, ref: number[][][], alpha: number): number {
  let ok = 0;
  let n = 0;
  ref.forEach((k, f) => {
    const p = (c: number) => k[c] ?? [NaN, NaN];
    const mid = (a: number, b: number) => [((p(a)[0] ?? 0) + (p(b)[0] ?? 0)) / 2, ((p(a)[1] ?? 0) + (p(b)[1] ?? 0)) / 2];
    const [s, h] = [mid(5, 6), mid(11, 12)];
    const torso = Math.hypot((s[0] ?? 0) - (h[0] ?? 0), (s[1] ?? 0) - (h[1] ?? 0));
    for (const [j, c] of SHARED_JOINTS) {
      n++;
      if (!track.present[f]) continue;
      const i = (f * track.joints + j) * 2;
      const e = Math.hypot((track.keypoints[i] ?? NaN) - (p(c)[0] ?? NaN), (track.keypoints[i + 1] ?? NaN) - (p(c)[1] ?? NaN));
      if (e <= alpha * torso) ok++;
    }
  });
  return ok / n;
}

/** Intersection over union of two [x, y, w, h] boxes. */
export function boxIou(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const [ax, ay, aw, ah] = [a[0] ?? 0, a[1] ?? 0, a[2] ?? 0, a[3] ?? 0];
  const [bx, by, bw, bh] = [b[0] ?? 0, b[1] ?? 0, b[2] ?? 0, b[3] ?? 0];
  const ix = Math.max(0, Math.min(ax + aw, bx + bw) - Math.max(ax, bx));
  const iy = Math.max(0, Math.min(ay + ah, by + bh) - Math.max(ay, by));
  return (ix * iy) / (aw * ah + bw * bh - ix * iy);
}
