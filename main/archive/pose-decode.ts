/**
 * Decodes a `video_entry_2d.pb` / `video_entry_3d.pb` (proto/pose.proto, message VideoEntry)
 * straight into a {@link PoseTrack}: keypoints go from the wire into Float32Arrays, no object
 * per frame, instance or keypoint is built. The walk is by field number AND wire type over the
 * protobufjs Reader, which is what makes it tolerant of the vendor's unpublished schema
 * (proto/README.md): unknown fields are skipped and reported, `timestamp` may be double or
 * float, and keypoints may be flattened (`repeated float`, ours) or nested one message per
 * keypoint (`repeated Point {float x = 1; float y = 2; float z = 3;}` or `repeated Point
 * {repeated float v = 1;}`). Only the first instance of each frame is kept (the analysed player).
 */
import protobuf from 'protobufjs/minimal.js';
import { createPoseTrack, type PoseTrack } from '../pose/pose-track.js';
import { ArchiveError } from './errors.js';

const { Reader } = protobuf;
type Reader = protobuf.Reader;

/** Wire types (protobuf encoding spec). */
const VARINT = 0;
const I64 = 1;
const LEN = 2;
const I32 = 5;

/** How the keypoints of an entry were laid out on the wire. */
export type KeypointLayout = 'flat' | 'nested-fields' | 'nested-packed';

/** A decoded pose entry plus what the tolerant decoder noticed. */
export interface DecodedPoseEntry {
  track: PoseTrack;
  entryType: string;
  annotationFormat: string;
  /** Keypoint layout found in the first instance. */
  layout: KeypointLayout;
  /** Field numbers (message.field, e.g. "VideoEntry.9") skipped because our schema does not know them. */
  unknownFields: string[];
}

/** Keypoint values, confidences and box of one instance, decoded into reused scratch buffers. */
interface Scratch {
  kp: Float32Array;
  kpCount: number;
  conf: Float32Array;
  confCount: number;
  bbox: Float32Array;
  bboxCount: number;
  boxConfidence: number;
  /** Number of nested keypoint messages (0 when flat). */
  points: number;
  /** Nested points, 3 slots each (x, y, z). */
  pts: Float32Array;
  /** Highest coordinate count seen in a nested point (2 or 3; z omitted when all zero). */
  pointDims: number;
  layout: KeypointLayout;
}

function newScratch(): Scratch {
  return {
    kp: new Float32Array(256),
    kpCount: 0,
    conf: new Float32Array(128),
    confCount: 0,
    bbox: new Float32Array(8),
    bboxCount: 0,
    boxConfidence: 0,
    points: 0,
    pts: new Float32Array(64 * 3),
    pointDims: 0,
    layout: 'flat',
  };
}

function grow(arr: Float32Array, need: number): Float32Array {
  if (need <= arr.length) return arr;
  const next = new Float32Array(Math.max(need, arr.length * 2));
  next.set(arr);
  return next;
}

/**
 * Decodes one pose entry.
 * @param bytes the .pb entry's bytes.
 * @param name entry name, used in errors.
 * @param dimsHint 2 or 3 from the entry's file name, used when neither the `dims` field nor the
 *   keypoint/confidence counts tell the dimension.
 * @throws ArchiveError `corrupt-entry` when the bytes are not a VideoEntry or frames disagree on
 *   joint count or dimension.
 */
export function decodePoseEntry(bytes: Uint8Array, name: string, dimsHint?: 2 | 3): DecodedPoseEntry {
  try {
    return decode(bytes, name, dimsHint);
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError('corrupt-entry', `not a pose VideoEntry (${(err as Error).message})`, name, { cause: err });
  }
}

