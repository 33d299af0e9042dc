/**
 * Writes a technique-analysis archive in the vendor's layout (API.md "Output archive") for an
 * analysis that came without one (the local service, or a remote done line without
 * `archive_url`): the library derives it from the stored pose on export
 * (main/library/session-archive.ts; the pose BLOBs are the source of truth).
 */
import { Readable } from 'node:stream';
import AdmZip from 'adm-zip';
import { ZipFile } from 'yazl';
import type { PoseTrack } from '../pose/pose-track.js';
import { writeStreamAtomic } from '../files/index.js';
import { ArchiveError } from './errors.js';
import { encodePoseEntry } from './pose-encode.js';
import { ARCHIVE_ENTRIES } from './read.js';

/** What goes into an archive. `analysis` is the done object (or technique_analysis.json). */
export interface ArchiveParts {
  pose2d: PoseTrack;
  pose3d: PoseTrack;
  analysis: object;
}

/**
 * Builds the ZIP bytes: the two pose tracks as protobuf (proto/pose.proto) and the analysis as
 * technique_analysis.json. The analysis' `video_entry_2D_json` / `video_entry_3D_json` are left
 * out of the JSON: the same pose is in the .pb entries, and it is most of the bytes.
 * @throws ArchiveError `corrupt-entry` when a track's dims do not match its entry (2D / 3D).
 */
export function buildArchive(parts: ArchiveParts): Buffer {
  checkDims(parts);
  const zip = new AdmZip();
  zip.addFile(ARCHIVE_ENTRIES.pose2d, encodePoseEntry(parts.pose2d));
  zip.addFile(ARCHIVE_ENTRIES.pose3d, encodePoseEntry(parts.pose3d));
  zip.addFile(ARCHIVE_ENTRIES.analysis, Buffer.from(JSON.stringify(analysisJson(parts.analysis)), 'utf8'));
  return zip.toBuffer();
}

function checkDims(parts: ArchiveParts): void {
  if (parts.pose2d.dims !== 2)
    throw new ArchiveError('corrupt-entry', `pose2d has dims ${parts.pose2d.dims}`, ARCHIVE_ENTRIES.pose2d);
  if (parts.pose3d.dims !== 3)
    throw new ArchiveError('corrupt-entry', `pose3d has dims ${parts.pose3d.dims}`, ARCHIVE_ENTRIES.pose3d);
}

/** The done object without its pose entries (they are the .pb entries, and most of the bytes). */
function analysisJson(analysis: object): object {
  const { video_entry_2D_json: _p2, video_entry_3D_json: _p3, ...rest } = analysis as Record<string, unknown>;
  return rest;
}

/**
 * Writes the archive to `outPath` atomically (temp file + fsync + rename + folder fsync), the
 * same entries as {@link buildArchive}, streamed: each entry is encoded only when the writer
 * reaches it and deflated on its way to the file, so one entry's bytes are held at a time, not
 * the entries, their deflated copies and the whole ZIP (adm-zip: ≈ 1.2 KB a frame of a long clip,
 * which set the memory bench's peak; main/engine/README.md "Memory with length").
 *
 * Decided: yazl for the streamed ZIP (a maintained writer whose lazy read streams give the
 * one-entry-at-a-time order); adm-zip still reads archives and builds the small ones in memory.
 * Entries written from a stream carry their sizes and CRC in a data descriptor and in the central
 * directory, which every reader here (adm-zip, `unzip`, Python's zipfile) takes.
 * @throws ArchiveError `corrupt-entry` when a track's dims do not match its entry (or the encoder's own ArchiveError); `io` when the file cannot be written (missing folder, disk full, ...) or an entry cannot be encoded; the old file stays.
 */
export async function writeArchive(outPath: string, parts: ArchiveParts): Promise<void> {
  checkDims(parts);
  const zip = new ZipFile();
  const mtime = new Date(); // as adm-zip stamps a new entry
  // An entry is encoded inside yazl's callback; an encoder's error goes to the ZIP's 'error' event,
  // which ends the output stream with it, so the write below rejects instead of waiting forever.
  const entry = (name: string, bytes: () => Uint8Array) =>
    zip.addReadStreamLazy(name, { mtime }, (cb) => {
      let encoded: Uint8Array;
      try {
        encoded = bytes();
      } catch (err) {
        cb(err, undefined as never);
        return;
      }
      cb(null, Readable.from([encoded]));
    });
  zip.on('error', (err: Error) => (zip.outputStream as Readable).destroy(err));
  entry(ARCHIVE_ENTRIES.pose2d, () => encodePoseEntry(parts.pose2d));
  entry(ARCHIVE_ENTRIES.pose3d, () => encodePoseEntry(parts.pose3d));
  entry(ARCHIVE_ENTRIES.analysis, () => Buffer.from(JSON.stringify(analysisJson(parts.analysis)), 'utf8'));
  zip.end();
  try {
    await writeStreamAtomic(outPath, zip.outputStream as AsyncIterable<Buffer>); // yazl writes Buffers only
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError('io', `cannot write archive ${outPath} (${(err as Error).message})`, undefined, {
      cause: err,
    });
  }
}
