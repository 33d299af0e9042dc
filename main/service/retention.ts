/**
 * Retention of the service's stored objects: everything under `objects/` (uploaded videos, task
 * copies, tennis results, /process archives) is removed once it is older than the presigned URL
 * lifetime, 24 h (API.md "Limits"): no URL the service handed out can still reach it. The sweep
 * runs at start and then every {@link RETENTION_SWEEP_INTERVAL_MS}. A failed task's copy is
 * removed at once by the task worker (task-worker.ts); a finished task's `result_url` answers
 * 404 once its result is swept. The pose checkpoints a `/process` run left when its client went
 * away (`work/process-<sha256>`, process-route.ts) go when their newest file is older than the same
 * 24 h ({@link sweepAbandonedProcessWork}): a client that resumes comes back within the hour.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PRESIGNED_URL_LIFETIME_S } from '../contract/api-schema.js';

/** Age after which a stored object is removed, ms (the 24 h presigned URL lifetime). */
export const OBJECT_MAX_AGE_MS = PRESIGNED_URL_LIFETIME_S * 1000;
/** How often the running service sweeps, ms (hourly: an object lives at most 25 h). */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes files under `objectsDir` (recursively) whose mtime is more than `maxAgeMs` before `now`.
 * @returns how many files and bytes were removed. Files that vanish meanwhile are skipped.
 */
export function sweepExpiredObjects(objectsDir: string, now: number, maxAgeMs = OBJECT_MAX_AGE_MS): { files: number; bytes: number } {
  const out = { files: 0, bytes: 0 };
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        const s = statSync(p, { throwIfNoEntry: false });
        if (s && s.mtimeMs < now - maxAgeMs) {
          rmSync(p, { force: true });
          out.files++;
          out.bytes += s.size;
        }
      }
    }
  };
  walk(objectsDir);
  return out;
}

/** Prefix of the working folders of `/process` runs (process-route.ts), under the service's `work/`. */
export const PROCESS_WORK_PREFIX = 'process-';

/**
 * Removes each `process-*` folder of `workDir` whose newest file is more than `maxAgeMs` before
 * `now` (a folder with no file counts by its own mtime). Tennis tasks' folders (`task-*`) are left
 * to the task worker.
 * @returns how many folders were removed.
 */
export function sweepAbandonedProcessWork(workDir: string, now: number, maxAgeMs = OBJECT_MAX_AGE_MS): number {
  let removed = 0;
  let entries;
  try {
    entries = readdirSync(workDir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    if (!e.isDirectory() || !e.name.startsWith(PROCESS_WORK_PREFIX)) continue;
    const dir = join(workDir, e.name);
    if (newestMtimeMs(dir) < now - maxAgeMs) {
      rmSync(dir, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/** The newest mtime under `dir` (recursively, the folder itself included), ms; 0 when it vanished. */
function newestMtimeMs(dir: string): number {
  let newest = statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtimeMs(p) : (statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? 0));
  }
  return newest;
}
