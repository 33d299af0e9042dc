/**
 * Encodes a {@link PoseTrack} as a `video_entry_2d.pb` / `video_entry_3d.pb` (proto/pose.proto:
 * keypoints flattened, `dims` set). Absent frames get no instance; NaN bounding boxes (3D tracks)
 * are left out.
 *
 * Decided: the frames are written straight from the track's typed arrays into one buffer of the
 * exact size (a first pass adds up the sizes), not built as one object per frame and handed to
 * the generated `VideoEntry.encode` (issue 29 item 1: those objects, the writer's doubling buffer
 * and its final copy cost ≈ 2 KB a frame while the archive was built; main/engine/README.md
 * "Memory with length"). The bytes are the generated encoder's, byte for byte: same field order,
 * same defaults left out (frame_nr 0, timestamp +0 but not −0, box_confidence +0, empty repeated
 * fields), negative int32 as 10-byte varints; the header strings and the trailing `dims` still
 * come from the generated code (test/archive/pose-encode-bytes.test.ts compares both encoders on
 * edge cases and random tracks, test/bench/archive-digest.ts on the real clips' poses).
 * Decided: NaNs are written with the bits the old path gave them on Node 20's V8 (measured on every
 * NaN kind: signalling, negative, with payload): a float NaN first in a packed run became the
 * canonical 0x7fc00000 (Array.from's first element), any other float NaN kept its sign and
 * payload with the quiet bit set (float → double), a timestamp NaN kept its 64 bits. Spelled out
 * here so that the bytes no longer depend on how the engine compiles a typed-array read.
 */
import { swingstudio } from '../gen/pose_pb.js';
import type { PoseTrack } from '../pose/pose-track.js';

const { VideoEntry } = swingstudio.pose;

/** Tags of proto/pose.proto: (field << 3) | wire type. */
const TAG = { entryFrame: 34, frameNr: 8, timestamp: 17, frameInstance: 26, keypoints: 10, confidences: 18, bbox: 26, boxConfidence: 37 } as const;

/** Bytes of `v` (an unsigned 32-bit value) as a varint. */
function varintSize(v: number): number {
  return v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5;
}

/** Bytes of frame_nr as protobufjs writes an int32: 0 when 0 (left out), 10 when negative. */
function frameNrSize(v: number): number {
  if (v === 0) return 0;
  return 1 + (v < 0 ? 10 : varintSize(v));
}

/** Bytes of a packed float field of `n` values (tag + length + values), 0 when empty. */
function floatsSize(n: number): number {
  return n === 0 ? 0 : 1 + varintSize(n * 4) + n * 4;
}

/** The per-frame facts the size and the writer both read. */
interface FrameShape {
  perFrame: number;
  joints: number;
}

/** How many of the `n` values from `from` on `a` holds (n, except in a track whose arrays are short, as `subarray` would cut them). */
function held(a: Float32Array, from: number, n: number): number {
  return Math.max(0, Math.min(n, a.length - from));
}

/** Bytes of frame f's Instance message (without its tag and length), or -1 when the frame is absent. */
function instanceSize(t: PoseTrack, f: number, s: FrameShape): number {
  if (!t.present[f]) return -1;
  const bc = t.boxConfidence[f] ?? 0;
  const box = boxIsFinite(t, f) ? held(t.bbox, f * 4, 4) : 0;
  return floatsSize(held(t.keypoints, f * s.perFrame, s.perFrame)) + floatsSize(held(t.confidences, f * s.joints, s.joints)) + floatsSize(box) + (Object.is(bc, 0) ? 0 : 5);
}

/** Bytes of frame f's Frame message (without its tag and length), given its instance's size. */
function frameSize(t: PoseTrack, f: number, inst: number): number {
  const ts = t.timestamps[f] ?? 0;
  return frameNrSize(t.frameNr[f] ?? f) + (Object.is(ts, 0) ? 0 : 9) + (inst < 0 ? 0 : 1 + varintSize(inst) + inst);
}

/** Whether frame f's box values are all finite (a NaN box, as in 3D tracks, is left out). */
function boxIsFinite(t: PoseTrack, f: number): boolean {
  for (let k = f * 4; k < Math.min(f * 4 + 4, t.bbox.length); k++) if (!Number.isFinite(t.bbox[k]!)) return false;
  return true;
}

/** A float32 NaN as the old path wrote it: the canonical quiet NaN, or `raw` with the quiet bit set. */
const CANONICAL_NAN = 0x7fc00000;
const QUIET_BIT = 0x00400000;

