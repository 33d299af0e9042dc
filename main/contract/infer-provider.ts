/**
 * Which hardware runs the pose models: ONNX Runtime's execution providers Swing Studio may ask
 * for, the SWING_INFER_PROVIDER setting, and what Settings shows. Node-free (the renderer reads
 * the view type); the choice itself is main/engine/runtime/execution-provider.ts's.
 *
 * onnxruntime-node's prebuilt binaries offer DirectML on Windows, CoreML on macOS and CUDA 12 on
 * Linux x64 (its README, "Requirements"), each beside the CPU provider every platform has.
 */

/** Our names of the providers, ONNX Runtime's own `executionProviders` names. */
export const INFER_PROVIDERS = ['cpu', 'cuda', 'dml', 'coreml'] as const;
/** One of {@link INFER_PROVIDERS}. */
export type InferProvider = (typeof INFER_PROVIDERS)[number];
/** What SWING_INFER_PROVIDER may ask: a provider, or `auto` (the best this machine has). */
export type InferProviderRequest = InferProvider | 'auto';

/** A provider as a coach reads it. */
export const INFER_PROVIDER_LABELS: Readonly<Record<InferProvider, string>> = {
  cpu: 'CPU',
  cuda: 'NVIDIA GPU (CUDA)',
  dml: 'GPU (DirectML)',
  coreml: 'Apple Neural Engine / GPU (CoreML)',
};

/** SWING_INFER_PROVIDER read: the request, and why the value was not understood (then `auto`). */
export interface InferProviderSetting {
  request: InferProviderRequest;
  /** Set when the value is not one of cpu, cuda, dml, coreml, auto (the request is then `auto`). */
  problem?: string;
}

/**
 * Parses SWING_INFER_PROVIDER: cpu | cuda | dml | coreml | auto, any case, spaces trimmed;
 * unset or empty = auto. Never throws: an unknown value means auto with a `problem` saying so.
 * Decided: an unknown value does not stop an analysis (a typo must not cost a coach the run).
 */
export function parseInferProvider(value: string | undefined): InferProviderSetting {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'auto') return { request: 'auto' };
  if ((INFER_PROVIDERS as readonly string[]).includes(v)) return { request: v as InferProvider };
  return { request: 'auto', problem: `SWING_INFER_PROVIDER=${value} is not one of ${INFER_PROVIDERS.join(', ')}, auto; auto is used` };
}

/** What Settings shows about the pose models' hardware (settings.get's `inference`). */
export interface InferProviderView {
  /** What SWING_INFER_PROVIDER asks (`auto` when unset or not understood). */
  requested: InferProviderRequest;
  /** The provider an analysis tries first on this machine (`cpu` when it has nothing else). */
  planned: InferProvider;
  /**
   * What the last analysis run by this process ran on; null before the first one, and always in
   * the desktop app, whose analyses run in its utility process (there each analysis's warnings say
   * when it fell back: 'inference-provider-fallback'). Known in the CLI and the browser bridge.
   */
  used: InferProvider | null;
  /** Why the last analysis fell back to the CPU (provider failed to load or gave other results); null when it did not. */
  fallback: string | null;
  /** SWING_INFER_PROVIDER's value was not understood (then `auto`); null when it was. */
  settingProblem: string | null;
}
