/**
 * Safe extraction of a ZIP's entries into memory. adm-zip parses the central directory; the
 * inflating is ours (`zlib.inflateRawSync` with `maxOutputLength`) so a zip bomb is stopped
 * while inflating, not only by its declared sizes (which an attacker controls). Each entry's
 * actual size and CRC-32 are checked against its header.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import AdmZip from 'adm-zip';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './errors.js';

/**
 * Throws `unsafe-path` for names that could escape an extraction folder: absolute (`/x`, `\x`),
 * drive-lettered (`C:`), or with a `..` segment (either separator). Same rule as zip-slip
 * advisories (Snyk 2018).
 */
export function checkEntryName(name: string): void {
  const segments = name.split(/[\\/]/);
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name) || segments.includes('..')) {
    throw new ArchiveError('unsafe-path', 'entry path is absolute or contains ".."', name);
  }
  if (name.includes('\0')) throw new ArchiveError('unsafe-path', 'entry path contains a NUL byte', name);
}

/**
 * Opens a ZIP held in memory and returns its file entries (name → uncompressed bytes).
 * Checks, in order: the ZIP parses; entry count; every name; declared sizes per entry and in
 * total; then inflates each entry with an output cap and checks actual size and CRC-32.
 * @throws ArchiveError `not-a-zip`, `too-many-entries`, `unsafe-path`, `too-large`,
 *   `unsupported-compression`, `corrupt-entry`.
 */
export function readZipEntries(zipBytes: Buffer, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Map<string, Buffer> {
  let zip: AdmZip;
  let entries: AdmZip.IZipEntry[];
  try {
    zip = new AdmZip(zipBytes);
    entries = zip.getEntries();
  } catch (err) {
    throw new ArchiveError('not-a-zip', `not a readable ZIP archive (${(err as Error).message})`, undefined, { cause: err });
  }
  if (entries.length > limits.maxEntries) {
    throw new ArchiveError('too-many-entries', `${entries.length} entries, at most ${limits.maxEntries} allowed`);
  }
  let declared = 0;
  for (const e of entries) {
    checkEntryName(e.entryName);
    const size = e.header.size;
    if (size > limits.maxEntryBytes) throw new ArchiveError('too-large', `declares ${size} bytes, at most ${limits.maxEntryBytes} allowed`, e.entryName);
    declared += size;
  }
  if (declared > limits.maxTotalBytes) {
    throw new ArchiveError('too-large', `entries declare ${declared} bytes in total, at most ${limits.maxTotalBytes} allowed`);
  }
  const out = new Map<string, Buffer>();
  let inflated = 0;
  for (const e of entries) {
    if (e.isDirectory) continue;
    const data = inflateEntry(e, Math.min(limits.maxEntryBytes, limits.maxTotalBytes - inflated));
    inflated += data.length;
    out.set(e.entryName, data);
  }
  return out;
}

/** Inflates one entry producing at most min(declared size, `cap`) bytes; checks size and CRC against the central header. */
function inflateEntry(e: AdmZip.IZipEntry, cap: number): Buffer {
  const name = e.entryName;
  const h = e.header;
  if (h.encrypted) throw new ArchiveError('unsupported-compression', 'entry is encrypted', name);
  let raw: Buffer;
  try {
    raw = e.getCompressedData();
  } catch (err) {
    throw new ArchiveError('corrupt-entry', `local header or data missing (${(err as Error).message})`, name, { cause: err });
  }
  let data: Buffer;
  if (h.method === 0) {
    if (raw.length > cap) throw new ArchiveError('too-large', `stored entry of ${raw.length} bytes exceeds the limit`, name);
    data = raw;
  } else if (h.method === 8) {
    try {
      data = inflateRawSync(raw, { maxOutputLength: Math.max(1, Math.min(h.size, cap)) });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
        throw new ArchiveError('too-large', `inflates to more than its declared ${h.size} bytes or the limit`, name, { cause: err });
      }
      throw new ArchiveError('corrupt-entry', `does not inflate (${(err as Error).message})`, name, { cause: err });
    }
  } else {
    throw new ArchiveError('unsupported-compression', `compression method ${h.method} (only stored and deflate are read)`, name);
  }
  if (data.length !== h.size) {
    throw new ArchiveError('corrupt-entry', `inflated to ${data.length} bytes, header declares ${h.size}`, name);
  }
  if (crc32(data) !== h.crc) throw new ArchiveError('corrupt-entry', 'CRC-32 mismatch', name);
  return data;
}
