/**
 * Tennis statistics tasks (API.md endpoints 3 and 4; shapes API.md leaves "not shown" are ours):
 * - `POST /api/statistics/tennis` `{video_url, version?, read_video_from_origin?, dominant_hand?}`
 *   → 202 `{data: {task_id, status: "queued"}}`. Our own storage URLs are checked at once
 *   (400/403/404); other URLs are read when the task runs. `dominant_hand` (left|right, default
 *   right) is our documented extra.
 * - `GET /api/statistics/tennis/{task_id}` → 200 `{metadata: {pipeline_version, compute_version},
 *   data: {result_url}}` when done (result_url presigned for 24 h from this request);
 *   202 `{status: "queued"|"running", task_id}` while pending; 200 `{status: "failed", task_id,
 *   error}` when failed; 404 unknown id; 400 not a UUID.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { TennisTaskRequest, UUID_RE } from '../contract/api-schema.js';
import { presign, type ServiceContext } from './service-context.js';
import { HttpError, readJsonBody, sendJson } from './http-util.js';
import { zodIssueText } from '../contract/zod-issues.js';
import { countQueued, getTask, insertTask } from './task-db.js';
import { MAX_QUEUED_TASKS, requireRoom } from './limits.js';
import { resolveVideoSource } from './video-source.js';
import { versionMetadata } from '../pipeline/index.js';

/** The create body the service accepts: API.md's request plus our `dominant_hand` (left|right, default right). */
export const TennisTaskCreateBody = TennisTaskRequest.extend({ dominant_hand: z.enum(['left', 'right']).default('right') });

/** Handles `POST /api/statistics/tennis`; `onQueued` wakes the worker. */
export async function handleCreateTennisTask(
  ctx: ServiceContext,
  db: Database.Database,
  req: IncomingMessage,
  res: ServerResponse,
  onQueued: () => void,
): Promise<void> {
  const parsed = TennisTaskCreateBody.safeParse(await readJsonBody(req));
  if (!parsed.success) throw new HttpError(400, zodIssueText(parsed.error, Infinity));
  const body = parsed.data;
  requireRoom(countQueued(db), MAX_QUEUED_TASKS, `${MAX_QUEUED_TASKS} tasks are queued`);
  await resolveVideoSource(ctx, body.video_url);
  const id = randomUUID();
  insertTask(
    db,
    {
      id,
      videoUrl: body.video_url,
      version: body.version,
      readFromOrigin: body.read_video_from_origin,
      dominantHand: body.dominant_hand,
    },
    ctx.now(),
  );
  onQueued();
  sendJson(res, 202, { data: { task_id: id, status: 'queued' } });
}

/** Handles `GET /api/statistics/tennis/{task_id}`. */
export function handleGetTennisTask(ctx: ServiceContext, db: Database.Database, res: ServerResponse, id: string): void {
  if (!UUID_RE.test(id)) throw new HttpError(400, 'task_id must be a UUID');
  const task = getTask(db, id.toLowerCase());
  if (!task) throw new HttpError(404, 'No such task');
  if (task.status === 'done' && task.resultKey) {
    sendJson(res, 200, {
      metadata: versionMetadata(task.version),
      data: { result_url: presign(ctx, 'GET', task.resultKey, 'application/json') },
    });
  } else if (task.status === 'failed') {
    sendJson(res, 200, { status: 'failed', task_id: task.id, error: task.error ?? 'Task failed' });
  } else {
    sendJson(res, 202, { status: task.status, task_id: task.id });
  }
}
