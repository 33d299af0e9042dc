/**
 * The direct local backend: a technique analysis run by calling the analysis pipeline
 * (main/service/pipeline-types.ts) in this process, with no loopback HTTP. The clip is read where
 * it lies (no second copy under `service/tmp`), probed once (by the engine), and the pose comes
 * back as typed `PoseTrack`s with the engine's `VideoInfo`, ready for the library's ingest (no
 * JSON round trip, no rounding). `swing-studio serve`, the remote backend and the Electron
 * utility process keep their transports (HTTP; a MessagePort: direct-port.ts).
 */
import { TechniqueRequestMetadata, type DoneResult } from '../contract/technique-schema.js';
import { ApiError, TechniqueError } from '../api/errors.js';
import { zodIssueText } from '../contract/zod-issues.js';
import type { VideoInfo } from '../av/index.js';
import type { BallCandidates } from '../pose/ball-candidates.js';
import type { PoseTrack } from '../pose/pose-track.js';
import { doneObject } from '../pipeline/done-object.js';
import type { EngineSlot } from '../pipeline/engine-slot.js';
import type { AnalysisPipeline, RunHooks } from '../pipeline/pipeline-types.js';

/** A finished direct analysis: the done object (no JSON pose), the typed pose, the engine's probe of the clip. */
export interface DirectAnalysis {
  done: DoneResult;
  /** Pixels of the displayed source video (main/engine/types.ts PoseEstimate). */
  pose2d: PoseTrack;
  /** Metres, pelvis at the origin, y up. */
  pose3d: PoseTrack;
  /** The engine's ball candidates (main/pose/ball-candidates.ts). */
  ball?: BallCandidates | undefined;
  video: VideoInfo;
}

/** Hooks of one direct analysis (the pipeline's, without a pre-probed clip: the engine probes it). */
export type DirectHooks = Omit<RunHooks, 'video'>;

/**
 * Runs technique analyses of local files without HTTP (in this process, or over a MessagePort).
 * `hooks.onWarning` gets each distinct warning once, the analysis' own ones at the end, as the
 * HTTP client reports a `/process` stream's.
 */
export interface LocalAnalyser {
  /**
   * Analyses the clip at `videoPath` (readable by this process) with the request metadata.
   * @returns the done object, the typed pose and the clip's VideoInfo.
   * @throws ApiError kind 'input' (metadata that fails TechniqueRequestMetadata);
   *   TechniqueError (no person found, too little pose, undecodable video: what an `error` line
   *   of `/process` carries, same message); VideoProbeError (the clip cannot be probed);
   *   the signal's reason when aborted; other engine errors as they are.
   */
  analyse(videoPath: string, meta: TechniqueRequestMetadata, hooks: DirectHooks): Promise<DirectAnalysis>;
}

/**
 * Checks request metadata as `/process` and the HTTP client do.
 * @throws ApiError kind 'input' naming the first issues.
 */
export function checkedMetadata(meta: unknown): TechniqueRequestMetadata {
  const m = TechniqueRequestMetadata.safeParse(meta);
  if (!m.success) throw new ApiError({ kind: 'input', message: `technique metadata is invalid: ${zodIssueText(m.error, 3)}` });
  return m.data;
}

/**
 * The direct analyser over a pipeline: one analysis at a time through `slot` (the same engine
 * slot as the local service of this process when one runs, so a tennis task and an analysis
 * never share the cores), outcomes mapped as the `/process` route maps them.
 */
export function pipelineAnalyser(pipeline: () => Promise<AnalysisPipeline>, slot: EngineSlot): LocalAnalyser {
  return {
    async analyse(videoPath, metadata, hooks) {
      const meta = checkedMetadata(metadata);
      const loaded = await pipeline();
      const streamed: string[] = [];
      const outcome = await slot(() => {
        hooks.signal.throwIfAborted();
        return loaded.analyseTechnique(videoPath, meta, {
          signal: hooks.signal,
          ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
          onWarning: (w) => {
            streamed.push(w);
            hooks.onWarning?.(w);
          },
        });
      }, 'process');
      if (outcome.kind === 'no-analysis') {
        throw new TechniqueError({
          message: `technique analysis error: ${outcome.message}`,
          errors: [outcome.message],
          warnings: [...new Set([...streamed, ...outcome.warnings])],
          uid: meta.uid,
        });
      }
      const done = doneObject(meta, outcome, streamed);
      // The analysis' own warnings, as the HTTP client reports a done line's new ones.
      for (const w of done.warnings) if (!streamed.includes(w)) hooks.onWarning?.(w);
      return { done, pose2d: outcome.pose2d, pose3d: outcome.pose3d, ball: outcome.ball, video: outcome.video };
    },
  };
}
