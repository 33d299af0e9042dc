/**
 * Sends a request whose body is streamed (a file, a multipart body) with node:http/https, so
 * memory stays flat for any size and Content-Length is exact. Used by the presigned PUT and by
 * `POST /process`; JSON calls use fetch (./transport.ts).
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { ApiError } from './errors.js';
import { networkError } from './transport.js';

/** One streamed request. */
export interface StreamedRequest {
  method: 'PUT' | 'POST';
  url: URL;
  headers: Record<string, string | number>;
  body: Readable;
  /** Socket inactivity limit while sending and until the answer's headers, ms. */
  idleTimeoutMs: number;
  /** Name of the call for messages, e.g. "PUT presigned upload". */
  what: string;
  signal?: AbortSignal;
  /** Called with the running count of body bytes handed to the socket. */
  onBytes?: (bytesSent: number) => void;
  /** Secrets that must not appear in messages. */
  secrets?: readonly (string | undefined)[];
}

/** The answer; `destroy()` ends the request and its socket (e.g. when reading is abandoned). */
export interface StreamedResponse {
  res: IncomingMessage;
  destroy: () => void;
  /** Body bytes handed to the socket. */
  bytesSent: number;
}

/**
 * Sends the request and resolves when the answer's headers arrive (any status). After that
 * the socket timeout is off; the caller reads `res` with its own limits.
 * @throws ApiError kind 'cancelled' (signal), 'timeout' (idle), 'network' (connection error).
 */
export function sendStreamed(r: StreamedRequest): Promise<StreamedResponse> {
  const lib = r.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    let bytesSent = 0;
    const fail = (err: ApiError): void => {
      if (settled) return;
      settled = true;
      cleanup();
      r.body.destroy();
      req.destroy();
      reject(err);
    };
    const onAbort = (): void =>
      fail(new ApiError({ kind: 'cancelled', message: `${r.what}: cancelled`, cause: r.signal?.reason }));
    const cleanup = (): void => r.signal?.removeEventListener('abort', onAbort);
    if (r.signal?.aborted) return reject(new ApiError({ kind: 'cancelled', message: `${r.what}: cancelled` }));

    const req = lib.request(r.url, { method: r.method, headers: r.headers });
    req.setTimeout(r.idleTimeoutMs, () =>
      fail(new ApiError({ kind: 'timeout', message: `${r.what}: no progress for ${r.idleTimeoutMs} ms` })),
    );
    req.on('error', (err) => fail(networkError(r.what, err, r.secrets ?? [], `${r.url.origin}${r.url.pathname}`)));
    req.on('response', (res) => {
      if (settled) return void res.destroy();
      settled = true;
      cleanup();
      req.setTimeout(0);
      resolve({ res, destroy: () => req.destroy(), bytesSent });
    });
    r.signal?.addEventListener('abort', onAbort, { once: true });
    r.body.on('data', (chunk: Buffer) => {
      bytesSent += chunk.length;
      r.onBytes?.(bytesSent);
    });
    r.body.on('error', (err) =>
      fail(new ApiError({ kind: 'input', message: `${r.what}: cannot read the body: ${err.message}`, cause: err })),
    );
    r.body.pipe(req);
  });
}

/**
 * Reads a (small) answer body as text, at most `maxBytes` (the rest is dropped).
 * @throws ApiError kind 'network' when the connection breaks.
 */
export async function readText(res: IncomingMessage, maxBytes = 1 << 20): Promise<string> {
  const parts: Buffer[] = [];
  let n = 0;
  try {
    for await (const c of res as AsyncIterable<Buffer>) {
      if (n < maxBytes) parts.push(c.subarray(0, maxBytes - n));
      n += c.length;
    }
  } catch (err) {
    throw new ApiError({ kind: 'network', message: `answer body was cut: ${(err as Error).message}`, cause: err });
  }
  return Buffer.concat(parts).toString('utf8');
}

/** Adapts IncomingMessage headers to the `get(name)` shape of fetch Headers. */
export function headerGetter(res: IncomingMessage): { get(name: string): string | null } {
  return {
    get: (name: string) => {
      const v = res.headers[name.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
    },
  };
}
