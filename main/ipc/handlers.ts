/**
 * All handlers of the contract, from the app's parts. `Handlers` is a mapped type over
 * CONTRACT, so adding a channel to preload/contract.ts without a handler does not compile.
 */
import { clipHandlers } from './handlers-clips.js';
import { exportHandlers } from './handlers-export.js';
import { jobsHandlers } from './handlers-jobs.js';
import { libraryHandlers } from './handlers-library.js';
import { settingsHandlers } from './handlers-settings.js';
import type { HandlerDeps, Handlers } from './handler-types.js';

export type { HandlerDeps, Handlers, Emit } from './handler-types.js';

/** Builds every channel's handler over `deps`. */
export function createHandlers(deps: HandlerDeps): Handlers {
  return { ...libraryHandlers(deps), ...jobsHandlers(deps), ...settingsHandlers(deps), ...exportHandlers(deps), ...clipHandlers(deps) };
}
