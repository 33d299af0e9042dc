/**
 * The pose pipeline behind `POST /process`: probe → decode (streamed, downscaled) → fast pass
 * (MoveNet tracking of one player) → second pass (BlazePose heavy around each stroke:
 * second-pass.ts) → COCO→H36M → swap repair → One Euro smoothing → 3D (geometric lift, learned
 * pose fused in where the second pass ran: learned-3d.ts).
 */
import { isRepeatedImage } from '../pose/frame-cadence.js';
import { inferProviderSetting, recordEngineRun, recordProviderUse } from './runtime/index.js';
import { NoPersonError } from './errors.js';
import { VideoDecodeError, decodeFrames, decodeSize, type DecodedFrame, probeVideo, frameReadAhead, readAhead, refuseLongClip } from '../av/index.js';
import { blazePoseToCoco, type BlazePoseResult } from './inference/index.js';
import { blazePoseWorldH36m } from './inference/index.js';
import { inferPlan, InferencePool } from './inference/index.js';
import { PlayerTracker, scored, type PrefetchedPose } from './tracking/index.js';
import { CheckpointMismatchError, PoseCheckpoints, type ChunkFrame } from './pose-checkpoint.js';
import { FastPassResume, type InFlight } from './fast-pass-resume.js';
import { sameCrop, SecondPassCheckpoints, type SavedLandmarks } from './second-pass-checkpoint.js';
import { KeptCrops, runSecondPass, secondPassCrops } from './tracking/index.js';
import { fillSkipped, secondPassRuns, secondPassSparseRate, strokeWindows } from './tracking/index.js';
import { poseBox, poseScore, uprightPoint } from './tracking/index.js';
import { BallCandidateCollector } from './tracking/index.js';
import type { EngineOptions, PoseEstimate } from './pose-estimate-types.js';
import { buildTrack2d, finishTracks } from './frame-results.js';
import { FrameStore } from './frame-store.js';
import { absentWarning, lowConfidenceWarning, lowFrameRateWarning, LOW_CONFIDENCE, LOW_CONFIDENCE_MIN_FRAMES, RangeWarner, runtimeFallbackWarning, providerFallbackWarning, providerSettingWarning } from './warnings.js';
import { sameWarning, type Warning } from '../contract/warning.js';
import { pictureTurnedWarning, turnedPicture, type TurnedPicture } from './turned-picture.js';

/** Longer side of the decoded frames, px: lightning crops of a player ≥ ~150 px tall stay sharp. */
export const DECODE_MAX_SIDE = 640;

/**
 * Estimates the analysed player's 2D (source pixels) and 3D (metres) pose in every decoded frame.
 * A picture turned on its side without a rotation tag (turned-picture.ts, judged on the fast
 * pass) is estimated again turned upright: the pose is then in the upright picture's pixels,
 * `video` is the upright size with `turned` set, and the warning 'picture-turned' is added.
 * @throws RangeError when playerHeightMm is not > 0; VideoProbeError when the clip cannot be
 *   probed; ClipTooLongError (a VideoDecodeError) when the probe says the clip is longer than the
 *   decode caps (main/contract/clip-limits.ts; nothing decoded) or decoding passes them;
 *   VideoDecodeError when ffmpeg fails or decodes no frame; NoPersonError when no frame
 *   has a person; the signal's reason (an AbortError by default) when aborted.
 */
export async function estimatePose(videoPath: string, opts: EngineOptions): Promise<PoseEstimate> {
  const sent: Warning[] = [];
  const first = await estimateOnceChecked(videoPath, { ...opts, onWarning: (w) => (sent.push(w), opts.onWarning?.(w)) });
  if (!('turned' in first)) return first;
  // Decided: the whole clip again, upright (the sideways fast pass's tracks are not reused); warnings already sent are not sent twice.
  const w = pictureTurnedWarning(first.turned);
  opts.onWarning?.(w);
  const upright = { ...first.video, width: first.video.height, height: first.video.width, turned: first.turned.turn };
  const again = await estimateOnceChecked(videoPath, { ...opts, video: upright, onWarning: (x) => (sent.some((y) => sameWarning(x, y)) ? undefined : opts.onWarning?.(x)) });
  if ('turned' in again) throw new Error('unreachable: an upright re-run is never judged turned');
  return { ...again, warnings: [w, ...again.warnings] };
}

