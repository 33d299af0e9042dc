/**
 * Turns a `video_url` into a local file ffprobe/ffmpeg can read: our own presigned downloadUrls
 * are resolved to the stored file (no HTTP round trip, signature still checked), any other
 * http(s) URL is downloaded through the host guard (net-guard.ts, remote-fetch.ts), and — for
 * the direct local backend only — a `file:` URL is the file itself.
 */
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ServiceContext } from './service-context.js';
import { HttpError } from './http-util.js';
import { authoriseStorage } from './storage-routes.js';
import { STORAGE_PREFIX } from './signing.js';
import { downloadToFile } from './remote-fetch.js';

/** A readable video: a stored object's path, or a remote URL. */
export type VideoSource = { kind: 'local'; path: string; key: string } | { kind: 'remote'; url: string };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * True when `url` points at this service's own storage: a `/storage/` path on this host and
 * port, or on any loopback port when its signature verifies with our secret (a URL signed by
 * an earlier run of the service on another port still reads the stored file).
 */
export function isOwnStorageUrl(ctx: ServiceContext, url: URL): boolean {
  const own = new URL(ctx.baseUrl);
  if (!url.pathname.startsWith(STORAGE_PREFIX) || url.protocol !== own.protocol) return false;
  const sameHost = url.hostname === own.hostname || (LOOPBACK.has(url.hostname) && LOOPBACK.has(own.hostname));
  if (!sameHost) return false;
  if (url.port === own.port) return true;
  try {
    authoriseStorage(ctx, 'GET', url);
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves a video URL.
 * @param o.files accept `file:` URLs of this machine's files (read where they lie). Only the
 *   direct local backend (main/backends/direct-tasks.ts) passes it, and the task worker for the
 *   tasks it queued: the HTTP routes never do, so a client of the service cannot name a file.
 * @throws HttpError 400 (not an http(s) URL, or a `file:` URL without `o.files`), 403 (our URL
 *   with a bad or expired signature), 404 (our URL, object not uploaded; a file that is not there).
 */
export async function resolveVideoSource(ctx: ServiceContext, text: string, o: { files?: boolean } = {}): Promise<VideoSource> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HttpError(400, `Not a valid URL: ${text.slice(0, 200)}`);
  }
  if (o.files && url.protocol === 'file:') return localFile(url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpError(400, 'Only http(s) URLs are supported');
  if (!isOwnStorageUrl(ctx, url)) return { kind: 'remote', url: url.toString() };
  const grant = authoriseStorage(ctx, 'GET', url);
  if (!(await ctx.store.stat(grant.key))) throw new HttpError(404, 'No such object (not uploaded yet)');
  return { kind: 'local', path: ctx.store.pathOf(grant.key), key: grant.key };
}

/** A `file:` URL as a local source (the path is the key too). @throws HttpError 404 when it names no file. */
async function localFile(url: URL): Promise<VideoSource> {
  const path = fileURLToPath(url);
  const st = await stat(path).catch(() => undefined);
  if (!st?.isFile()) throw new HttpError(404, `No such file: ${path}`);
  return { kind: 'local', path, key: path };
}

/**
 * A local file of the video for ffprobe/ffmpeg: the stored object, or a remote URL downloaded
 * through the host guard into `dest` (remote-fetch.ts), so ffmpeg never opens a URL itself.
 * @param maxBytes cap of the download, bytes; @param timeoutMs its deadline, ms.
 * @throws RemoteFetchError (generic message, detail for the log); the signal's reason when aborted.
 */
export async function localCopyOf(ctx: ServiceContext, src: VideoSource, dest: string, o: { maxBytes: number; timeoutMs: number; signal?: AbortSignal }): Promise<string> {
  if (src.kind === 'local') return src.path;
  await downloadToFile(src.url, dest, { policy: ctx.hostPolicy, maxBytes: o.maxBytes, timeoutMs: o.timeoutMs, ...(o.signal ? { signal: o.signal } : {}) });
  return dest;
}
