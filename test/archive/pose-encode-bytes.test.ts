/**
 * The archive's pose encoder (main/archive/pose-encode.ts), which writes the frames straight into
 * one buffer, gives the bytes of the per-frame-object encoder it replaced
 * (pose-encode-reference.ts) on realistic tracks, on every default and edge the generated code
 * treats specially, and on random tracks. Real clips: test/bench/archive-digest.ts.
 */
import { describe, expect, it } from 'vitest';
import { encodePoseEntry } from '../../main/archive/pose-encode.js';
import { createPoseTrack, type PoseTrack } from '../../main/pose/pose-track.js';
import { rng, syntheticPoseTrack } from '../support/fixtures.js';
import { referenceEncodePoseEntry } from './pose-encode-reference.js';

/** Both encoders' bytes, compared as hex (a mismatch shows where). */
function expectSameBytes(t: PoseTrack, format?: string): void {
  const ours = encodePoseEntry(t, format);
  const ref = referenceEncodePoseEntry(t, format);
  expect(ours.length).toBe(ref.length);
  expect(Buffer.from(ours).toString('hex')).toBe(Buffer.from(ref).toString('hex'));
}

/** A float32 NaN with the given bit pattern (payload and sign), written through the bits. */
function setBits(a: Float32Array, i: number, bits: number): void {
  new Uint32Array(a.buffer, a.byteOffset, a.length)[i] = bits >>> 0;
}

describe('encodePoseEntry writes the bytes of the per-frame-object encoder', () => {
  it('on realistic 2D and 3D tracks with absent frames', () => {
    for (const dims of [2, 3] as const) {
      expectSameBytes(syntheticPoseTrack(dims, { frames: 400, seed: 5, absent: [0, 1, 50, 399] }));
      expectSameBytes(syntheticPoseTrack(dims, { frames: 30, seed: 2, sourcePath: 'clips/été 日本 😀.mp4' }), 'COCO');
    }
  });

  it('on the defaults and edges the generated code treats specially', () => {
    const t = syntheticPoseTrack(2, { frames: 24, seed: 9, absent: [3] });
    // frame_nr: 0 left out, negative as 10 bytes, the int32 extremes, multi-byte varints.
    [0, -1, -2147483648, 2147483647, 127, 128, 16384, 2097152, 268435456].forEach((v, i) => (t.frameNr[i] = v));
    // timestamp: +0 left out, −0 written, NaN and infinities written.
    [0, -0, NaN, Infinity, -Infinity, 5e-324].forEach((v, i) => (t.timestamps[i] = v));
    // box_confidence: +0 left out, −0 and NaN written.
    [0, -0, NaN, 1, -1].forEach((v, i) => (t.boxConfidence[i] = v));
    // A box with one NaN or infinite value is left out; keypoints and confidences keep NaNs of every bit pattern.
    t.bbox[4 * 4 + 2] = NaN;
    t.bbox[5 * 4] = Infinity;
    [0x7fc00000, 0xffc00000, 0x7f800001, 0xffffffff, 0x7fa00000].forEach((bits, i) => setBits(t.keypoints, 6 * 34 + i, bits));
    setBits(t.confidences, 7 * 17, 0xffc00000);
    setBits(t.confidences, 7 * 17 + 5, 0xff800001);
    setBits(t.boxConfidence, 8, 0xffc00000);
    setBits(t.boxConfidence, 9, 0x7f800001);
    const ts = new Uint32Array(t.timestamps.buffer);
    [ts[20], ts[21], ts[22], ts[23]] = [1, 0x7ff00000, 0, 0xfff80000];
    t.keypoints[9 * 34] = -0;
    expectSameBytes(t);
    for (const sourcePath of ['', 'a\ud800b', '\u{10ffff}'.repeat(50)]) expectSameBytes({ ...t, sourcePath });
    expectSameBytes(t, '');
  });

  it('on shapes other than H36M-17, empty tracks and short arrays', () => {
    expectSameBytes(createPoseTrack(0, 2));
    expectSameBytes(createPoseTrack(5, 3));
    const wide = createPoseTrack(6, 3, 40);
    wide.present.fill(1);
    wide.keypoints.fill(0.25);
    expectSameBytes(wide);
    const none = createPoseTrack(4, 2, 0);
    none.present.fill(1);
    expectSameBytes(none);
    const short = syntheticPoseTrack(2, { frames: 10, seed: 4 });
    expectSameBytes({ ...short, keypoints: short.keypoints.subarray(0, 8 * 34 + 10), confidences: short.confidences.subarray(0, 9 * 17), bbox: short.bbox.subarray(0, 9 * 4 + 2) });
  });

  it('on random tracks', () => {
    const rand = rng(29);
    for (let k = 0; k < 40; k++) {
      const dims = rand() < 0.5 ? 2 : 3;
      const t = createPoseTrack(1 + Math.floor(rand() * 200), dims, 1 + Math.floor(rand() * 30), `clip-${k}.mp4`);
      const pick = (p: number, v: () => number) => (rand() < p ? v() : 0);
      for (let f = 0; f < t.frames; f++) {
        t.frameNr[f] = rand() < 0.05 ? -Math.floor(rand() * 1e6) : Math.floor(rand() * 1e7);
        t.timestamps[f] = pick(0.9, () => (rand() - 0.1) * 1e4);
        t.present[f] = rand() < 0.8 ? 1 : 0;
        t.boxConfidence[f] = pick(0.7, rand);
        for (let i = 0; i < 4; i++) t.bbox[f * 4 + i] = rand() < 0.1 ? NaN : (rand() - 0.5) * 4000;
      }
      for (let i = 0; i < t.keypoints.length; i++) t.keypoints[i] = rand() < 0.02 ? NaN : (rand() - 0.5) * 1e4;
      for (let i = 0; i < t.confidences.length; i++) t.confidences[i] = pick(0.9, rand);
      // NaNs of any sign and payload (signalling ones too) anywhere in a run.
      const nan = () => ((rand() < 0.5 ? 0xff800000 : 0x7f800000) | (1 + Math.floor(rand() * 0x7fffff))) >>> 0;
      for (const a of [t.keypoints, t.confidences, t.boxConfidence]) for (let i = 0; i < a.length; i++) if (rand() < 0.01) setBits(a, i, nan());
      expectSameBytes(t);
    }
  });
});