/** Writes into `buf` at a moving position (`pos`), through `view` for floats and doubles. */
class ExactWriter {
  pos: number;
  constructor(
    readonly buf: Buffer,
    readonly view: DataView,
    start: number,
  ) {
    this.pos = start;
  }
  varint(v: number): void {
    while (v > 127) {
      this.buf[this.pos++] = (v & 127) | 128;
      v >>>= 7;
    }
    this.buf[this.pos++] = v;
  }
  /** A negative int32 as protobufjs writes it: the 64-bit two's complement in 10 varint bytes. */
  negativeInt32(v: number): void {
    let lo = v >>> 0;
    let hi = 0xffffffff;
    for (let k = 0; k < 9; k++) {
      this.buf[this.pos++] = (lo & 127) | 128;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
    }
    this.buf[this.pos++] = lo & 127;
  }
  /** One float: `v`, or a NaN from its `raw` bits (quiet bit set). */
  float(v: number, raw: number): void {
    if (v === v) this.view.setFloat32(this.pos, v, true);
    else this.view.setUint32(this.pos, (raw | QUIET_BIT) >>> 0, true);
    this.pos += 4;
  }
  /** A packed float field of a[from … from + n) (`bits`: the same values' raw bits); nothing when n = 0. */
  floats(tag: number, a: Float32Array, bits: Uint32Array, from: number, n: number): void {
    if (n === 0) return;
    this.buf[this.pos++] = tag;
    this.varint(n * 4);
    const v0 = a[from]!;
    if (v0 === v0) this.view.setFloat32(this.pos, v0, true);
    else this.view.setUint32(this.pos, CANONICAL_NAN, true);
    this.pos += 4;
    for (let i = from + 1; i < from + n; i++) this.float(a[i]!, bits[i]!);
  }
  /** One double with its 64 bits as they are (a NaN's sign and payload kept). */
  double(a: Float64Array, bits: Uint32Array, i: number): void {
    const v = a[i]!;
    if (v === v) this.view.setFloat64(this.pos, v, true);
    else {
      this.view.setUint32(this.pos, bits[2 * i]!, true);
      this.view.setUint32(this.pos + 4, bits[2 * i + 1]!, true);
    }
    this.pos += 8;
  }
}

/** The raw bits of a typed array's values, as a view on the same bytes. */
const bitsOf = (a: Float32Array | Float64Array) => new Uint32Array(a.buffer, a.byteOffset, a.byteLength / 4);

/**
 * Serialises `track` to VideoEntry protobuf bytes. `annotationFormat` defaults to "H36M".
 * Holds nothing per frame beyond the returned bytes (≈ 260 B a 2D frame, 290 a 3D one).
 */
export function encodePoseEntry(track: PoseTrack, annotationFormat = 'H36M'): Buffer {
  const head = VideoEntry.encode({ entryType: 'video', sourcePath: track.sourcePath, annotationFormat }).finish();
  const tail = VideoEntry.encode({ dims: track.dims }).finish();
  const shape: FrameShape = { perFrame: track.joints * track.dims, joints: track.joints };
  let total = head.length + tail.length;
  for (let f = 0; f < track.frames; f++) {
    const size = frameSize(track, f, instanceSize(track, f, shape));
    total += 1 + varintSize(size) + size;
  }
  const buf = Buffer.allocUnsafe(total);
  buf.set(head, 0);
  const w = new ExactWriter(buf, new DataView(buf.buffer, buf.byteOffset, buf.byteLength), head.length);
  const bits = { timestamps: bitsOf(track.timestamps), keypoints: bitsOf(track.keypoints), confidences: bitsOf(track.confidences), bbox: bitsOf(track.bbox), boxConfidence: bitsOf(track.boxConfidence) };
  for (let f = 0; f < track.frames; f++) {
    const inst = instanceSize(track, f, shape);
    buf[w.pos++] = TAG.entryFrame;
    w.varint(frameSize(track, f, inst));
    const nr = track.frameNr[f] ?? f;
    if (nr !== 0) {
      buf[w.pos++] = TAG.frameNr;
      if (nr < 0) w.negativeInt32(nr);
      else w.varint(nr);
    }
    if (!Object.is(track.timestamps[f] ?? 0, 0)) {
      buf[w.pos++] = TAG.timestamp;
      w.double(track.timestamps, bits.timestamps, f);
    }
    if (inst < 0) continue;
    buf[w.pos++] = TAG.frameInstance;
    w.varint(inst);
    w.floats(TAG.keypoints, track.keypoints, bits.keypoints, f * shape.perFrame, held(track.keypoints, f * shape.perFrame, shape.perFrame));
    w.floats(TAG.confidences, track.confidences, bits.confidences, f * shape.joints, held(track.confidences, f * shape.joints, shape.joints));
    if (boxIsFinite(track, f)) w.floats(TAG.bbox, track.bbox, bits.bbox, f * 4, held(track.bbox, f * 4, 4));
    if (!Object.is(track.boxConfidence[f] ?? 0, 0)) {
      buf[w.pos++] = TAG.boxConfidence;
      w.float(track.boxConfidence[f]!, bits.boxConfidence[f]!);
    }
  }
  buf.set(tail, w.pos);
  if (w.pos + tail.length !== total) throw new Error(`pose entry encoder wrote ${w.pos + tail.length} of ${total} bytes`);
  return buf;
}