/**
 * {@link estimateOnce}; when a saved chunk does not match the decoded clip, once more with the
 * chunks removed (Decided: a checkpoint is never trusted blindly; warnings of the replayed part may come twice).
 */
async function estimateOnceChecked(videoPath: string, opts: EngineOptions): ReturnType<typeof estimateOnce> {
  return estimateOnce(videoPath, opts).catch((e: unknown) => {
    if (!(e instanceof CheckpointMismatchError) || !opts.checkpoint) throw e;
    return estimateOnce(videoPath, { ...opts, checkpoint: { ...opts.checkpoint, fresh: true } });
  });
}

/** One estimate; a picture judged turned (when `opts.video` is not already turned) returns after the fast pass. */
async function estimateOnce(videoPath: string, opts: EngineOptions): Promise<PoseEstimate | { turned: TurnedPicture; video: PoseEstimate['video'] }> {
  const t0 = performance.now();
  const c0 = cpuS();
  if (!(opts.playerHeightMm > 0)) throw new RangeError(`playerHeightMm must be a positive number of millimetres, got ${opts.playerHeightMm}`);
  const warnings: Warning[] = [];
  const warn = (w: Warning) => (warnings.push(w), opts.onWarning?.(w));
  const poolP = InferencePool.start(inferPlan(), opts.cropModel ?? 'movenet-lightning', opts.signal);
  poolP.catch(() => undefined); // an abort while probing rejects it before it is awaited: surfaces below
  // A clip the probe says is longer than the decode caps is refused here, before any decode.
  const video = await (opts.video ? Promise.resolve(opts.video) : probeVideo(videoPath, opts.signal)).then((v) => (refuseLongClip(v), v)).catch(async (e: unknown) => {
    await poolP.then((p) => p.close()).catch(() => undefined);
    throw e;
  });
  if (video.fps < 29.5) warn(lowFrameRateWarning(video.fps));
  const size = decodeSize(video.width, video.height, DECODE_MAX_SIDE);
  // Start ffmpeg now: its first frames decode while the workers load their models.
  const turn = video.turned ?? 0;
  const decoded = readAhead(decodeFrames(videoPath, size, opts.signal, turn), frameReadAhead());
  const first = decoded.next();
  first.catch(() => undefined); // surfaces in the loop below
  const pool = await poolP.catch(async (e: unknown) => {
    await decoded.return(undefined).catch(() => undefined);
    throw e;
  });
  if (pool.fallbackWarning) warn(runtimeFallbackWarning(pool.fallbackWarning));
  const providerProblem = inferProviderSetting().problem;
  if (providerProblem) warn(providerSettingWarning(providerProblem));
  // The point is on the picture as the clip shows it: on a picture turned upright here, carried there too.
  const point = opts.playerPoint && uprightPoint(opts.playerPoint, video.turned ?? 0, video.width, video.height);
  const at = point && { x: (point.x * size.width) / video.width, y: (point.y * size.height) / video.height, t: point.t ?? 0 };
  const tracker = new PlayerTracker(pool, at);
  // Everything that changes a frame's pose keys the checkpoints (pose-checkpoint.ts).
  const params = { size, turn, cropModel: opts.cropModel ?? 'movenet-lightning', point: at ?? null, workers: pool.size, provider: pool.provider, fallback: !!pool.fallbackWarning };
  const ckpt = opts.checkpoint ? PoseCheckpoints.open(opts.checkpoint, { videoPath, fps: video.fps, params }) : undefined;
  const resume = ckpt && new FastPassResume(ckpt);
  let firstFound = Infinity;
  const absent = new RangeWarner(
    (a, b, ta, tb) => absentWarning(a > firstFound, a, b, ta, tb),
    warn,
  );
  const low = new RangeWarner(lowConfidenceWarning, warn, LOW_CONFIDENCE_MIN_FRAMES);
  // Decided: the whole clip's per-frame results as typed arrays (frame-store.ts), not an object per frame (README "Memory with length").
  const results = new FrameStore();
  let [decodeS, inferenceS, everFound, lastShare, secondPassS, secondPassFrames, secondPassRuns, ballS] = [0, 0, false, 0, 0, 0, 0, 0];
  let fastPassCpuS: number;
  let secondPassCpuS = 0;
  let lastAt = 0;
  const fastShare = opts.secondPass === false ? 1 : FAST_PASS_PROGRESS;
  const kept = opts.secondPass === false ? undefined : new KeptCrops();
  const balls = new BallCandidateCollector();
  const track = async (item: Queued) => {
    const { frame, prefetched, repeat = false, saved } = item;
    const found = repeat ? (results.length > 0 ? results.found(results.length - 1) : undefined) : saved ? saved.pose && scored(saved.pose) : await tracker.step(frame, frame.timestamp, prefetched);
    if (kept && found && !repeat) kept.keep(frame.index, frame, found.pose);
    if (found && !everFound) firstFound = frame.index;
    everFound ||= !!found;
    absent.push(frame.index, frame.timestamp, !found);
    low.push(frame.index, frame.timestamp, !!found && found.score < LOW_CONFIDENCE);
    results.push(frame.timestamp, found, repeat);
    resume?.tracked(inFlight(item), found, tracker, queue.map(inFlight));
    const share = Math.min(1, (frame.index + 1) / Math.max(1, video.frameCount)) * fastShare;
    // Every 2 % of the frames, and at least once a second on a long clip (the job's ETA, main/jobs/eta-estimator.ts, follows the reports).
    if (share - lastShare < 0.02 && !(share > lastShare && performance.now() - lastAt >= 1000)) return;
    [lastShare, lastAt] = [share, performance.now()];
    opts.onProgress?.(share);
  };
  // Frames in flight: frame n is sent to a worker while frames n−1 … n−depth+1 are still there.
  const queue: Queued[] = [];
  const onAbort = () => void pool.close();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let tWait = performance.now();
    const repeatsPrevious = isRepeatedImage();
    for (let next = await first; !next.done; next = await decoded.next()) {
      const frame = next.value;
      const tIn = performance.now();
      decodeS += (tIn - tWait) / 1000;
      const repeat = repeatsPrevious(frame.rgb);
      const saved = resume?.savedFrame(frame.index, frame.timestamp, repeat);
      const tBall = performance.now();
      balls.push(frame, results.length > 0 ? results.box(results.length - 1) : undefined, repeat);
      ballS += (performance.now() - tBall) / 1000;
      queue.push(saved ? { frame, prefetched: undefined, repeat, saved } : repeat ? { frame, prefetched: undefined, repeat: true } : prefetch(pool, tracker, frame, resume));
      if (queue.length >= pool.size) await track(queue.shift()!);
      inferenceS += (performance.now() - tIn) / 1000;
      tWait = performance.now();
    }
    const tIn = performance.now();
    while (queue.length > 0) await track(queue.shift()!);
    resume?.finish(tracker);
    inferenceS += (performance.now() - tIn) / 1000;
    const turned = video.turned === undefined && everFound ? turnedPicture(results.poses()) : null;
    if (turned) return { turned, video };
    fastPassCpuS = cpuS() - c0;
    if (everFound && opts.secondPass !== false) {
      await decoded.return(undefined).catch(() => undefined);
      const t1 = performance.now();
      const onFrame = (done: number, total: number) => opts.onProgress?.(fastShare + (1 - fastShare) * (done / total));
      const realPerVideo = opts.captureFps && opts.captureFps > video.fps ? video.fps / opts.captureFps : 1;
      [secondPassFrames, secondPassRuns] = await refine(results, videoPath, size, turn, pool, kept, realPerVideo, opts.signal, onFrame, ckpt && new SecondPassCheckpoints(ckpt));
      secondPassS = (performance.now() - t1) / 1000;
      secondPassCpuS = cpuS() - c0 - fastPassCpuS;
    }
  } catch (e) {
    throw opts.signal?.aborted ? opts.signal.reason : e;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    await decoded.return(undefined).catch(() => undefined); // kills ffmpeg if still running
    await pool.close();
  }
  // After both passes: the second pass's models load late and may fall back too.
  const fellBack = pool.providerFallbacks;
  if (fellBack.length > 0) warn(providerFallbackWarning(pool.provider, fellBack));
  recordProviderUse({ used: fellBack.length > 0 ? 'cpu' : pool.provider, fallback: fellBack.join('; ') || null });
  absent.finish(results.length - 1);
  low.finish(results.length - 1);
  if (results.length === 0) throw new VideoDecodeError('the video has no decodable frames');
  if (!everFound) throw new NoPersonError(results.length);
  const c1 = cpuS();
  const { pose2d, pose3d } = finishTracks(results, videoPath, video, size, opts.playerHeightMm, warn);
  const finishCpuS = cpuS() - c1;
  opts.onProgress?.(1);
  const totalS = (performance.now() - t0) / 1000;
  recordEngineRun(decodeS + inferenceS + secondPassS, results.length);
  const ball = balls.finish(video.width / size.width, video.height / size.height);
  return { pose2d, pose3d, ball, video, warnings, timings: { decodeS, inferenceS, totalS, secondPassS, secondPassFrames, secondPassRuns, ballS, fastPassCpuS, secondPassCpuS, finishCpuS } };
}

