/**
 * The working folder of one `POST /process` run (issue 29 item 1, resume): the engine's pose
 * checkpoints (main/engine/pose-checkpoint.ts) under `work/process-<sha256 of the upload>`, keyed
 * by the upload's content, so that the same clip sent again after the client went away (the app
 * quit or crashed mid-analysis) takes its finished chunks back instead of inferring them again.
 *
 * Decided: the folder is removed when the run answers (`done`, `error` or `failed`), and kept only
 * when the client went away or the engine stayed busy; retention.ts removes one left for 24 h.
 * Decided: the folder is named by the first 32 hex digits of the upload's SHA-256 (128 bits);
 * the checkpoint key inside holds the whole hash and every option that changes a pose, so a
 * request of the same clip with another player point or capture rate starts its own chunks.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunHooks } from '../pipeline/index.js';
import { PROCESS_WORK_PREFIX } from './retention.js';
import type { ServiceContext } from './service-context.js';

/** The checkpoint hooks of one run, what they read back, and the folder's removal. */
export interface ProcessWork {
  /** Hooks for AnalysisPipeline.analyseTechnique. */
  hooks: Pick<RunHooks, 'checkpointDir' | 'clipSha256' | 'checkpointChunkS' | 'onCheckpointChunk'>;
  /** Chunks of the fast pass read back from checkpoints so far (0 on a fresh run). */
  resumedChunks(): number;
  /** Removes the folder (the run answered). Never throws. */
  remove(): Promise<void>;
}

/**
 * The working folder of a run on an upload whose SHA-256 is `sha256` (hex), or undefined when
 * the service keeps no checkpoints (ServiceContext.processCheckpoints unset) or the hash is
 * unknown.
 */
export function processWork(ctx: ServiceContext, sha256: string | undefined): ProcessWork | undefined {
  const cfg = ctx.processCheckpoints;
  if (!cfg || !sha256 || !/^[0-9a-f]{64}$/.test(sha256)) return undefined;
  const dir = join(cfg.dir, `${PROCESS_WORK_PREFIX}${sha256.slice(0, 32)}`);
  let resumed = 0;
  return {
    hooks: {
      checkpointDir: dir,
      clipSha256: sha256,
      ...(cfg.chunkS ? { checkpointChunkS: cfg.chunkS } : {}),
      onCheckpointChunk: (_chunk, from) => void (from === 'checkpoint' && resumed++),
    },
    resumedChunks: () => resumed,
    remove: () => rm(dir, { recursive: true, force: true }).catch(() => undefined),
  };
}
