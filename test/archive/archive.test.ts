import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS } from '../../main/archive/errors.js';
import { readArchive } from '../../main/archive/read.js';
import { buildArchive, writeArchive } from '../../main/archive/write.js';
import { swingstudio } from '../../main/gen/pose_pb.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import { syntheticDoneLine, syntheticPoseTrack } from '../support/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'archive-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pose2d = syntheticPoseTrack(2, { frames: 120, seed: 3, absent: [0, 50] });
const pose3d = syntheticPoseTrack(3, { frames: 120, seed: 3, absent: [0, 50] });
const done = syntheticDoneLine({ uid: 'arch-1', pose2d, pose3d });

/** Asserts two tracks hold identical values (NaN equal to NaN). */
function expectSameTrack(a: PoseTrack, b: PoseTrack): void {
  expect({ dims: a.dims, joints: a.joints, frames: a.frames, sourcePath: a.sourcePath }).toEqual({
    dims: b.dims,
    joints: b.joints,
    frames: b.frames,
    sourcePath: b.sourcePath,
  });
  for (const k of [
    'frameNr',
    'timestamps',
    'keypoints',
    'confidences',
    'bbox',
    'boxConfidence',
    'present',
  ] as const) {
    expect(Array.from(a[k]), k).toEqual(Array.from(b[k]));
  }
}

function errorOf(fn: () => unknown): ArchiveError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ArchiveError) return err;
    throw err;
  }
  throw new Error('expected an ArchiveError');
}

/** A ZIP whose entry names are patched after writing (adm-zip sanitises names on add). */
function zipWithRawNames(entries: Array<[string, string, Buffer]>): Buffer {
  const zip = new AdmZip();
  for (const [placeholder, , data] of entries) zip.addFile(placeholder, data);
  let buf = zip.toBuffer();
  for (const [placeholder, real] of entries) {
    const from = Buffer.from(placeholder);
    let at = buf.indexOf(from);
    while (at >= 0) {
      Buffer.from(real).copy(buf, at);
      at = buf.indexOf(from, at + 1);
    }
  }
  buf = Buffer.from(buf);
  return buf;
}

