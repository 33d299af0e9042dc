/**
 * Retries with exponential backoff and full jitter (AWS Architecture Blog, "Exponential
 * Backoff and Jitter", 2015: sleep = random(0, min(cap, base·2^attempt))), honouring a
 * server's Retry-After (RFC 9110 §10.2.3: delay-seconds or HTTP-date).
 */
import { ApiError } from './errors.js';

/** Retry policy. */
export interface RetryPolicy {
  /** Retries after the first attempt (0 = try once). */
  retries: number;
  /** First backoff ceiling, ms. */
  baseDelayMs: number;
  /** Ceiling of any computed backoff, ms. */
  maxDelayMs: number;
  /** Ceiling on a server's Retry-After, ms (a longer wait fails instead). */
  maxRetryAfterMs: number;
}

/** Defaults: 3 retries, 500 ms base, 8 s cap, Retry-After honoured up to 60 s. */
export const DEFAULT_RETRY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
};

/**
 * Parses a Retry-After header value into milliseconds from `now`.
 * @returns ms ≥ 0, or undefined when absent or unparseable.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Full-jitter backoff for retry number `attempt` (0-based), ms. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random = Math.random): number {
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
}

/** Resolves after `ms`, or rejects with ApiError kind 'cancelled' when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted)
      return reject(new ApiError({ kind: 'cancelled', message: 'cancelled while waiting to retry' }));
    const onAbort = (): void => {
      clearTimeout(t);
      reject(new ApiError({ kind: 'cancelled', message: 'cancelled while waiting to retry' }));
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, throws a non-retryable error, or retries run out. Only
 * {@link ApiError}s with `retryable` are retried; the wait is the server's Retry-After when
 * given (and ≤ maxRetryAfterMs), else the jittered backoff.
 * @param onRetry called before each wait with the error and the wait, ms.
 * @throws the last error.
 */
export async function withRetry<T>(
  attempt: (n: number) => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
  onRetry?: (err: ApiError, waitMs: number) => void,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!(err instanceof ApiError) || !err.retryable || n >= policy.retries) throw err;
      if (err.retryAfterMs !== undefined && err.retryAfterMs > policy.maxRetryAfterMs) throw err;
      const wait = err.retryAfterMs ?? backoffDelay(n, policy);
      onRetry?.(err, wait);
      await sleep(wait, signal);
    }
  }
}
