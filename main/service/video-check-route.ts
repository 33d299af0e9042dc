/**
 * `POST /api/videos/check` (API.md endpoint 2): probes every URL, a few at once (a remote URL
 * is first downloaded through the host guard into a temp file, removed after the probe),
 * and judges it against the documented thresholds. Answers 200 `{data?, errors?}`; `errors` only
 * when at least one probe failed.
 */
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pLimit from 'p-limit';
import { VideoCheckRequest, type VideoCheckResponse, type VideoCheckResult } from '../contract/api-schema.js';
import type { ServiceContext } from './service-context.js';
import { HttpError, readJsonBody, sendJson } from './http-util.js';
import { zodIssueText } from '../contract/zod-issues.js';
import { probeVideo, type VideoInfo } from '../av/index.js';
import { localCopyOf, resolveVideoSource } from './video-source.js';
import { RemoteFetchError } from './remote-fetch.js';
import { BlockedHostError } from './net-guard.js';

/**
 * Cap of one remote video read for a check, bytes: 512 MiB. A 10 s 4K clip at 100 Mbit/s (phone
 * maximum) is ~125 MB; the check downloads the file because ffprobe may need the index at its end.
 */
export const MAX_CHECK_DOWNLOAD_BYTES = 512 * 1024 ** 2;
/** Deadline of one remote read for a check, ms. */
export const CHECK_DOWNLOAD_TIMEOUT_MS = 60_000;

/** URLs probed at the same time (ffprobe is light; remote hosts may dislike many parallel reads). */
export const CHECK_CONCURRENCY = 4;

/**
 * Thresholds of the check.
 * - fps ≥ 29: API.md recommends 30 fps; 29 lets NTSC 29.97 fps pass.
 * - duration 3–10 s: API.md's recommended video length, compared after rounding to 0.1 s so that
 *   a 10.01 s container duration passes.
 * - short side ≥ 480 px: SD 480p is the smallest common camera mode; below it a player filling
 *   half the frame is under 240 px tall, less than the 256×192 person crop that top-down 2D
 *   pose models work at, so keypoints get coarse.
 */
export const CHECK_THRESHOLDS = { minFps: 29, minDurationS: 3, maxDurationS: 10, minShortSidePx: 480 } as const;

/** Fixed part of the compute estimate, seconds: model load + decoder start + analysis (measured ≈ 2–4 s). */
export const COMPUTE_OVERHEAD_S = 3;

/** Time limit of one probe of the service, ms (a remote host that stalls must not hold a check or a /process upload forever). */
export const PROBE_TIMEOUT_MS = 30_000;

/** Message of a URL whose meta-data ffprobe could not read (API.md "Video check endpoint"). */
export const NO_METADATA_MESSAGE = 'Could not extract meta-data from the video';

/**
 * Judges one probed video (main/av/ probe: duration s, fps, displayed px, frame count; a duration
 * the container does not give counts as 0 s); `secondsPerFrame` is the engine's measured speed.
 */
export function judgeVideo(info: Pick<VideoInfo, 'durationS' | 'fps' | 'width' | 'height' | 'frameCount'>, secondsPerFrame: number): VideoCheckResult {
  const t = CHECK_THRESHOLDS;
  const duration = Math.round((Number.isFinite(info.durationS) ? info.durationS : 0) * 10) / 10;
  const fps_check = info.fps >= t.minFps;
  const resolution_check = Math.min(info.width, info.height) >= t.minShortSidePx;
  const video_ok = info.frameCount > 0 && duration >= t.minDurationS && duration <= t.maxDurationS;
  const estimated_compute_time = Math.round((secondsPerFrame * info.frameCount + COMPUTE_OVERHEAD_S) * 10) / 10;
  return { estimated_compute_time, video_ok, fps_check, resolution_check };
}

/** Handles `POST /api/videos/check` (caller has checked the bearer token). */
export async function handleVideoCheck(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const parsed = VideoCheckRequest.safeParse(await readJsonBody(req));
  if (!parsed.success) throw new HttpError(400, zodIssueText(parsed.error, Infinity));
  sendJson(res, 200, await checkVideoUrls(ctx, parsed.data.video_urls));
}

/**
 * The check of each URL (duplicates once), a few at once: the answer of `POST /api/videos/check`
 * (API.md endpoint 2) as an object, `errors` only when at least one probe failed. Shared by the
 * route and the direct local backend (main/backends/direct-tasks.ts).
 * @param o.files accept `file:` URLs (the direct backend only; video-source.ts).
 * @throws only when the pipeline cannot load (its speed is part of every answer); each URL's own
 *   failure is in `errors` (400 no meta-data, 403/404 storage, 404 missing file).
 */
export async function checkVideoUrls(ctx: ServiceContext, videoUrls: readonly string[], o: { files?: boolean } = {}): Promise<VideoCheckResponse> {
  const secondsPerFrame = (await ctx.pipeline()).secondsPerFrame();
  const limit = pLimit(CHECK_CONCURRENCY);
  const data: Record<string, VideoCheckResult> = {};
  const errors: Record<string, { status: number; message: string }> = {};
  await Promise.all(
    [...new Set(videoUrls)].map((url) =>
      limit(async () => {
        const tmp = ctx.store.tempPath();
        try {
          const src = await resolveVideoSource(ctx, url, o);
          const local = await localCopyOf(ctx, src, tmp, { maxBytes: MAX_CHECK_DOWNLOAD_BYTES, timeoutMs: CHECK_DOWNLOAD_TIMEOUT_MS });
          const info = await probeVideo(local, undefined, { timeoutMs: PROBE_TIMEOUT_MS });
          data[url] = judgeVideo(info, secondsPerFrame);
        } catch (err) {
          errors[url] = checkError(ctx, url, err);
        } finally {
          await rm(tmp, { force: true });
        }
      }),
    ),
  );
  return { data, ...(Object.keys(errors).length ? { errors } : {}) };
}

/**
 * The `errors` entry of a URL that failed. A host the guard refuses (net-guard.ts) is named as
 * blocked, in the guard's words on the host the client gave (never a resolved address; nothing was
 * connected to); every other failure gets the generic text, its cause goes to the service log.
 */
function checkError(ctx: ServiceContext, url: string, err: unknown): { status: number; message: string } {
  if (err instanceof HttpError) return { status: err.status, message: err.message };
  if (err instanceof RemoteFetchError && err.cause instanceof BlockedHostError) {
    return { status: 400, message: `The address is blocked: ${err.cause.message} (videos are read only from public hosts and LAN hosts allowed with serve --allow-lan-host; check a file on this computer by its path)` };
  }
  if (err instanceof RemoteFetchError) ctx.log(`videos/check: ${err.detail}`);
  else ctx.log(`videos/check: probe of ${url} failed: ${err instanceof Error ? err.message : String(err)}`);
  return { status: 400, message: NO_METADATA_MESSAGE };
}
