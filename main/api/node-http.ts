/**
 * Sends a request whose body is streamed (a file, a multipart body) with node:http/https, so
 * memory stays flat for any size and Content-Length is exact. Used by the presigned PUT and by
 * `POST /process`; JSON calls use fetch (./transport.ts).
 */
import { open } from 'node:fs/promises';
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { ApiError } from './errors.js';
import { networkError } from './transport.js';

/** A piece of a request body: bytes in memory, or a whole file on disk of known size. */
export type BodyPart = Buffer | { path: string; size: number };

/**
 * Default read size for file parts, bytes: 1 MiB. Two buffers of this size are reused for the
 * whole file (read one while the other is written), so memory is flat and no fresh pages are
 * touched per chunk; test/bench/upload.ts measured this at curl's CPU cost per GB, where
 * `createReadStream().pipe(req)` (a new buffer per chunk) cost 1.7-4× more.
 */
export const DEFAULT_FILE_CHUNK = 1024 * 1024;

/** One streamed request. */
export interface StreamedRequest {
  method: 'PUT' | 'POST';
  url: URL;
  headers: Record<string, string | number>;
  /** Body, sent in order; Content-Length must be in `headers`. */
  parts: BodyPart[];
  /** Read size for file parts, bytes (default {@link DEFAULT_FILE_CHUNK}). */
  chunkBytes?: number;
  /** Socket inactivity limit while sending and until the answer's headers, ms. */
  idleTimeoutMs: number;
  /** Name of the call for messages, e.g. "PUT presigned upload". */
  what: string;
  signal?: AbortSignal;
  /** Called with the running count of body bytes accepted by the socket. */
  onBytes?: (bytesSent: number) => void;
  /** Secrets that must not appear in messages. */
  secrets?: readonly (string | undefined)[];
}

/** The answer; `destroy()` ends the request and its socket (e.g. when reading is abandoned). */
export interface StreamedResponse {
  res: IncomingMessage;
  destroy: () => void;
  /** Body bytes accepted by the socket when the answer came. */
  bytesSent: number;
}

/**
 * Sends the request and resolves when the answer's headers arrive (any status). After that
 * the socket timeout is off; the caller reads `res` with its own limits.
 * @throws ApiError kind 'cancelled' (signal), 'timeout' (idle), 'network' (connection error),
 *   'input' (a file part cannot be read).
 */
export function sendStreamed(r: StreamedRequest): Promise<StreamedResponse> {
  const lib = r.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    if (r.signal?.aborted)
      return reject(new ApiError({ kind: 'cancelled', message: `${r.what}: cancelled` }));
    let settled = false;
    let bytesSent = 0;
    let stopPump: (err: Error) => void = () => undefined;
    const stopped = new Promise<never>((_, rej) => (stopPump = rej));
    stopped.catch(() => undefined);
    const fail = (err: ApiError): void => {
      stopPump(err);
      if (settled) return;
      settled = true;
      cleanup();
      req.destroy();
      reject(err);
    };
    const onAbort = (): void =>
      fail(new ApiError({ kind: 'cancelled', message: `${r.what}: cancelled`, cause: r.signal?.reason }));
    const cleanup = (): void => r.signal?.removeEventListener('abort', onAbort);

    const req = lib.request(r.url, { method: r.method, headers: r.headers });
    req.setTimeout(r.idleTimeoutMs, () =>
      fail(new ApiError({ kind: 'timeout', message: `${r.what}: no progress for ${r.idleTimeoutMs} ms` })),
    );
    req.on('error', (err) =>
      fail(networkError(r.what, err, r.secrets ?? [], `${r.url.origin}${r.url.pathname}`)),
    );
    req.on('response', (res) => {
      if (settled) return void res.destroy();
      settled = true;
      cleanup();
      req.setTimeout(0);
      resolve({
        res,
        destroy: () => {
          stopPump(new Error('request closed'));
          req.destroy();
        },
        bytesSent,
      });
    });
    r.signal?.addEventListener('abort', onAbort, { once: true });
    const counted = (n: number): void => {
      bytesSent += n;
      r.onBytes?.(bytesSent);
    };
    pump(req, r.parts, r.chunkBytes ?? DEFAULT_FILE_CHUNK, counted, stopped).then(
      () => req.end(),
      (err: unknown) => {
        if (err instanceof ApiError) fail(err);
        else if (!settled && !req.destroyed)
          fail(networkError(r.what, err, r.secrets ?? [], `${r.url.origin}${r.url.pathname}`));
      },
    );
  });
}