/** CPU seconds used so far by this process, all threads (user + system). */
const cpuS = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

interface Queued {
  frame: DecodedFrame;
  prefetched: PrefetchedPose | undefined;
  repeat?: boolean;
  /** The frame as a saved checkpoint chunk has it (no inference). */
  saved?: ChunkFrame | undefined;
}

function inFlight(q: Queued): InFlight {
  return { index: q.frame.index, t: q.frame.timestamp, crop: q.prefetched?.crop, repeat: !!q.repeat, saved: q.saved };
}

/**
 * Lowest BlazePose pose flag (probability of a person in the crop) whose pose replaces the fast
 * pass's: below it the crop held no body the model recognised and MoveNet's pose is kept
 * (MediaPipe's pose tracker re-detects below 0.5, its default min_tracking_confidence).
 */
const MIN_POSE_FLAG = 0.5;

/**
 * Share of the progress bar the fast pass takes when the second pass runs: about its share of the
 * wall time, so that the job's ETA (share per real second, main/jobs/eta-estimator.ts) holds
 * across both passes. Decided by measurement (was 0.7): the session bench's joined clip (1188
 * frames, 1080p30, 5 tennis clips), one run on the loaded 2-core machine, 2026-11-27: fast pass
 * 88.5 s (74 ms a frame), second pass 236 s for 827 frames (70 % of the clip, 286 ms a frame),
 * i.e. 0.27 of the time.
 */