describe('archive write → read', () => {
  it('gives back the same pose and analysis, from a path and from bytes', async () => {
    const out = join(dir, 'a.zip');
    await writeArchive(out, { pose2d, pose3d, analysis: done });
    expect(readdirSync(dir).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
    const fromPath = readArchive(out);
    expectSameTrack(fromPath.pose2d, pose2d);
    expectSameTrack(fromPath.pose3d, pose3d);
    const { video_entry_2D_json: _a, video_entry_3D_json: _b, ...rest } = done;
    expect(fromPath.analysis).toEqual(JSON.parse(JSON.stringify(rest)));
    expect(fromPath.info.pose2d).toEqual({ from: 'video_entry_2d.pb', layout: 'flat', unknownFields: [] });
    const fromBytes = readArchive(buildArchive({ pose2d, pose3d, analysis: done }));
    expectSameTrack(fromBytes.pose3d, pose3d);
  });

  it('streams the same entries buildArchive makes in memory, deflated, and fails with one line when it cannot write', async () => {
    const out = join(dir, 'streamed.zip');
    await writeArchive(out, { pose2d, pose3d, analysis: done });
    const streamed = new AdmZip(out);
    const built = new AdmZip(buildArchive({ pose2d, pose3d, analysis: done }));
    expect(streamed.getEntries().map((e) => e.entryName)).toEqual([
      'video_entry_2d.pb',
      'video_entry_3d.pb',
      'technique_analysis.json',
    ]);
    for (const e of streamed.getEntries()) {
      expect(e.header.method, e.entryName).toBe(8); // deflated
      expect(e.getData().equals(built.getEntry(e.entryName)!.getData()), e.entryName).toBe(true);
    }
    const missing = join(dir, 'no-such-folder', 'x.zip');
    const err = await writeArchive(missing, { pose2d, pose3d, analysis: done }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ArchiveError);
    expect((err as ArchiveError).code).toBe('io');
    expect((err as Error).message).toMatch(/^cannot write archive .*x\.zip \(ENOENT/);
    await expect(writeArchive(out, { pose2d: pose3d, pose3d, analysis: done })).rejects.toThrow(
      'pose2d has dims 3',
    );
  });

  it('rejects in one line, keeping the old file, when an entry cannot be encoded midway through the ZIP', async () => {
    const out = join(dir, 'encode-fails.zip');
    await writeArchive(out, { pose2d, pose3d, analysis: done });
    // JSON.stringify throws on a BigInt: the third entry fails after the two pose entries were written.
    const err = await writeArchive(out, { pose2d, pose3d, analysis: { ...done, bad: 1n } }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ArchiveError);
    expect((err as ArchiveError).code).toBe('io');
    expect((err as Error).message).toMatch(/^cannot write archive .*encode-fails\.zip \(.*BigInt/);
    expect(new AdmZip(out).getEntries()).toHaveLength(3);
    expect(readdirSync(dir).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it('agrees with the generated protobufjs decoder', () => {
    const zip = new AdmZip(buildArchive({ pose2d, pose3d, analysis: done }));
    const pb = zip.getEntry('video_entry_3d.pb')?.getData();
    if (!pb) throw new Error('no 3d entry');
    const msg = swingstudio.pose.VideoEntry.decode(pb);
    expect(msg.dims).toBe(3);
    expect(msg.annotationData).toHaveLength(120);
    expect(msg.annotationData[0]?.instances ?? []).toHaveLength(0);
    const kp = msg.annotationData[7]?.instances?.[0]?.keypoints ?? [];
    expect(kp).toEqual(Array.from(pose3d.keypoints.subarray(7 * 51, 8 * 51)));
  });

  it('falls back to the JSON pose of technique_analysis.json when the .pb entries are absent', () => {
    const zip = new AdmZip();
    zip.addFile('technique_analysis.json', Buffer.from(JSON.stringify(done)));
    const got = readArchive(zip.toBuffer());
    expect(got.info.pose2d.layout).toBe('json');
    expect(got.pose2d.frames).toBe(120);
    expect(got.pose2d.keypoints[51 * 3]).toBeCloseTo(pose2d.keypoints[51 * 3] ?? 0, 1);
  });
});

describe('archive limits and errors', () => {
  const good = () => buildArchive({ pose2d, pose3d, analysis: done });

  it('rejects ".." and absolute entry paths', () => {
    const up = zipWithRawNames([['xx/evil.txt', '../evil.txt', Buffer.from('x')]]);
    expect(errorOf(() => readArchive(up))).toMatchObject({ code: 'unsafe-path', entry: '../evil.txt' });
    const abs = zipWithRawNames([['xetc/passwd', '/etc/passwd', Buffer.from('x')]]);
    expect(errorOf(() => readArchive(abs))).toMatchObject({ code: 'unsafe-path', entry: '/etc/passwd' });
  });

  it('caps the entry count and the declared sizes', () => {
    const zip = new AdmZip();
    for (let i = 0; i < 5; i++) zip.addFile(`f${i}.txt`, Buffer.from('x'));
    const limits = { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 4 };
    expect(errorOf(() => readArchive(zip.toBuffer(), limits)).code).toBe('too-many-entries');
    const small = { ...DEFAULT_ARCHIVE_LIMITS, maxEntryBytes: 1000 };
    const perEntry = errorOf(() => readArchive(good(), small));
    expect(perEntry.code).toBe('too-large');
    expect(perEntry.message).toMatch(
      /^(video_entry_[23]d\.pb|technique_analysis\.json): declares \d+ bytes, at most 1000 allowed$/,
    );
    const total = { ...DEFAULT_ARCHIVE_LIMITS, maxTotalBytes: 30_000 };
    expect(errorOf(() => readArchive(good(), total)).code).toBe('too-large');
  });

  it('stops a zip bomb that lies about its size while inflating', () => {
    const zip = new AdmZip();
    zip.addFile('technique_analysis.json', Buffer.alloc(8 * 1024 * 1024, 0x20));
    const buf = zip.toBuffer();
    // Patch the declared uncompressed size (local header offset 22, central header offset 24) to 100 bytes.
    buf.writeUInt32LE(100, buf.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04])) + 22);
    buf.writeUInt32LE(100, buf.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    expect(errorOf(() => readArchive(buf))).toMatchObject({
      code: 'too-large',
      entry: 'technique_analysis.json',
    });
  });

  it('names a missing entry', () => {
    const zip = new AdmZip(good());
    zip.deleteFile('video_entry_3d.pb');
    expect(errorOf(() => readArchive(zip.toBuffer()))).toMatchObject({
      code: 'missing-entry',
      entry: 'video_entry_3d.pb',
    });
    const noJson = new AdmZip(good());
    noJson.deleteFile('technique_analysis.json');
    expect(errorOf(() => readArchive(noJson.toBuffer()))).toMatchObject({
      code: 'missing-entry',
      entry: 'technique_analysis.json',
    });
  });

  it('names a corrupt entry: bad CRC, bad protobuf, bad JSON', () => {
    const buf = good();
    const central =
      buf.indexOf(Buffer.from('video_entry_2d.pb'), buf.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))) - 46;
    expect(buf.readUInt32LE(central)).toBe(0x02014b50);
    buf.writeUInt32LE((buf.readUInt32LE(central + 16) ^ 1) >>> 0, central + 16);
    expect(errorOf(() => readArchive(buf))).toMatchObject({
      code: 'corrupt-entry',
      entry: 'video_entry_2d.pb',
    });

    const zip = new AdmZip(good());
    zip.updateFile('video_entry_2d.pb', Buffer.from([0x22, 0x50, 0x01]));
    expect(errorOf(() => readArchive(zip.toBuffer()))).toMatchObject({
      code: 'corrupt-entry',
      entry: 'video_entry_2d.pb',
    });

    const badJson = new AdmZip(good());
    badJson.updateFile('technique_analysis.json', Buffer.from('{"status": "done",'));
    expect(errorOf(() => readArchive(badJson.toBuffer()))).toMatchObject({
      code: 'corrupt-entry',
      entry: 'technique_analysis.json',
    });
  });

  it('reports bytes that are not a ZIP and unreadable files', () => {
    expect(errorOf(() => readArchive(Buffer.from('definitely not a zip file'))).code).toBe('not-a-zip');
    expect(errorOf(() => readArchive(join(dir, 'missing.zip'))).code).toBe('io');
  });
});
