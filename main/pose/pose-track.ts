/**
 * The analysed player's pose over a clip, held as typed arrays (frames × joints × dims), never
 * as one object per keypoint. This is how pose moves between the engine, archives, the library
 * and the renderer. Frames where the player was not found have `present[f] = 0` and NaN values.
 */
import type { VideoEntryJson } from '../contract/technique-schema.js';
import { H36M_JOINT_COUNT } from './h36m.js';

/** A pose track. Units: pixels of the source video for dims = 2, metres for dims = 3. */
export interface PoseTrack {
  /** 2 (x, y pixels, y down) or 3 (x, y, z metres, y up, pelvis at origin). */
  dims: 2 | 3;
  /** Joints per frame (17 for H36M). */
  joints: number;
  /** Number of frames. */
  frames: number;
  /** Index of each frame in the decoded video, from 0. */
  frameNr: Int32Array;
  /** Time of each frame on the video's own timeline, seconds. */
  timestamps: Float64Array;
  /** frames × joints × dims, row-major. */
  keypoints: Float32Array;
  /** frames × joints, 0..1. */
  confidences: Float32Array;
  /** frames × 4: [x, y, w, h] pixels (NaN in 3D tracks). */
  bbox: Float32Array;
  /** Per-frame box confidence, 0..1. */
  boxConfidence: Float32Array;
  /** 1 when the player was found in the frame. */
  present: Uint8Array;
  /** Path of the processed video (API.md source_path). */
  sourcePath: string;
}

/** An empty track of `frames` frames with every value NaN and nothing present. */
export function createPoseTrack(frames: number, dims: 2 | 3, joints = H36M_JOINT_COUNT, sourcePath = ''): PoseTrack {
  return {
    dims,
    joints,
    frames,
    frameNr: Int32Array.from({ length: frames }, (_, i) => i),
    timestamps: new Float64Array(frames),
    keypoints: new Float32Array(frames * joints * dims).fill(NaN),
    confidences: new Float32Array(frames * joints),
    bbox: new Float32Array(frames * 4).fill(NaN),
    boxConfidence: new Float32Array(frames),
    present: new Uint8Array(frames),
    sourcePath,
  };
}

/** Index of the first value of joint `j` in frame `f` inside `track.keypoints`. */
export function kpIndex(track: PoseTrack, f: number, j: number): number {
  return (f * track.joints + j) * track.dims;
}

/**
 * Converts a track to API.md's JSON pose entry. Frames where the player is absent have an
 * empty `instances` array. Values are rounded to 0.01 px / 0.1 mm to keep the stream small.
 */
export function poseTrackToJson(track: PoseTrack): VideoEntryJson {
  const annotation_data = [];
  for (let f = 0; f < track.frames; f++) annotation_data.push(poseFrameToJson(track, f));
  return { ...poseEntryHead(track), annotation_data };
}

/** The fields of {@link poseTrackToJson}'s entry before `annotation_data`, in its key order. */
export function poseEntryHead(track: PoseTrack): { entry_type: string; source_path: string; annotation_format: string } {
  return { entry_type: 'video', source_path: track.sourcePath, annotation_format: 'H36M' };
}

/**
 * Frame `f` of {@link poseTrackToJson}'s `annotation_data` (the same object, key order and
 * rounding), for writers that serialise a track frame by frame (main/service/done-line-stream.ts).
 */
export function poseFrameToJson(track: PoseTrack, f: number): VideoEntryJson['annotation_data'][number] {
  const round = track.dims === 2 ? (v: number) => Math.round(v * 100) / 100 : (v: number) => Math.round(v * 1e4) / 1e4;
  const instances = [];
  if (track.present[f]) {
    const keypoints: number[][] = [];
    const confidences: number[] = [];
    for (let j = 0; j < track.joints; j++) {
      const i = kpIndex(track, f, j);
      keypoints.push(Array.from(track.keypoints.subarray(i, i + track.dims), round));
      confidences.push(Math.round((track.confidences[f * track.joints + j] ?? 0) * 1000) / 1000);
    }
    const bbox = Array.from(track.bbox.subarray(f * 4, f * 4 + 4), (v) => (Number.isFinite(v) ? round(v) : 0));
    instances.push({ keypoints, confidences, bbox, box_confidence: track.boxConfidence[f] ?? 0 });
  }
  return { frame_nr: track.frameNr[f] ?? f, timestamp: track.timestamps[f] ?? 0, instances };
}