/**
 * Writes the parts to `req`, each write awaited (the socket's own backpressure), reading file
 * parts into two reused buffers so the next read overlaps the current write.
 * @throws ApiError kind 'input' when a file cannot be read or is shorter than its size; the
 *   `stopped` reason when the request ends first.
 */
async function pump(
  req: ClientRequest,
  parts: BodyPart[],
  chunk: number,
  counted: (n: number) => void,
  stopped: Promise<never>,
): Promise<void> {
  const write = (buf: Buffer): Promise<void> =>
    Promise.race([
      new Promise<void>((res, rej) => req.write(buf, (err) => (err ? rej(err) : res()))).then(() =>
        counted(buf.length),
      ),
      stopped,
    ]);
  for (const part of parts) {
    if (Buffer.isBuffer(part)) {
      await write(part);
      continue;
    }
    const fh = await Promise.race([open(part.path, 'r'), stopped]).catch((err: Error) => {
      throw new ApiError({ kind: 'input', message: `cannot read ${part.path}: ${err.message}`, cause: err });
    });
    try {
      const bufs = [Buffer.allocUnsafeSlow(chunk), Buffer.allocUnsafeSlow(chunk)];
      let pending: Promise<void> | undefined;
      for (let pos = 0, i = 0; pos < part.size; i++) {
        const buf = bufs[i % 2]!;
        const { bytesRead } = await Promise.race([
          fh.read(buf, 0, Math.min(chunk, part.size - pos), pos),
          stopped,
        ]);
        if (bytesRead === 0) {
          throw new ApiError({
            kind: 'input',
            message: `${part.path} ended at ${pos} of ${part.size} bytes (file changed while sending)`,
          });
        }
        pos += bytesRead;
        await pending;
        pending = write(buf.subarray(0, bytesRead));
        pending.catch(() => undefined); // awaited next turn; the pump may stop on a read first
      }
      await pending;
    } finally {
      await fh.close().catch(() => undefined);
    }
  }
}

/** Limits of {@link readText}. */
export interface ReadTextOptions {
  /** Keep at most this many bytes (the rest is read and dropped); default 1 MiB. */
  maxBytes?: number;
  /** No bytes for this long → timeout, ms. */
  idleTimeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Reads a (small) answer body as text.
 * @throws ApiError kind 'network' (connection broke), 'timeout' (idle), 'cancelled' (signal).
 */
export async function readText(res: IncomingMessage, opts: ReadTextOptions = {}): Promise<string> {
  const maxBytes = opts.maxBytes ?? 1 << 20;
  let why: ApiError | undefined;
  const stop = (err: ApiError): void => {
    why = err;
    res.destroy(err);
  };
  const onAbort = (): void =>
    stop(new ApiError({ kind: 'cancelled', message: 'cancelled while reading the answer' }));
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.idleTimeoutMs !== undefined) {
    const ms = opts.idleTimeoutMs;
    res.setTimeout(ms, () =>
      stop(new ApiError({ kind: 'timeout', message: `answer body stalled for ${ms} ms` })),
    );
  }
  const parts: Buffer[] = [];
  let n = 0;
  try {
    if (opts.signal?.aborted) onAbort();
    for await (const c of res as AsyncIterable<Buffer>) {
      if (n < maxBytes) parts.push(c.subarray(0, maxBytes - n));
      n += c.length;
    }
  } catch (err) {
    throw (
      why ??
      new ApiError({ kind: 'network', message: `answer body was cut: ${(err as Error).message}`, cause: err })
    );
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
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
