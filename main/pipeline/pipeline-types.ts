/**
 * The shape of the analysis glue (technique-pipeline.ts) as its two transports see it (the
 * service's `/process` route, the direct backend main/backends/direct.ts), and the typed
 * analysis they hand on (TechniqueAnalysis). The glue imports
 * the engine, analysis and archive modules, which load TensorFlow; the service loads it lazily on
 * first use so that starting the service and its storage/auth routes stays fast.
 */
import type { TechniqueRequestMetadata, TechniqueResult } from '../contract/technique-schema.js';
import type { VideoInfo } from '../av/index.js';
import type { BallCandidates } from '../pose/ball-candidates.js';
import type { PoseTrack } from '../pose/pose-track.js';
import type { Warning } from '../contract/warning.js';

/** Callbacks and cancellation of one analysis run. */
export interface RunHooks {
  signal: AbortSignal;
  /** Share of frames done, 0..1. */
  onProgress?: (share: number) => void;
  /** Each warning as it arises (the engine's, the truncated-clip one); the same objects are in the outcome's `warnings`. */
  onWarning?: (w: Warning) => void;
  /** The clip's probe when the caller already has it (`/process` probes the upload to validate it): not probed again. */
  video?: VideoInfo;
  /** The job's folder for pose checkpoints: the fast pass saves its chunks there and a resumed job reads them back (main/engine/pose-checkpoint.ts). Default: none. */
  checkpointDir?: string;
  /** The clip's whole SHA-256 (hex), when known: keys the checkpoints by content, not by file (pose-checkpoint.ts CheckpointOptions.clipSha256). */
  clipSha256?: string;
  /** Video seconds per checkpoint chunk; default the engine's CHECKPOINT_CHUNK_S (20 s; tests shorten it). */
  checkpointChunkS?: number;
  /** Each chunk of the fast pass as it is done: read back from a checkpoint, or inferred (pose-checkpoint.ts CheckpointOptions.onChunk). */
  onCheckpointChunk?: (chunk: number, from: 'checkpoint' | 'inferred') => void;
}

/**
 * Outcome of a technique analysis of one clip. `video` is the engine's probe of the clip (the
 * session facts of a library ingest); absent only when the clip could not be decoded at all.
 */
export type TechniqueOutcome =
  | { kind: 'done'; pose2d: PoseTrack; pose3d: PoseTrack; ball?: BallCandidates; result: TechniqueResult; warnings: Warning[]; video: VideoInfo }
  /** No person found, or too little pose to measure anything: features stay empty. */
  | { kind: 'no-analysis'; message: string; pose2d?: PoseTrack; pose3d?: PoseTrack; warnings: Warning[]; video?: VideoInfo };

/**
 * A finished technique analysis as typed parts: what storing takes (main/library/ingest.ts).
 * The direct backend builds it from the pipeline's outcome with no vendor `done` object between;
 * the HTTP client parses a `done` line into it at its edge (done-object.ts analysisFromDone).
 * Decided: the vendor's `done` object (API.md) is built only by the `/process` route, for its
 * NDJSON line; nothing in process packs it to unpack it again.
 */
export interface TechniqueAnalysis {
  /** The request's uid (one per attempt). */
  uid: string;
  result: TechniqueResult;
  /**
   * Distinct warnings, those streamed while the analysis ran first. Typed from the direct
   * backend; from a done line (strings, API.md) each is contract/warning.ts fromText, code 'service'.
   */
  warnings: Warning[];
  /** The done line's `errors` (empty from our engine). */
  errors: string[];
  /** Pipeline and compute versions (versions.ts); absent when a remote service sent none. */
  metadata?: { pipeline_version: string; compute_version: string } | undefined;
  /** Pixels of the displayed source video (main/engine/pose-estimate-types.ts PoseEstimate). */
  pose2d: PoseTrack;
  /** Metres, pelvis at the origin, y up. */
  pose3d: PoseTrack;
  /** The engine's ball candidates (main/pose/ball-candidates.ts); none when the service sent none. */
  ball?: BallCandidates | undefined;
  /** The engine's probe of the clip; absent from a remote service (then storing probes the clip). */
  video?: VideoInfo | undefined;
}

/** The analysis glue. */
export interface AnalysisPipeline {
  /** Engine speed on this machine, seconds per frame (measured by the engine). */
  secondsPerFrame(): number;
  /** Pose + technique analysis of a local video file. Rejects with an AbortError when aborted. */
  analyseTechnique(videoPath: string, meta: TechniqueRequestMetadata, hooks: RunHooks): Promise<TechniqueOutcome>;
  /**
   * Writes the API.md ZIP archive (2D/3D protobuf + technique_analysis.json holding `analysis`,
   * the done object) atomically to `outPath`, streamed (main/archive/write.ts writeArchive).
   * Rejects with ArchiveError (`corrupt-entry`, `io`).
   */
  writeTechniqueArchive(outPath: string, parts: { pose2d: PoseTrack; pose3d: PoseTrack; analysis: object }): Promise<void>;
  /**
   * Tennis statistics JSON of a video (path or URL ffmpeg can read). `video`: the caller's probe
   * of it (the engine then does not probe again); `checkpointDir`: the task's working folder for
   * the engine's pose checkpoints (main/engine/pose-checkpoint.ts), kept by the caller while the
   * task may resume (main/service/task-worker.ts); `onProgress`: the engine's share of frames done, 0..1.
   */
  tennisStatistics(
    videoInput: string,
    opts: { dominantHand: 'left' | 'right'; signal: AbortSignal; video?: VideoInfo; checkpointDir?: string; onProgress?: (share: number) => void },
  ): Promise<unknown>;
}

/** Loads the pipeline once (dynamic import of technique-pipeline.js) and caches it. */
export function lazyPipeline(load: () => Promise<AnalysisPipeline>): () => Promise<AnalysisPipeline> {
  let loading: Promise<AnalysisPipeline> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
