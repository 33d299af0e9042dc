/**
 * A {@link PoseTrack}'s typed arrays as SQLite BLOBs: the arrays' bytes, little-endian (the
 * byte order of every platform Swing Studio ships on: x64 and arm64). Reading views each BLOB in
 * place when it is aligned for its kind and copies it into a fresh ArrayBuffer when not.
 */
import { endianness } from 'node:os';
import type { PoseTrack } from '../pose/pose-track.js';

if (endianness() !== 'LE')
  throw new Error('the library stores typed arrays little-endian; this platform is big-endian');

/** Bytes of a typed array, without copying. */
export function blobOf(a: ArrayBufferView): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

/**
 * A BLOB as a typed array of the given kind: a view on the BLOB's own bytes when they are aligned
 * for the kind (better-sqlite3 12 gives each BLOB its own ArrayBuffer at offset 0: checked from 3 B
 * to 1 MB), a copy into a fresh ArrayBuffer otherwise (any other Uint8Array at an odd offset).
 * The view holds the Buffer's memory, which nothing else refers to once the row is read: opening a
 * session no longer holds each pose array twice (≈ 1.1 KB a frame, engine README "Memory").
 * @throws Error when the BLOB is not a whole number of elements (a damaged row).
 */
export function fromBlob<T extends Float32Array | Float64Array | Int32Array | Uint8Array>(
  blob: Uint8Array,
  Kind: { new (buffer: ArrayBuffer, byteOffset?: number, length?: number): T; BYTES_PER_ELEMENT: number },
): T {
  const size = Kind.BYTES_PER_ELEMENT;
  if (blob.byteLength % size !== 0)
    throw new Error(`blob of ${blob.byteLength} bytes is not a whole number of elements`);
  if (blob.byteOffset % size === 0 && blob.buffer instanceof ArrayBuffer)
    return new Kind(blob.buffer, blob.byteOffset, blob.byteLength / size);
  const buf = new ArrayBuffer(blob.byteLength);
  new Uint8Array(buf).set(blob);
  return new Kind(buf);
}

/** Row of the `poses` table (without analysis_id). */
export interface PoseRow {
  dims: number;
  joints: number;
  frames: number;
  source_path: string;
  frame_nr: Buffer;
  timestamps: Buffer;
  keypoints: Buffer;
  confidences: Buffer;
  bbox: Buffer;
  box_confidence: Buffer;
  present: Buffer;
}

/** A track as a `poses` row. */
export function poseToRow(t: PoseTrack): PoseRow {
  return {
    dims: t.dims,
    joints: t.joints,
    frames: t.frames,
    source_path: t.sourcePath,
    frame_nr: blobOf(t.frameNr),
    timestamps: blobOf(t.timestamps),
    keypoints: blobOf(t.keypoints),
    confidences: blobOf(t.confidences),
    bbox: blobOf(t.bbox),
    box_confidence: blobOf(t.boxConfidence),
    present: blobOf(t.present),
  };
}

/**
 * A `poses` row as a track.
 * @throws Error when a blob's length does not match frames × joints × dims (a damaged row).
 */
export function rowToPose(r: PoseRow): PoseTrack {
  const t: PoseTrack = {
    dims: r.dims === 3 ? 3 : 2,
    joints: r.joints,
    frames: r.frames,
    frameNr: fromBlob(r.frame_nr, Int32Array),
    timestamps: fromBlob(r.timestamps, Float64Array),
    keypoints: fromBlob(r.keypoints, Float32Array),
    confidences: fromBlob(r.confidences, Float32Array),
    bbox: fromBlob(r.bbox, Float32Array),
    boxConfidence: fromBlob(r.box_confidence, Float32Array),
    present: fromBlob(r.present, Uint8Array),
    sourcePath: r.source_path,
  };
  if (t.keypoints.length !== t.frames * t.joints * t.dims || t.present.length !== t.frames) {
    throw new Error(`pose row of ${t.frames} frames has ${t.keypoints.length} keypoint values`);
  }
  return t;
}
