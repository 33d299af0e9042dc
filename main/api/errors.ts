/**
 * Typed errors of the API client. Every failure of a call ends in one {@link ApiError} whose
 * `kind` tells the caller what to do (retry, re-login, fix input, show a server message);
 * the API key never appears in any message (see {@link redactSecrets}).
 */

/** What went wrong, from the caller's point of view. */
export type ApiErrorKind =
  'network' | 'timeout' | 'auth' | 'rate-limited' | 'server' | 'contract' | 'input' | 'cancelled';

/** Constructor fields of an {@link ApiError}. */
export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  /** HTTP status when a response was received. */
  status?: number;
  /** The server's own message (`error` of an /api error body, `errors` of a failed line). */
  serverMessage?: string;
  /** Whether sending the same request again may succeed (network, timeout, 429, 5xx). */
  retryable?: boolean;
  /** Retry-After of a 429/503 answer, milliseconds. */
  retryAfterMs?: number;
  /** Machine code for finer cases (e.g. the NDJSON reader's `ndjson-invalid-json`). */
  code?: string;
  cause?: unknown;
}

/** Kinds that are worth a retry by default (when the request itself is idempotent). */
const RETRYABLE_KINDS: ReadonlySet<ApiErrorKind> = new Set(['network', 'timeout', 'rate-limited', 'server']);

/**
 * The one error type of the client. `retryable` defaults to true for network, timeout,
 * rate-limited and server, false otherwise.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly serverMessage?: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly code?: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    if (init.status !== undefined) this.status = init.status;
    if (init.serverMessage !== undefined) this.serverMessage = init.serverMessage;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.code !== undefined) this.code = init.code;
    this.retryable = init.retryable ?? RETRYABLE_KINDS.has(init.kind);
  }
}

/**
 * An `error` line of the technique stream: the analysis ran but could not produce a result
 * (invalid request, no swing found). Kind 'server', not retryable, `analysisError: true`;
 * `errors`/`warnings` are the line's arrays (the invalid-request shape's `error` string is
 * put first in `errors`).
 */
export class TechniqueError extends ApiError {
  readonly analysisError = true as const;
  readonly errors: string[];
  readonly warnings: string[];
  readonly uid?: string;

  constructor(init: {
    message: string;
    errors: string[];
    warnings: string[];
    uid?: string;
    status?: number;
  }) {
    super({
      kind: 'server',
      message: init.message,
      serverMessage: init.errors.join('; '),
      retryable: false,
      code: 'technique-error',
      ...(init.status !== undefined ? { status: init.status } : {}),
    });
    this.name = 'TechniqueError';
    this.errors = init.errors;
    this.warnings = init.warnings;
    if (init.uid !== undefined) this.uid = init.uid;
  }
}

/** True for an AbortError / TimeoutError DOMException or an `{name: 'AbortError'}` error. */
export function isAbortLike(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

/**
 * Replaces every occurrence of each secret in a text with `[redacted]`; empty secrets are
 * ignored. Used on every message built from server or library text.
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length > 0) out = out.split(s).join('[redacted]');
  return out;
}

/**
 * Kind of an HTTP error status: 401/403 auth, 429 rate-limited, 5xx server, other 4xx input
 * (the server refused what we sent).
 */
export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  return 'input';
}

/** Strips query string and fragment of a URL for messages (presigned signatures stay out of logs). */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}
