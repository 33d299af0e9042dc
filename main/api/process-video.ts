/**
 * `POST {technique_url}/process` (API.md endpoint 5): multipart upload of one video plus the
 * metadata JSON, answered by an NDJSON stream read until done. Never retried: the server may
 * already be analysing (and storing) the clip.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { ErrorLine, TechniqueRequestMetadata, type DoneLine } from '../contract/technique-schema.js';
import { PROCESS_EXTENSIONS, contentTypeFor, extensionOf } from '../contract/upload-rules.js';
import { ApiError, TechniqueError, redactSecrets } from './errors.js';
import { multipartBody } from './multipart.js';
import { headerGetter, readText, sendStreamed } from './node-http.js';
import { readTechniqueStream, type TechniqueProgress } from './technique-stream.js';
import type { PoseLimits } from '../contract/clip-limits.js';
import { zodIssueText } from '../contract/zod-issues.js';
import { authHeaderFor, statusError, urlUnder, type Transport } from './transport.js';
import type { UploadProgress } from './presigned-put.js';

/**
 * Default idle limit on the answer stream, ms: 300 s. API.md gives 30-120 s typical processing
 * and does not promise `processing` lines, so silence up to the whole processing time must pass.
 */
export const DEFAULT_PROCESS_IDLE_MS = 300_000;

/** Options of {@link processVideo}. */
export interface ProcessOptions {
  signal?: AbortSignal;
  /** Progress of the analysis (one event per `processing` line). */
  onProgress?: (p: TechniqueProgress) => void;
  /** Each distinct warning, as it first appears. */
  onWarning?: (warning: string) => void;
  /** Progress of sending the video. */
  onUploadProgress?: (p: UploadProgress) => void;
  /** No bytes for this long while sending or reading → timeout, ms (default {@link DEFAULT_PROCESS_IDLE_MS}). */
  idleTimeoutMs?: number;
  /** Cap on one NDJSON line, bytes. */
  maxLineBytes?: number;
  /** Lines longer than this are read in pieces (technique-stream.ts TechniqueStreamOptions.piecesAboveBytes). */
  piecesAboveBytes?: number;
  /** What the caller knows of the clip (`clipFrames`), for the done line's pose checks (main/pose/pose-checks.ts). */
  pose?: PoseLimits;
}

/**
 * Validates the metadata and the file, sends them, and reads the answer stream.
 * @returns the validated done object (its pose checked by main/pose/pose-checks.ts).
 * @throws ApiError kind 'input' (bad metadata/extension/file, other 4xx), TechniqueError (an
 *   `error` line or an invalid-request error body), ApiError kind 'server' code
 *   `technique-failed` (a `failed` line) or HTTP 5xx, 'auth', 'contract', 'network', 'timeout',
 *   'cancelled'; NdjsonError for stream faults (see ./ndjson.ts).
 */
export async function processVideo(
  t: Transport,
  file: string,
  metadata: unknown,
  opts: ProcessOptions = {},
): Promise<DoneLine> {
  const meta = TechniqueRequestMetadata.safeParse(metadata);
  if (!meta.success) {
    throw new ApiError({
      kind: 'input',
      message: `technique metadata is invalid: ${zodIssueText(meta.error, 3)}`,
    });
  }
  const ext = extensionOf(file);
  if (!(PROCESS_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new ApiError({
      kind: 'input',
      message: `/process does not take ${ext || 'files without extension'}; supported: ${PROCESS_EXTENSIONS.join(', ')}`,
    });
  }
  const size = await stat(file).then(
    (s) => s.size,
    (err: Error) => {
      throw new ApiError({ kind: 'input', message: `cannot read ${file}: ${err.message}`, cause: err });
    },
  );
  const idle = opts.idleTimeoutMs ?? DEFAULT_PROCESS_IDLE_MS;
  const body = multipartBody(
    { metadata: JSON.stringify(meta.data) },
    {
      field: 'file',
      path: file,
      size,
      fileName: basename(file),
      contentType: contentTypeFor(file) ?? 'application/octet-stream',
    },
  );
  const url = urlUnder(t.techniqueUrl, '/process');
  const headers: Record<string, string | number> = {
    'Content-Type': body.contentType,
    'Content-Length': body.length,
    Accept: 'application/x-ndjson, application/json',
  };
  const auth = authHeaderFor(t, url);
  if (auth) headers.Authorization = auth;
  const started = Date.now();
  const secrets = [t.apiKey, t.techniqueToken];
  const sent = await sendStreamed({
    method: 'POST',
    url,
    headers,
    parts: body.parts,
    idleTimeoutMs: idle,
    what: 'POST /process',
    secrets,
    ...(opts.signal ? { signal: opts.signal } : {}),
    onBytes: (n) =>
      opts.onUploadProgress?.({
        bytes: n,
        total: body.length,
        rateBytesPerS: n / Math.max((Date.now() - started) / 1000, 1e-3),
      }),
  });
  const status = sent.res.statusCode ?? 0;
  try {
    if (status < 200 || status > 299) {
      const text = await readText(sent.res, {
        maxBytes: 1 << 20,
        idleTimeoutMs: idle,
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      throw errorAnswer(status, text, sent.res, secrets);
    }
    return await readTechniqueStream(sent.res, {
      idleTimeoutMs: idle,
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.maxLineBytes !== undefined ? { maxLineBytes: opts.maxLineBytes } : {}),
      ...(opts.piecesAboveBytes !== undefined ? { piecesAboveBytes: opts.piecesAboveBytes } : {}),
      ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      ...(opts.onWarning ? { onWarning: opts.onWarning } : {}),
      ...(opts.pose ? { pose: opts.pose } : {}),
    });
  } finally {
    sent.destroy();
  }
}

/** A non-2xx answer: the invalid-request object (API.md) becomes a TechniqueError, else by status. */
function errorAnswer(
  status: number,
  text: string,
  res: Parameters<typeof headerGetter>[0],
  secrets: readonly (string | undefined)[],
): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const line = ErrorLine.safeParse(parsed);
  if (line.success && status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) {
    const errors = [
      ...(line.data.error !== undefined ? [line.data.error] : []),
      ...(line.data.errors ?? []),
    ].map((e) => redactSecrets(e, secrets));
    return new TechniqueError({
      message: `POST /process refused the request (HTTP ${status}): ${errors.join('; ')}`,
      errors,
      warnings: line.data.warnings ?? [],
      status,
      ...(line.data.uid !== undefined ? { uid: line.data.uid } : {}),
    });
  }
  return statusError(status, headerGetter(res), text, 'POST /process', secrets);
}
