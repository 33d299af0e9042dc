/**
 * What the pose models last ran on in this process, for Settings (settings.get's `inference`):
 * recorded by estimatePose from its inference pool, read by the settings handler. Like
 * engine-speed.ts, a fact of this app session, not stored.
 */
import type { InferProvider, InferProviderView } from '../../contract/infer-provider.js';
import { inferProviderSetting, plannedProvider } from './execution-provider.js';

/** One analysis's execution provider: the planned one, or `cpu` when a model fell back (`fallback` says which and why). */
export interface ProviderUse {
  used: InferProvider;
  fallback: string | null;
}

let last: ProviderUse | undefined;

/** Records the provider of an analysis that just ran. */
export function recordProviderUse(use: ProviderUse): void {
  last = use;
}

/** The last recorded analysis's provider, undefined before the first in this process. */
export function lastProviderUse(): ProviderUse | undefined {
  return last;
}

/** What Settings shows: SWING_INFER_PROVIDER, the provider planned on this machine, and the last analysis's. */
export function inferProviderView(): InferProviderView {
  const setting = inferProviderSetting();
  return {
    requested: setting.request,
    planned: plannedProvider(setting),
    used: last?.used ?? null,
    fallback: last?.fallback ?? null,
    settingProblem: setting.problem ?? null,
  };
}
