/**
 * Writes a technique-analysis archive in the vendor's layout (API.md "Output archive") for an
 * analysis that came without one (the local service, or a remote done line without
 * `archive_url`): the library derives it from the stored pose on export
 * (main/library/session-archive.ts; the pose BLOBs are the source of truth).
 */
import AdmZip from 'adm-zip';
import type { PoseTrack } from '../pose/pose-track.js';
import { writeFileAtomic } from '../files/index.js';
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
  if (parts.pose2d.dims !== 2) throw new ArchiveError('corrupt-entry', `pose2d has dims ${parts.pose2d.dims}`, ARCHIVE_ENTRIES.pose2d);
  if (parts.pose3d.dims !== 3) throw new ArchiveError('corrupt-entry', `pose3d has dims ${parts.pose3d.dims}`, ARCHIVE_ENTRIES.pose3d);
  const { video_entry_2D_json: _p2, video_entry_3D_json: _p3, ...analysis } = parts.analysis as Record<string, unknown>;
  const zip = new AdmZip();
  zip.addFile(ARCHIVE_ENTRIES.pose2d, encodePoseEntry(parts.pose2d));
  zip.addFile(ARCHIVE_ENTRIES.pose3d, encodePoseEntry(parts.pose3d));
  zip.addFile(ARCHIVE_ENTRIES.analysis, Buffer.from(JSON.stringify(analysis), 'utf8'));
  return zip.toBuffer();
}

/**
 * Writes the archive to `outPath` atomically (temp file + fsync + rename + folder fsync).
 * @throws ArchiveError `io` when the file cannot be written (missing folder, disk full, ...).
 */
export function writeArchive(outPath: string, parts: ArchiveParts): void {
  const bytes = buildArchive(parts);
  try {
    writeFileAtomic(outPath, bytes);
  } catch (err) {
    throw new ArchiveError('io', `cannot write archive ${outPath} (${(err as Error).message})`, undefined, { cause: err });
  }
}
