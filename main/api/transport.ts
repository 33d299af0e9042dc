/**
 * Shared settings of one client and the JSON request path of the `/api` endpoints: auth header
 * decision, per-request timeout, abort, error mapping, retries. Bodies of streaming calls
 * (presigned PUT, /process) go through ./node-http.ts instead.
 */
import { ApiErrorBody } from '../contract/api-schema.js';
import { ApiError, isAbortLike, kindOfStatus, redactSecrets, safeUrl } from './errors.js';
import { parseRetryAfter, withRetry, type RetryPolicy } from './retry.js';

/** Resolved settings shared by every call of one client. */
export interface Transport {
  baseUrl: URL;
  techniqueUrl: URL;
  apiKey?: string;
  techniqueToken?: string;
  /** Per-request timeout of JSON calls and idle timeout of streamed bodies, ms. */
  timeoutMs: number;
  retry: RetryPolicy;
  fetchImpl: typeof fetch;
}

/** Joins a path under a base URL, keeping the base's own path prefix (`http://h/x` + `/api/a` → `http://h/x/api/a`). */
export function urlUnder(base: URL, path: string): URL {
  const prefix = base.pathname.replace(/\/+$/, '');
  return new URL(`${prefix}${path}`, base.origin);
}

/**
 * The Authorization header for a URL, or undefined. The API key goes only to `/api/…` paths on
 * the baseUrl origin; the technique token (when configured) only to paths under techniqueUrl.
 * Storage, result and archive URLs never get one (callers of those pass `auth: 'none'`).
 */
export function authHeaderFor(t: Transport, url: URL): string | undefined {
  const under = (base: URL, path: string): boolean =>
    url.origin === base.origin && url.pathname.startsWith(urlUnder(base, path).pathname);
  if (t.apiKey && under(t.baseUrl, '/api/')) return `Bearer ${t.apiKey}`;
  if (t.techniqueToken && under(t.techniqueUrl, '/')) return `Bearer ${t.techniqueToken}`;
  return undefined;
}

/** A received JSON answer. */
export interface JsonResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** One JSON request. */
export interface JsonRequest {
  method: 'GET' | 'POST';
  url: URL;
  body?: unknown;
  /** Name of the call for messages, e.g. "POST /api/video/upload-url". */
  what: string;
  signal?: AbortSignal;
  /** Retry on network/timeout/5xx/429 (idempotent calls) or only on 429 ('rate-limit-only'). */
  retry: 'idempotent' | 'rate-limit-only' | 'never';
}

/**
 * Sends a JSON request with auth, timeout, retries, and maps every failure to an ApiError.
 * @returns status, headers and the parsed body of a 2xx answer (an empty body is `null`).
 * @throws ApiError: auth (401/403), rate-limited (429), server (5xx), input (other 4xx),
 *   contract (2xx body not JSON), network, timeout, cancelled.
 */
export function requestJson(t: Transport, req: JsonRequest): Promise<JsonResponse> {
  const policy: RetryPolicy = req.retry === 'never' ? { ...t.retry, retries: 0 } : t.retry;
  return withRetry(
    async () => {
      try {
        return await attemptJson(t, req);
      } catch (err) {
        if (req.retry === 'rate-limit-only' && err instanceof ApiError && err.kind !== 'rate-limited') {
          throw new ApiError({ ...errInit(err), retryable: false });
        }
        throw err;
      }
    },
    policy,
    req.signal,
  );
}

function errInit(e: ApiError): ConstructorParameters<typeof ApiError>[0] {
  return {
    kind: e.kind,
    message: e.message,
    ...(e.status !== undefined ? { status: e.status } : {}),
    ...(e.serverMessage !== undefined ? { serverMessage: e.serverMessage } : {}),
    ...(e.code !== undefined ? { code: e.code } : {}),
    cause: e,
  };
}

async function attemptJson(t: Transport, req: JsonRequest): Promise<JsonResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const auth = authHeaderFor(t, req.url);
  if (auth) headers.Authorization = auth;
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  const timeout = AbortSignal.timeout(t.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const secrets = [t.apiKey, t.techniqueToken];
  try {
    const res = await t.fetchImpl(req.url, {
      method: req.method,
      headers,
      signal,
      ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw statusError(res.status, res.headers, text, req.what, secrets);
    if (text.trim().length === 0) return { status: res.status, headers: res.headers, body: null };
    try {
      return { status: res.status, headers: res.headers, body: JSON.parse(text) as unknown };
    } catch {
      throw new ApiError({
        kind: 'contract',
        status: res.status,
        message: `${req.what}: answer is not JSON`,
      });
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (req.signal?.aborted)
      throw new ApiError({ kind: 'cancelled', message: `${req.what}: cancelled`, cause: err });
    if (timeout.aborted || (isAbortLike(err) && !req.signal?.aborted)) {
      throw new ApiError({ kind: 'timeout', message: `${req.what}: no answer within ${t.timeoutMs} ms` });
    }
    throw networkError(req.what, err, secrets, safeUrl(req.url.href));
  }
}

/** ApiError for a transport failure (no answer): kind network, retryable, key redacted. */
export function networkError(
  what: string,
  err: unknown,
  secrets: readonly (string | undefined)[],
  where: string,
): ApiError {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
  return new ApiError({
    kind: 'network',
    message: redactSecrets(`${what}: network error reaching ${where}: ${detail}`, secrets),
  });
}

/**
 * ApiError for a non-2xx answer: kind from the status, `serverMessage` from an `{error}` body
 * (or the first 200 characters of a text body), Retry-After parsed for 429/503.
 */
export function statusError(
  status: number,
  headers: Headers | { get(name: string): string | null },
  text: string,
  what: string,
  secrets: readonly (string | undefined)[],
): ApiError {
  let serverMessage: string | undefined;
  try {
    const parsed = ApiErrorBody.safeParse(JSON.parse(text));
    if (parsed.success) serverMessage = parsed.data.error;
  } catch {
    if (text.trim()) serverMessage = text.trim().slice(0, 200);
  }
  if (serverMessage !== undefined) serverMessage = redactSecrets(serverMessage, secrets);
  const retryAfterMs =
    status === 429 || status === 503 ? parseRetryAfter(headers.get('retry-after')) : undefined;
  const tail = serverMessage ? `: ${serverMessage}` : '';
  return new ApiError({
    kind: kindOfStatus(status),
    status,
    message: `${what} answered HTTP ${status}${tail}`,
    ...(serverMessage !== undefined ? { serverMessage } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}
