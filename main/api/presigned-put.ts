/**
 * The presigned PUT of API.md endpoint 1, step 2: the raw file streamed from disk with the
 * Content-Type that was sent to upload-url and an exact Content-Length, no Authorization
 * header. Never retried here (see ./videos.ts `uploadVideo` for the fresh-URL retry).
 */
import { stat } from 'node:fs/promises';
import { ApiError, safeUrl } from './errors.js';
import { DEFAULT_FILE_CHUNK, headerGetter, readText, sendStreamed } from './node-http.js';
import { presignedExpiry, type IssuedUrl } from './presigned.js';
import { statusError } from './transport.js';

/** Upload progress: bytes sent of total, mean rate since the start, bytes/s. */
export interface UploadProgress {
  bytes: number;
  total: number;
  rateBytesPerS: number;
}

/** Options of {@link putPresigned}. */
export interface PutOptions {
  contentType: string;
  signal?: AbortSignal;
  /** Called at most every `progressIntervalMs` (default 100 ms) and once at the end. */
  onProgress?: (p: UploadProgress) => void;
  progressIntervalMs?: number;
  /** Called for every chunk handed to the socket with the running byte count (unthrottled). */
  onBytesSent?: (bytes: number) => void;
  /** Socket inactivity limit, ms. */
  idleTimeoutMs: number;
  /** Read size of the file stream, bytes (default {@link DEFAULT_PUT_CHUNK}). */
  readChunkBytes?: number;
  /** Clock, epoch ms (tests). */
  now?: () => number;
}

/** Default read size of the file, bytes (see ./node-http.ts and test/bench/upload.ts). */
export const DEFAULT_PUT_CHUNK = DEFAULT_FILE_CHUNK;

/**
 * PUTs `file` to a presigned URL.
 * @returns bytes sent (= file size).
 * @throws ApiError kind 'input' (URL expired per {@link presignedExpiry}, file unreadable),
 *   'cancelled', 'timeout', 'network', or the storage answer's status kind (a 403 from storage
 *   is 'auth').
 */
export async function putPresigned(target: IssuedUrl, file: string, opts: PutOptions): Promise<number> {
  const now = opts.now ?? Date.now;
  const expiry = presignedExpiry(target);
  if (now() >= expiry) {
    throw new ApiError({
      kind: 'input',
      code: 'presigned-url-expired',
      retryable: false,
      message: `upload URL ${safeUrl(target.url)} expired at ${new Date(expiry).toISOString()}; request a new one`,
    });
  }
  const total = await fileSize(file);
  const url = new URL(target.url);
  const started = now();
  let last = 0;
  const report = (bytes: number, force: boolean): void => {
    const t = now();
    if (!opts.onProgress || (!force && t - last < (opts.progressIntervalMs ?? 100))) return;
    last = t;
    const secs = Math.max((t - started) / 1000, 1e-3);
    opts.onProgress({ bytes, total, rateBytesPerS: bytes / secs });
  };
  const sent = await sendStreamed({
    method: 'PUT',
    url,
    headers: { 'Content-Type': opts.contentType, 'Content-Length': total },
    parts: [{ path: file, size: total }],
    chunkBytes: opts.readChunkBytes ?? DEFAULT_PUT_CHUNK,
    idleTimeoutMs: opts.idleTimeoutMs,
    what: 'PUT presigned upload',
    ...(opts.signal ? { signal: opts.signal } : {}),
    onBytes: (n) => {
      opts.onBytesSent?.(n);
      report(n, false);
    },
  });
  try {
    const text = await readText(sent.res, {
      maxBytes: 64 * 1024,
      idleTimeoutMs: opts.idleTimeoutMs,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    const status = sent.res.statusCode ?? 0;
    if (status < 200 || status > 299)
      throw statusError(status, headerGetter(sent.res), text, 'PUT presigned upload', []);
  } finally {
    // An early answer (403, 413) must not leave the body being sent.
    sent.destroy();
  }
  // A 2xx means storage took the whole Content-Length body.
  report(total, true);
  return total;
}

async function fileSize(file: string): Promise<number> {
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new Error('not a regular file');
    return s.size;
  } catch (err) {
    throw new ApiError({
      kind: 'input',
      message: `cannot read ${file}: ${(err as Error).message}`,
      cause: err,
    });
  }
}
