/**
 * The archive's pose encoder as it was before it wrote straight into one buffer (commit 7f5a66c
 * main/archive/pose-encode.ts): one object per frame handed to the generated `VideoEntry.encode`.
 * Kept as the reference the streaming encoder must match byte for byte
 * (pose-encode-bytes.test.ts, test/bench/archive-digest.ts).
 */
import { swingstudio } from '../../main/gen/pose_pb.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';

const { VideoEntry } = swingstudio.pose;

/** Serialises `track` to VideoEntry protobuf bytes through per-frame objects. `annotationFormat` defaults to "H36M". */
export function referenceEncodePoseEntry(track: PoseTrack, annotationFormat = 'H36M'): Uint8Array {
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
