/**
 * A done line above the NDJSON cap is read in pieces (main/api/done-line-pieces.ts): its pose goes
 * straight into typed tracks, equal to the ones the whole line gives; the rest of the line is the
 * same. Over real HTTP on 127.0.0.1 (the fault server) with a lowered cap, and from odd chunkings,
 * key orders and whitespace; a cut line, a frame that fails the contract, more frames than the
 * clip and an over-long rest are refused as before; below the cap nothing changes.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NdjsonError, piecesPoseOf, readNdjson, readTechniqueStream } from '../../main/api/index.js';
import { poseTrackFromJson, type PoseTrack } from '../../main/pose/pose-track.js';
import { syntheticDoneLine, syntheticPoseTrack } from '../support/fixtures.js';
import { jsonPieces, PoseJsonEntry } from '../../main/service/done-line-stream.js';
import { startFaultServer, type FaultServer } from '../support/fault-server.js';
import { mediaPath } from '../support/media.js';
import { apiFailure, clientFor, metadata } from './helpers.js';

// A full collection before a measurement, so the heap measured from is live data, not garbage.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let s: FaultServer;
beforeAll(async () => {
  s = await startFaultServer();
});
afterAll(() => s.close());

const CAP = 64 * 1024;
const done = syntheticDoneLine({ uid: 'uid-long', pose2d: syntheticPoseTrack(2, { frames: 600, absent: [0, 1, 300] }), pose3d: syntheticPoseTrack(3, { frames: 600, absent: [0, 1, 300] }) });
const doneText = JSON.stringify(done);
/** The done object as the wire carries it (-0 written as 0): what a whole read gives. */
const wire = JSON.parse(doneText) as typeof done;
const processing = JSON.stringify({ status: 'processing', uid: 'uid-long', progress: 0.5, warnings: ['low light'] });

function expectSameTrack(a: PoseTrack | undefined, b: PoseTrack): void {
  expect(a).toBeDefined();
  expect({ ...a, keypoints: undefined, bbox: undefined }).toEqual({ ...b, keypoints: undefined, bbox: undefined });
  expect(Array.from(a!.keypoints)).toEqual(Array.from(b.keypoints)); // NaN where absent, on both sides
  expect(Array.from(a!.bbox)).toEqual(Array.from(b.bbox));
}

/** The done object without its frames, as a line read in pieces gives it. */
function withoutFrames(d: typeof done): unknown {
  return { ...d, video_entry_2D_json: { ...d.video_entry_2D_json, annotation_data: [] }, video_entry_3D_json: { ...d.video_entry_3D_json, annotation_data: [] } };
}

/** `text` as an async source of chunks of 1..max bytes (deterministic). */
async function* chunked(text: string, max = 5000): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  let seed = 7;
  for (let i = 0; i < bytes.length; ) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const n = 1 + (seed % max);
    yield await Promise.resolve(bytes.subarray(i, i + n));
    i += n;
  }
}

