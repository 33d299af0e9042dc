/**
 * The direct local backend: a technique analysis run by calling the analysis pipeline
 * (main/pipeline) in this process, with no loopback HTTP: one of the pipeline's two transports
 * (the other is the service's `/process` route). The clip is read where
 * it lies (no second copy under `service/tmp`), probed once (by the engine), and the pose comes
 * back as typed `PoseTrack`s with the engine's `VideoInfo`, ready for the library's ingest (no
 * JSON round trip, no rounding, no done object). `swing-studio serve`, the remote backend and the Electron
 * utility process keep their transports (HTTP; a MessagePort: direct-port.ts).
 */
import type { TechniqueRequestMetadata } from '../contract/technique-schema.js';
import { TechniqueError } from '../api/errors.js';
import { warningText, type Warning } from '../contract/warning.js';
import type { VideoInfo } from '../av/index.js';
import { versionMetadata, type AnalysisPipeline, type EngineSlot, type RunHooks, type TechniqueAnalysis } from '../pipeline/index.js';

/**
 * A finished direct analysis: the pipeline's typed parts as they are (result, warnings,
 * versions, typed pose, ball candidates) with the engine's probe of the clip. No vendor `done`
 * object is built for it (main/pipeline/README.md); storing takes this shape.
 */
export type DirectAnalysis = TechniqueAnalysis & { video: VideoInfo };

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
   * @returns the typed analysis (result, warnings, versions, pose, ball) and the clip's VideoInfo.
   * `meta` is typed and taken as it is (in process: built by the job from its checked input; over a
   * MessagePort: parsed once by direct-port.ts, which refuses bad metadata with ApiError kind 'input').
   * @throws TechniqueError (no person found, too little pose, undecodable video: what an `error` line
   *   of `/process` carries, same message); VideoProbeError (the clip cannot be probed);
   *   the signal's reason when aborted; other engine errors as they are.
   */
  analyse(videoPath: string, meta: TechniqueRequestMetadata, hooks: DirectHooks): Promise<DirectAnalysis>;
}

/**
 * The direct analyser over a pipeline: one analysis at a time through `slot` (the same engine
 * slot as the local service of this process when one runs, so a tennis task and an analysis
 * never share the cores), outcomes mapped as the `/process` route maps them.
 */
export function pipelineAnalyser(pipeline: () => Promise<AnalysisPipeline>, slot: EngineSlot): LocalAnalyser {
  return {
    async analyse(videoPath, meta, hooks) {
      // Decided: no second parse of `meta` here (see LocalAnalyser.analyse): checked once at its edge.
      const loaded = await pipeline();
      const streamed: Warning[] = [];
      const outcome = await slot(() => {
        hooks.signal.throwIfAborted();
        return loaded.analyseTechnique(videoPath, meta, {
          signal: hooks.signal,
          ...(hooks.checkpointDir ? { checkpointDir: hooks.checkpointDir } : {}),
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
          warnings: [...new Set([...streamed, ...outcome.warnings].map(warningText))],
          uid: meta.uid,
        });
      }
      const warnings = [...new Set([...streamed, ...outcome.warnings])];
      // The analysis' own warnings, as the HTTP client reports a done line's new ones.
      for (const w of warnings) if (!streamed.includes(w)) hooks.onWarning?.(w);
      return {
        uid: meta.uid,
        result: outcome.result,
        warnings,
        errors: [],
        metadata: versionMetadata('stable'),
        pose2d: outcome.pose2d,
        pose3d: outcome.pose3d,
        ...(outcome.ball ? { ball: outcome.ball } : {}),
        video: outcome.video,
      };
    },
  };
}
