/**
 * Types of the pose engine's estimate (the 2D/3D pipeline behind the local service's
 * `POST /process`, ../shared/API.md section 5): its result and its options. The clip's facts
 * (`VideoInfo`) are the one probe's of main/av/.
 */
import type { BallCandidates } from '../pose/ball-candidates.js';
import type { PoseTrack } from '../pose/pose-track.js';
import type { VideoInfo } from '../av/index.js';
import type { Warning } from '../contract/warning.js';
import type { CheckpointOptions } from './pose-checkpoint.js';

/** Result of {@link estimatePose}: the analysed player's 2D and 3D pose over every decoded frame. */
export interface PoseEstimate {
  /** Pixels of the displayed source video, y down; one frame per decoded frame. */
  pose2d: PoseTrack;
  /** Metres, pelvis at origin, right-handed, y up; same frames as pose2d. */
  pose3d: PoseTrack;
  /** Moving ball-coloured blobs near the player per frame (ball-detect.ts), source pixels; same frames as pose2d. */
  ball: BallCandidates;
  video: VideoInfo;
  /** Every warning also sent to `onWarning`, in order. */
  warnings: Warning[];
  /**
   * Wall times, seconds: decode = time waiting for frames, inference = model time (both of the
   * fast pass), secondPassS = the whole second pass (decode again + BlazePose), total = whole
   * call; secondPassFrames = frames the second pass re-estimated (run or filled between run
   * frames: second-pass-cadence.ts), secondPassRuns = of them, BlazePose runs (saved checkpoint
   * results included); ballS = finding the ball
   * candidates (ball-detect.ts, part of the fast pass's inference time). CPU seconds of the whole
   * process (every thread: main, relay, inference workers; process.cpuUsage, so anything else the
   * process runs meanwhile counts too): fastPassCpuS = start to the end of the fast pass (probe,
   * worker start-up, decode, MoveNet, ball, kept crops), secondPassCpuS = the second pass,
   * finishCpuS = smoothing, swap repair and 3D lift.
   */
  timings: { decodeS: number; inferenceS: number; totalS: number; secondPassS: number; secondPassFrames: number; secondPassRuns: number; ballS: number; fastPassCpuS: number; secondPassCpuS: number; finishCpuS: number };
}

/** Options of {@link estimatePose}. */
export interface EngineOptions {
  /** Aborting kills ffmpeg and rejects with the signal's reason (an AbortError by default). */
  signal?: AbortSignal;
  /** Called with the share of frames done, 0..1 (monotonic; in the fast pass every 2 % and at least once a second, in the second pass per frame). */
  onProgress?: (shareOfFramesDone: number) => void;
  /** Called with each warning as it arises (no person in a frame range, player lost, low confidence, fps < 30). */
  onWarning?: (w: Warning) => void;
  /**
   * Single-person model run on the crop around the player: 'movenet-lightning' (default, ~3×
   * faster) or 'movenet-thunder' (more accurate). Numbers in main/engine/README.md.
   */
  cropModel?: 'movenet-lightning' | 'movenet-thunder';
  /** Player height, millimetres: scales the 3D skeleton. */
  playerHeightMm: number;
  /**
   * Capture frame rate, frames/s (the request's `capture_fps`): above the video's fps the clip is
   * slow motion, real seconds per video second = fps ÷ captureFps. Sizes the second pass's
   * windows (±0.75 s of real time around each stroke). Default: the video's fps (real time).
   */
  captureFps?: number;
  /**
   * The person to analyse (the request's `player_point`): pixels of the source frame as
   * displayed (on a picture the engine turns upright, turned-picture.ts: still of the picture as
   * the clip shows it; the engine carries the point to the upright picture), at `t` s on the
   * video's timeline (default: the first frame). The engine follows the person whose box
   * contains, or is nearest to, the point at that time (README "Player choice"). Default: the
   * engine's own choice.
   */
  playerPoint?: { x: number; y: number; t?: number };
  /** False skips the second pass (the fast pass's MoveNet pose and the geometric lift only). Default true. */
  secondPass?: boolean;
  /**
   * The clip's {@link VideoInfo} when the caller has already probed it (the local service's
   * `/process` validates the upload with a probe): the engine then does not probe again.
   * Default: the engine probes the clip itself (the one probe of the direct local backend).
   */
  video?: VideoInfo;
  /**
   * Checkpoint the fast pass per chunk in `checkpoint.dir` (the job's working folder) and take
   * the chunks already there, valid for this clip and these options, instead of inferring them
   * again: the result is the same as an uninterrupted run's (pose-checkpoint.ts). Default: none.
   */
  checkpoint?: CheckpointOptions;
}
