/**
 * The vendor's `done` object of a technique analysis (API.md endpoint 5's full response), both
 * ways: built by the `/process` route for its NDJSON line (doneObject; process-route.ts adds the
 * JSON pose entries and the archive URL), and parsed at the HTTP client's edge into the typed
 * TechniqueAnalysis storing takes (analysisFromDone). The direct backend builds neither.
 */
import type { DoneResult, TechniqueRequestMetadata } from '../contract/technique-schema.js';
import { ballFromJson, type BallCandidates } from '../pose/ball-candidates.js';
import { poseTrackFromJson, type PoseTrack } from '../pose/pose-track.js';
import type { TechniqueAnalysis, TechniqueOutcome } from './pipeline-types.js';
import { versionMetadata } from './versions.js';
import { fromText, warning, warningText, type Warning } from '../contract/warning.js';

/**
 * The done object of a finished analysis, without pose entries.
 * @param streamed warnings already sent while the analysis ran (kept first, duplicates dropped).
 * Warnings are their API.md strings (contract/warning.ts warningText).
 */
export function doneObject(meta: TechniqueRequestMetadata, o: Extract<TechniqueOutcome, { kind: 'done' }>, streamed: readonly Warning[]): DoneResult {
  return {
    status: 'done',
    uid: meta.uid,
    warnings: [...new Set([...streamed, ...o.warnings].map(warningText))],
    errors: [],
    result: o.result,
    metadata: versionMetadata('stable'),
  };
}

/** A done object without its JSON pose, as {@link analysisFromDone} is told to treat it. */
export class DonePoseMissingError extends Error {
  override name = 'DonePoseMissingError';
}

/**
 * The typed analysis of a done line (validated with DoneLine, main/contract/technique-schema.ts): the
 * JSON pose entries decoded into PoseTracks, `ball_candidates` into BallCandidates. Ball
 * candidates that cannot be decoded are left out with a warning appended (the analysis is kept).
 * `pose2d`/`pose3d`/`ball` given here are taken as they are instead (a caller holding the typed pose).
 * @throws DonePoseMissingError when a pose is neither given nor in the done object.
 */
export function analysisFromDone(done: DoneResult, typed: { pose2d?: PoseTrack | undefined; pose3d?: PoseTrack | undefined; ball?: BallCandidates | undefined } = {}): TechniqueAnalysis {
  const pose = (given: PoseTrack | undefined, entry: DoneResult['video_entry_2D_json'], which: '2D' | '3D'): PoseTrack => {
    if (given) return given;
    if (!entry) throw new DonePoseMissingError(`the analysis has no ${which} pose: give pose${which.toLowerCase()} or the done line's video_entry_${which}_json`);
    return poseTrackFromJson(entry);
  };
  // Decided: a done line's string warnings are the service's (code 'service', severity 'notice').
  const warnings: Warning[] = done.warnings.map((w) => fromText(w));
  let ball = typed.ball;
  if (!ball && done.ball_candidates) {
    try {
      ball = ballFromJson(done.ball_candidates);
    } catch (err) {
      warnings.push(ballNotStoredWarning(err));
    }
  }
  return {
    uid: done.uid,
    result: done.result,
    warnings,
    errors: [...done.errors],
    ...(done.metadata ? { metadata: { pipeline_version: done.metadata.pipeline_version, compute_version: done.metadata.compute_version } } : {}),
    pose2d: pose(typed.pose2d, done.video_entry_2D_json, '2D'),
    pose3d: pose(typed.pose3d, done.video_entry_3D_json, '3D'),
    ...(ball ? { ball } : {}),
  };
}

/** Code 'ball-not-stored': the ball candidates could not be read or stored (`err` says why); the analysis is kept. */
export function ballNotStoredWarning(err: unknown): Warning {
  return warning('ball-not-stored', 'info', 'The ball could not be stored with this session.', { detail: `ball candidates not stored: ${err instanceof Error ? err.message : String(err)}` });
}
