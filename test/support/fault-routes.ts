/**
 * The healthy answers of the fault server (test/support/fault-server.ts), route by route, as
 * ../shared/API.md describes them: upload-url with presigned storage URLs, storage PUT/GET,
 * video checks, tennis tasks (pending for a few polls, then a result URL), result files,
 * analysis archives and the technique /process NDJSON stream.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import busboy from 'busboy';
import { checkUploadRequest } from '../../main/contract/upload-rules.js';
import { healthyStream } from './fault-fixtures.js';
import { json, readJson } from './fault-http.js';
import { archiveFixture, type ArchiveFixture } from './fault-zip.js';

/** Route names, for planning faults and reading records. */
export type Route =
  | 'upload-url'
  | 'check'
  | 'tennis-create'
  | 'tennis-get'
  | 'put'
  | 'storage-get'
  | 'result'
  | 'process'
  | 'archive'
  | 'unknown';

/** A received presigned PUT. */
export interface RecordedUpload {
  path: string;
  bytes: number;
  contentType: string | undefined;
  contentLength: number | undefined;
}

/** A received /process request. */
export interface RecordedProcess {
  metadata: unknown;
  fileName: string;
  fileType: string;
  fileBytes: number;
}

/** What the healthy routes read and record. */
export interface HealthyRoutesState {
  /** The server's base URL, `http://127.0.0.1:<port>` (known once it listens). */
  url(): string;
  /** Polls answered pending before a tennis task is done. */
  pendingPolls: number;
  uploads: RecordedUpload[];
  processed: RecordedProcess[];
}

/** Answers one request on its route. */
export type RouteHandler = (route: Route, path: string, req: IncomingMessage, res: ServerResponse) => void;

/** The raw text served at a tennis task's result_url (JSON with non-ASCII text, as a real result file). */
export function resultText(taskId: string): string {
  return `{"task_id": "${taskId}",\n  "rallies": [ {"shots": 7}, {"shots": 3} ], "é": "ü"}\n`;
}

/** Names the route of a request; `unknown` for anything API.md does not define. */
export function routeOf(method: string, path: string): Route {
  if (method === 'POST' && path === '/api/video/upload-url') return 'upload-url';
  if (method === 'POST' && path === '/api/videos/check') return 'check';
  if (method === 'POST' && path === '/api/statistics/tennis') return 'tennis-create';
  if (method === 'GET' && path.startsWith('/api/statistics/tennis/')) return 'tennis-get';
  if (method === 'PUT' && path.startsWith('/storage/')) return 'put';
  if (method === 'GET' && path.startsWith('/storage/')) return 'storage-get';
  if (method === 'GET' && path.startsWith('/results/')) return 'result';
  if (method === 'GET' && path.startsWith('/archives/')) return 'archive';
  if (method === 'POST' && path === '/process') return 'process';
  return 'unknown';
}

/** The healthy answer of every route, over `state`; tennis tasks and built archives live in the handler. */
export function healthyRoutes(state: HealthyRoutesState): RouteHandler {
  const tasks = new Map<string, number>();
  const archives = new Map<string, Buffer>();
  return (route, path, req, res) => {
    switch (route) {
      case 'upload-url':
        return void readJson(req, (body) => answerUploadUrl(state.url(), body, res));
      case 'put':
        return recordPut(state.uploads, path, req, res);
      case 'storage-get':
        return void res.writeHead(200, { 'Content-Type': 'video/mp4' }).end(Buffer.alloc(1024, 7));
      case 'check':
        return void readJson(req, (body) => answerCheck(body, res));
      case 'tennis-create':
        return void readJson(req, () => {
          const id = randomUUID();
          tasks.set(id, 0);
          json(res, 202, { data: { task_id: id, status: 'queued' } });
        });
      case 'tennis-get':
        return answerTennisPoll(state, tasks, path, res);
      case 'result': {
        const id = (path.split('/').pop() ?? '').replace(/\.json$/, '');
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(resultText(id));
      }
      case 'archive':
        return answerArchive(archives, path, res);
      case 'process':
        return void readProcess(state.processed, req, (rec) => streamHealthy(rec, res));
      default:
        return json(res, 404, { error: `no route ${req.method} ${path}` });
    }
  };
}

