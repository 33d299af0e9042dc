/**
 * Typed errors of archive reading and writing. Every problem with a technique-analysis ZIP
 * (API.md "Output archive") becomes an {@link ArchiveError} whose `code` says what went wrong
 * and whose `entry` names the ZIP entry concerned, so the UI can show a specific message.
 */

/** What went wrong with an archive. */
export type ArchiveErrorCode =
  /** The bytes are not a readable ZIP (no central directory, truncated, not a file). */
  | 'not-a-zip'
  /** An entry name is absolute, has a drive letter or a `..` segment. */
  | 'unsafe-path'
  /** More entries than {@link ArchiveLimits.maxEntries}. */
  | 'too-many-entries'
  /** Declared or actually inflated size above the limits (zip bomb guard). */
  | 'too-large'
  /** A required entry (video_entry_2d.pb, video_entry_3d.pb, technique_analysis.json) is absent. */
  | 'missing-entry'
  /** An entry does not inflate, fails its CRC, or its content does not decode. */
  | 'corrupt-entry'
  /** An entry uses a compression method other than stored (0) or deflate (8), or is encrypted. */
  | 'unsupported-compression'
  /** The archive file could not be read or written. */
  | 'io';

/** An archive problem with a machine-readable `code` and the entry it concerns (if any). */
export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';
  constructor(
    readonly code: ArchiveErrorCode,
    message: string,
    /** ZIP entry name the error is about; undefined for whole-archive problems. */
    readonly entry?: string,
    options?: { cause?: unknown },
  ) {
    super(entry ? `${entry}: ${message}` : message, options);
  }
}

/** Limits applied while reading an archive (zip bomb and path traversal guards). */
export interface ArchiveLimits {
  /** Most entries accepted. */
  maxEntries: number;
  /** Most uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Most uncompressed bytes of all entries together. */
  maxTotalBytes: number;
}

/**
 * Default limits. A 60 s clip at 60 fps has 3,600 frames; its 3D pose is about
 * 3,600 × 17 × 4 floats ≈ 1 MB and its JSON analysis well under 10 MB, so 256 MB per entry and
 * 512 MB in total leave two orders of magnitude of headroom while stopping zip bombs. At the decode
 * cap of then (main/contract/clip-limits.ts, 324,000 frames; 648,000 since 2026-11-29, twice these) an archive measured 67.5 MiB (2D .pb), 80.8 MiB
 * (3D .pb) and 2.8 MiB (JSON, 1,620 strokes): the memory bench, test/bench/memory.ts, 2026-11-27.
 */
export const DEFAULT_ARCHIVE_LIMITS: Readonly<ArchiveLimits> = {
  maxEntries: 64,
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
};
