/**
 * A small HTTP server on 127.0.0.1 that follows the contract of ../shared/API.md (/api routes,
 * presigned storage PUT/GET, result files, technique /process, archives) and misbehaves on
 * demand: each route has a queue of planned faults, used one per request; an empty queue means
 * a healthy answer. Every request's headers are recorded, in arrival order.
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';
import { checkUploadRequest } from '../../main/contract/upload-rules.js';
import { archiveFixture, type ArchiveFixture } from './fault-zip.js';
import { healthyStream } from './fault-fixtures.js';

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

/** One planned misbehaviour. */
export type Fault =
  /** Answer with this status (after reading the whole body, or at once when `early`), JSON body, extra headers. */
  | { type: 'status'; status: number; body?: unknown; headers?: Record<string, string>; early?: boolean }
  /** Read the body and never answer. */
  | { type: 'hang' }
  /** Close the connection without an answer (after the first body chunk, if any). */
  | { type: 'destroy' }
  /** 200 with this NDJSON text; `cutAfterBytes` destroys the socket after that many bytes; `hang` keeps it open after the text. */
  | { type: 'ndjson'; text: string; cutAfterBytes?: number; hang?: boolean }
  /** 200 with this JSON body (any shape). */
  | { type: 'json'; status?: number; body: unknown };

/** What the server saw of one request. */
export interface RecordedRequest {
  seq: number;
  route: Route;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Arrival time, ms on the server's monotonic clock. */
  at: number;
}

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

/** Settings of {@link startFaultServer}. */
export interface FaultServerOptions {
  /** The API key the /api routes accept (default "test-key-0123456789"). */
  apiKey?: string;
  /** When set, /process requires `Authorization: Bearer <techniqueToken>`. */
  techniqueToken?: string;
  /** Polls answered pending before a tennis task is done (default 2). */
  pendingPolls?: number;
}

/** A running fault server. */
export interface FaultServer {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  uploads: RecordedUpload[];
  processed: RecordedProcess[];
  /** Queues faults for a route; each request to it takes the next one. */
  plan(route: Route, ...faults: Fault[]): void;
  /** The raw text served at a task's result_url. */
  resultText(taskId: string): string;
  close(): Promise<void>;
}

