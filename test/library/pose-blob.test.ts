/**
 * Pose tracks through a real SQLite file (main/library/pose-blob.ts): the arrays read back are
 * views on the BLOBs better-sqlite3 returns (one copy, not two), equal to what was written; a
 * misaligned BLOB is copied; a damaged one is refused with one line.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromBlob, poseToRow, rowToPose, type PoseRow } from '../../main/library/pose-blob.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';

const dir = mkdtempSync(join(tmpdir(), 'swing-pose-blob-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function track(frames: number): PoseTrack {
  const joints = 17;
  const keypoints = Float32Array.from({ length: frames * joints * 2 }, (_, i) => i * 0.5);
  return {
    dims: 2,
    joints,
    frames,
    frameNr: Int32Array.from({ length: frames }, (_, i) => i * 2),
    timestamps: Float64Array.from({ length: frames }, (_, i) => i / 29.97),
    keypoints,
    confidences: new Float32Array(frames * joints).fill(0.75),
    bbox: new Float32Array(frames * 4).fill(12),
    boxConfidence: new Float32Array(frames).fill(0.5),
    present: new Uint8Array(frames).fill(1),
    sourcePath: 'clip.mp4',
  };
}

describe('pose BLOBs', () => {
  it('reads a track back from a SQLite file as views on the BLOBs, equal to what was written', () => {
    const db = new Database(join(dir, 'poses.sqlite'));
    db.exec(
      'CREATE TABLE poses (dims, joints, frames, source_path, frame_nr, timestamps, keypoints, confidences, bbox, box_confidence, present)',
    );
    const t = track(301);
    db.prepare(
      'INSERT INTO poses VALUES (@dims, @joints, @frames, @source_path, @frame_nr, @timestamps, @keypoints, @confidences, @bbox, @box_confidence, @present)',
    ).run(poseToRow(t));
    const row = db.prepare('SELECT * FROM poses').get() as PoseRow;
    const back = rowToPose(row);
    db.close();
    expect(back.keypoints.buffer).toBe(row.keypoints.buffer);
    expect(back.timestamps.buffer).toBe(row.timestamps.buffer);
    expect(Array.from(back.keypoints)).toEqual(Array.from(t.keypoints));
    expect(Array.from(back.timestamps)).toEqual(Array.from(t.timestamps));
    expect(Array.from(back.frameNr)).toEqual(Array.from(t.frameNr));
    expect([back.frames, back.joints, back.dims, back.sourcePath]).toEqual([301, 17, 2, 'clip.mp4']);
  });

  it('copies a BLOB that is not aligned for its kind, and refuses one that is not whole elements', () => {
    const bytes = new Uint8Array(13);
    new Float32Array(bytes.buffer, 0, 3).set([1.5, -2, 3.25]);
    const shifted = new Uint8Array(14);
    shifted.set(bytes.subarray(0, 12), 1);
    const a = fromBlob(shifted.subarray(1, 13), Float32Array);
    expect(a.buffer).not.toBe(shifted.buffer);
    expect(Array.from(a)).toEqual([1.5, -2, 3.25]);
    expect(() => fromBlob(bytes, Float32Array)).toThrow('blob of 13 bytes is not a whole number of elements');
  });
});
