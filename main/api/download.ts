/**
 * GETs of presigned URLs (result_url, archive URLs): never with an Authorization header,
 * retried like any idempotent GET, bodies streamed to disk atomically (temp file in the target
 * folder + fsync + rename) or read as text for the result JSON.
 */
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fsyncDir, tempPathFor } from '../files/index.js';
import { ApiError, isAbortLike, safeUrl } from './errors.js';
import { withRetry } from './retry.js';
import { networkError, statusError, type Transport } from './transport.js';

/** Options of {@link downloadToFile}. */
export interface DownloadOptions {
  signal?: AbortSignal;
  /** Refuse bodies larger than this, bytes (default 4 GiB). */
  maxBytes?: number;
  onProgress?: (bytes: number, total: number | undefined) => void;
}

/** A downloaded text body: raw text and its JSON parse. */
export interface DownloadedJson {
  raw: string;
  json: unknown;
}

const DEFAULT_MAX_DOWNLOAD = 4 * 1024 ** 3;

/**
 * Cap of a result JSON read into memory (a tennis task's result_url), bytes: 32 MiB. The local
 * service's results of the recommended 3-10 s clips are a few kB; a 120 s clip stays far below
 * this (not measured for the hour-long clips the 3 h decode cap now allows).
 */
export const MAX_RESULT_JSON_BYTES = 32 * 1024 ** 2;

/**
 * Streams `url` into `dest` atomically; a failure leaves no file at `dest` and no temp file.
 * The per-request timeout applies to each wait for bytes (idle), not to the whole transfer.
 * @returns bytes written.
 * @throws ApiError (network, timeout, cancelled, status kinds, 'contract' code `too-large`,
 *   'input' when the folder is not writable).
 */
export function downloadToFile(
  t: Transport,
  url: string,
  dest: string,
  opts: DownloadOptions = {},
): Promise<number> {
  return withRetry(() => downloadOnce(t, url, dest, opts), t.retry, opts.signal);
}

/**
 * GETs a JSON document (e.g. a tennis task's result_url) and keeps the raw text, at most
 * `maxBytes` (default {@link MAX_RESULT_JSON_BYTES}) held in memory.
 * @throws like {@link downloadToFile} (code `too-large` past `maxBytes`); ApiError kind 'contract' when it is not JSON.
 */
export function fetchJsonDocument(t: Transport, url: string, signal?: AbortSignal, maxBytes = MAX_RESULT_JSON_BYTES): Promise<DownloadedJson> {
  return withRetry(
    async () => {
      const chunks: Buffer[] = [];
      await streamGet(t, url, { maxBytes, ...(signal ? { signal } : {}) }, (c) => {
        chunks.push(c);
        return Promise.resolve();
      });
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        return { raw, json: JSON.parse(raw) as unknown };
      } catch {
        throw new ApiError({
          kind: 'contract',
          retryable: false,
          message: `result at ${safeUrl(url)} is not JSON`,
        });
      }
    },
    t.retry,
    signal,
  );
}

async function downloadOnce(t: Transport, url: string, dest: string, opts: DownloadOptions): Promise<number> {
  const tmp = tempPathFor(dest); // the one temp naming of main/files/atomic-file.ts (swept as `.tmp-`)
  let fh;
  try {
    fh = await open(tmp, 'wx');
  } catch (err) {
    throw new ApiError({
      kind: 'input',
      message: `cannot write next to ${dest}: ${(err as Error).message}`,
      cause: err,
    });
  }
  try {
    const n = await streamGet(t, url, opts, async (c) => {
      await fh.write(c);
    });
    await fh.sync();
    await fh.close();
    await rename(tmp, dest);
    fsyncDir(dirname(dest));
    return n;
  } catch (err) {
    await fh.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw err;
  }
}

/** GET with an idle timeout per chunk; hands each chunk to `sink` in order. */
async function streamGet(
  t: Transport,
  url: string,
  opts: DownloadOptions,
  sink: (chunk: Buffer) => Promise<void>,
): Promise<number> {
  const what = `GET ${safeUrl(url)}`;
  const ctl = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      ctl.abort();
    }, t.timeoutMs);
  };
  const onAbort = (): void => ctl.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted) ctl.abort();
  const max = opts.maxBytes ?? DEFAULT_MAX_DOWNLOAD;
  try {
    arm();
    const res = await t.fetchImpl(url, { method: 'GET', signal: ctl.signal, headers: { Accept: '*/*' } });
    if (!res.ok) throw statusError(res.status, res.headers, await res.text(), what, []);
    const lenHeader = res.headers.get('content-length');
    const total = lenHeader === null ? undefined : Number(lenHeader);
    if (total !== undefined && total > max) throw tooLarge(what, max);
    let n = 0;
    if (res.body) {
      for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) {
        arm();
        n += c.length;
        if (n > max) throw tooLarge(what, max);
        await sink(Buffer.from(c.buffer, c.byteOffset, c.byteLength));
        opts.onProgress?.(n, total);
      }
    }
    if (total !== undefined && n !== total) {
      throw new ApiError({ kind: 'network', message: `${what}: body ended after ${n} of ${total} bytes` });
    }
    return n;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (opts.signal?.aborted)
      throw new ApiError({ kind: 'cancelled', message: `${what}: cancelled`, cause: err });
    if (timedOut) throw new ApiError({ kind: 'timeout', message: `${what}: no data for ${t.timeoutMs} ms` });
    if (isAbortLike(err)) throw new ApiError({ kind: 'cancelled', message: `${what}: aborted`, cause: err });
    throw networkError(what, err, [t.apiKey, t.techniqueToken], safeUrl(url));
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

function tooLarge(what: string, max: number): ApiError {
  return new ApiError({
    kind: 'contract',
    code: 'too-large',
    retryable: false,
    message: `${what}: body exceeds ${max} bytes`,
  });
}
