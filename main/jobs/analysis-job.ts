/**
 * The analysis pipeline of one job: validate the clip → then either
 * - the direct local backend (main/backends/direct.ts; `local` when the resolver has it): the
 *   pipeline runs on the clip where it lies (`analysing`, progress as the share of frames), and
 *   its typed pose and probe go to the library as they are; or
 * - HTTP (`remote`, or `local` without the direct backend): (remote: upload-url + presigned
 *   PUT) → `POST /process` with the clip as multipart (API.md endpoint 5) → NDJSON progress
 *   until `done`;
 * → the done line parsed into the same typed analysis at the client's edge (main/api
 * remote-analysis.ts) → archive (`archive_url` downloaded when given and kept as received; none
 * otherwise: the pose BLOBs are the source of truth, main/library/ingest.ts) → one library
 * transaction. Any failure throws; the queue stores the reason and nothing is left
 * half-stored (the staged archive lives under `<home>/jobs/<id>/`, removed by the queue).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { LocalAnalyser } from '../backends/direct.js';
import type { TechniqueRequestMetadata } from '../contract/technique-schema.js';
import type { JobContext } from './job-context.js';
import { storeAnalysis, type StoreAnalysisInput } from './storing-step.js';
import type { AnalysisJobInput } from '../contract/job.js';
import { fromText } from '../contract/warning.js';
import { uploadClip } from './upload-step.js';
import { checkAnalysisInput } from './validate.js';
import { contentTypeFor } from '../contract/upload-rules.js';

/**
 * Runs an analysis job (see the module comment for the steps).
 * @returns the id of the new library session.
 * @throws JobInputError (clip gone, bad input), the client's ApiError / TechniqueError,
 *   ArchiveError, and library errors; each becomes the job's failure reason.
 */
export async function runAnalysisJob(ctx: JobContext): Promise<{ sessionId: number }> {
  // The stored job's input: checked once here (fields and the one run-time file check).
  const input = checkAnalysisInput(ctx.job.input);
  const clip = { path: input.videoPath, contentType: contentTypeFor(basename(input.videoPath)) ?? 'application/octet-stream' };
  const direct = input.backend === 'local' ? await ctx.backends.direct?.() : undefined;
  if (direct) return runDirect(ctx, direct, input);
  const client = await ctx.backends.client(input.backend);
  const started = Date.now();
  let uploadS: number | null = null;
  if (input.backend === 'remote') {
    await uploadClip(ctx, client, clip.path, clip.contentType);
    uploadS = (Date.now() - started) / 1000;
  }

  // The local backend receives the clip inside /process: that send is its 'uploading' state.
  const sendState = input.backend === 'local' ? 'uploading' : 'analysing';
  ctx.setState(sendState);
  let analysing = sendState === 'analysing';
  const toAnalysing = (): void => {
    if (analysing) return;
    analysing = true;
    ctx.setState('analysing');
  };
  const sendStart = Date.now();
  let sendDone = sendStart;
  const request = requestMetadata(input);
  const { analysis, archiveUrl } = await client.analyseVideo(clip.path, request, {
    signal: ctx.signal,
    onUploadProgress: (p) => {
      if (analysing) return;
      ctx.progress({ share: p.total > 0 ? p.bytes / p.total : 1, bytes: p.bytes, totalBytes: p.total });
      if (p.bytes >= p.total) {
        sendDone = Date.now();
        toAnalysing();
      }
    },
    onProgress: (p) => {
      toAnalysing();
      if (p.progress !== undefined) ctx.progress({ share: p.progress });
    },
    onWarning: (w) => ctx.warn(fromText(w)), // a service's string warnings: code 'service'
  });
  if (input.backend === 'local') uploadS = (sendDone - sendStart) / 1000;
  const analysisS = (Date.now() - sendDone) / 1000;

  return store({ ctx, client, input, analysis, archiveUrl, timings: { uploadS, analysisS }, request });
}

/** The direct local backend: no upload, no HTTP, no done object; the typed analysis and the engine's probe are stored as they are. */
async function runDirect(ctx: JobContext, analyser: LocalAnalyser, input: AnalysisJobInput): Promise<{ sessionId: number }> {
  ctx.setState('analysing');
  const started = Date.now();
  const request = requestMetadata(input);
  const a = await analyser.analyse(input.videoPath, request, {
    signal: ctx.signal,
    // The fast pass's checkpoints live in the job's folder: kept when the queue stops, so a resumed job goes on from them (main/engine/pose-checkpoint.ts).
    checkpointDir: join(ctx.home, 'jobs', String(ctx.job.id), 'pose'),
    onProgress: (share) => ctx.progress({ share }),
    onWarning: (w) => ctx.warn(w),
  });
  const analysisS = (Date.now() - started) / 1000;
  return store({ ctx, input, analysis: a, timings: { uploadS: null, analysisS }, request });
}

/** The `storing` state: a staging folder for the job, then storeAnalysis. */
async function store(s: Omit<StoreAnalysisInput, 'stagingDir'>): Promise<{ sessionId: number }> {
  s.ctx.setState('storing');
  const stagingDir = join(s.ctx.home, 'jobs', String(s.ctx.job.id));
  mkdirSync(stagingDir, { recursive: true, mode: 0o700 });
  const sessionId = await storeAnalysis({ ...s, stagingDir });
  s.ctx.progress({ share: 1 });
  return { sessionId };
}

/**
 * The `metadata` form field (API.md "Technique analysis request metadata"): a fresh uid per
 * attempt (a resumed job is a new request), store_data false (API.md default: the vendor keeps
 * nothing), the request time as ISO 8601 without zone.
 */
export function requestMetadata(input: AnalysisJobInput): TechniqueRequestMetadata {
  return {
    uid: randomUUID(),
    sport: input.sport,
    swing_type: input.swingType,
    dominant_hand: input.player.dominantHand,
    player_height_mm: input.player.heightMm,
    store_data: false,
    ...(input.ballTimestampS !== undefined ? { ball_timestamp: input.ballTimestampS } : {}),
    // capture_fps is our extension: only the local service knows it. A remote service that does
    // not would ignore it at best and refuse the request at worst, so it is not sent there; the
    // session keeps it, and its speeds can be recomputed locally from the stored pose.
    ...(input.captureFps !== undefined && input.backend === 'local' ? { capture_fps: input.captureFps } : {}),
    // player_point is our extension too: sent to the local service only (a remote one would not know it).
    ...(input.playerPoint !== undefined && input.backend === 'local' ? { player_point: input.playerPoint } : {}),
    timestamp: new Date().toISOString().slice(0, 19),
  };
}
