/**
 * Encodes a {@link PoseTrack} as a `video_entry_2d.pb` / `video_entry_3d.pb` with the code
 * generated from proto/pose.proto (keypoints flattened, `dims` set). Absent frames get no
 * instance; NaN bounding boxes (3D tracks) are left out.
 */
import { swingstudio } from '../gen/pose_pb.js';
import type { PoseTrack } from '../pose/pose-track.js';

const { VideoEntry } = swingstudio.pose;

/** Serialises `track` to VideoEntry protobuf bytes. `annotationFormat` defaults to "H36M". */
export function encodePoseEntry(track: PoseTrack, annotationFormat = 'H36M'): Uint8Array {
  const perFrame = track.joints * track.dims;
  const annotationData = [];
  for (let f = 0; f < track.frames; f++) {
    const instances = [];
    if (track.present[f]) {
      const bbox = track.bbox.subarray(f * 4, f * 4 + 4);
      instances.push({
        keypoints: Array.from(track.keypoints.subarray(f * perFrame, (f + 1) * perFrame)),
        confidences: Array.from(track.confidences.subarray(f * track.joints, (f + 1) * track.joints)),
        bbox: bbox.every(Number.isFinite) ? Array.from(bbox) : [],
        boxConfidence: track.boxConfidence[f] ?? 0,
      });
    }
    annotationData.push({ frameNr: track.frameNr[f] ?? f, timestamp: track.timestamps[f] ?? 0, instances });
  }
  return VideoEntry.encode({
    entryType: 'video',
    sourcePath: track.sourcePath,
    annotationFormat,
    annotationData,
    dims: track.dims,
  }).finish();
}