function answerUploadUrl(url: string, body: unknown, res: ServerResponse): void {
  const b = body as { fileName?: string; contentType?: string };
  const rule = checkUploadRequest(String(b.fileName ?? ''), String(b.contentType ?? ''));
  if (rule) return json(res, rule.status, { error: rule.error });
  const key = `${randomUUID()}/${encodeURIComponent(String(b.fileName))}`;
  const date = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  const q = `X-Amz-Date=${date}&X-Amz-Expires=86400&X-Amz-Signature=0f1e2d`;
  json(res, 200, {
    data: { uploadUrl: `${url}/storage/${key}?${q}`, downloadUrl: `${url}/storage/${key}?${q}` },
    requestId: 'r-1',
  });
}

function recordPut(uploads: RecordedUpload[], path: string, req: IncomingMessage, res: ServerResponse): void {
  let bytes = 0;
  req.on('data', (c: Buffer) => (bytes += c.length));
  req.on('end', () => {
    const len = req.headers['content-length'];
    uploads.push({
      path,
      bytes,
      contentType: req.headers['content-type'],
      contentLength: len === undefined ? undefined : Number(len),
    });
    res.writeHead(200, { ETag: '"etag"' }).end();
  });
}

/** Every URL containing "bad" fails its check; the others pass. */
function answerCheck(body: unknown, res: ServerResponse): void {
  const urls = (body as { video_urls?: string[] }).video_urls ?? [];
  const data: Record<string, unknown> = {};
  const errors: Record<string, unknown> = {};
  for (const u of urls) {
    if (u.includes('bad'))
      errors[u] = { status: 400, message: 'Unable to extract meta-data from the video' };
    else
      data[u] = {
        estimated_compute_time: 42.5,
        video_ok: true,
        fps_check: true,
        resolution_check: true,
      };
  }
  json(res, 200, Object.keys(errors).length ? { data, errors } : { data });
}

function answerTennisPoll(state: HealthyRoutesState, tasks: Map<string, number>, path: string, res: ServerResponse): void {
  const id = path.split('/').pop() ?? '';
  const polls = tasks.get(id);
  if (polls === undefined) return json(res, 404, { error: 'Task not found' });
  tasks.set(id, polls + 1);
  if (polls < state.pendingPolls) return json(res, 202, { status: 'running', task_id: id });
  return json(res, 200, {
    metadata: { pipeline_version: 'stable', compute_version: 'v1.4.2' },
    data: { result_url: `${state.url()}/results/${id}.json?X-Amz-Expires=3600` },
  });
}

function answerArchive(archives: Map<string, Buffer>, path: string, res: ServerResponse): void {
  const name = (path.split('/').pop() ?? '').replace(/\.zip$/, '') as ArchiveFixture;
  if (!['good', 'traversal', 'bomb', 'bomb-lying', 'truncated-pb'].includes(name))
    return json(res, 404, { error: 'no such archive' });
  let zip = archives.get(name);
  if (!zip) archives.set(name, (zip = archiveFixture(name)));
  res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': zip.length }).end(zip);
}

/** The healthy NDJSON stream for the request's uid, sent in two writes 5 ms apart. */
function streamHealthy(rec: RecordedProcess, res: ServerResponse): void {
  const uid = (rec.metadata as { uid?: string } | undefined)?.uid ?? 'unknown';
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
  const text = healthyStream(uid);
  const mid = Math.floor(text.length / 3);
  res.write(text.slice(0, mid));
  setTimeout(() => res.end(text.slice(mid)), 5);
}

function readProcess(processed: RecordedProcess[], req: IncomingMessage, done: (r: RecordedProcess) => void): void {
  const rec: RecordedProcess = { metadata: undefined, fileName: '', fileType: '', fileBytes: 0 };
  const bb = busboy({ headers: req.headers });
  bb.on('field', (name, value) => {
    if (name === 'metadata') rec.metadata = JSON.parse(value) as unknown;
  });
  bb.on('file', (_name, stream, info) => {
    rec.fileName = info.filename ?? '';
    rec.fileType = info.mimeType;
    stream.on('data', (c: Buffer) => (rec.fileBytes += c.length));
  });
  bb.on('close', () => {
    processed.push(rec);
    done(rec);
  });
  req.pipe(bb);
}
