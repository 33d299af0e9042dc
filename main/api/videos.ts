/**
 * Video endpoints of API.md: upload-url (1), the presigned PUT, and videos/check (2), plus
 * `uploadVideo`, which chains them and retries a failed PUT safely.
 */
import { basename } from 'node:path';
import {
  UploadUrlResponse,
  VideoCheckRequest,
  type VideoCheckResponse as CheckBody,
} from '../contract/api-schema.js';
import { VideoCheckResponse } from '../contract/api-schema.js';
import { checkUploadRequest, contentTypeFor } from '../contract/upload-rules.js';
import { ApiError } from './errors.js';
import { backoffDelay, sleep } from './retry.js';
import { zodIssueText } from '../contract/zod-issues.js';
import { requestJson, urlUnder, type Transport } from './transport.js';
import { putPresigned, type UploadProgress } from './presigned-put.js';

/** A presigned URL pair with the content type it was requested for and the issue time. */
export interface UploadTarget {
  uploadUrl: string;
  downloadUrl: string;
  contentType: string;
  /** Epoch ms when the pair was received (start of the 24 h validity). */
  issuedAt: number;
  /** The whole validated answer (unknown extra fields kept). */
  raw: UploadUrlResponse;
}

/**
 * `POST /api/video/upload-url`. The content type defaults to the one of the file's extension;
 * the request is checked locally with API.md's rules and messages first.
 * @throws ApiError kind 'input' with the exact API.md message (`serverMessage` unset) before
 *   any request; else the kinds of ./transport.ts `requestJson`; 'contract' on a bad answer.
 *   Retried as idempotent (a second URL pair costs nothing and the first is simply unused).
 */
export async function getUploadUrl(
  t: Transport,
  fileName: string,
  contentType?: string,
  signal?: AbortSignal,
): Promise<UploadTarget> {
  // Normalised once, so upload-url signs exactly the Content-Type the PUT will send.
  const type = (contentType ?? contentTypeFor(fileName) ?? 'application/octet-stream').trim().toLowerCase();
  const rule = checkUploadRequest(fileName, type);
  if (rule) throw new ApiError({ kind: 'input', code: 'upload-rule', message: rule.error });
  const res = await requestJson(t, {
    method: 'POST',
    url: urlUnder(t.baseUrl, '/api/video/upload-url'),
    body: { fileName, contentType: type },
    what: 'POST /api/video/upload-url',
    retry: 'idempotent',
    ...(signal ? { signal } : {}),
  });
  const parsed = UploadUrlResponse.safeParse(res.body);
  if (!parsed.success) throw contractError('POST /api/video/upload-url', zodIssueText(parsed.error, 3));
  const { uploadUrl, downloadUrl } = parsed.data.data;
  return { uploadUrl, downloadUrl, contentType: type, issuedAt: Date.now(), raw: parsed.data };
}

/**
 * `POST /api/videos/check`. Retried as idempotent: it only probes the URLs.
 * @throws ApiError kind 'input' (empty list, > 20 URLs, bad version) before any request; the
 *   transport kinds; 'contract' on a bad answer.
 */
export async function checkVideos(
  t: Transport,
  videoUrls: string[],
  version: 'stable' | 'latest' = 'stable',
  signal?: AbortSignal,
): Promise<CheckBody> {
  const req = VideoCheckRequest.safeParse({ video_urls: videoUrls, version });
  if (!req.success)
    throw new ApiError({ kind: 'input', message: `videos/check request: ${zodIssueText(req.error, 3)}` });
  const res = await requestJson(t, {
    method: 'POST',
    url: urlUnder(t.baseUrl, '/api/videos/check'),
    body: req.data,
    what: 'POST /api/videos/check',
    retry: 'idempotent',
    ...(signal ? { signal } : {}),
  });
  const parsed = VideoCheckResponse.safeParse(res.body);
  if (!parsed.success) throw contractError('POST /api/videos/check', zodIssueText(parsed.error, 3));
  return parsed.data;
}

/** Options of {@link uploadVideo}. */
export interface UploadVideoOptions {
  signal?: AbortSignal;
  onProgress?: (p: UploadProgress) => void;
  /** Defaults to the type of the file's extension. */
  contentType?: string;
  /** Name sent to upload-url (default: the file's base name). */
  fileName?: string;
}

/** Result of {@link uploadVideo}: where the video now is, and how many PUT attempts it took. */
export interface UploadedVideo {
  downloadUrl: string;
  uploadUrl: string;
  contentType: string;
  bytes: number;
  attempts: number;
}

/**
 * Gets an upload URL pair and PUTs the file. A retryable PUT failure (network, timeout, 5xx,
 * 429) is retried with backoff: on the same URL when no byte was sent, with a fresh URL pair
 * otherwise (storage may hold a partial object under the old one).
 * @returns the downloadUrl to pass as video_url.
 * @throws the last ApiError.
 */
export async function uploadVideo(
  t: Transport,
  file: string,
  opts: UploadVideoOptions = {},
): Promise<UploadedVideo> {
  const signal = opts.signal;
  let target = await getUploadUrl(t, opts.fileName ?? basename(file), opts.contentType, signal);
  for (let attempt = 0; ; attempt++) {
    let sent = 0;
    try {
      const bytes = await putPresigned({ url: target.uploadUrl, issuedAt: target.issuedAt }, file, {
        contentType: target.contentType,
        idleTimeoutMs: t.timeoutMs,
        ...(signal ? { signal } : {}),
        onBytesSent: (n) => {
          sent = n;
        },
        ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      });
      return {
        downloadUrl: target.downloadUrl,
        uploadUrl: target.uploadUrl,
        contentType: target.contentType,
        bytes,
        attempts: attempt + 1,
      };
    } catch (err) {
      if (!(err instanceof ApiError) || !err.retryable || attempt >= t.retry.retries) throw err;
      await sleep(err.retryAfterMs ?? backoffDelay(attempt, t.retry), signal);
      if (sent > 0) target = await getUploadUrl(t, opts.fileName ?? basename(file), opts.contentType, signal);
    }
  }
}

function contractError(what: string, detail: string): ApiError {
  return new ApiError({
    kind: 'contract',
    message: `${what}: answer does not match the contract: ${detail}`,
  });
}
