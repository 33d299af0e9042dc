/**
 * Build step (`npm run build:models`, run by `build:main`, hence by `npm run build` and
 * `prepare`): converts every model of {@link ONNX_MODELS} from its TF.js graph model to
 * `dist/models/<name>.onnx`, skipping the ones already newer than their sources and the
 * converter. Prints one line per model; exits 1 naming the model when a conversion fails.
 */
import { ONNX_MODELS, isOnnxModelFresh, onnxModelPath, writeOnnxModel } from './onnx-models.js';

for (const name of ONNX_MODELS) {
  if (isOnnxModelFresh(name)) {
    console.log(`models: ${name} up to date`);
    continue;
  }
  const t0 = performance.now();
  try {
    const bytes = await writeOnnxModel(name);
    console.log(`models: ${name} → ${onnxModelPath(name)} (${(bytes.length / 2 ** 20).toFixed(1)} MiB, ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    console.error(`models: converting ${name} failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
