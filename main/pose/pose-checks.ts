/**
 * The one check of pose data that comes from outside this process, before the app keeps it:
 * the pose entries of an analysis archive (main/archive/pose-decode.ts and read.ts: hand-over
 * imports and the remote service's archives) and the JSON pose of a `/process` done answer
 * (main/api/technique-stream.ts). Every rule answers with one line naming the cause, or
 * undefined when the data passes; each caller throws it as its own error type (ArchiveError,
 * ApiError).
 *
 * The rules: at most as many frames as one clip can have (the decode cap
 * MAX_DECODE_FRAMES of main/contract/clip-limits.ts, or the clip's own frame count when the
 * caller knows it), checked before anything of that size is allocated; H36M-17 joints (API.md "Pose data": annotation_format
 * H36M); 2D tracks of 2 and 3D tracks of 3 values per joint; finite timestamps, keypoints and
 * confidences; frame numbers inside the clip; as many 2D frames as 3D frames (the analysis
 * reads them side by side: main/analysis/swing-input.ts checkPair).
 *
 * Decided: the frame-count rules that need no track (poseFramesProblem, frameNumberProblem,
 * PoseLimits) are main/contract/clip-limits.ts's, so the pose JSON schema can use them; the
 * rules over a PoseTrack are here, in pose/, above contract/.
 */
import { frameNumberProblem, poseFramesProblem, type PoseLimits } from '../contract/clip-limits.js';
import type { VideoEntryJson } from '../contract/pose-json.js';
import { H36M_JOINT_COUNT } from './h36m.js';
import { poseTrackFromJson, type PoseTrack } from './pose-track.js';

/** Joints and values per joint: H36M-17, `dims` 2 or 3 (and `wantDims` when the caller knows which). */
export function poseShapeProblem(joints: number, dims: number, wantDims?: 2 | 3): string | undefined {
  if (joints !== H36M_JOINT_COUNT) return `${joints} joints per frame; pose tracks must be H36M-17`;
  if (dims !== 2 && dims !== 3) return `${dims} values per joint; keypoints must be 2D or 3D`;
  if (wantDims !== undefined && dims !== wantDims)
    return `${dims}D keypoints where ${wantDims}D pose was expected`;
  return undefined;
}

/**
 * Checks one whole track: frame count, shape, frame numbers, finite timestamps, and finite
 * keypoints and confidences in every frame where the player is present (absent frames hold NaN
 * by design: main/pose/pose-track.ts).
 */
export function poseTrackProblem(
  t: PoseTrack,
  limits: PoseLimits = {},
  wantDims?: 2 | 3,
): string | undefined {
  const shape = poseFramesProblem(t.frames, limits) ?? poseShapeProblem(t.joints, t.dims, wantDims);
  if (shape) return shape;
  const perFrame = t.joints * t.dims;
  for (let f = 0; f < t.frames; f++) {
    const n = t.frameNr[f] ?? f;
    const where = frameNumberProblem(n, limits);
    if (where) return where;
    const ts = t.timestamps[f] ?? NaN;
    if (!Number.isFinite(ts)) return `frame ${n}: timestamp ${ts} is not a finite number`;
    if (!t.present[f]) continue;
    for (let i = f * perFrame; i < (f + 1) * perFrame; i++) {
      const v = t.keypoints[i] ?? NaN;
      if (!Number.isFinite(v))
        return `frame ${n} joint ${Math.floor((i - f * perFrame) / t.dims)}: keypoint value ${v} is not a finite 32-bit number`;
    }
    for (let j = 0; j < t.joints; j++) {
      const c = t.confidences[f * t.joints + j] ?? NaN;
      if (!Number.isFinite(c)) return `frame ${n} joint ${j}: confidence ${c} is not a finite number`;
    }
  }
  return undefined;
}

/** The 2D and 3D tracks of one analysis belong together: 2D and 3D, the same number of frames. */
export function posePairProblem(pose2d: PoseTrack, pose3d: PoseTrack): string | undefined {
  if (pose2d.dims !== 2) return `the 2D pose has ${pose2d.dims}D keypoints`;
  if (pose3d.dims !== 3) return `the 3D pose has ${pose3d.dims}D keypoints`;
  if (pose2d.frames !== pose3d.frames)
    return `the 2D pose has ${pose2d.frames} frames but the 3D pose has ${pose3d.frames}`;
  return undefined;
}

/**
 * Converts an API.md JSON pose entry (already validated by VideoEntryJson) to a track, checking
 * frame count, joints and frame numbers before the track is allocated and every value after.
 * @throws Error with the one-line problem.
 */
export function checkedPoseFromJson(
  entry: VideoEntryJson,
  wantDims: 2 | 3,
  limits: PoseLimits = {},
): PoseTrack {
  const frames = entry.annotation_data;
  const fail = (problem: string | undefined): void => {
    if (problem) throw new Error(problem);
  };
  fail(poseFramesProblem(frames.length, limits));
  for (const fr of frames) fail(frameNumberProblem(fr.frame_nr, limits));
  const first = frames.find((fr) => fr.instances.length > 0)?.instances[0];
  if (first) fail(poseShapeProblem(first.keypoints.length, first.keypoints[0]?.length ?? 0, wantDims));
  const track = poseTrackFromJson(entry);
  fail(poseTrackProblem(track, limits, wantDims));
  return track;
}
