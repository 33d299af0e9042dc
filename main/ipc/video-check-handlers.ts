/**
 * `jobs.check`: checks local clips before they are queued, without uploading anything. Applies
 * the same rules as the job queue (main/jobs/validate.ts: extension `/process` accepts,
 * non-empty regular file) and the same thresholds as the service's video check
 * (main/service/video-check-route.ts judgeVideo: fps ≥ 29, 3–10 s, short side ≥ 480 px) to an
 * ffprobe of the file. Problems (the file cannot be sent): unreadable, unsupported extension,
 * no frames, longer than the decode caps (main/contract/clip-limits.ts clipLengthProblem). Warnings (it can be sent): a duration outside the recommended 3–10 s (the
 * service's `video_ok`, which stays false for such clips: API.md only recommends the range and
 * the local engine analyses shorter and longer clips), frame rate or resolution below the
 * recommendation (`fps_check`, `resolution_check`).
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import pLimit from 'p-limit';
import { clipLengthProblem } from '../contract/clip-limits.js';
import { contentTypeFor } from '../contract/upload-rules.js';
import { measuredSecondsPerFrame } from '../engine/index.js';
import { checkClipFile } from '../jobs/validate.js';
import { probeVideo, VideoProbeError } from '../av/index.js';
import { CHECK_THRESHOLDS, judgeVideo, PROBE_TIMEOUT_MS } from '../service/video-check-route.js';
import type { VideoFileCheck } from '../../preload/contract.js';
import { warning } from '../contract/warning.js';

/** ffprobe runs at once (light processes; the machine has 2 cores). */
const PROBE_CONCURRENCY = 2;

/** Checks one file. Never throws: every problem becomes a line of `problems`. */
export async function checkVideoFile(path: string): Promise<VideoFileCheck> {
  const out: VideoFileCheck = {
    path,
    name: basename(path),
    ok: false,
    contentType: contentTypeFor(basename(path)) ?? null,
    sizeBytes: null,
    durationS: null,
    fps: null,
    width: null,
    height: null,
    problems: [],
    warnings: [],
    estimatedComputeS: null,
  };
  out.sizeBytes = (await stat(path).catch(() => null))?.size ?? null;
  try {
    checkClipFile(path);
  } catch (err) {
    out.problems.push((err as Error).message);
    return out;
  }
  try {
    const v = await probeVideo(path, undefined, { timeoutMs: PROBE_TIMEOUT_MS });
    // A duration the container does not give counts as 0 s (the service's check does the same).
    const info = { ...v, durationS: Number.isFinite(v.durationS) ? v.durationS : 0 };
    Object.assign(out, { durationS: info.durationS, fps: info.fps, width: info.width, height: info.height });
    const verdict = judgeVideo(info, measuredSecondsPerFrame());
    out.estimatedComputeS = verdict.estimated_compute_time;
    const t = CHECK_THRESHOLDS;
    const tooLong = clipLengthProblem(v.durationS, v.frameCount);
    if (tooLong) out.problems.push(tooLong);
    if (info.frameCount <= 0) out.problems.push('the video has no frames');
    else if (!verdict.video_ok) {
      out.warnings.push(
        warning('clip-length', 'notice', `The clip is ${info.durationS.toFixed(0)} s long; a clip of ${t.minDurationS}–${t.maxDurationS} s around one swing works best.`, {
          detail: `clip is ${info.durationS.toFixed(1)} s long; ${t.minDurationS}–${t.maxDurationS} s around one swing is recommended`,
        }),
      );
    }
    if (!verdict.fps_check)
      out.warnings.push(
        warning('low-frame-rate', 'warning', `The video has only ${info.fps.toFixed(0)} frames per second, so ball contact timing is coarser.`, {
          tip: 'Record at 30 frames per second or more.',
          detail: `frame rate ${info.fps.toFixed(1)} fps is below the recommended 30 fps: ball contact timing is coarser`,
        }),
      );
    if (!verdict.resolution_check)
      out.warnings.push(
        warning('low-resolution', 'notice', 'The video is small, so body positions are found less precisely.', {
          detail: `short side ${Math.min(info.width, info.height)} px is below ${t.minShortSidePx} px: keypoints get coarse`,
        }),
      );
  } catch (err) {
    out.problems.push(`cannot read the video: ${err instanceof VideoProbeError ? err.detail : (err as Error).message}`);
  }
  out.ok = out.problems.length === 0;
  return out;
}

/** Checks files (two probes at a time), in input order. */
export function checkVideoFiles(paths: readonly string[]): Promise<VideoFileCheck[]> {
  const limit = pLimit(PROBE_CONCURRENCY);
  return Promise.all(paths.map((p) => limit(() => checkVideoFile(p))));
}