/** Starts the server on an ephemeral port. */
export async function startFaultServer(opts: FaultServerOptions = {}): Promise<FaultServer> {
  const apiKey = opts.apiKey ?? 'test-key-0123456789';
  const plans = new Map<Route, Fault[]>();
  const tasks = new Map<string, number>();
  const archives = new Map<string, Buffer>();
  const requests: RecordedRequest[] = [];
  const uploads: RecordedUpload[] = [];
  const processed: RecordedProcess[] = [];
  let url = '';
  const resultText = (id: string): string =>
    `{"task_id": "${id}",\n  "rallies": [ {"shots": 7}, {"shots": 3} ], "é": "ü"}\n`;

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route = routeOf(req.method ?? 'GET', path);
    requests.push({
      seq: requests.length,
      route,
      method: req.method ?? '',
      path,
      headers: req.headers,
      at: performance.now(),
    });
    const fault = plans.get(route)?.shift();
    if (fault) return void applyFault(fault, req, res);
    const api = path.startsWith('/api/');
    if (api && req.headers.authorization !== `Bearer ${apiKey}`)
      return void drain(req, () => json(res, 401, { error: 'Unauthorized' }));
    if (
      route === 'process' &&
      opts.techniqueToken &&
      req.headers.authorization !== `Bearer ${opts.techniqueToken}`
    ) {
      return void drain(req, () => json(res, 401, { error: 'Unauthorized' }));
    }
    healthy(route, path, req, res);
  });

  function healthy(route: Route, path: string, req: IncomingMessage, res: ServerResponse): void {
    switch (route) {
      case 'upload-url':
        return void readJson(req, (body) => {
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
        });
      case 'put': {
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
        return;
      }
      case 'storage-get':
        return void res.writeHead(200, { 'Content-Type': 'video/mp4' }).end(Buffer.alloc(1024, 7));
      case 'check':
        return void readJson(req, (body) => {
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
        });
      case 'tennis-create':
        return void readJson(req, () => {
          const id = randomUUID();
          tasks.set(id, 0);
          json(res, 202, { data: { task_id: id, status: 'queued' } });
        });
      case 'tennis-get': {
        const id = path.split('/').pop() ?? '';
        const polls = tasks.get(id);
        if (polls === undefined) return json(res, 404, { error: 'Task not found' });
        tasks.set(id, polls + 1);
        if (polls < (opts.pendingPolls ?? 2)) return json(res, 202, { status: 'running', task_id: id });
        return json(res, 200, {
          metadata: { pipeline_version: 'stable', compute_version: 'v1.4.2' },
          data: { result_url: `${url}/results/${id}.json?X-Amz-Expires=3600` },
        });
      }
      case 'result': {
        const id = (path.split('/').pop() ?? '').replace(/\.json$/, '');
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(resultText(id));
      }
      case 'archive': {
        const name = (path.split('/').pop() ?? '').replace(/\.zip$/, '') as ArchiveFixture;
        if (!['good', 'traversal', 'bomb', 'bomb-lying', 'truncated-pb'].includes(name))
          return json(res, 404, { error: 'no such archive' });
        let zip = archives.get(name);
        if (!zip) archives.set(name, (zip = archiveFixture(name)));
        return void res
          .writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': zip.length })
          .end(zip);
      }
      case 'process':
        return void readProcess(req, (rec) => {
          const uid = (rec.metadata as { uid?: string } | undefined)?.uid ?? 'unknown';
          res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
          const text = healthyStream(uid);
          const mid = Math.floor(text.length / 3);
          res.write(text.slice(0, mid));
          setTimeout(() => res.end(text.slice(mid)), 5);
        });
      default:
        return json(res, 404, { error: `no route ${req.method} ${path}` });
    }
  }

  function readProcess(req: IncomingMessage, done: (r: RecordedProcess) => void): void {
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

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiKey,
    requests,
    uploads,
    processed,
    plan: (route, ...faults) => plans.set(route, [...(plans.get(route) ?? []), ...faults]),
    resultText,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function routeOf(method: string, path: string): Route {
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

function applyFault(f: Fault, req: IncomingMessage, res: ServerResponse): void {
  switch (f.type) {
    case 'status':
      if (f.early) {
        json(res, f.status, f.body ?? { error: `planned ${f.status}` }, f.headers);
        return void req.resume();
      }
      return drain(req, () => json(res, f.status, f.body ?? { error: `planned ${f.status}` }, f.headers));
    case 'json':
      return drain(req, () => json(res, f.status ?? 200, f.body));
    case 'hang':
      return void req.resume();
    case 'destroy': {
      const hasBody =
        Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
      if (!hasBody) return void req.socket.destroy();
      return void req.once('data', () => req.socket.destroy());
    }
    case 'ndjson':
      return drain(req, () => {
        res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
        const bytes = Buffer.from(f.text, 'utf8');
        if (f.cutAfterBytes !== undefined) {
          res.write(bytes.subarray(0, f.cutAfterBytes), () => setTimeout(() => res.socket?.destroy(), 20));
        } else if (f.hang) {
          res.write(bytes);
        } else {
          res.end(bytes);
        }
      });
  }
}

function drain(req: IncomingMessage, then: () => void): void {
  req.on('end', then);
  req.resume();
}

function readJson(req: IncomingMessage, then: (body: unknown) => void): void {
  const parts: Buffer[] = [];
  req.on('data', (c: Buffer) => parts.push(c));
  req.on('end', () => {
    try {
      then(JSON.parse(Buffer.concat(parts).toString('utf8')) as unknown);
    } catch {
      then({});
    }
  });
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}