describe('a done line above the cap', () => {
  it('over HTTP: analyseVideo returns the same analysis as a whole read, the pose as typed tracks', async () => {
    expect(doneText.length).toBeGreaterThan(8 * CAP);
    s.plan('process', { type: 'ndjson', text: `${processing}\n${doneText}\n` });
    const warnings: string[] = [];
    const { analysis } = await clientFor(s).analyseVideo(mediaPath('tennis_forehand_1.mp4'), metadata('uid-long'), { maxLineBytes: CAP, onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual(['low light', ...done.warnings]);
    expectSameTrack(analysis.pose2d, poseTrackFromJson(wire.video_entry_2D_json));
    expectSameTrack(analysis.pose3d, poseTrackFromJson(wire.video_entry_3D_json));
    expect(analysis.result).toEqual(done.result);
    expect(analysis.uid).toBe('uid-long');

    s.plan('process', { type: 'ndjson', text: `${processing}\n${doneText}\n` });
    const whole = await clientFor(s).analyseVideo(mediaPath('tennis_forehand_1.mp4'), metadata('uid-long'));
    expect(analysis).toEqual(whole.analysis);
  });

  it('piecesAboveBytes: a line within the cap but above it is read in pieces, a processing line too', async () => {
    const d = await readTechniqueStream(chunked(`${processing}\n${doneText}\n`), { piecesAboveBytes: 100 });
    expect(d).toEqual(withoutFrames(wire));
    expectSameTrack(piecesPoseOf(d)?.pose2d, poseTrackFromJson(wire.video_entry_2D_json));
    s.plan('process', { type: 'ndjson', text: `${processing}\n${doneText}\n` });
    const { analysis } = await clientFor(s).analyseVideo(mediaPath('tennis_forehand_1.mp4'), metadata('uid-long'), { piecesAboveBytes: CAP });
    expectSameTrack(analysis.pose3d, poseTrackFromJson(wire.video_entry_3D_json));
  });

  it('processVideo: the done object keeps every other field, its entries with an empty annotation_data', async () => {
    s.plan('process', { type: 'ndjson', text: `${doneText}\r\n` });
    const d = await clientFor(s).processVideo(mediaPath('tennis_forehand_1.mp4'), metadata('uid-long'), { maxLineBytes: CAP });
    expect(d).toEqual(withoutFrames(wire));
    expect(piecesPoseOf(d)?.pose2d?.frames).toBe(600);
  });

  it('any chunking, another key order, whitespace and escaped keys give the same tracks', async () => {
    const { video_entry_2D_json: e2, video_entry_3D_json: e3, ...rest } = wire;
    const { annotation_data: frames3, ...head3 } = e3;
    const reordered = { video_entry_3D_json: { annotation_data: frames3, ...head3 }, ...rest, video_entry_2D_json: e2 };
    const spaced = JSON.stringify(reordered, null, 1).replace(/\n/g, ' ').replace('"annotation_data"', '"annotation\\u005fdata"');
    for (const max of [17, 5000, 100_000]) {
      const d = await readTechniqueStream(chunked(`${processing}\n${spaced}\n`, max), { maxLineBytes: CAP });
      expect(d).toEqual(withoutFrames(wire));
      expectSameTrack(piecesPoseOf(d)?.pose2d, poseTrackFromJson(e2));
      expectSameTrack(piecesPoseOf(d)?.pose3d, poseTrackFromJson(e3));
    }
  });

  it('below the cap the line is read whole, as before (no typed pose, the frames in the entries)', async () => {
    const d = await readTechniqueStream(chunked(`${doneText}\n`), { maxLineBytes: doneText.length + 1 });
    expect(piecesPoseOf(d)).toBeUndefined();
    expect(d.video_entry_2D_json.annotation_data).toHaveLength(600);
  });

  it('readNdjson without longLine still refuses the line', async () => {
    const read = async () => {
      for await (const _ of readNdjson(chunked(`${doneText}\n`), { maxLineBytes: CAP })) void _;
    };
    await expect(read()).rejects.toMatchObject({ code: 'ndjson-line-too-long', line: 1 });
  });

  it('refusals: a cut line, a 5-joint frame, more frames than the clip, a rest above the cap, broken JSON in a frame', async () => {
    const cut = await apiFailure(readTechniqueStream(chunked(doneText.slice(0, 300_000)), { maxLineBytes: CAP }));
    expect(cut).toBeInstanceOf(NdjsonError);
    expect(cut.code).toBe('ndjson-connection-cut');

    const bad = JSON.parse(doneText) as typeof done;
    bad.video_entry_3D_json.annotation_data[400]!.instances[0]!.keypoints.length = 5;
    const joints = await apiFailure(readTechniqueStream(chunked(`${JSON.stringify(bad)}\n`), { maxLineBytes: CAP }));
    expect(joints.kind).toBe('contract');
    expect(joints.message).toContain('video_entry_3D_json: pose frame 400: 5 keypoints, expected 17');

    const frames = await apiFailure(readTechniqueStream(chunked(`${doneText}\n`), { maxLineBytes: CAP, pose: { clipFrames: 100 } }));
    expect(frames.kind).toBe('contract');
    expect(frames.message).toMatch(/video_entry_2D_json: .*pose frames, more than the clip can have/);

    const long = { ...done, warnings: ['x'.repeat(CAP + 10)] };
    const rest = await apiFailure(readTechniqueStream(chunked(`${JSON.stringify(long)}\n`), { maxLineBytes: CAP }));
    expect(rest.code).toBe('ndjson-line-too-long');

    const broken = doneText.replace('"frame_nr":400', '"frame_nr":400,,');
    const json = await apiFailure(readTechniqueStream(chunked(`${broken}\n`), { maxLineBytes: CAP }));
    expect(json.code).toBe('ndjson-invalid-json');
  });

  it('a 20,000-frame done line (~24 MB) read in pieces holds less than twice the line while reading it (a whole read ≈ 10×)', async () => {
    const frames = 20_000;
    const text = ((): Buffer => {
      // The tracks written are dropped before the start is measured (only the line's bytes stay).
      const big = { ...done, video_entry_2D_json: new PoseJsonEntry(syntheticPoseTrack(2, { frames })), video_entry_3D_json: new PoseJsonEntry(syntheticPoseTrack(3, { frames })) };
      return Buffer.from(`${[...jsonPieces(big)].join('')}\n`, 'utf8');
    })();
    const mem = (): number => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    // Live memory (after a gc) at every 64 KiB chunk, above the start (the line's own bytes are
    // already there). Sampled live, not as heapUsed between collections: the garbage a parse
    // leaves until the next gc depends on the machine's load (a comparison of the two reads'
    // heapUsed failed once in CI under load). A whole read holds
    // ≈ 10× the line in JSON objects (main/api/done-line-pieces.ts); in pieces it holds the typed
    // tracks being built and one frame's text.
    gc();
    const before = mem();
    let peak = 0;
    async function* source(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < text.length; i += 64 * 1024) {
        gc();
        peak = Math.max(peak, mem() - before);
        yield await Promise.resolve(text.subarray(i, i + 64 * 1024));
      }
    }
    const d = await readTechniqueStream(source(), { maxLineBytes: 1024 * 1024 });
    gc();
    peak = Math.max(peak, mem() - before); // the finished tracks, held by d
    expect(d.status).toBe('done');
    expect(piecesPoseOf(d)?.pose3d?.frames).toBe(frames);
    console.log(`done line of ${frames} frames, ${text.length} bytes: live heap+ArrayBuffers at most ${(peak / 2 ** 20).toFixed(1)} MiB above the start while read in pieces`);
    expect(peak).toBeLessThan(2 * text.length); // measured 27.2-27.4 MiB for the 22.5 MiB line
  });
});
