/**
 * The upload step shared by analysis and tennis jobs on a backend's object storage:
 * `POST /api/video/upload-url` then a presigned PUT with progress (API.md endpoint 1). A pair
 * saved at the job's safe point is reused while it is still valid, so a resumed job does not
 * upload again.
 */
import { PRESIGNED_URL_LIFETIME_S } from '../contract/api-schema.js';
import type { ApiClient } from '../api/client.js';
import type { JobContext } from './job-context.js';
import type { SafePoint } from '../contract/job.js';

/**
 * Margin before the 24 h expiry (API.md "Limits") under which a saved pair is not reused, ms:
 * 1 h, longer than the 30-120 s typical processing plus any tennis task queue wait.
 */
export const UPLOAD_REUSE_MARGIN_MS = 60 * 60 * 1000;

/** True when a saved upload pair can still be read by the service for at least the margin. */
export function uploadStillValid(up: SafePoint['upload'], now = Date.now()): up is NonNullable<SafePoint['upload']> {
  if (!up) return false;
  const issued = Date.parse(up.issuedAt);
  return Number.isFinite(issued) && issued + PRESIGNED_URL_LIFETIME_S * 1000 - UPLOAD_REUSE_MARGIN_MS > now;
}

/**
 * Uploads the clip (state `uploading`, progress in bytes) unless the safe point holds a valid
 * pair; saves the pair as the job's safe point.
 * @returns the downloadUrl (the `video_url` of analysis requests).
 * @throws the client's ApiError (kinds input, auth, network, timeout, server, cancelled…).
 */
export async function uploadClip(ctx: JobContext, client: ApiClient, path: string, contentType: string): Promise<string> {
  const saved = ctx.job.safePoint.upload;
  if (uploadStillValid(saved)) return saved.downloadUrl;
  ctx.setState('uploading');
  const issuedAt = new Date().toISOString();
  const up = await client.uploadVideo(path, {
    contentType,
    signal: ctx.signal,
    onProgress: (p) => ctx.progress({ share: p.total > 0 ? p.bytes / p.total : 1, bytes: p.bytes, totalBytes: p.total }),
  });
  ctx.saveSafePoint({ upload: { uploadUrl: up.uploadUrl, downloadUrl: up.downloadUrl, issuedAt } });
  return up.downloadUrl;
}
