/**
 * Run-time schemas of the `/api` endpoints of ../shared/API.md, shared by the local service
 * (what it accepts and answers) and the client (what it checks before sending and after
 * receiving). Where API.md says "not shown", the decision is written next to the schema.
 */
import { z } from 'zod';

/** Presigned URL lifetime, seconds (API.md "Limits": 24 hours). */
export const PRESIGNED_URL_LIFETIME_S = 24 * 60 * 60;

/** `POST /api/video/upload-url` request body. Rules are checked by {@link checkUploadRequest}. */
export const UploadUrlRequest = z.looseObject({ fileName: z.string(), contentType: z.string() });
export type UploadUrlRequest = z.infer<typeof UploadUrlRequest>;

/** `POST /api/video/upload-url` success body. */
export const UploadUrlResponse = z.looseObject({
  data: z.looseObject({ uploadUrl: z.string().url(), downloadUrl: z.string().url() }),
});
export type UploadUrlResponse = z.infer<typeof UploadUrlResponse>;

/** Error body of the /api endpoints: `{error: string}` (API.md "Errors"). */
export const ApiErrorBody = z.looseObject({ error: z.string() });

/** Pipeline versions accepted by `version` (API.md: stable is the default, latest is usable). */
export const PIPELINE_VERSIONS = ['stable', 'latest'] as const;

/** `POST /api/videos/check` request body. Max 20 URLs per request (our limit; API.md: not shown). */
export const VideoCheckRequest = z.looseObject({
  video_urls: z.array(z.string().min(1)).min(1, 'video_urls must not be empty').max(20, 'at most 20 video_urls'),
  version: z.enum(PIPELINE_VERSIONS).default('stable'),
});
export type VideoCheckRequest = z.infer<typeof VideoCheckRequest>;

/**
 * One successfully probed URL. `estimated_compute_time` is in **seconds** (API.md: unit not
 * shown; our decision, and the remote service's plausible unit given "30 to 120 seconds").
 */
export const VideoCheckResult = z.looseObject({
  estimated_compute_time: z.number(),
  video_ok: z.boolean(),
  fps_check: z.boolean(),
  resolution_check: z.boolean(),
});
export type VideoCheckResult = z.infer<typeof VideoCheckResult>;

/** One URL that failed to probe. */
export const VideoCheckError = z.looseObject({ status: z.number(), message: z.string() });

/**
 * `POST /api/videos/check` response. HTTP status 200 (API.md: not shown; the client accepts
 * any 2xx).
 */
export const VideoCheckResponse = z.looseObject({
  data: z.record(z.string(), VideoCheckResult).optional(),
  errors: z.record(z.string(), VideoCheckError).optional(),
});
export type VideoCheckResponse = z.infer<typeof VideoCheckResponse>;

/** `POST /api/statistics/tennis` request body (API.md section 4). */
export const TennisTaskRequest = z.looseObject({
  video_url: z.string().min(1, 'video_url is required'),
  version: z.enum(PIPELINE_VERSIONS).default('stable'),
  read_video_from_origin: z.boolean().default(true),
});
export type TennisTaskRequest = z.infer<typeof TennisTaskRequest>;

/**
 * `POST /api/statistics/tennis` response (API.md: not shown). Our service answers
 * 202 `{data: {task_id, status: "queued"}}`. The client also accepts `{task_id}`, `{id}`,
 * `{data: {id}}` and `{data: {taskId}}`: see {@link extractTaskId}.
 */
export const TennisTaskCreated = z.looseObject({
  data: z.looseObject({ task_id: z.string(), status: z.string().optional() }),
});

/** Tennis task states (API.md: not shown). Ours: queued → running → done | failed. */
export const TENNIS_TASK_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type TennisTaskState = (typeof TENNIS_TASK_STATES)[number];

/** `GET /api/statistics/tennis/{task_id}` when done: 200 (API.md "Task result"). */
export const TennisTaskDone = z.looseObject({
  metadata: z
    .looseObject({
      pipeline_version: z.string(),
      compute_version: z.string().regex(/^v\d+\.\d+\.\d+$/, 'compute_version must be vX.Y.Z'),
    })
    .optional(),
  data: z.looseObject({ result_url: z.string() }).optional(),
});
export type TennisTaskDone = z.infer<typeof TennisTaskDone>;

/**
 * `GET /api/statistics/tennis/{task_id}` while pending (API.md: not shown). Ours: 202
 * `{status: "queued"|"running", task_id}`; a failed task: 200 `{status: "failed", task_id, error}`.
 */
export const TennisTaskPending = z.looseObject({
  status: z.string(),
  task_id: z.string().optional(),
  error: z.string().optional(),
});

/** Pulls a task id out of any of the accepted create-response shapes; undefined when none. */
export function extractTaskId(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  const d = (typeof b.data === 'object' && b.data !== null ? b.data : {}) as Record<string, unknown>;
  for (const v of [d.task_id, d.id, d.taskId, b.task_id, b.id, b.taskId]) {
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return undefined;
}

/** RFC 4122 UUID (any version), as the task id path parameter must be. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
