/**
 * Versions reported by the local service (task `metadata` and the /process `done` line).
 * `compute_version` is the app version of package.json (vX.Y.Z as API.md requires); bump both
 * together. `pipeline_version` is the requested pipeline name: "stable" or "latest" (both run
 * the same local engine today).
 */
export const COMPUTE_VERSION = 'v0.1.0';

/** `metadata` object for a run of pipeline `version`. */
export function versionMetadata(version: string): { pipeline_version: string; compute_version: string } {
  return { pipeline_version: version, compute_version: COMPUTE_VERSION };
}
