/**
 * `POST {technique_url}/process` (API.md endpoint 5). Multipart `file` + `metadata`.
 * - Bad request (metadata, extension, empty/unreadable video, `ball_timestamp` past the clip's
 *   end, too large): HTTP 400 (413 for size) with the invalid-request object `{error, status:
 *   "error", timestamp, uid}`.
 * - Otherwise HTTP 200, `application/x-ndjson`: `processing` lines (`progress` 0..1, throttled;
 *   `warnings` as they arise), then one of: `done` (full response object, plus `archive_url`
 *   when `store_data` is true), `error` (no person / too little pose: `errors`, empty features),
 *   `failed` (internal failure; details only in the service log).
 * - The client closing the connection aborts the analysis (the engine kills ffmpeg), or takes the
 *   request out of the engine's waiting line. The run's pose checkpoints stay (process-work.ts):
 *   the same clip sent again resumes where the fast pass was, with the same result.
 * - Waiting for the engine (one analysis at a time): a `processing` line every
 *   PROCESS_WAIT_HEARTBEAT_MS (30 s); past PROCESS_MAX_WAIT_MS (15 min) a `failed` line saying the
 *   engine is busy (limits.ts).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ballTimeOutsideClip } from '../contract/fields.js';
import { lengthWords } from '../contract/clip-limits.js';
import { poseTrackProblem } from '../pose/pose-checks.js';
import { TechniqueRequestMetadata } from '../contract/technique-schema.js';
import { playerPointOutsideClip } from '../contract/player-point.js';
import { PROCESS_EXTENSIONS, extensionOf } from '../contract/upload-rules.js';
import { probeVideo, type VideoInfo } from '../av/index.js';
import { ballToJson } from '../pose/ball-candidates.js';
import { jsonPieces, PoseJsonEntry } from './done-line-stream.js';
import { presign, type ServiceContext } from './service-context.js';
import { doneObject, EngineBusyError, type TechniqueOutcome } from '../pipeline/index.js';
import { HttpError } from './http-util.js';
import { zodIssueText } from '../contract/zod-issues.js';
import { readMultipart, type MultipartForm } from './multipart-form.js';
import { NdjsonWriter, throttleProgress } from './ndjson-writer.js';
import { PROCESS_MAX_WAIT_MS, PROCESS_WAIT_HEARTBEAT_MS } from './limits.js';
import { PROBE_TIMEOUT_MS } from './video-check-route.js';
import { warningText, type Warning } from '../contract/warning.js';
import { processWork, type ProcessWork } from './process-work.js';

/** A request refused before analysis starts. */
class BadRequest extends Error {
  constructor(
    message: string,
    readonly uid: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

/** ISO 8601 date-time without zone, as API.md's timestamps. */
function isoNoZone(ms: number): string {
  return new Date(ms).toISOString().replace(/Z$/, '');
}

function sendInvalid(ctx: ServiceContext, res: ServerResponse, err: BadRequest): void {
  const body = JSON.stringify({ error: err.message, status: 'error', timestamp: isoNoZone(ctx.now()), uid: err.uid });
  res.writeHead(err.httpStatus, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${body}\n`);
}

function uidOf(text: string | undefined): string {
  try {
    const uid = (JSON.parse(text ?? '') as { uid?: unknown }).uid;
    return typeof uid === 'string' ? uid : '';
  } catch {
    return '';
  }
}

/**
 * Checks the form: metadata by TechniqueRequestMetadata (the app's height and ball-time rules,
 * main/contract/fields.ts), the file, then `ball_timestamp` against the probed clip.
 * @returns the metadata and the clip's probe (handed to the engine, which then does not probe again).
 * @throws BadRequest naming the field or the file's problem.
 */
async function validate(ctx: ServiceContext, form: MultipartForm): Promise<{ meta: TechniqueRequestMetadata; video: VideoInfo }> {
  const text = form.fields.metadata;
  const uid = uidOf(text);
  if (text === undefined) throw new BadRequest('Missing form field: metadata', uid);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BadRequest('metadata is not valid JSON', uid);
  }
  const meta = TechniqueRequestMetadata.safeParse(json);
  if (!meta.success) throw new BadRequest(`Invalid metadata: ${zodIssueText(meta.error, Infinity)}`, uid);
  const file = form.file;
  if (!file) throw new BadRequest('Missing form field: file', uid);
  const ext = extensionOf(file.name);
  if (!(PROCESS_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new BadRequest(`Unsupported file extension ${JSON.stringify(ext || file.name)}; supported: ${PROCESS_EXTENSIONS.join(', ')}`, uid);
  }
  if (file.truncated) throw new BadRequest(`File larger than the limit of ${ctx.maxUploadBytes} bytes`, uid, 413);
  if (file.bytes === 0) throw new BadRequest('File is empty', uid);
  let video: VideoInfo;
  try {
    video = await probeVideo(file.path, undefined, { timeoutMs: PROBE_TIMEOUT_MS });
  } catch {
    throw new BadRequest('Could not extract meta-data from the video: not a readable video file', uid);
  }
  const ball = meta.data.ball_timestamp;
  const outside = ball === undefined ? undefined : ballTimeOutsideClip(ball, video);
  if (outside) throw new BadRequest(`Invalid metadata: ball_timestamp: ${outside}`, uid);
  const point = meta.data.player_point;
  const off = point === undefined ? undefined : playerPointOutsideClip(point, video);
  if (off) throw new BadRequest(`Invalid metadata: player_point: ${off}`, uid);
  return { meta: meta.data, video };
}

/** Handles `POST /process` (caller has checked the bearer token). */
export async function handleProcess(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')) {
    sendInvalid(ctx, res, new BadRequest('Content-Type must be multipart/form-data with fields file and metadata', ''));
    return;
  }
  if (Number(req.headers['content-length'] ?? 0) > ctx.maxUploadBytes + 1024 * 1024) {
    res.setHeader('Connection', 'close');
    sendInvalid(ctx, res, new BadRequest(`File larger than the limit of ${ctx.maxUploadBytes} bytes`, '', 413));
    return;
  }
  let form: MultipartForm;
  try {
    form = await ctx.uploads.run(req, () => readMultipart(req, ctx.store, 'file', ctx.maxUploadBytes));
  } catch (err) {
    if (err instanceof HttpError) throw err; // 429: too many uploads at once
    if (req.readableAborted || res.destroyed) throw err; // the client went away mid-upload
    const detail = err instanceof Error ? err.message : String(err);
    sendInvalid(ctx, res, new BadRequest(`Malformed multipart body: ${detail}`, ''));
    return;
  }
  try {
    let checked: { meta: TechniqueRequestMetadata; video: VideoInfo };
    try {
      checked = await validate(ctx, form);
    } catch (err) {
      if (err instanceof BadRequest) return sendInvalid(ctx, res, err);
      throw err;
    }
    await analyse(ctx, res, form.file?.path ?? '', checked.meta, checked.video, processWork(ctx, form.file?.sha256));
  } finally {
    if (form.file) await rm(form.file.path, { force: true });
  }
}

async function analyse(ctx: ServiceContext, res: ServerResponse, path: string, meta: TechniqueRequestMetadata, video: VideoInfo, work: ProcessWork | undefined): Promise<void> {
  const out = new NdjsonWriter(res);
  const ac = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) ac.abort(new Error('client closed the connection'));
  });
  const warnings: Warning[] = [];
  out.open();
  out.line({ status: 'processing', uid: meta.uid, progress: 0, warnings: [] });
  const maxWaitMs = ctx.processMaxWaitMs ?? PROCESS_MAX_WAIT_MS;
  // A third of a shortened wait (tests) so that heartbeats still come before its end.
  const beatMs = Math.min(PROCESS_WAIT_HEARTBEAT_MS, maxWaitMs / 3);
  const heartbeat = setInterval(() => out.line({ status: 'processing', uid: meta.uid, progress: 0, warnings: [] }), beatMs);
  try {
    const pipeline = await ctx.pipeline();
    const outcome = await ctx.engineSlot(() => {
      clearInterval(heartbeat);
      ac.signal.throwIfAborted();
      return pipeline.analyseTechnique(path, meta, {
        signal: ac.signal,
        video,
        onProgress: throttleProgress((progress) => out.line({ status: 'processing', uid: meta.uid, progress, warnings: [] })),
        onWarning: (w) => {
          warnings.push(w);
          out.line({ status: 'processing', uid: meta.uid, warnings: [warningText(w)] });
        },
        ...work?.hooks,
      });
    }, 'process', { signal: ac.signal, maxWaitMs });
    if (work?.resumedChunks()) ctx.log(`/process ${meta.uid}: resumed, ${work.resumedChunks()} chunk(s) of the fast pass read back from its pose checkpoints`);
    await out.lineInPieces(jsonPieces(await finalLine(ctx, meta, outcome, warnings)));
    await work?.remove();
  } catch (err) {
    if (err instanceof EngineBusyError) {
      ctx.log(`/process ${meta.uid}: ${err.message}`);
      out.line({ status: 'failed', uid: meta.uid, errors: [busyText(err)], warnings: [] });
    } else if (ac.signal.aborted) {
      ctx.log(`/process ${meta.uid}: aborted (client closed the connection)`);
    } else {
      ctx.log(`/process ${meta.uid} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      await work?.remove();
      out.line({ status: 'failed', uid: meta.uid, errors: ['Internal error while analysing the video'], warnings: warnings.map(warningText) });
    }
  } finally {
    clearInterval(heartbeat);
    out.end();
  }
}

/**
 * The coach's line when a request waited its longest for the engine: what held it and since when,
 * e.g. "The analysis engine was busy with a tennis statistics task (running for 42 min) for the
 * 15 min this analysis could wait: try again later".
 */
export function busyText(err: EngineBusyError): string {
  const what = err.holder?.user === 'task' ? 'a tennis statistics task' : 'other analyses';
  const since = err.holder ? ` (running for ${lengthWords((Date.now() - err.holder.sinceMs) / 1000)})` : '';
  return `The analysis engine was busy with ${what}${since} for the ${lengthWords(err.waitedMs / 1000)} this analysis could wait: try again later`;
}

/**
 * The final line of an analysis. Its pose passes the pose checks first (main/pose/pose-checks.ts),
 * so a non-finite value never reaches the wire as `null`. The pose entries are PoseJsonEntry
 * values (./done-line-stream.ts): written frame by frame by jsonPieces, never built whole; the
 * archive leaves them out (main/archive/write.ts keeps the pose as .pb entries).
 * @throws Error naming the check that failed (the caller logs it and sends `failed`).
 */
async function finalLine(ctx: ServiceContext, meta: TechniqueRequestMetadata, o: TechniqueOutcome, streamed: Warning[]): Promise<object> {
  for (const t of [o.pose2d, o.pose3d]) {
    const problem = t && poseTrackProblem(t);
    if (problem) throw new Error(`the ${t.dims}D pose fails the pose checks: ${problem}`);
  }
  const poses = {
    ...(o.pose2d ? { video_entry_2D_json: new PoseJsonEntry(o.pose2d) } : {}),
    ...(o.pose3d ? { video_entry_3D_json: new PoseJsonEntry(o.pose3d) } : {}),
  };
  if (o.kind === 'no-analysis') {
    const warnings = [...new Set([...streamed, ...o.warnings].map(warningText))];
    return { status: 'error', uid: meta.uid, errors: [o.message], warnings, result: { features: [], feature_categories: {} }, ...poses };
  }
  const done = { ...doneObject(meta, o, streamed), ...poses, ...(o.ball ? { ball_candidates: ballToJson(o.ball) } : {}) };
  if (!meta.store_data) return done;
  const key = `archives/${randomUUID()}.zip`;
  ctx.store.ensureFolder(key);
  await (await ctx.pipeline()).writeTechniqueArchive(ctx.store.pathOf(key), { pose2d: o.pose2d, pose3d: o.pose3d, analysis: done });
  return { ...done, archive_url: presign(ctx, 'GET', key, 'application/zip') };
}
