/**
 * Decodes one `Instance` of a pose VideoEntry (proto/pose.proto) into reused scratch buffers:
 * keypoints flattened (`repeated float`, ours) or nested one message per keypoint (float fields
 * 1..3, or one packed float field), confidences, box and box confidence. Used by pose-decode.ts,
 * which walks the entry and its frames; the wire-level helpers shared by both are here.
 */
import type protobuf from 'protobufjs/minimal.js';

type Reader = protobuf.Reader;

/** Wire types (protobuf encoding spec). */
export const VARINT = 0;
export const I64 = 1;
export const LEN = 2;
export const I32 = 5;

/** How the keypoints of an entry were laid out on the wire. */
export type KeypointLayout = 'flat' | 'nested-fields' | 'nested-packed';

/** A growable run of float values, reused from one instance to the next: `values[0..count)`. */
export interface FloatRun {
  values: Float32Array;
  count: number;
}

/** Keypoint values, confidences and box of one instance, decoded into reused scratch buffers. */
export interface Scratch {
  /** Flattened keypoint values (after flattenPoints when nested). */
  kp: FloatRun;
  conf: FloatRun;
  bbox: FloatRun;
  boxConfidence: number;
  /** Number of nested keypoint messages (0 when flat). */
  points: number;
  /** Nested points, 3 slots each (x, y, z). */
  pts: Float32Array;
  /** Highest coordinate count seen in a nested point (2 or 3; z omitted when all zero). */
  pointDims: number;
  layout: KeypointLayout;
}

/** Empty scratch buffers (256 keypoint values, 128 confidences, 64 nested points); they grow when an entry needs more. */
export function newScratch(): Scratch {
  return {
    kp: { values: new Float32Array(256), count: 0 },
    conf: { values: new Float32Array(128), count: 0 },
    bbox: { values: new Float32Array(8), count: 0 },
    boxConfidence: 0,
    points: 0,
    pts: new Float32Array(64 * 3),
    pointDims: 0,
    layout: 'flat',
  };
}

/** `arr` when it holds `need` values, else a copy at least twice as long. */
function grow(arr: Float32Array, need: number): Float32Array {
  if (need <= arr.length) return arr;
  const next = new Float32Array(Math.max(need, arr.length * 2));
  next.set(arr);
  return next;
}

/** Decodes the Instance at [start, end) into `s` (reset first). */
export function decodeInstance(r: Reader, view: DataView, start: number, end: number, s: Scratch, unknown: Set<string>): Scratch {
  s.kp.count = 0;
  s.conf.count = 0;
  s.bbox.count = 0;
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
      else readPackedFloats(r, view, len, s.kp);
    } else if ((field === 2 || field === 3) && wt === LEN) readPackedFloats(r, view, r.uint32(), field === 2 ? s.conf : s.bbox);
    else if (field >= 1 && field <= 3 && wt === I32) {
      const run = field === 1 ? s.kp : field === 2 ? s.conf : s.bbox;
      run.values = grow(run.values, run.count + 1);
      run.values[run.count++] = r.float();
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
export function flattenPoints(s: Scratch, dims: 2 | 3): void {
  if (s.points === 0) return;
  const kp = (s.kp.values = grow(s.kp.values, s.points * dims));
  for (let p = 0; p < s.points; p++) for (let d = 0; d < dims; d++) kp[p * dims + d] = s.pts[p * 3 + d] ?? 0;
  s.kp.count = s.points * dims;
}

/** Appends `len` bytes of packed little-endian floats to `run`. @throws Error when they are not whole floats or run past the end. */
function readPackedFloats(r: Reader, view: DataView, len: number, run: FloatRun): void {
  if (len % 4 !== 0) throw new Error(`packed float field of ${len} bytes is not a multiple of 4`);
  const end = r.pos + len;
  if (end > r.len) throw new Error('packed float field runs past the end');
  const out = (run.values = grow(run.values, run.count + (len >> 2)));
  let i = run.count;
  for (let p = r.pos; p < end; p += 4) out[i++] = view.getFloat32(p, true);
  run.count = i;
  r.pos = end;
}

/** Skips `len` bytes of a length-delimited field. @throws Error when they run past the end. */
export function skipBytes(r: Reader, len: number): void {
  if (r.pos + len > r.len) throw new Error('length-delimited field runs past the end');
  r.pos += len;
}

/** Skips a field our schema does not know, noting `label` (message.field) in `unknown`. */
export function skipUnknown(r: Reader, wt: number, label: string, unknown: Set<string>): void {
  unknown.add(label);
  r.skipType(wt);
}
