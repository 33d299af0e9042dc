/**
 * Where the local analysis service keeps its files, all under `<home>/service/`:
 *
 *   token            bearer token of the /api and /process routes (0600)
 *   signing-secret   HMAC-SHA256 key of the presigned storage URLs (0600)
 *   tasks.sqlite     persistent tennis task queue (WAL, STRICT tables)
 *   objects/         object storage: videos/<uuid><ext>, results/<task_id>.json, archives/<uuid>.zip
 *   tmp/             partial uploads and multipart bodies; same file system as objects/ so that
 *                    rename() is atomic; emptied on start
 *   work/            per-task working folders, work/task-<id>/pose: the engine's pose checkpoints
 *                    of a task that may resume (kept while it is queued or running, removed when
 *                    it ends; task-worker.ts), work/process-<sha256 prefix>: a /process run's
 *                    pose checkpoints (process-work.ts)
 */
import { join } from 'node:path';
import { homeDir } from '../config/home.js';

/** Absolute paths of the service's files and folders. */
export interface ServiceLayout {
  root: string;
  tokenPath: string;
  secretPath: string;
  dbPath: string;
  objectsDir: string;
  tmpDir: string;
  /** Working folders (pose checkpoints): one `task-<id>` per tennis task, one `process-<sha256 prefix>` per interrupted /process run. */
  workDir: string;
}

/** Creates (0700) the service folders under `home` and returns their paths. */
export function serviceLayout(home: string): ServiceLayout {
  const root = homeDir(home, 'service');
  return {
    root,
    tokenPath: join(root, 'token'),
    secretPath: join(root, 'signing-secret'),
    dbPath: join(root, 'tasks.sqlite'),
    objectsDir: homeDir(home, 'service', 'objects'),
    tmpDir: homeDir(home, 'service', 'tmp'),
    workDir: homeDir(home, 'service', 'work'),
  };
}