/**
 * Converts an API.md JSON pose entry to a track, taking the first instance of each frame as
 * the analysed player (our reading of the remote service: the tracked player comes first).
 * @throws Error when a frame's keypoints do not have a consistent joint count or dimension.
 */
export function poseTrackFromJson(entry: VideoEntryJson): PoseTrack {
  const frames = entry.annotation_data.length;
  const first = entry.annotation_data.find((fr) => fr.instances.length > 0)?.instances[0];
  const joints = first?.keypoints.length ?? H36M_JOINT_COUNT;
  const dims = (first?.keypoints[0]?.length ?? 2) === 3 ? 3 : 2;
  const track = createPoseTrack(frames, dims, joints, entry.source_path);
  entry.annotation_data.forEach((fr, f) => {
    track.frameNr[f] = fr.frame_nr;
    track.timestamps[f] = fr.timestamp;
    const inst = fr.instances[0];
    if (!inst) return;
    if (inst.keypoints.length !== joints) {
      throw new Error(`pose frame ${fr.frame_nr}: ${inst.keypoints.length} keypoints, expected ${joints}`);
    }
    track.present[f] = 1;
    inst.keypoints.forEach((kp, j) => {
      if (kp.length < dims) throw new Error(`pose frame ${fr.frame_nr} joint ${j}: expected ${dims} values`);
      for (let d = 0; d < dims; d++) track.keypoints[kpIndex(track, f, j) + d] = kp[d] ?? NaN;
      track.confidences[f * joints + j] = inst.confidences[j] ?? 0;
    });
    (inst.bbox ?? []).slice(0, 4).forEach((v, k) => (track.bbox[f * 4 + k] = v));
    track.boxConfidence[f] = inst.box_confidence ?? 0;
  });
  return track;
}

/** The frames `indices` of `track` (ascending, in range) as a new track; `times` replaces their timestamps when given. */
export function selectFrames(track: PoseTrack, indices: Int32Array, times?: Float64Array): PoseTrack {
  const out = createPoseTrack(indices.length, track.dims, track.joints, track.sourcePath);
  const kp = track.joints * track.dims;
  indices.forEach((f, i) => {
    out.frameNr[i] = track.frameNr[f]!;
    out.timestamps[i] = times ? times[i]! : track.timestamps[f]!;
    out.keypoints.set(track.keypoints.subarray(f * kp, (f + 1) * kp), i * kp);
    out.confidences.set(track.confidences.subarray(f * track.joints, (f + 1) * track.joints), i * track.joints);
    out.bbox.set(track.bbox.subarray(f * 4, f * 4 + 4), i * 4);
    out.boxConfidence[i] = track.boxConfidence[f]!;
    out.present[i] = track.present[f]!;
  });
  return out;
}

/**
 * The inverse of {@link selectFrames}: a track with the frames and timestamps of `like`, where
 * frame f holds `sub`'s frame for the last index ≤ f (a repeated frame gets its original's pose).
 */
export function spreadFrames(sub: PoseTrack, indices: Int32Array, like: PoseTrack): PoseTrack {
  const out = createPoseTrack(like.frames, sub.dims, sub.joints, sub.sourcePath);
  out.frameNr.set(like.frameNr);
  out.timestamps.set(like.timestamps);
  const kp = sub.joints * sub.dims;
  let i = -1;
  for (let f = 0; f < like.frames; f++) {
    while (i + 1 < indices.length && indices[i + 1]! <= f) i++;
    if (i < 0) continue;
    out.keypoints.set(sub.keypoints.subarray(i * kp, (i + 1) * kp), f * kp);
    out.confidences.set(sub.confidences.subarray(i * sub.joints, (i + 1) * sub.joints), f * sub.joints);
    out.bbox.set(sub.bbox.subarray(i * 4, i * 4 + 4), f * 4);
    out.boxConfidence[f] = sub.boxConfidence[i]!;
    out.present[f] = sub.present[i]!;
  }
  return out;
}
