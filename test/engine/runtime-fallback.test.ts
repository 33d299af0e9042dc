/**
 * The runtime choice: ONNX Runtime by default; when onnxruntime-node cannot load (forced here
 * with SWING_ORT_MODULE pointing at a missing file, as on a machine whose native library fails)
 * the engine runs the TF.js WASM fallback and says so in a warning. Both runs (fast pass) analyse the same
 * 1 s cut of tennis_forehand_2.mp4 (frames 90-119, the player in view).
 *
 * Same outputs: per model run the runtimes agree within 2.2e-6 (test/models). On the first
 * frame (both runs crop where the same detection put the crop) the keypoints agree within
 * 0.3 px of the 1080 px frame (measured 0.027 px). After that each frame's crop comes from an
 * earlier frame's pose, so a last-digit difference can move a crop by a pixel, and the runs
 * drift apart: over the 30 frames the median keypoint distance is bounded by 3 px (measured
 * 1.5 px; the largest single distance, 138 px, is one joint picked differently in a blurred
 * frame, not bounded here), and the frames with a player found are the same.
 */
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { estimatePose, type PoseEstimate } from '../../main/engine/index.js';
import { mediaPath } from '../support/media.js';
import { ffmpeg, tempDir } from './helpers.js';

let clip: string;

beforeAll(() => {
  clip = ffmpeg(['-ss', '3', '-i', mediaPath('tennis_forehand_2.mp4'), '-t', '1', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18'], join(tempDir(), 'cut.mp4'));
});

afterEach(() => {
  delete process.env.SWING_ORT_MODULE;
});

/** Median and largest keypoint distance (px of the source frame) between two runs, over frames `from`…`to` − 1 found in both. */
function distancesPx(a: PoseEstimate, b: PoseEstimate, from = 0, to = a.pose2d.frames): { median: number; max: number } {
  const d: number[] = [];
  for (let f = from; f < to; f++) {
    if (!a.pose2d.present[f] || !b.pose2d.present[f]) continue;
    for (let j = 0; j < 17; j++) {
      const i = (f * 17 + j) * 2;
      d.push(Math.hypot((a.pose2d.keypoints[i] ?? 0) - (b.pose2d.keypoints[i] ?? 0), (a.pose2d.keypoints[i + 1] ?? 0) - (b.pose2d.keypoints[i + 1] ?? 0)));
    }
  }
  d.sort((x, y) => x - y);
  return { median: d[d.length >> 1] ?? NaN, max: d.at(-1) ?? NaN };
}

describe('pose runtime', () => {
  it('runs on ONNX Runtime, and on TF.js WASM with a warning when ONNX Runtime cannot load', async () => {
    const ort = await estimatePose(clip, { playerHeightMm: 1850, secondPass: false });
    expect(ort.warnings.map((w) => w.detail).join('\n')).not.toMatch(/ONNX Runtime could not load/);
    process.env.SWING_ORT_MODULE = join(tempDir(), 'missing-onnxruntime.js');
    const tfjs = await estimatePose(clip, { playerHeightMm: 1850, secondPass: false });
    expect(tfjs.warnings.map((w) => w.detail).join('\n')).toMatch(/ONNX Runtime could not load \(.*missing-onnxruntime.*\): pose models run on the TF\.js WASM fallback/);
    expect(Array.from(tfjs.pose2d.present)).toEqual(Array.from(ort.pose2d.present));
    expect(ort.pose2d.present.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(25);
    const first = distancesPx(ort, tfjs, 0, 1);
    const all = distancesPx(ort, tfjs);
    expect(first.max).toBeLessThanOrEqual(0.3);
    expect(all.median).toBeLessThanOrEqual(3);
  }, 300_000);
});