const FAST_PASS_PROGRESS = 0.3;

/**
 * The second pass (second-pass.ts) on the fast pass's results: windows around the strokes
 * (stroke-windows.ts), BlazePose on each window frame (on the crop `kept` by the fast pass where
 * it has it), whose COCO pose replaces the fast pass's
 * and whose learned 3D pose is kept (unless its pose flag is below {@link MIN_POSE_FLAG}); a
 * repeated image takes its original's; a window frame not run (second-pass-cadence.ts) takes the
 * result interpolated between its run neighbours. Returns [frames re-estimated, frames run]. With `saved`
 * (second-pass-checkpoint.ts), a frame whose result was saved on the same crop is not run again.
 */
async function refine(results: FrameStore, videoPath: string, size: { width: number; height: number }, turn: number, pool: InferencePool, kept: KeptCrops | undefined, realPerVideo: number, signal: AbortSignal | undefined, onFrame: (done: number, total: number) => void, saved?: SecondPassCheckpoints): Promise<[number, number]> {
  const fast = buildTrack2d(results, videoPath, 1, 1);
  const windows = strokeWindows(fast, fast.timestamps, realPerVideo);
  const repeat = results.repeatFlags();
  const crops = secondPassCrops(fast, windows.ranges, repeat);
  // Issue 29 item 2: every image near each contact, fewer elsewhere in the windows (second-pass-cadence.ts); the skipped frames are filled below.
  const runs = secondPassRuns(crops, windows, fast.timestamps, realPerVideo, secondPassSparseRate());
  const before = saved?.read() ?? new Map<number, SavedLandmarks>();
  const have = (f: number, c: (typeof crops)[number]) => !!c && !!before.get(f) && sameCrop(before.get(f)!.crop, c);
  // Issue 29 item 1 (memory): with no frame left to fill from its neighbours, each result goes into the store as it arrives and is not held (≈ 1.2 KB a frame of small typed arrays otherwise, main/engine/README.md "Memory with length").
  const fills = crops.some((c, f) => c && !runs[f]);
  let n = 0;
  const record = (done: number, total: number, f: number, r: BlazePoseResult): boolean => {
    onFrame(done, total);
    saved?.record(f, crops[f]!, r);
    if (fills || repeat[f]) return false;
    n += mergeResult(results, f, r);
    return true;
  };
  const out = await runSecondPass(videoPath, size, pool, crops.map((c, f) => (runs[f] && !have(f, c) ? c : undefined)), kept, undefined, signal, record, turn).finally(() => saved?.flush());
  crops.forEach((c, f) => {
    if (runs[f] && have(f, c)) out[f] = before.get(f)!.result;
  });
  fillSkipped(out, crops, runs, fast.timestamps);
  for (let f = 0; f < results.length; f++) {
    if (repeat[f] && f > 0) results.copyFrame(f - 1, f);
    else n += mergeResult(results, f, out[f]);
  }
  return [n, runs.reduce((s, r) => s + r, 0)];
}

