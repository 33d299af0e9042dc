/**
 * Decodes a `video_entry_2d.pb` / `video_entry_3d.pb` (proto/pose.proto, message VideoEntry)
 * straight into a {@link PoseTrack}: keypoints go from the wire into Float32Arrays, no object
 * per frame, instance or keypoint is built. The walk is by field number AND wire type over the
 * protobufjs Reader, which is what makes it tolerant of the vendor's unpublished schema
 * (proto/README.md): unknown fields are skipped and reported, `timestamp` may be double or
 * float, and keypoints may be flattened (`repeated float`, ours) or nested one message per
 * keypoint (`repeated Point {float x = 1; float y = 2; float z = 3;}` or `repeated Point
 * {repeated float v = 1;}`). Only the first instance of each frame is kept (the analysed player).
 * The frames are counted on the wire before anything per frame is allocated, and the track is
 * checked by main/pose/pose-checks.ts (frame cap, H36M-17, finite values, frame numbers).
 */
import protobuf from 'protobufjs/minimal.js';
import { poseFramesProblem, type PoseLimits } from '../contract/clip-limits.js';
import { poseShapeProblem, poseTrackProblem } from '../pose/pose-checks.js';
import { createPoseTrack, type PoseTrack } from '../pose/pose-track.js';
import { ArchiveError } from './errors.js';
import { decodeInstance, flattenPoints, I32, I64, LEN, newScratch, skipBytes, skipUnknown, VARINT, type KeypointLayout, type Scratch } from './pose-instance.js';

export type { KeypointLayout } from './pose-instance.js';

const { Reader } = protobuf;

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

/**
 * Decodes one pose entry.
 * @param bytes the .pb entry's bytes.
 * @param name entry name, used in errors.
 * @param dimsHint 2 or 3 from the entry's file name, used when neither the `dims` field nor the
 *   keypoint/confidence counts tell the dimension.
 * @param limits the clip's own frame count when the caller knows it (`clipFrames`, the probe's
 *   frameCount); without it the engine's decode cap MAX_DECODE_FRAMES bounds the frames.
 * @throws ArchiveError `corrupt-entry` when the bytes are not a VideoEntry, frames disagree on
 *   joint count or dimension, or the track fails the pose checks (more frames than the clip can
 *   have, counted before any frame is decoded; not H36M-17; a value that is not finite; a frame
 *   number outside the clip), with the one-line cause.
 */
export function decodePoseEntry(bytes: Uint8Array, name: string, dimsHint?: 2 | 3, limits: PoseLimits = {}): DecodedPoseEntry {
  try {
    const tooMany = poseFramesProblem(countFrames(bytes), limits);
    if (tooMany) throw new ArchiveError('corrupt-entry', tooMany, name);
    const decoded = decode(bytes, name, dimsHint);
    const problem = poseTrackProblem(decoded.track, limits);
    if (problem) throw new ArchiveError('corrupt-entry', problem, name);
    return decoded;
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError('corrupt-entry', `not a pose VideoEntry (${(err as Error).message})`, name, { cause: err });
  }
}

/** Number of `frames` (VideoEntry field 4) on the wire: tags read and fields skipped, nothing allocated. */
function countFrames(bytes: Uint8Array): number {
  const r = Reader.create(bytes);
  let frames = 0;
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag >>> 3 === 4 && (tag & 7) === LEN) {
      frames++;
      skipBytes(r, r.uint32());
    } else r.skipType(tag & 7);
  }
  return frames;
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
    joints = scratch.kp.count / dims;
    if (!Number.isInteger(joints) || joints <= 0) {
      throw new ArchiveError('corrupt-entry', `first instance has ${scratch.kp.count} keypoint values, not a multiple of ${dims}`, name);
    }
    const shape = poseShapeProblem(joints, dims);
    if (shape) throw new ArchiveError('corrupt-entry', shape, name);
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
    if (scratch.kp.count !== perFrame) {
      throw new ArchiveError('corrupt-entry', `frame ${frameNr[f]}: ${scratch.kp.count} keypoint values, expected ${perFrame}`, name);
    }
    if (scratch.conf.count !== 0 && scratch.conf.count !== joints) {
      throw new ArchiveError('corrupt-entry', `frame ${frameNr[f]}: ${scratch.conf.count} confidences, expected ${joints}`, name);
    }
    track.present[f] = 1;
    track.keypoints.set(scratch.kp.values.subarray(0, perFrame), f * perFrame);
    if (scratch.conf.count) track.confidences.set(scratch.conf.values.subarray(0, joints), f * joints);
    if (scratch.bbox.count >= 4) track.bbox.set(scratch.bbox.values.subarray(0, 4), f * 4);
    track.boxConfidence[f] = scratch.boxConfidence;
  }
  return { track, entryType, annotationFormat, layout, unknownFields: [...unknown].sort() };
}

/** Dimension of the keypoints: the `dims` field, else nested point size, else values per confidence, else the hint. */
function resolveDims(dimsField: number, s: Scratch, hint: 2 | 3 | undefined, name: string): 2 | 3 {
  if (dimsField === 2 || dimsField === 3) return dimsField;
  if (s.points > 0) return s.pointDims === 3 || hint === 3 ? 3 : 2;
  if (s.conf.count > 0) {
    const d = s.kp.count / s.conf.count;
    if (d === 2 || d === 3) return d;
  }
  if (hint) return hint;
  throw new ArchiveError('corrupt-entry', 'cannot tell whether keypoints are 2D or 3D (no dims field, no confidences)', name);
}
