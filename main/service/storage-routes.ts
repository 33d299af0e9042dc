/**
 * Object storage routes behind presigned URLs: `PUT|GET|HEAD /storage/{key}?ct&exp&sig`.
 * PUT streams to a temp file and renames atomically; GET/HEAD answer Range requests (206/416).
 * Refusals: 403 bad/expired/wrong-method signature or Content-Type other than the signed one,
 * 404 object not uploaded, 411/413 size, 405 other methods. Bodies are `{error}`.
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { ServiceContext } from './service-context.js';
import { HttpError, sendJson } from './http-util.js';
import { TooLargeError } from './object-store.js';
import { planRange } from '../media/range.js';
import { OBJECT_KEY_RE, verifySignedUrl, type SignedGrant } from './signing.js';

const PROBLEM_TEXT = {
  missing: 'Missing URL signature (ct, exp, sig)',
  expired: 'Presigned URL has expired',
  invalid: 'Invalid URL signature',
} as const;

/** Verifies the presigned URL of a storage request. @throws HttpError 403 / 404. */
export function authoriseStorage(ctx: ServiceContext, method: string, url: URL): SignedGrant {
  const key = url.pathname.slice('/storage/'.length); // valid keys need no percent-decoding
  if (!OBJECT_KEY_RE.test(key)) throw new HttpError(404, 'No such object');
  const grant = verifySignedUrl(ctx.secret, method, key, url.searchParams, Math.floor(ctx.now() / 1000));
  if (typeof grant === 'string') throw new HttpError(403, PROBLEM_TEXT[grant]);
  return grant;
}

/** Handles one storage request (already routed by path prefix). */
export async function handleStorage(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET';
  if (method !== 'PUT' && method !== 'GET' && method !== 'HEAD') {
    throw new HttpError(405, `Method ${method} not allowed on storage URLs`);
  }
  const grant = authoriseStorage(ctx, method, url);
  if (method === 'PUT') await putObject(ctx, req, res, grant);
  else await getObject(ctx, req, res, grant, method === 'HEAD');
}

async function putObject(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse, grant: SignedGrant): Promise<void> {
  const sent = (req.headers['content-type'] ?? '').trim().toLowerCase();
  if (sent !== grant.contentType.toLowerCase()) {
    throw new HttpError(403, `Content-Type must be ${grant.contentType} (the signed content type), got ${sent || 'none'}`);
  }
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > ctx.maxUploadBytes) {
    res.setHeader('Connection', 'close');
    throw new HttpError(413, `Upload larger than the limit of ${ctx.maxUploadBytes} bytes`);
  }
  try {
    const bytes = await ctx.uploads.run(req, () => ctx.store.put(grant.key, req, ctx.maxUploadBytes));
    if (declared !== undefined && bytes !== Number(declared)) throw new HttpError(400, 'Body shorter than Content-Length');
  } catch (err) {
    if (err instanceof TooLargeError) {
      res.setHeader('Connection', 'close');
      throw new HttpError(413, err.message);
    }
    throw err;
  }
  sendJson(res, 200, { data: { key: grant.key } });
}

async function getObject(
  ctx: ServiceContext,
  req: IncomingMessage,
  res: ServerResponse,
  grant: SignedGrant,
  headOnly: boolean,
): Promise<void> {
  const info = await ctx.store.stat(grant.key);
  if (!info) throw new HttpError(404, 'No such object (not uploaded yet)');
  const headers = {
    'Content-Type': grant.contentType,
    'Accept-Ranges': 'bytes',
    'Last-Modified': new Date(info.mtimeMs).toUTCString(),
    'Cache-Control': 'private, no-store',
  };
  const plan = planRange(req.headers.range, info.size);
  if (plan.kind === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${info.size}`, 'Content-Length': 0 });
    res.end();
    return;
  }
  const range = plan.kind === 'partial' ? plan : undefined;
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  const length = info.size === 0 ? 0 : end - start + 1;
  res.writeHead(range ? 206 : 200, {
    ...headers,
    'Content-Length': length,
    ...(range ? { 'Content-Range': `bytes ${start}-${end}/${info.size}` } : {}),
  });
  if (headOnly || length === 0) {
    res.end();
    return;
  }
  await pipeline(createReadStream(ctx.store.pathOf(grant.key), { start, end }), res);
}
