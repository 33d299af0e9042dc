/**
 * Shared setup of the job queue tests (queue-*.test.ts): a temp home with a real library (SQLite),
 * the contract fault server on 127.0.0.1 as the "remote" service (fast synthetic analyses,
 * planned faults) and a real clip file; every queue made here is stopped after each test.
 */
import { readdirSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createBackendResolver, type BackendResolver } from '../../main/backends/index.js';
import { JobQueue, type AnalysisJobInput } from '../../main/jobs/index.js';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import { nodeSecretBox } from '../../main/settings/api-key.js';
import { startFaultServer, type FaultServer } from '../support/fault-server.js';
import { mediaPath } from '../support/media.js';

/** The clip every job analyses: 1.67 s, 1080×1920 portrait, 60 fps (test media SOURCES.md). */
export const CLIP = mediaPath('balance_portrait_60fps_1.mp4');

/** What one test works on; fields are fresh for each test (set in beforeEach). */
export interface QueueFixture {
  home: string;
  server: FaultServer;
  /** The library; a test may close it and open it again (a restart). */
  db: WritableDb;
  backends: BackendResolver;
  /** A queue on the fixture's library, home and backends (options overridable), stopped after the test. */
  queue(extra?: Partial<ConstructorParameters<typeof JobQueue>[0]>): JobQueue;
  /** Rows in the library's jobs table. */
  jobCount(): number;
  /** Names of the files in the library's clips and archives folders. */
  libraryFiles(): string[];
}

/** A valid remote analysis of {@link CLIP} for Ann Example (right-handed, 1680 mm), with overrides. */
export function input(over: Partial<AnalysisJobInput> = {}): AnalysisJobInput {
  return {
    videoPath: CLIP,
    player: { name: 'Ann Example', dominantHand: 'right', heightMm: 1680 },
    sport: 'pickleball',
    swingType: 'forehand_drive',
    backend: 'remote',
    ...over,
  };
}

/** Resolves once `cond` holds (checked every 20 ms). */
export async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 20));
}

/** Registers the before/after hooks of the calling test file and returns its fixture. */
export function useQueueFixture(): QueueFixture {
  const queues: JobQueue[] = [];
  const fx = {
    queue(extra = {}) {
      const q = new JobQueue({ db: fx.db, home: fx.home, backends: fx.backends, ...extra });
      queues.push(q);
      return q;
    },
    jobCount: () => fx.db.prepare('SELECT COUNT(*) FROM jobs').pluck().get() as number,
    libraryFiles: () =>
      ['clips', 'archives'].flatMap((d) => {
        try {
          return readdirSync(join(fx.home, 'library', d));
        } catch {
          return [];
        }
      }),
  } as QueueFixture;

  beforeEach(async () => {
    fx.home = mkdtempSync(join(tmpdir(), 'ss-jobs-'));
    fx.server = await startFaultServer();
    fx.db = openLibrary(fx.home);
    fx.backends = createBackendResolver({
      home: fx.home,
      secretBox: nodeSecretBox(fx.home),
      env: { SWING_STUDIO_API_KEY: fx.server.apiKey },
      remote: { baseUrl: fx.server.url, techniqueUrl: fx.server.url },
    });
  });

  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
    await fx.backends.close();
    fx.db.close();
    await fx.server.close();
    rmSync(fx.home, { recursive: true, force: true });
  });
  return fx;
}
