/**
 * Turns anything a handler throws into the contract's {@link ApiFailure} (`kind`, `message`,
 * `tip`) so the renderer can tell a network problem from bad input or a full disk. SQLite and
 * file-system errors get the sentence of main/contract/error-line.ts (the CLI prints the same),
 * anything unknown its message on one line. Every message passes through {@link redactSecrets}
 * with the secrets main knows (the API key).
 */
import { ZodError } from 'zod';
import { ApiError, isAbortLike, redactSecrets, type ApiErrorKind } from '../api/errors.js';
import { BackendConfigError } from '../backends/index.js';
import { JobInputError } from '../jobs/validate.js';
import { oneLineReason } from '../jobs/reason.js';
import { systemErrorLine } from '../contract/error-line.js';
import { zodIssueText } from '../contract/zod-issues.js';
import { LibraryError } from '../library/errors.js';
import { ApiKeyError } from '../settings/api-key.js';
import { SettingsError } from '../settings/settings.js';
import type { ApiFailure } from '../../preload/contract.js';

/** A failure a handler raises on purpose, with its kind and an optional tip. */
export class HandlerError extends Error {
  constructor(
    readonly kind: ApiFailure['kind'],
    message: string,
    readonly tip?: string,
  ) {
    super(message);
    this.name = 'HandlerError';
  }
}

/** Contract kind of each API client error kind (main/api/errors.ts). */
const API_KINDS: Record<ApiErrorKind, ApiFailure['kind']> = {
  network: 'network',
  timeout: 'network',
  auth: 'auth',
  'rate-limited': 'server',
  server: 'server',
  contract: 'decode',
  input: 'input',
  cancelled: 'cancelled',
};

const API_TIPS: Partial<Record<ApiErrorKind, string>> = {
  network: 'Check the network connection and the backend URLs in Settings, then retry.',
  timeout: 'The backend did not answer in time; retry in a moment.',
  auth: 'Check the API key in Settings.',
  'rate-limited': 'The service is busy; wait a minute and retry.',
  contract: 'The backend answered in an unexpected format; check the backend URLs in Settings.',
};

/** Node fs error codes that mean the disk or permissions are at fault. */
const STORAGE_CODES = new Set(['EACCES', 'EPERM', 'ENOSPC', 'EROFS', 'EDQUOT', 'EMFILE', 'EIO', 'EBUSY']);

function classify(err: unknown): ApiFailure {
  if (err instanceof HandlerError) return withTip({ kind: err.kind, message: err.message }, err.tip);
  if (err instanceof ZodError) return { kind: 'input', message: zodIssueText(err) };
  if (err instanceof ApiError) {
    return withTip(
      {
        kind: API_KINDS[err.kind],
        message: err.serverMessage ? `${err.message}: ${err.serverMessage}` : err.message,
      },
      API_TIPS[err.kind],
    );
  }
  if (err instanceof LibraryError) {
    if (err.code === 'not-found') return { kind: 'not-found', message: err.message };
    if (err.code === 'too-new')
      return withTip({ kind: 'storage', message: err.message }, 'Update Swing Studio to open this library.');
    return { kind: 'input', message: err.message };
  }
  if (err instanceof JobInputError) return { kind: 'input', message: err.message };
  if (err instanceof BackendConfigError)
    return withTip({ kind: 'auth', message: err.message }, 'Open Settings and fill in the remote backend.');
  if (err instanceof SettingsError)
    return withTip(
      { kind: 'storage', message: err.message },
      'Fix or delete settings.json in the Swing Studio folder.',
    );
  if (err instanceof ApiKeyError) {
    return /must not contain|not available/.test(err.message)
      ? { kind: 'input', message: err.message }
      : withTip({ kind: 'storage', message: err.message }, 'Enter the API key again in Settings.');
  }
  if (isAbortLike(err)) return { kind: 'cancelled', message: 'cancelled' };
  const system = systemErrorLine(err);
  if (err instanceof Error && err.name === 'SqliteError')
    return { kind: 'storage', message: system ?? `library database error: ${err.message}` };
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return { kind: 'not-found', message: system ?? (err as Error).message };
  if (system || (typeof code === 'string' && STORAGE_CODES.has(code)))
    return { kind: 'storage', message: system ?? (err as Error).message };
  return { kind: 'internal', message: oneLineReason(err) };
}

function withTip(f: ApiFailure, tip: string | undefined): ApiFailure {
  return tip === undefined ? f : { ...f, tip };
}

/**
 * The contract failure for a thrown value, with `secrets` replaced by `[redacted]` in message
 * and tip.
 */
export function toFailure(err: unknown, secrets: readonly (string | null | undefined)[] = []): ApiFailure {
  const f = classify(err);
  const s = secrets.filter((x): x is string => typeof x === 'string' && x.length > 0);
  const out: ApiFailure = { kind: f.kind, message: redactSecrets(f.message, s) };
  if (f.tip !== undefined) out.tip = redactSecrets(f.tip, s);
  return out;
}
