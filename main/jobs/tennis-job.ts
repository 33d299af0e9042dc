/**
 * A tennis statistics task (API.md sections 1, 3, 4): upload the clip to the backend's storage
 * (unless a URL was given, a valid upload is saved, or the backend reads local files where they
 * lie: the direct local backend, main/backends/direct-tasks.ts), create the task (its id is
 * saved, so a resumed job waits for the same task instead of starting a second one), wait until
 * done (HTTP: polls and fetches the result file; direct: woken by the task worker) and store
 * the result raw in the library.
 */
import type { TaskClient } from '../backends/direct-tasks.js';
import type { JobContext } from './job-context.js';
import { storeTennisResult } from './store-tennis.js';
import { uploadClip } from './upload-step.js';
import { checkClipFile, checkTennisInput } from './validate.js';

/**
 * Runs a tennis job.
 * @returns the session the result was attached to (when the input named one).
 * @throws JobInputError, the client's ApiError (e.g. kind 'server' code `task-failed`), library errors.
 */
export async function runTennisJob(ctx: JobContext): Promise<{ sessionId?: number }> {
  const input = checkTennisInput(ctx.job.input);
  const client: TaskClient = ctx.backends.tasks ? await ctx.backends.tasks(input.backend) : await ctx.backends.client(input.backend);
  let videoUrl = input.videoUrl;
  if (input.videoPath !== undefined) {
    const clip = checkClipFile(input.videoPath);
    videoUrl = client.fileUrl?.(clip.path) ?? (await uploadClip(ctx, await ctx.backends.client(input.backend), clip.path, clip.contentType));
  }
  if (videoUrl === undefined) throw new Error('tennis job has no video');

  ctx.setState('analysing');
  let taskId = ctx.job.safePoint.taskId;
  if (!taskId) {
    taskId = (await client.createTennisTask({ video_url: videoUrl, version: 'stable', read_video_from_origin: true }, ctx.signal)).taskId;
    ctx.saveSafePoint({ taskId });
  }
  let polls = 0;
  const result = await client.waitForTennisTask(taskId, {
    signal: ctx.signal,
    onStatus: (s) => {
      // The direct local backend (the one with fileUrl) reports the analysis' share of frames done,
      // none while the task waits for the engine; an HTTP service gives none, so there each poll
      // moves the bar asymptotically to 90 %.
      polls++;
      const known = s.state === 'pending' ? s.share : undefined;
      const share = s.state === 'done' ? 1 : known !== undefined ? 0.99 * known : client.fileUrl ? 0 : 0.9 * (1 - 1 / (1 + polls / 5));
      ctx.progress({ share });
    },
  });

  ctx.setState('storing');
  storeTennisResult(ctx.db, {
    taskId: result.taskId,
    sessionId: input.sessionId ?? null,
    raw: result.result,
  });
  return input.sessionId !== undefined ? { sessionId: input.sessionId } : {};
}
