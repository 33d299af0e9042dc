/**
 * The `done` object of a technique analysis (API.md endpoint 5's full response), built once for
 * both ways out of the pipeline: the `/process` NDJSON line (process-route.ts adds the JSON pose
 * entries and the archive URL) and the direct local backend (main/backends/direct.ts keeps the
 * pose as typed arrays).
 */
import type { DoneResult, TechniqueRequestMetadata } from '../contract/technique.js';
import type { TechniqueOutcome } from './pipeline-types.js';
import { versionMetadata } from './versions.js';

/**
 * The done object of a finished analysis, without pose entries.
 * @param streamed warnings already sent while the analysis ran (kept first, duplicates dropped).
 */
export function doneObject(meta: TechniqueRequestMetadata, o: Extract<TechniqueOutcome, { kind: 'done' }>, streamed: readonly string[]): DoneResult {
  return {
    status: 'done',
    uid: meta.uid,
    warnings: [...new Set([...streamed, ...o.warnings])],
    errors: [],
    result: o.result,
    metadata: versionMetadata('stable'),
  };
}
