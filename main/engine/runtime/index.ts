/** Engine runtime: the pose model runtimes (ONNX Runtime first, TF.js WASM as the fallback), model files and the measured engine speed. See ../README.md. */
export { measuredSecondsPerFrame, recordEngineRun } from './engine-speed.js';
export type { ModelInput, ModelName, PoseModel } from './pose-runtime.js';
export { loadModel, onProviderFallback, runtimes } from './runtime-select.js';
export { inferProviderSetting, outputsDisagree, plannedProvider, providerCheckInput, PROVIDER_TOLERANCE } from './execution-provider.js';
export { inferProviderView, lastProviderUse, recordProviderUse, type ProviderUse } from './provider-use.js';
