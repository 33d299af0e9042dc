/**
 * The TF.js → ONNX converter: every converted model, run on ONNX Runtime, gives the TF.js
 * model's outputs (wasm backend) on the same real input: frame 100 of tennis_forehand_2.mp4
 * (decoded at the engine's 640 px), a square crop around the player or (multipose) the frame.
 *
 * Tolerances (max abs difference per output): both runtimes compute in float32 but sum in a
 * different order (XNNPACK vs ORT's NCHWc/Winograd kernels) through 50-120 layers. Measured on
 * this input (on a synthetic sine pattern in brackets), each bound is ≥ 10× the larger figure:
 * - MoveNet keypoints (y, x in 0..1 of the crop; score 0..1): 1e-4, measured 2.2e-6 (8.8e-7);
 *   1e-4 of a 1080 px crop is 0.1 px; multipose rows (keypoints, boxes, scores, 0..1): 1e-4,
 *   measured 2.1e-6 (7.8e-7 on 512 × 288, 288 × 512 and 256 × 256 inputs);
 * - BlazePose `ld_3d` (pixels of the 256 px input, and depth): 0.02, measured 7.8e-4 (3.3e-3);
 *   `world_3d` (m): 1e-3, measured 4.1e-5 (3.1e-5); `activation_heatmap` and `output_poseflag`
 *   (0..1): 1e-3, measured 1.0e-5 (1.5e-5); `activation_segmentation` (logits): 0.05, measured
 *   6.1e-4 (4.6e-3).
 * Set PRINT_DIFF=1 to print the differences.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { cropToInput, resizeToInput } from '../../main/engine/inference/crop-input.js';
import { multiposeInputSize } from '../../main/engine/inference/movenet.js';
import { decodeFrames, decodeSize, probeVideo } from '../../main/av/index.js';
import { fileModelHandler } from '../../main/engine/runtime/model-files.js';
import { tfReady } from '../../main/engine/runtime/tf-runtime.js';
import { halfToFloat, readTfGraph } from '../../main/models/tfjs-graph.js';
import { ONNX_MODELS, onnxModelBytes, tfjsModelsDir } from '../../main/models/onnx-models.js';
import { mediaPath } from '../support/media.js';

const TOLERANCE: Record<string, number> = {
  Identity: 1e-4,
  output_0: 1e-4,
  ld_3d: 0.02,
  world_3d: 1e-3,
  activation_heatmap: 1e-3,
  output_poseflag: 1e-3,
  activation_segmentation: 0.05,
};

let frame: { rgb: Uint8Array; width: number; height: number };

beforeAll(async () => {
  const path = mediaPath('tennis_forehand_2.mp4');
  const v = await probeVideo(path);
  const gen = decodeFrames(path, decodeSize(v.width, v.height, 640));
  for await (const f of gen) {
    if (f.index < 100) continue;
    frame = f;
    break;
  }
  await gen.return(undefined);
}, 60_000);

/**
 * The model input, NHWC, batch 1: multipose the whole frame at its engine size (512 × 288),
 * the others a square crop; int32 0..255 for MoveNet, float 0..1 for BlazePose.
 */
function inputFor(name: string): { data: Int32Array | Float32Array; dims: number[] } {
  if (name === 'movenet-multipose') {
    const { w, h } = multiposeInputSize(frame.width, frame.height);
    return { data: resizeToInput(frame.rgb, frame.width, frame.height, w, h), dims: [1, h, w, 3] };
  }
  const size = name === 'movenet-lightning' ? 192 : 256;
  const px = cropToInput(frame.rgb, frame.width, frame.height, { cx: frame.width / 2, cy: frame.height / 2, side: frame.height }, size);
  return { data: name.startsWith('movenet') ? px : Float32Array.from(px, (v) => v / 255), dims: [1, size, size, 3] };
}

describe('tfjs → onnx', () => {
  it('dequantizes float16 exactly (1, -2, 65504, smallest subnormal, Inf)', () => {
    expect([0x3c00, 0xc000, 0x7bff, 0x0001, 0x7c00].map(halfToFloat)).toEqual([1, -2, 65504, 2 ** -24, Infinity]);
  });

  for (const name of ONNX_MODELS) {
    it(`${name}: ONNX Runtime outputs equal TF.js outputs on a real frame`, async () => {
      const { data, dims } = inputFor(name);
      const session = await ort.InferenceSession.create(await onnxModelBytes(name), { intraOpNumThreads: 1 });
      const dtype = data instanceof Int32Array ? 'int32' : 'float32';
      const got = await session.run({ [session.inputNames[0]!]: new ort.Tensor(dtype, data, dims) });
      const tf = await tfReady();
      const model = await tf.loadGraphModel(fileModelHandler(join(tfjsModelsDir(), `${name}.json`)));
      const input = tf.tensor(data, dims, dtype);
      const signature = (await readTfGraph(join(tfjsModelsDir(), `${name}.json`))).outputs;
      const outs = model.execute(input, signature.map(([, tensor]) => tensor));
      const list = Array.isArray(outs) ? outs : [outs];
      expect(signature.length).toBeGreaterThan(0);
      for (const [i, [key]] of signature.entries()) {
        const out = key.replace(/:0$/, '');
        const want = await list[i]!.data();
        const have = got[out]!.data as Float32Array;
        expect(got[out]!.dims).toEqual(list[i]!.shape);
        let maxDiff = 0;
        for (let j = 0; j < want.length; j++) maxDiff = Math.max(maxDiff, Math.abs(want[j]! - have[j]!));
        if (process.env.PRINT_DIFF) console.log(name, out, maxDiff);
        expect(maxDiff, `${name} ${out}`).toBeLessThanOrEqual(TOLERANCE[out] ?? 0);
      }
      tf.dispose([input, ...list]);
      model.dispose();
      await session.release();
    }, 120_000);
  }

  it('ONNX Runtime folds the converter\'s NHWC↔NCHW transposes (MoveNet lightning: 154 → ≤ 2)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'onnx-opt-')), 'opt.onnx');
    const session = await ort.InferenceSession.create(await onnxModelBytes('movenet-lightning'), { optimizedModelFilePath: out, logSeverityLevel: 3 });
    await session.release();
    const count = (bytes: Uint8Array) => onnxProto.onnx.ModelProto.decode(bytes).graph!.node!.filter((n) => n.opType === 'Transpose').length;
    expect(count(await onnxModelBytes('movenet-lightning'))).toBe(154);
    expect(count(readFileSync(out))).toBeLessThanOrEqual(2);
  }, 60_000);
});
