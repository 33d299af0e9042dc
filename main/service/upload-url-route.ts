/**
 * `POST /api/video/upload-url` (API.md endpoint 1): checks the request with the exact rules and
 * messages of API.md, then answers `{data: {uploadUrl, downloadUrl}}`, both presigned for 24 h
 * on the object key `videos/<uuid><ext>` (the original name is never part of a path).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { UploadUrlRequest } from '../contract/api-schema.js';
import { checkUploadRequest, extensionOf } from '../contract/upload-rules.js';
import { presign, type ServiceContext } from './service-context.js';
import { HttpError, readJsonBody, sendJson } from './http-util.js';
import { zodIssueText } from '../contract/zod-issues.js';

/** Handles `POST /api/video/upload-url` (caller has checked the bearer token). */
export async function handleUploadUrl(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const parsed = UploadUrlRequest.safeParse(await readJsonBody(req));
  if (!parsed.success) throw new HttpError(400, zodIssueText(parsed.error, Infinity));
  const { fileName, contentType } = parsed.data;
  const problem = checkUploadRequest(fileName, contentType);
  if (problem) throw new HttpError(problem.status, problem.error);
  const type = contentType.trim().toLowerCase();
  const key = `videos/${randomUUID()}${extensionOf(fileName)}`;
  // Fail here (500) rather than at PUT time when the storage folder is not writable.
  ctx.store.ensureFolder(key);
  sendJson(res, 200, {
    data: { uploadUrl: presign(ctx, 'PUT', key, type), downloadUrl: presign(ctx, 'GET', key, type) },
  });
}
