/**
 * Downloads a client-named http(s) URL into a local file for the service, so ffmpeg only ever
 * reads local files (it never follows a redirect or opens a host on its own). Every hop is
 * guarded (net-guard.ts: public hosts only unless opted in, the checked address is the one
 * connected to); redirects are followed here, at most {@link MAX_REDIRECTS}, each target checked
 * again; the body is capped in bytes, the read has an idle timeout and the whole download a
 * deadline. Failures carry a detail for the log and one generic text for the client.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkUrlHost, guardedLookup, type HostPolicy } from './net-guard.js';

/** Redirects followed per download (browsers allow 20; a video link needs one or two). */
export const MAX_REDIRECTS = 5;
/** No byte for this long ends the download, ms (a host that sends some bytes then stalls). */
export const IDLE_TIMEOUT_MS = 30_000;
/** What the client is told about any failed download; the cause goes to the service log. */
export const DOWNLOAD_FAILED = 'Could not download the video';

/** A download that failed; `detail` (host, status, cause) is for the service log only. */
export class RemoteFetchError extends Error {
  override name = 'RemoteFetchError';
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(DOWNLOAD_FAILED, options);
  }
}

/** Options of {@link downloadToFile}. */
export interface DownloadOptions {
  policy: HostPolicy;
  /** Largest body accepted, bytes. */
  maxBytes: number;
  /** Deadline of the whole download, ms. */
  timeoutMs: number;
  /** Idle timeout, ms (default {@link IDLE_TIMEOUT_MS}). */
  idleMs?: number;
  signal?: AbortSignal;
}

/**
 * Downloads `url` into `dest` (created 0600; removed on any failure).
 * @returns bytes written.
 * @throws RemoteFetchError (blocked host, bad status, too many redirects, over `maxBytes`, idle,
 *   deadline, network error); the signal's reason when `signal` aborts.
 */
export async function downloadToFile(url: string, dest: string, o: DownloadOptions): Promise<number> {
  const deadline = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, deadline]) : deadline;
  const idle = { ms: o.idleMs ?? IDLE_TIMEOUT_MS, fired: false };
  try {
    const res = await openFollowing(new URL(url), o.policy, signal, idle);
    const declared = Number(res.headers['content-length'] ?? NaN);
    if (declared > o.maxBytes) {
      res.destroy();
      throw new RemoteFetchError(`${res.url ?? url}: Content-Length ${declared} over the cap of ${o.maxBytes} bytes`);
    }
    let bytes = 0;
    const cap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done(bytes > o.maxBytes ? new RemoteFetchError(`${url}: body over the cap of ${o.maxBytes} bytes`) : null, chunk);
      },
    });
    await pipeline(res, cap, createWriteStream(dest, { mode: 0o600 }), { signal });
    return bytes;
  } catch (err) {
    await rm(dest, { force: true });
    if (o.signal?.aborted) throw o.signal.reason;
    if (err instanceof RemoteFetchError) throw err;
    const why = deadline.aborted ? `no complete answer within ${o.timeoutMs / 1000} s` : idle.fired ? `no data for ${idle.ms / 1000} s` : (err as Error).message;
    throw new RemoteFetchError(`${url}: ${why}`, { cause: err });
  }
}

/** GETs `url`, following redirects itself; resolves with a 200 response whose body is unread. */
async function openFollowing(url: URL, policy: HostPolicy, signal: AbortSignal, idle: Idle): Promise<IncomingMessage & { url?: string }> {
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteFetchError(`${url.href}: not an http(s) URL`);
    checkUrlHost(policy, url);
    const res = await get(url, policy, signal, idle);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      url = new URL(res.headers.location, url);
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new RemoteFetchError(`${url.href}: HTTP ${status}`);
    }
    return Object.assign(res, { url: url.href });
  }
  throw new RemoteFetchError(`${url.href}: more than ${MAX_REDIRECTS} redirects`);
}

/** The idle timeout of a download and whether it fired. */
interface Idle {
  ms: number;
  fired: boolean;
}

function get(url: URL, policy: HostPolicy, signal: AbortSignal, idle: Idle): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', lookup: guardedLookup(policy), agent: false, signal, headers: { 'User-Agent': 'swing-studio-service' } }, resolve);
    req.setTimeout(idle.ms, () => {
      idle.fired = true;
      req.destroy(new Error(`no data for ${idle.ms / 1000} s`));
    });
    req.on('error', reject);
    req.end();
  });
}
