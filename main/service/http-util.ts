/**
 * Small HTTP helpers of the local service: JSON answers, bounded JSON bodies, bearer auth.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { safeEqual } from './secrets.js';

/** Largest JSON request body the /api routes read, bytes (a check of 20 long URLs fits easily). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** Deadline of reading a JSON body, ms: 1 MiB in 30 s is 35 kB/s, slower than any real client. */
export const JSON_BODY_TIMEOUT_MS = 30_000;

/** An error that becomes an HTTP answer `{error: message}` with `status`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers (e.g. Retry-After on 429/503). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Sends `body` as JSON with `status`. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/**
 * Reads and parses a JSON request body of at most {@link MAX_JSON_BODY_BYTES}.
 * @throws HttpError 415 when Content-Type is not application/json, 413 when too large,
 *   408 (socket destroyed) when it takes longer than JSON_BODY_TIMEOUT_MS, 400 when the text is not JSON.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, 'Content-Type must be application/json');
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_JSON_BODY_BYTES) throw new HttpError(413, `Request body larger than ${MAX_JSON_BODY_BYTES} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  const timer = setTimeout(() => req.destroy(new HttpError(408, 'Request body not received in time')), JSON_BODY_TIMEOUT_MS);
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_JSON_BODY_BYTES) throw new HttpError(413, `Request body larger than ${MAX_JSON_BODY_BYTES} bytes`);
      chunks.push(chunk);
    }
  } finally {
    clearTimeout(timer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
}

/**
 * Checks `Authorization: Bearer <token>` in constant time.
 * @throws HttpError 401 when the header is missing, malformed or carries another token.
 */
export function requireBearer(req: IncomingMessage, token: string): void {
  const header = req.headers.authorization;
  if (!header) throw new HttpError(401, 'Missing Authorization header (expected: Bearer <token>)');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m?.[1] || !safeEqual(m[1], token)) throw new HttpError(401, 'Invalid auth token');
}