/** Puts BlazePose result `b` of frame f into the store (its COCO pose replaces the fast pass's, its learned 3D pose is kept) unless the fast pass found no player there or its pose flag is below {@link MIN_POSE_FLAG}; 1 when it did, else 0. */
function mergeResult(results: FrameStore, f: number, b: BlazePoseResult | undefined): number {
  if (!b || !results.has(f) || b.poseFlag < MIN_POSE_FLAG) return 0;
  const pose = blazePoseToCoco(b);
  results.setFound(f, { pose, box: poseBox(pose) ?? results.box(f)!, score: poseScore(pose) });
  results.setLearned(f, blazePoseWorldH36m(b));
  return 1;
}

/** Sends the frame to a worker with the crop of the last tracked frame (nothing while no player is tracked; right after a resume, the saved crop: fast-pass-resume.ts). */
function prefetch(pool: InferencePool, tracker: PlayerTracker, frame: DecodedFrame, resume: FastPassResume | undefined): Queued {
  const crop = resume ? resume.cropFor(frame.index, tracker) : tracker.nextCrop();
  if (!crop) return { frame, prefetched: undefined };
  const pose = pool.pose(frame, crop);
  pose.catch(() => undefined); // unused when the player is lost in between; errors surface via step()
  return { frame, prefetched: { crop, pose } };
}
