/**
 * The pose decoder's tolerance of a vendor schema that differs from proto/pose.proto
 * (proto/README.md): nested keypoint pairs instead of flattened floats, float timestamps,
 * unknown fields, no `dims` field, extra instances per frame.
 */
import protobuf from 'protobufjs/minimal.js';
import { describe, expect, it } from 'vitest';
import { decodePoseEntry } from '../../main/archive/pose-decode.js';
import { encodePoseEntry } from '../../main/archive/pose-encode.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import { syntheticPoseTrack } from '../support/fixtures.js';

type Layout = 'nested-fields' | 'nested-packed';

/** Encodes `t` the way a differently-numbered vendor schema might: one message per keypoint. */
function encodeVendorStyle(t: PoseTrack, layout: Layout): Uint8Array {
  const w = protobuf.Writer.create();
  w.uint32((1 << 3) | 2).string('video');
  w.uint32((3 << 3) | 2).string('H36M');
  w.uint32((9 << 3) | 0).uint32(42); // unknown VideoEntry field
  for (let f = 0; f < t.frames; f++) {
    w.uint32((4 << 3) | 2).fork();
    w.uint32((1 << 3) | 0).int32(t.frameNr[f] ?? 0);
    w.uint32((2 << 3) | 5).float(t.timestamps[f] ?? 0); // float, not double
    const copies = t.present[f] ? 2 : 0; // a second (bystander) instance must be ignored
    for (let c = 0; c < copies; c++) {
      w.uint32((3 << 3) | 2).fork();
      for (let j = 0; j < t.joints; j++) {
        w.uint32((1 << 3) | 2).fork();
        const base = (f * t.joints + j) * t.dims;
        if (layout === 'nested-fields') {
          for (let d = 0; d < t.dims; d++) {
            const v = c === 0 ? (t.keypoints[base + d] ?? 0) : 1;
            if (v !== 0) w.uint32(((d + 1) << 3) | 5).float(v); // proto3 omits zeros
          }
        } else {
          w.uint32((1 << 3) | 2).fork();
          for (let d = 0; d < t.dims; d++) w.float(c === 0 ? (t.keypoints[base + d] ?? 0) : 1);
          w.ldelim();
        }
        w.ldelim();
      }
      w.uint32((2 << 3) | 2).fork();
      for (let j = 0; j < t.joints; j++) w.float(t.confidences[f * t.joints + j] ?? 0);
      w.ldelim();
      w.uint32((7 << 3) | 2).string('vendor extra'); // unknown Instance field
      w.ldelim();
    }
    w.ldelim();
  }
  return w.finish();
}

describe('tolerant pose decoding', () => {
  for (const dims of [2, 3] as const) {
    for (const layout of ['nested-fields', 'nested-packed'] as const) {
      it(`reads ${dims}D keypoints nested one message per point (${layout})`, () => {
        const t = syntheticPoseTrack(dims, { frames: 40, seed: 9, absent: [0, 13] });
        t.keypoints[(1 * t.joints + 0) * dims] = 0; // an omitted zero coordinate
        t.bbox.fill(NaN);
        t.boxConfidence.fill(0);
        t.sourcePath = '';
        const decoded = decodePoseEntry(encodeVendorStyle(t, layout), 'video_entry.pb', dims);
        expect(decoded.layout).toBe(layout);
        expect(decoded.unknownFields).toEqual(['Instance.7', 'VideoEntry.9']);
        const got = decoded.track;
        expect([got.dims, got.joints, got.frames]).toEqual([dims, 17, 40]);
        expect(Array.from(got.keypoints)).toEqual(Array.from(t.keypoints));
        expect(Array.from(got.confidences)).toEqual(Array.from(t.confidences));
        expect(Array.from(got.present)).toEqual(Array.from(t.present));
        expect(Array.from(got.timestamps)).toEqual(Array.from(t.timestamps, (v) => Math.fround(v)));
      });
    }
  }

  it('reads unpacked repeated floats (one tag per keypoint value, confidence and box value)', () => {
    const t = syntheticPoseTrack(2, { frames: 6, seed: 4, absent: [2] });
    const w = protobuf.Writer.create();
    for (let f = 0; f < t.frames; f++) {
      w.uint32((4 << 3) | 2).fork();
      w.uint32((1 << 3) | 0).int32(t.frameNr[f] ?? 0);
      w.uint32((2 << 3) | 1).double(t.timestamps[f] ?? 0);
      if (t.present[f]) {
        w.uint32((3 << 3) | 2).fork();
        for (let i = 0; i < t.joints * 2; i++) w.uint32((1 << 3) | 5).float(t.keypoints[f * t.joints * 2 + i] ?? 0);
        for (let j = 0; j < t.joints; j++) w.uint32((2 << 3) | 5).float(t.confidences[f * t.joints + j] ?? 0);
        for (let k = 0; k < 4; k++) w.uint32((3 << 3) | 5).float(t.bbox[f * 4 + k] ?? 0);
        w.uint32((4 << 3) | 5).float(t.boxConfidence[f] ?? 0);
        w.ldelim();
      }
      w.ldelim();
    }
    const got = decodePoseEntry(w.finish(), 'video_entry_2d.pb', 2);
    expect(got.layout).toBe('flat');
    expect([got.track.dims, got.track.joints, got.track.frames]).toEqual([2, 17, 6]);
    expect(Array.from(got.track.present)).toEqual(Array.from(t.present));
    const present = (arr: Float32Array, per: number) => Array.from(arr).filter((_, i) => t.present[Math.floor(i / per)] === 1);
    expect(present(got.track.keypoints, 34)).toEqual(present(t.keypoints, 34));
    expect(present(got.track.confidences, 17)).toEqual(present(t.confidences, 17));
    expect(present(got.track.bbox, 4)).toEqual(present(t.bbox, 4));
    expect(present(got.track.boxConfidence, 1)).toEqual(present(t.boxConfidence, 1));
  });

  it('infers dims from keypoints per confidence when the dims field is absent', () => {
    const t = syntheticPoseTrack(3, { frames: 5, seed: 2 });
    const bytes = encodePoseEntry(t);
    // Our encoder writes dims = 3 as the last two bytes (tag 0x28, value 3); drop them.
    expect(Array.from(bytes.subarray(-2))).toEqual([0x28, 3]);
    const got = decodePoseEntry(bytes.subarray(0, -2), 'x.pb').track;
    expect(got.dims).toBe(3);
    expect(Array.from(got.keypoints)).toEqual(Array.from(t.keypoints));
  });

  it('rejects frames that disagree on the joint count', () => {
    const a = encodePoseEntry(syntheticPoseTrack(2, { frames: 3, absent: [] }));
    const w = protobuf.Writer.create();
    w.uint32((4 << 3) | 2).fork();
    w.uint32((3 << 3) | 2).fork();
    w.uint32((1 << 3) | 2).fork().float(1).float(2).ldelim();
    w.ldelim();
    w.ldelim();
    const bytes = Buffer.concat([Buffer.from(a), Buffer.from(w.finish())]);
    expect(() => decodePoseEntry(bytes, 'video_entry_2d.pb', 2)).toThrow(/video_entry_2d.pb: frame 3: 2 keypoint values, expected 34/);
  });
});
