/**
 * A minimal ZIP writer (PKWARE APPNOTE 6.3.10 §4.3: local headers, central directory, end
 * record; stored or deflate entries) and the archive fixtures the fault server serves: a good
 * archive, one with `../` entry names, a ZIP bomb and one with a truncated .pb. Written by hand
 * so the bytes are exactly what a hostile server could send (no library sanitises the names);
 * exported for the archive reader's tests (main/archive/).
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { swingstudio } from '../../main/gen/pose_pb.js';

/** One entry as it goes into the ZIP: `data` already compressed when method is 8. */
export interface RawZipEntry {
  name: string;
  method: 0 | 8;
  data: Buffer;
  crc: number;
  /** Uncompressed size written in the headers (may lie, for bomb fixtures). */
  size: number;
}

/** An entry from plain bytes, deflated (method 8) unless `store`. */
export function zipEntry(name: string, bytes: Buffer, store = false): RawZipEntry {
  return {
    name,
    method: store ? 0 : 8,
    data: store ? bytes : deflateRawSync(bytes),
    crc: crc32(bytes),
    size: bytes.length,
  };
}

/** Assembles entries into ZIP bytes (no ZIP64: every size must be < 4 GiB). */
export function writeZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * A deflate entry that inflates to `mib` MiB of zeros from ~1 KB per MiB: one sync-flushed
 * deflate block of 1 MiB zeros repeated, then a final empty block. `declaredSize` (default the
 * true size) is what the headers claim, so a lying bomb can be built too.
 */
export function zeroBombEntry(name: string, mib: number, declaredSize?: number): RawZipEntry {
  const oneMiB = Buffer.alloc(1024 * 1024);
  const block = deflateRawSync(oneMiB, { finishFlush: constants.Z_SYNC_FLUSH });
  const final = deflateRawSync(Buffer.alloc(0));
  let crc = 0;
  for (let i = 0; i < mib; i++) crc = crc32(oneMiB, crc);
  const data = Buffer.concat([...Array.from({ length: mib }, () => block), final]);
  return { name, method: 8, data, crc, size: declaredSize ?? mib * 1024 * 1024 };
}

/** Protobuf bytes of a small valid VideoEntry (`frames` frames, 17 H36M joints, `dims` 2 or 3). */
export function posePb(dims: 2 | 3, frames = 30): Buffer {
  const annotationData = Array.from({ length: frames }, (_, f) => ({
    frameNr: f,
    timestamp: f / 30,
    instances: [
      {
        keypoints: Array.from({ length: 17 * dims }, (_, i) => (dims === 2 ? 100 + i + f : (i % 7) * 0.1)),
        confidences: Array.from({ length: 17 }, () => 0.9),
        bbox: dims === 2 ? [50, 40, 200, 400] : [],
        boxConfidence: 0.95,
      },
    ],
  }));
  const bytes = swingstudio.pose.VideoEntry.encode({
    entryType: 'video',
    sourcePath: 'clip.mp4',
    annotationFormat: 'H36M',
    annotationData,
    dims,
  }).finish();
  return Buffer.from(bytes);
}

/** Entry names of the vendor archive (API.md "Output archive"). */
export const ARCHIVE_NAMES = {
  pose2d: 'video_entry_2d.pb',
  pose3d: 'video_entry_3d.pb',
  analysis: 'technique_analysis.json',
} as const;

/** The archive fixtures, by name. */
export type ArchiveFixture = 'good' | 'traversal' | 'bomb' | 'bomb-lying' | 'truncated-pb';

/**
 * Builds one archive fixture:
 * - good: the three entries, valid;
 * - traversal: the three entries plus `../evil.txt` and `../../etc/passwd-swing`;
 * - bomb: technique_analysis.json inflating to 1 GiB of zeros (headers honest);
 * - bomb-lying: the same 1 GiB entry declaring 1 KiB in its headers;
 * - truncated-pb: video_entry_3d.pb cut to half its bytes (a valid ZIP, CRC of the cut bytes).
 */
export function archiveFixture(
  kind: ArchiveFixture,
  analysis: object = { status: 'done', result: { features: [] } },
): Buffer {
  const json = Buffer.from(JSON.stringify(analysis), 'utf8');
  const pb2 = posePb(2);
  const pb3 = posePb(3);
  const base = [zipEntry(ARCHIVE_NAMES.pose2d, pb2), zipEntry(ARCHIVE_NAMES.pose3d, pb3)];
  switch (kind) {
    case 'good':
      return writeZip([...base, zipEntry(ARCHIVE_NAMES.analysis, json)]);
    case 'traversal':
      return writeZip([
        ...base,
        zipEntry(ARCHIVE_NAMES.analysis, json),
        zipEntry('../evil.txt', Buffer.from('escaped')),
        zipEntry('../../etc/passwd-swing', Buffer.from('escaped')),
      ]);
    case 'bomb':
      return writeZip([...base, zeroBombEntry(ARCHIVE_NAMES.analysis, 1024)]);
    case 'bomb-lying':
      return writeZip([...base, zeroBombEntry(ARCHIVE_NAMES.analysis, 1024, 1024)]);
    case 'truncated-pb':
      return writeZip([
        zipEntry(ARCHIVE_NAMES.pose2d, pb2),
        zipEntry(ARCHIVE_NAMES.pose3d, pb3.subarray(0, Math.floor(pb3.length / 2))),
        zipEntry(ARCHIVE_NAMES.analysis, json),
      ]);
  }
}