function decode(bytes: Uint8Array, name: string, dimsHint?: 2 | 3): DecodedPoseEntry {
  const r = Reader.create(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const unknown = new Set<string>();
  let entryType = '';
  let sourcePath = '';
  let annotationFormat = '';
  let dimsField = 0;
  const frameStarts: number[] = [];
  const frameEnds: number[] = [];
  while (r.pos < r.len) {
    const tag = r.uint32();
    const field = tag >>> 3;
    const wt = tag & 7;
    if (field === 1 && wt === LEN) entryType = r.string();
    else if (field === 2 && wt === LEN) sourcePath = r.string();
    else if (field === 3 && wt === LEN) annotationFormat = r.string();
    else if (field === 4 && wt === LEN) {
      const len = r.uint32();
      frameStarts.push(r.pos);
      frameEnds.push(r.pos + len);
      skipBytes(r, len);
    } else if (field === 5 && wt === VARINT) dimsField = r.uint32();
    else skipUnknown(r, wt, `VideoEntry.${field}`, unknown);
  }

  const frames = frameStarts.length;
  const frameNr = new Int32Array(frames);
  const timestamps = new Float64Array(frames);
  const instStart = new Int32Array(frames).fill(-1);
  const instEnd = new Int32Array(frames);
  for (let f = 0; f < frames; f++) {
    r.pos = frameStarts[f] ?? 0;
    const end = frameEnds[f] ?? 0;
    frameNr[f] = f;
    while (r.pos < end) {
      const tag = r.uint32();
      const field = tag >>> 3;
      const wt = tag & 7;
      if (field === 1 && wt === VARINT) frameNr[f] = r.int32();
      else if (field === 2 && wt === I64) timestamps[f] = r.double();
      else if (field === 2 && wt === I32) timestamps[f] = r.float();
      else if (field === 3 && wt === LEN) {
        const len = r.uint32();
        if (instStart[f] === -1) {
          instStart[f] = r.pos;
          instEnd[f] = r.pos + len;
        }
        skipBytes(r, len);
      } else skipUnknown(r, wt, `Frame.${field}`, unknown);
    }
    if (r.pos !== end) throw new ArchiveError('corrupt-entry', `frame ${f} overruns its length`, name);
  }

  let scratch = newScratch();
  const firstPresent = instStart.findIndex((s) => s >= 0);
  let dims: 2 | 3 = dimsHint ?? 2;
  let joints = 17;
  let layout: KeypointLayout = 'flat';
  if (firstPresent >= 0) {
    scratch = decodeInstance(r, view, instStart[firstPresent] ?? 0, instEnd[firstPresent] ?? 0, scratch, unknown);
    layout = scratch.layout;
    dims = resolveDims(dimsField, scratch, dimsHint, name);
    flattenPoints(scratch, dims);
    joints = scratch.kpCount / dims;
    if (!Number.isInteger(joints) || joints <= 0) {
      throw new ArchiveError('corrupt-entry', `first instance has ${scratch.kpCount} keypoint values, not a multiple of ${dims}`, name);
    }
  } else if (dimsField === 2 || dimsField === 3) dims = dimsField;

  const track = createPoseTrack(frames, dims, joints, sourcePath);
  track.frameNr.set(frameNr);
  track.timestamps.set(timestamps);
  const perFrame = joints * dims;
  for (let f = 0; f < frames; f++) {
    const s = instStart[f] ?? -1;
    if (s < 0) continue;
    scratch = decodeInstance(r, view, s, instEnd[f] ?? 0, scratch, unknown);
    flattenPoints(scratch, dims);
    if (scratch.kpCount !== perFrame) {
      throw new ArchiveError('corrupt-entry', `frame ${frameNr[f]}: ${scratch.kpCount} keypoint values, expected ${perFrame}`, name);
    }
    if (scratch.confCount !== 0 && scratch.confCount !== joints) {
      throw new ArchiveError('corrupt-entry', `frame ${frameNr[f]}: ${scratch.confCount} confidences, expected ${joints}`, name);
    }
    track.present[f] = 1;
    track.keypoints.set(scratch.kp.subarray(0, perFrame), f * perFrame);
    if (scratch.confCount) track.confidences.set(scratch.conf.subarray(0, joints), f * joints);
    if (scratch.bboxCount >= 4) track.bbox.set(scratch.bbox.subarray(0, 4), f * 4);
    track.boxConfidence[f] = scratch.boxConfidence;
  }
  return { track, entryType, annotationFormat, layout, unknownFields: [...unknown].sort() };
}

/** Dimension of the keypoints: the `dims` field, else nested point size, else values per confidence, else the hint. */
function resolveDims(dimsField: number, s: Scratch, hint: 2 | 3 | undefined, name: string): 2 | 3 {
  if (dimsField === 2 || dimsField === 3) return dimsField;
  if (s.points > 0) return s.pointDims === 3 || hint === 3 ? 3 : 2;
  if (s.confCount > 0) {
    const d = s.kpCount / s.confCount;
    if (d === 2 || d === 3) return d;
  }
  if (hint) return hint;
  throw new ArchiveError('corrupt-entry', 'cannot tell whether keypoints are 2D or 3D (no dims field, no confidences)', name);
}

/** Decodes the Instance at [start, end) into `s` (reset first). */
function decodeInstance(r: Reader, view: DataView, start: number, end: number, s: Scratch, unknown: Set<string>): Scratch {
  s.kpCount = 0;
  s.confCount = 0;
  s.bboxCount = 0;
  s.boxConfidence = 0;
  s.points = 0;
  s.pointDims = 0;
  s.layout = 'flat';
  r.pos = start;
  while (r.pos < end) {
    const tag = r.uint32();
    const field = tag >>> 3;
    const wt = tag & 7;
    if (field === 1 && wt === LEN) {
      const len = r.uint32();
      const nested = nestedPointKind(r.buf, r.pos, len);
      if (nested) readNestedPoint(r, view, len, s, nested);
      else {
        s.kp = grow(s.kp, s.kpCount + (len >> 2));
        s.kpCount = readPackedFloats(r, view, len, s.kp, s.kpCount);
      }
    } else if (field === 1 && wt === I32) {
      s.kp = grow(s.kp, s.kpCount + 1);
      s.kp[s.kpCount++] = r.float();
    } else if (field === 2 && wt === LEN) {
      const len = r.uint32();
      s.conf = grow(s.conf, s.confCount + (len >> 2));
      s.confCount = readPackedFloats(r, view, len, s.conf, s.confCount);
    } else if (field === 2 && wt === I32) {
      s.conf = grow(s.conf, s.confCount + 1);
      s.conf[s.confCount++] = r.float();
    } else if (field === 3 && wt === LEN) {
      const len = r.uint32();
      s.bbox = grow(s.bbox, s.bboxCount + (len >> 2));
      s.bboxCount = readPackedFloats(r, view, len, s.bbox, s.bboxCount);
    } else if (field === 3 && wt === I32) {
      s.bbox = grow(s.bbox, s.bboxCount + 1);
      s.bbox[s.bboxCount++] = r.float();
    } else if (field === 4 && wt === I32) s.boxConfidence = r.float();
    else if (field === 4 && wt === I64) s.boxConfidence = r.double();
    else skipUnknown(r, wt, `Instance.${field}`, unknown);
  }
  return s;
}

/**
 * Whether a length-delimited keypoints payload is one nested point message rather than packed
 * floats. A nested point is either float fields 1..3 (`0d xxxx 15 yyyy 1d zzzz`, each tag +
 * 4 bytes, zero coordinates omitted as proto3 does: 0, 5, 10 or 15 bytes) or one packed float
 * field (`0a 08|0c <floats>`: 10 or 14 bytes). Neither size is a multiple of 4, so it cannot be
 * a packed run of whole floats (an empty packed run is never emitted by encoders).
 */
function nestedPointKind(buf: Uint8Array, pos: number, len: number): 'fields' | 'packed' | null {
  if ((len === 10 || len === 14) && buf[pos] === 0x0a && buf[pos + 1] === len - 2) return 'packed';
  if (len % 5 !== 0 || len > 15) return null;
  for (let k = 0; k < len; k += 5) {
    const t = buf[pos + k];
    if (t !== 0x0d && t !== 0x15 && t !== 0x1d) return null;
  }
  return 'fields';
}

/** Reads one nested point into `s.pts` as 3 slots (x, y, z; omitted coordinates are 0). */
function readNestedPoint(r: Reader, view: DataView, len: number, s: Scratch, kind: 'fields' | 'packed'): void {
  s.pts = grow(s.pts, (s.points + 1) * 3);
  const at = s.points * 3;
  s.pts.fill(0, at, at + 3);
  const base = r.pos;
  if (kind === 'fields') {
    for (let k = 0; k < len; k += 5) {
      const d = ((r.buf[base + k] ?? 0) >>> 3) - 1;
      s.pts[at + d] = view.getFloat32(base + k + 1, true);
      s.pointDims = Math.max(s.pointDims, d + 1);
    }
  } else {
    const dims = (len - 2) / 4;
    for (let d = 0; d < dims; d++) s.pts[at + d] = view.getFloat32(base + 2 + d * 4, true);
    s.pointDims = Math.max(s.pointDims, dims);
  }
  r.pos = base + len;
  s.points++;
  s.layout = kind === 'fields' ? 'nested-fields' : 'nested-packed';
}

/** Turns the nested points of `s.pts` into flattened keypoints of `dims` values each. */
function flattenPoints(s: Scratch, dims: 2 | 3): void {
  if (s.points === 0) return;
  s.kp = grow(s.kp, s.points * dims);
  for (let p = 0; p < s.points; p++) for (let d = 0; d < dims; d++) s.kp[p * dims + d] = s.pts[p * 3 + d] ?? 0;
  s.kpCount = s.points * dims;
}

/** Reads `len` bytes of packed little-endian floats into `out` from index `at`; returns the new count. */
function readPackedFloats(r: Reader, view: DataView, len: number, out: Float32Array, at: number): number {
  if (len % 4 !== 0) throw new Error(`packed float field of ${len} bytes is not a multiple of 4`);
  const end = r.pos + len;
  if (end > r.len) throw new Error('packed float field runs past the end');
  let i = at;
  for (let p = r.pos; p < end; p += 4) out[i++] = view.getFloat32(p, true);
  r.pos = end;
  return i;
}

function skipBytes(r: Reader, len: number): void {
  if (r.pos + len > r.len) throw new Error('length-delimited field runs past the end');
  r.pos += len;
}

function skipUnknown(r: Reader, wt: number, label: string, unknown: Set<string>): void {
  unknown.add(label);
  r.skipType(wt);
}
